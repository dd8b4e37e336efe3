"""Reading scenario files: TOML (tomllib) into :class:`~mtg_daynight.scenarios.model.Scenario`.

Everything is checked before anything runs: keys, value types, card and player names, the turn order, and that
every name (``as``) is defined before it is used. A problem raises a one-line
:class:`~mtg_daynight.errors.InputFileError` naming the file, the turn and action (or table) and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from mtg_daynight.errors import InputFileError
from mtg_daynight.reference import Card
from mtg_daynight.reference.host import turn_order_without
from mtg_daynight.rules import Face
from mtg_daynight.scenarios import model as m
from mtg_daynight.scenarios.actions import VERBS, Action, Expect, FaceSpec, verb_of
from mtg_daynight.scenarios.cards import BUILTIN, CardCatalog, CardSource, TableCards
from mtg_daynight.scenarios.checks import Checks, ChecksInput
from mtg_daynight.scenarios.patterns import PATTERNS, EventPattern
from mtg_daynight.scenarios.report import bounded

_T = TypeVar("_T")

_TOP_KEYS = ("scenario", "cards", "turn")
#: The largest scenario file read (the library's largest is a few KB; 2,000-turn files are well under 1 MB).
MAX_SCENARIO_BYTES = 16 * 1024 * 1024
_TURN_KEYS = ("active", "extra", "untap_step", "actions", "expect", "note")


def scenario_paths(names: Sequence[str | Path]) -> list[Path]:
    """The scenario files ``names`` name, in order: a directory stands for its ``*.toml`` files (sorted by name,
    not its subdirectories); a directory without any is an :class:`~mtg_daynight.errors.InputFileError`. A file
    is kept as given (reading it reports a missing one)."""
    paths: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.glob("*.toml"))
            if not found:
                raise InputFileError(f"{name}: no *.toml scenario files in this directory")
            paths.extend(found)
        else:
            paths.append(path)
    return paths


def load_scenario(path: str | Path, *, cards: CardSource | None = None) -> m.Scenario:
    """Read and check the scenario file at ``path``. ``cards``: an extra card source asked after the file's own
    ``[cards]`` table and before the built-in table."""
    from mtg_daynight.inputfile import read_regular_file  # a FIFO or device is refused, never read (blocking)

    file = str(path)
    data = read_regular_file(path, MAX_SCENARIO_BYTES, "scenario file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputFileError(f"{file}: not UTF-8 text (byte {error.start})") from None
    return parse_scenario(text, file, cards=cards)


def parse_scenario(text: str, file: str = "<scenario>", *, cards: CardSource | None = None) -> m.Scenario:
    """Parse and check scenario TOML ``text``; ``file`` names it in error messages."""
    try:
        raw = tomllib.loads(text)
        return _Parser(file, cards).scenario(raw)
    except tomllib.TOMLDecodeError as error:
        raise InputFileError(f"{file}: not valid TOML: {error}") from None
    except RecursionError:  # tomllib (and the checks) recurse per level: arrays or tables nested thousands deep
        raise InputFileError(f"{file}: nested too deeply (arrays or inline tables thousands of levels deep)") from None


def _convert(raw: object, kind: type[_T], where: str) -> _T:
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as error:
        text = str(error)
        if " - at `$" in text:
            message, _, path = text.partition(" - at `$")
            path = path.rstrip("`").lstrip(".")
            text = f"{message} (key {path!r})" if path else message
        raise InputFileError(f"{where}: {text}") from None


class _Parser:
    def __init__(self, file: str, extra: CardSource | None) -> None:
        self.file = file
        self.extra = extra
        self.cards: dict[str, Card] = {}
        self.used: dict[str, Card] = {}
        self.catalog: CardCatalog = CardCatalog(BUILTIN)
        self.aliases: set[str] = set()
        self.next_suffix: dict[str, int] = {}  # default name -> the next "#n" to try (keeps parsing linear)
        self.players: tuple[str, ...] = ()
        self.left: set[str] = set()  # players who left the game so far (800.4a)

    def fail(self, where: str, message: str) -> InputFileError:
        """The error, bounded: the file's own text (names, keys) in it can be of any length."""
        return InputFileError(bounded(f"{self.file}: {where}: {message}" if where else f"{self.file}: {message}"))

    # -- the file --------------------------------------------------------------------------------------------

    def scenario(self, raw: dict[str, Any]) -> m.Scenario:
        for key in raw:
            if key not in _TOP_KEYS:
                raise self.fail("", f"unknown top-level key {key!r} (expected: {', '.join(_TOP_KEYS)})")
        if "scenario" not in raw:
            raise self.fail("", "missing the [scenario] table (title and players)")
        header = _convert(raw["scenario"], m.Header, f"{self.file}: [scenario]")
        groups = self.groups(header)
        inline = raw.get("cards", {})
        if not isinstance(inline, dict):
            raise self.fail("[cards]", "must be a table of cards")
        for name, spec in inline.items():
            self.cards[name] = self.card(name, _convert(spec, m.CardSpec, f"{self.file}: [cards.{name!r}]"))
        sources: list[CardSource] = [TableCards(self.cards)]
        if self.extra is not None:
            sources.append(self.extra)
        sources.append(BUILTIN)
        self.catalog = CardCatalog(*sources)
        turns_raw = raw.get("turn", [])
        if not isinstance(turns_raw, list) or not all(isinstance(t, dict) for t in turns_raw):
            raise self.fail("turn", "write turns as [[turn]] tables")
        if not turns_raw:
            raise self.fail("", "no [[turn]]: a scenario needs at least one turn")
        turns = self.turns(turns_raw, groups)
        if not any(_checks_something(turn) for turn in turns):  # a test that asserts nothing passes whatever happens
            raise self.fail("", "it checks nothing: give it an expect (designation, faces, events...) or an action "
                                "that must fail (error = \"...\")")
        return m.Scenario(self.file, header, groups, self.players, dict(self.used), turns)

    def groups(self, header: m.Header) -> tuple[tuple[str, ...], ...]:
        if header.players and header.teams:
            raise self.fail("[scenario]", "give players or teams, not both")
        if header.teams:
            groups = header.teams
            if not all(groups):
                raise self.fail("[scenario]", "a team has no players (key 'teams')")
        elif header.players:
            groups = tuple((p,) for p in header.players)
        else:
            raise self.fail("[scenario]", "missing 'players' (or 'teams' for shared team turns)")
        players = tuple(p for g in groups for p in g)
        if len(set(players)) != len(players) or not all(players):
            raise self.fail("[scenario]", f"players must be distinct, non-empty names: {list(players)}")
        self.players = players
        return groups

    def card(self, key: str, spec: m.CardSpec) -> Card:
        front = spec.front or FaceSpec(key)
        return Card(
            Face(front.name, front.daybound, front.nightbound, front.instant_or_sorcery),
            None if spec.back is None else Face(spec.back.name, spec.back.daybound, spec.back.nightbound,
                                                spec.back.instant_or_sorcery),
            kind=spec.kind,
            phasing=spec.phasing,
            day_night_trigger=spec.day_night_trigger,
            forbids=frozenset(spec.forbids),
            meld=spec.meld,
        )

    # -- turns -----------------------------------------------------------------------------------------------

    def turns(self, turns_raw: list[dict[str, Any]], groups: tuple[tuple[str, ...], ...]) -> tuple[m.Turn, ...]:
        index = -1
        queue: list[tuple[str, ...]] = []
        turns = []
        for number, raw in enumerate(turns_raw, 1):
            where = f"turn {number}"
            for key in raw:
                if key not in _TURN_KEYS:
                    raise self.fail(where, f"unknown key {key!r} (expected: {', '.join(_TURN_KEYS)})")
            extra = raw.get("extra", False)
            if not isinstance(extra, bool):
                raise self.fail(where, "'extra' must be true or false")
            untap_step = raw.get("untap_step", True)
            if not isinstance(untap_step, bool):
                raise self.fail(where, "'untap_step' must be true or false")
            given = self.active(raw.get("active"), groups, where) if "active" in raw else None
            if extra:
                if given is None:
                    raise self.fail(where, "an extra turn needs 'active' (who takes it)")
                group = given
                if queue and queue[-1] == group:
                    queue.pop()
            elif queue:
                group, extra = queue.pop(), True
            else:
                index = (index + 1) % len(groups)
                group = groups[index]
            if given is not None and given != group:
                raise self.fail(where, f"'active' is {'+'.join(given)} but the turn order says {'+'.join(group)}"
                                       " (write extra = true for an extra turn)")
            actions_raw = raw.get("actions", [])
            if not isinstance(actions_raw, list):
                raise self.fail(where, "'actions' must be an array of tables")
            actions = []
            for n, action_raw in enumerate(actions_raw, 1):
                action = self.action(action_raw, f"{where}, action {n}", group)
                verb = verb_of(action)
                player = str(action.subject) if verb in ("extra_turn", "leave_game") else ""
                if verb == "extra_turn":
                    queue.append(next(g for g in groups if player in g))
                actions.append(action)
                if verb == "leave_game":  # 800.4a: their turns leave the turn order
                    groups, index = turn_order_without(groups, index, player)
                    queue = [g for g in (tuple(p for p in q if p != player) for q in queue) if g]
            expect = None
            if "expect" in raw:
                expect = self.checks(raw["expect"], f"{where}: expect")
            turns.append(m.Turn(number, group, extra, tuple(actions), expect, untap_step))
        return tuple(turns)

    def active(self, value: object, groups: tuple[tuple[str, ...], ...], where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            names = tuple(value.split("+")) if "+" in value else (value,)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            names = tuple(value)
        else:
            raise self.fail(where, "'active' must be a player, \"A+B\" or a list of players")
        if len(names) == 1:
            for group in groups:
                if names[0] in group:
                    return group
            raise self.fail(where, f"'active': unknown player {names[0]!r}")
        for group in groups:
            if set(group) == set(names):
                return group
        raise self.fail(where, f"'active': {'+'.join(names)} is not a team")

    # -- actions ---------------------------------------------------------------------------------------------

    def action(self, raw: object, where: str, group: tuple[str, ...]) -> Action:
        if not isinstance(raw, dict):
            raise self.fail(where, "an action must be a table like { cast = \"Tavern Ruffian\" }")
        verb = next((v for v in VERBS if v in raw), None)
        if verb is None:
            keys = ", ".join(repr(k) for k in raw) or "none"
            raise self.fail(where, f"no action verb among the keys ({keys}); verbs: {', '.join(VERBS)}")
        where = f"{where} ({verb})"
        if verb == "expect":
            rest = {k: v for k, v in raw.items() if k != "expect"}
            base = _convert(rest, _ErrorOnly, f"{self.file}: {where}")
            return Expect(expect=self.checks(raw["expect"], where), error=base.error, error_type=base.error_type)
        action: Action = _convert(raw, VERBS[verb], f"{self.file}: {where}")
        done = action.complete(self, where, group)
        if done.error is None:
            for player in done.acting():
                if player in self.left:
                    raise self.fail(where, f"{player!r} has left the game")
        return done

    def leaves_game(self, player: str, where: str) -> None:
        if player in self.left:
            raise self.fail(where, f"{player!r} has already left the game")
        if len(self.players) - len(self.left) == 1:
            raise self.fail(where, f"{player!r} is the last player in the game")
        self.left.add(player)

    def checks(self, raw: object, where: str) -> Checks:
        got = _convert(raw, ChecksInput, f"{self.file}: {where}")
        for alias in [*got.faces, *got.names, *got.permanents, *got.gone]:
            self.use(alias, where)
        events = tuple(self.pattern(p, f"{where}, events[{n}]") for n, p in enumerate(got.events, 1))
        absent = tuple(self.pattern(p, f"{where}, absent[{n}]") for n, p in enumerate(got.absent, 1))
        if got.stack is not None and got.stack < 0:
            raise self.fail(where, "'stack' can't be negative")
        return Checks(got.designation, got.faces, got.names, got.permanents, got.gone, events, absent, got.trace,
                      got.scope, got.no_events, got.stack)

    def pattern(self, raw: Mapping[str, Any], where: str) -> EventPattern:
        kind = next((k for k in PATTERNS if k in raw), None)
        if kind is None:
            raise self.fail(where, f"an event pattern needs one of: {', '.join(PATTERNS)}")
        pattern: EventPattern = _convert(raw, PATTERNS[kind], f"{self.file}: {where}")
        if pattern.names:  # the pattern names an object
            self.use(getattr(pattern, pattern.names), where)
        if pattern.count is not None and pattern.count < 0:
            raise self.fail(where, "'count' can't be negative")
        return pattern

    # -- names -----------------------------------------------------------------------------------------------

    def lookup(self, name: str, where: str) -> Card:
        card = self.catalog.lookup(name)
        if card is None:
            raise self.fail(where, f"unknown card {name!r} (define it under [cards] or check the spelling)")
        self.used[name] = card
        return card

    def player(self, player: str, where: str, key: str) -> str:
        if player not in self.players:
            raise self.fail(where, f"{key!r}: unknown player {player!r} (players: {', '.join(self.players)})")
        return player

    def define(self, alias: str | None, default: str, where: str) -> str:
        if alias is not None:
            if alias in self.aliases:
                raise self.fail(where, f"'as': the name {alias!r} is already used in this scenario")
            if not alias:
                raise self.fail(where, "'as' can't be empty")
            self.aliases.add(alias)
            return alias
        name, n = default, self.next_suffix.get(default, 1)
        while name in self.aliases:
            n += 1
            name = f"{default}#{n}"
        self.next_suffix[default] = n
        self.aliases.add(name)
        return name

    def use(self, alias: str, where: str) -> None:
        if alias not in self.aliases:
            known = ", ".join(sorted(self.aliases)) or "none yet"
            raise self.fail(where, f"unknown name {alias!r} (names defined so far: {known})")


def _checks_something(turn: m.Turn) -> bool:
    """Whether the turn checks anything: an ``expect`` that names a check, or an action that must fail."""
    if turn.expect is not None and turn.expect.checks_something:
        return True
    return any(a.error is not None or a.error_type is not None or (isinstance(a, Expect) and a.expect.checks_something)
               for a in turn.actions)


class _ErrorOnly(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    error: str | None = None
    error_type: str | None = None

