"""Running a parsed scenario against an :class:`~mtg_daynight.scenarios.adapter.Adapter`: each action through
the adapter, every check evaluated, a turn-by-turn trace and each failed check with where it happened. It never
raises for a failed check or a failing engine, and reads only what is new in ``seen()`` and ``trace()``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, Literal

import msgspec

from mtg_daynight.rules import Side
from mtg_daynight.scenarios import model as m
from mtg_daynight.scenarios.actions import Action, Expect, Note, verb_of
from mtg_daynight.scenarios.adapter import Adapter, Seen, optional
from mtg_daynight.scenarios.checks import Checks, PermanentCheck
from mtg_daynight.scenarios.patterns import EventPattern, describe_seen, engine_line

Status = Literal["pass", "fail", "skip", "error"]


class _Located(msgspec.Struct, frozen=True, gc=False):
    """Where in a scenario something happened."""

    file: str
    turn: int
    action: int
    verb: str

    @property
    def where(self) -> str:
        """``file, turn 3, action 2 (expect)`` (action 0: the turn's own ``expect``, after its actions)."""
        what = f"action {self.action} ({self.verb})" if self.action else f"end of turn ({self.verb})"
        return f"{self.file}, turn {self.turn}, {what}"


class Failure(_Located, frozen=True):
    """One check that did not hold (or an action that went wrong), and where."""

    check: str
    expected: str
    actual: str

    def __str__(self) -> str:
        return f"{self.where}: {self.check}: expected {self.expected}, got {self.actual}"


StrictOnly = Literal["trace", "rule", "error"]

#: Why each kind of check is made in strict mode only: it compares mtg-daynight's wording, not what happened.
STRICT_ONLY: Final[dict[StrictOnly, str]] = {
    "trace": "it looks for mtg-daynight's own trace text",
    "rule": "it compares the rule number mtg-daynight cites",
    "error": "it compares the error's message or class, which are each engine's own",
}


class SkippedCheck(_Located, frozen=True):
    """A check made in strict mode only, skipped in this run: ``kind`` says which (:data:`STRICT_ONLY`),
    ``why`` says why."""

    check: str
    kind: StrictOnly
    why: str

    def __str__(self) -> str:
        return f"{self.where}: {self.check} ({self.why})"


class Step(msgspec.Struct, gc=False):
    """One line of the readable trace: the turn's beginning or one action, what the rules said and the checks made
    (tuples of text, untracked by the garbage collector: it holds no cycle)."""

    turn: int
    label: str
    trace: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()
    failed: bool = False

    def add(self, check: str) -> None:
        """Record a check made at this step."""
        self.checks = (*self.checks, check)


class Result(msgspec.Struct):
    """The result of one scenario."""

    file: str
    title: str
    rules: tuple[str, ...]
    status: Status = "pass"
    checks: int = 0
    failures: list[Failure] = msgspec.field(default_factory=list)
    skipped_checks: list[SkippedCheck] = msgspec.field(default_factory=list)
    reason: str = ""
    steps: list[Step] = msgspec.field(default_factory=list)
    #: Wall time the scenario took to play and check, in seconds (the adapter's time included).
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        """Whether every check held."""
        return self.status == "pass"


class _Abort(Exception):
    pass


def run_scenario(scenario: m.Scenario, adapter: Adapter, *, strict: bool = True) -> Result:
    """Play ``scenario`` on ``adapter`` and check it. ``strict=False`` judges what happened only: it skips (and
    records) the checks of trace text, cited rules and error messages and classes."""
    started = time.perf_counter()
    run = _Run(scenario, adapter, strict)
    run.play()
    run.result.seconds = round(time.perf_counter() - started, 6)
    return run.result


class _Run:
    def __init__(self, scenario: m.Scenario, adapter: Adapter, strict: bool) -> None:
        self.scenario = scenario
        self.adapter = adapter
        self.strict = strict
        self.result = Result(scenario.file, scenario.title, scenario.header.rules)
        self.turn = 0
        self.action = 0
        self.verb = ""
        self.seen_marks = (0, 0, 0)  # game, turn, previous action
        self.trace_marks = (0, 0, 0)

    # -- playing ---------------------------------------------------------------------------------------------

    def play(self) -> None:
        scenario, adapter = self.scenario, self.adapter
        try:
            adapter.start(scenario.players, scenario.groups if scenario.shared_team_turns else None)
            start = scenario.header.designation
            if start is not None:  # 731.1: an effect made it day or night before the first turn
                self.verb = "starting designation"
                adapter.become(start, f"the scenario starts it {start} (before turn 1)")
                self.step(f"before turn 1: it is {start}", 0, 0)
            for turn in scenario.turns:
                self.play_turn(turn)
        except _Abort:
            pass
        except NotImplementedError as error:
            self.result.status = "skip"
            self.result.reason = f"the adapter does not support {self.verb or 'this'}: {error}"
        except Exception as error:
            self.result.status = "error"
            self.result.reason = f"turn {self.turn}, {self.verb or 'start'}: {type(error).__name__}: {error}"
            self.fail(self.verb or "start", "no error", f"{type(error).__name__}: {error}")
        finally:
            try:
                adapter.finish()
            except Exception as error:
                if self.result.status == "pass":
                    self.result.status = "error"
                    self.result.reason = f"finish: {type(error).__name__}: {error}"
        if self.result.status == "pass" and self.result.failures:
            self.result.status = "fail"
        if self.result.status == "pass" and not self.result.checks:  # a test that asserts nothing is no pass
            if self.result.skipped_checks:
                self.result.status = "skip"
                self.result.reason = "every check it has is made in strict mode only"
            else:
                self.result.status = "error"
                self.result.reason = "it checks nothing (no expect names a check, no action must fail)"

    def play_turn(self, turn: m.Turn) -> None:
        self.turn, self.action, self.verb = turn.number, 0, "untap step"
        seen_start, trace_start = self.counts()
        if turn.untap_step:
            self.adapter.begin_turn(turn.number, turn.active, turn.extra)
        else:
            self.verb = "turn without an untap step"
            optional(self.adapter, "begin_turn_without_untap_step")(turn.number, turn.active, turn.extra)
        label = f"turn {turn.number}: {'+'.join(turn.active)}" + (" (extra turn)" if turn.extra else "") + (
            "" if turn.untap_step else " (no untap step)")
        self.step(label, trace_start, seen_start)
        self.seen_marks = (0, seen_start, seen_start)
        self.trace_marks = (0, trace_start, trace_start)
        for number, action in enumerate(turn.actions, 1):
            self.action, self.verb = number, verb_of(action)
            self.perform(action)
        if turn.expect is not None:
            self.action, self.verb = 0, "expect"
            step = Step(turn.number, "end of turn: expect")
            self.result.steps.append(step)
            self.evaluate(turn.expect, step)

    def counts(self) -> tuple[int, int]:
        return len(self.adapter.seen()), len(self.adapter.trace())

    def step(self, label: str, trace_start: int, seen_start: int) -> Step:
        lines = [str(line) for line in self.adapter.trace()[trace_start:]]
        # What the engine did that the rules' trace does not say: phasing, and day/night triggers (queued in the
        # untap step for the upkeep, 502.4, or put on the stack at once).
        lines += [line for s in self.adapter.seen()[seen_start:] if (line := engine_line(s)) is not None]
        step = Step(self.turn, label, tuple(lines))
        self.result.steps.append(step)
        return step

    def perform(self, action: Action) -> None:
        if isinstance(action, Expect):
            step = Step(self.turn, "expect")
            self.result.steps.append(step)
            self.evaluate(action.expect, step)
            return
        if isinstance(action, Note):
            self.result.steps.append(Step(self.turn, f"note: {action.note}"))
            return
        seen_start, trace_start = self.counts()
        error: Exception | None = None
        try:
            action.perform(self.adapter, self.scenario.cards)
        except NotImplementedError:
            raise
        except Exception as raised:
            error = raised
        step = self.step(action.describe(), trace_start, seen_start)
        self.seen_marks = (0, self.seen_marks[1], seen_start)
        self.trace_marks = (0, self.trace_marks[1], trace_start)
        if action.error is not None or action.error_type is not None:
            self.check_error(action, error, step)
        elif error is not None:
            self.fail("no error", "the action to succeed", f"{type(error).__name__}: {error}", step)
            self.result.status = "error"
            self.result.reason = f"turn {self.turn}, action {self.action} ({self.verb}): {error}"
            raise _Abort

    def check_error(self, action: Action, error: Exception | None, step: Step) -> None:
        """``error``: the message contains the text; ``error_type``: the exception's class or a base of it. Outside
        strict mode failing is enough."""
        self.result.checks += 1
        wanted = " and ".join(w for w in (
            f"an error containing {action.error!r}" if action.error is not None else "",
            f"a {action.error_type}" if action.error_type is not None else "") if w)
        if error is None:
            self.fail("error", wanted, "no error", step)
            return
        if not self.strict:
            self.skip(step, f"fails with {wanted}", "error")
        else:
            classes = {kind.__name__ for kind in type(error).__mro__}
            if action.error_type is not None and action.error_type not in classes:
                self.fail("error", wanted, f"{type(error).__name__}: {error}", step)
                return
            if action.error is not None and action.error.casefold() not in str(error).casefold():
                self.fail("error", wanted, f"{error}", step)
                return
        step.add(f"fails as expected: {type(error).__name__}: {error}")

    # -- checking --------------------------------------------------------------------------------------------

    def fail(self, check: str, expected: str, actual: str, step: Step | None = None) -> None:
        self.result.failures.append(
            Failure(self.scenario.file, self.turn, self.action, self.verb, check, expected, actual)
        )
        if step is not None:
            step.failed = True
            step.add(f"FAILED {check}: expected {expected}, got {actual}")

    def skip(self, step: Step, check: str, kind: StrictOnly) -> None:
        """A strict-mode-only check, skipped: recorded with where and why."""
        why = f"strict mode only: {STRICT_ONLY[kind]}"
        self.result.skipped_checks.append(
            SkippedCheck(self.scenario.file, self.turn, self.action, self.verb, check, kind, why))
        step.add(f"SKIPPED {check} ({why})")

    def evaluate(self, checks: Checks, step: Step) -> None:
        """Every check of an ``expect``, against what the engine did in its scope (game, turn or action)."""
        scope = {"game": 0, "turn": 1, "action": 2}[checks.scope]
        seen = list(self.adapter.seen()[self.seen_marks[scope]:])
        if checks.no_events:
            self.check(step, "no events at all", "none",
                       "none" if not seen else "; ".join(describe_seen(s) for s in seen))
        self.check_board(checks, step)
        for pattern in checks.events:
            self.check_event(step, pattern, seen, checks.scope)
        for pattern in checks.absent:
            self.check_absent(step, pattern, seen)
        if checks.trace:
            self.check_trace(checks, step, scope)

    def check_board(self, checks: Checks, step: Step) -> None:
        """The designation, faces, names, permanents and stack an ``expect`` names."""
        adapter = self.adapter
        if checks.designation is not None:
            self.check(step, "designation", str(checks.designation), str(adapter.designation()))
        if checks.stack is not None:
            self.check(step, "objects on the stack", str(checks.stack), str(adapter.stack_size()))
        for name, face in checks.faces.items():
            view = adapter.view(name)
            self.check(step, f"face of {name}", str(face), "not on the battlefield" if view is None else str(view.face))
        for name, shown in checks.names.items():
            view = adapter.view(name)
            self.check(step, f"name of {name}", shown, "not on the battlefield" if view is None else view.name)
        for name in checks.gone:
            view = adapter.view(name)
            self.check(step, f"{name} gone", "not on the battlefield",
                       "not on the battlefield" if view is None else "on the battlefield")
        for name, want in checks.permanents.items():
            self.check_permanent(step, name, want)

    def check_event(self, step: Step, pattern: EventPattern, seen: list[Seen], scope: str) -> None:
        """An event the engine must have reported (its cited rule checked in strict mode only)."""
        rule = pattern.cited_rule()
        if not self.strict and rule is not None:
            pattern = pattern.without_rule()
            self.skip(step, f"event {pattern.describe()} cites {rule}", "rule")
        matches = [s for s in seen if pattern.matches(s)]
        text = pattern.describe()
        expected = text if pattern.count is None else f"{pattern.count} x {text}"
        held = bool(matches) if pattern.count is None else len(matches) == pattern.count
        self.check(step, f"event {text}", expected, expected if held else _actual(pattern, matches, seen, scope))

    def check_absent(self, step: Step, pattern: EventPattern, seen: list[Seen]) -> None:
        """An event the engine must not have reported (skipped whole outside strict mode when it cites a rule:
        without its citation it would mean another thing)."""
        if not self.strict and pattern.cited_rule() is not None:
            self.skip(step, f"no event {pattern.describe()}", "rule")
            return
        matches = [s for s in seen if pattern.matches(s)]
        text = pattern.describe()
        self.check(step, f"no event {text}", "none",
                   "none" if not matches else "; ".join(describe_seen(s) for s in matches))

    def check_trace(self, checks: Checks, step: Step, scope: int) -> None:
        """Our trace wording: checked in strict mode, recorded as skipped otherwise."""
        if not self.strict:
            for needle in checks.trace:
                self.skip(step, f"trace has {needle!r}", "trace")
            return
        trace = [str(line) for line in self.adapter.trace()[self.trace_marks[scope]:]]
        for needle in checks.trace:
            found = any(needle.casefold() in line.casefold() for line in trace)
            self.check(step, f"trace has {needle!r}", "a matching trace line",
                       "a matching trace line" if found else f"none in this {checks.scope}'s {len(trace)} lines")

    def check_permanent(self, step: Step, name: str, want: PermanentCheck) -> None:
        view = self.adapter.view(name)
        if want.on_battlefield is not None:
            on = view is not None
            self.check(step, f"{name} on the battlefield", str(want.on_battlefield).lower(), str(on).lower())
        wanted = {key: value for key in ("face", "name", "tapped", "counters", "phased_out", "face_down")
                  if (value := getattr(want, key)) is not None}
        if view is None:
            if wanted:
                self.check(step, f"{name}", "on the battlefield", "not on the battlefield")
            return
        for key, value in wanted.items():
            actual = getattr(view, key)
            shown = "not reported by the engine" if actual is None else _show(actual)
            self.check(step, f"{name}.{key}", _show(value), shown)

    def check(self, step: Step, what: str, expected: str, actual: str) -> None:
        self.result.checks += 1
        if expected == actual:
            said = what if what.startswith(("event", "no event", "trace")) else f"{what} = {expected}"
            step.add(f"{said}: ok")
        else:
            self.fail(what, expected, actual, step)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Side):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in sorted(value.items())) + "}"
    return str(value)


def _actual(pattern: EventPattern, matches: list[Seen], seen: list[Seen], scope: str) -> str:
    if matches:
        return f"{len(matches)} x: " + "; ".join(describe_seen(s) for s in matches)
    similar = [s for s in seen if isinstance(s, pattern.kind)]
    if not similar:
        return f"no such event in this {scope}"
    return "only " + "; ".join(describe_seen(s) for s in similar)


AdapterFactory = Callable[[], Adapter]
