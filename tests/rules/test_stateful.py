"""Hypothesis stateful tests: random event sequences through the facade, checked after every step.

The machine keeps its own model of every permanent's face, *updated only from the outcomes' actions* (EnterFace,
DoesNotEnter, Transform), of the spells cast per turn and of the vetoes in force. After every step it checks:

- 731.1: once day or night, never neither again;
- 702.145b/c/e/f: every phased-in, face-up, transformable permanent with daybound/nightbound shows the face the
  designation demands, unless a host "can't transform" restriction holds it or it has both keywords (101.2);
- 702.145d/g "any time": while neither, no permanent has daybound unless "it can't become day" holds right now,
  and no permanent has nightbound with no daybound one unless "it can't become night" holds;
- the rules' faces equal the model's: no permanent changed face except through an outcome action;
- 731.2a/b: the untap-step check (after 502.1 phasing) decided as the model's own spell count says, and a turn
  without an untap step has no check but is the previous turn at the next one (502.2);
- every change made by the untap-step event is ``during_untap_step`` (502.1 included), and no other is;
- requests to transform a daybound/nightbound (or face-down double-faced) permanent are refused;
- bad events raise a typed error and leave the state byte-for-byte as it was.

Step generation draws from what exists (``st.sampled_from`` of the current permanents through ``st.data()``) and
no rule has a precondition, so every step is an event and none is a filtered retry: the game starts with a turn
and a few permanents, and a rule that finds no permanent enters one first.

``HYPOTHESIS_PROFILE=soak`` runs each machine for about 100,000 steps (2,000 games x 50 steps).
"""

from __future__ import annotations

import atexit
import os
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from mtg_daynight import (
    BadEventError,
    DayNight,
    Designation,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    Face,
    Outcome,
    Permanent,
    Side,
    Transform,
)
from mtg_daynight.hookspecs import GameState, hookimpl
from mtg_daynight.reference import Card, CardKind, GameObject, ReferenceHost, Zone
from mtg_daynight.reference import log as rlog
from mtg_daynight.rules import ChangeVetoed, FaceDownRefused, Keyword, TransformRefused
from mtg_daynight.rules.saves import decode_state, encode_state

from .cards import (
    ABERRATION,
    ARLINN,
    ARLINN_NIGHT,
    BEAR,
    CURSE,
    DELVER,
    INSTANT_BACK,
    LURKER,
    RUFFIAN,
    SMASHER,
    WEREWHAT,
    arlinn,
    curse,
    delver,
    nightbound_up,
    plain,
    single_faced_copy,
    werewhat,
    werewolf,
)

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER
DAYBOUND, NIGHTBOUND = Keyword.DAYBOUND, Keyword.NIGHTBOUND
PLAYERS = ("P1", "P2", "P3", "P4")
KINDS = {
    "werewolf": werewolf,
    "nightbound_up": nightbound_up,
    "curse": curse,
    "arlinn": arlinn,
    "copy": single_faced_copy,
    "werewhat": werewhat,
    "plain": plain,
    "delver": delver,
}
KEYWORD_SETS = st.frozensets(st.sampled_from([DAYBOUND, NIGHTBOUND]), max_size=2)
#: kind, controller, face down, restricted, token
ENTERING = st.tuples(st.sampled_from(sorted(KINDS)), st.sampled_from(PLAYERS), st.booleans(), st.booleans(),
                     st.booleans())
BATCH = st.lists(ENTERING, min_size=1, max_size=3)

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
#: Steps (events) run per machine and event name, printed at exit in a soak run.
STEPS: Counter[str] = Counter()
if SOAK:
    atexit.register(lambda: print(f"soak: {STEPS.total():,} steps: " + ", ".join(
        f"{name} {count:,}" for name, count in STEPS.most_common()), file=sys.stderr))

#: Each machine's events: name -> (method, strategies for its arguments). One hypothesis rule, ``step``, draws the
#: event from the events this game uses (a subset drawn once per game: swarm testing without filtered retries).
Events = dict[str, tuple[Callable[..., None], dict[str, st.SearchStrategy[Any]]]]
FACADE_EVENTS: Events = {}
HOST_EVENTS: Events = {}


def _registrar(events: Events) -> Callable[..., Callable[[Callable[..., None]], Callable[..., None]]]:
    def register(**strategies: st.SearchStrategy[Any]) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def mark(method: Callable[..., None]) -> Callable[..., None]:
            events[method.__name__] = (method, strategies)
            return method
        return mark
    return register


facade_event = _registrar(FACADE_EVENTS)
host_event = _registrar(HOST_EVENTS)


def _choose_events(data: st.DataObject, events: Events, always: str) -> list[str]:
    """The events one game draws from: ``always`` and a random subset of the others."""
    others = sorted(set(events) - {always})
    return [always, *data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True), label="events")]


def _step(machine: Any, data: st.DataObject, events: Events) -> None:
    """Draw one event of the game's subset and its arguments, then run it: every step is an event."""
    name = data.draw(st.sampled_from(machine.events), label="event")
    STEPS[f"{type(machine).__name__}.{name}"] += 1
    method, strategies = events[name]
    arguments = {key: data.draw(strategy, label=key) for key, strategy in strategies.items()}
    if "data" in method.__code__.co_varnames[: method.__code__.co_argcount]:
        arguments["data"] = data
    method(machine, **arguments)


def _machine_settings(examples: int, steps: int) -> settings:
    """The CI settings, or the soak run's (about 100k steps per machine)."""
    if SOAK:
        examples, steps = 2_000, 50
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


class Forbid:
    """A veto plugin the machine drives: "it can't become ..." for each designation in ``forbidden``."""

    def __init__(self) -> None:
        self.forbidden: set[Designation] = set()

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        return f"the machine's effect says it can't become {after}" if after in self.forbidden else None


@dataclass
class Model:
    """What the test knows of one permanent, from its own events and the outcomes' actions only."""

    card: Permanent
    face: Side
    face_down: bool
    phased_out: bool = False
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    restrictions: set[str] = field(default_factory=set)

    def has(self, keyword: Keyword) -> bool:
        if self.face_down or self.phased_out or keyword in self.lost:
            return False
        up = self.card.back if self.face is Side.BACK and self.card.back is not None else self.card.front
        return keyword in self.gained or up.has(keyword)

    @property
    def can_transform(self) -> bool:
        back = self.card.back
        if back is None:
            return False
        other = back if self.face is Side.FRONT else self.card.front
        return not other.instant_or_sorcery

    @property
    def both(self) -> bool:
        """Daybound and nightbound at once: neither transforms it (101.2)."""
        return self.has(DAYBOUND) and self.has(NIGHTBOUND)


class DayNightMachine(RuleBasedStateMachine):
    """Drives one game through the typed facade, with a veto plugin whose vetoes start and end."""

    def __init__(self) -> None:
        super().__init__()
        daynight = DayNight(autoload=False)
        self.veto = Forbid()
        daynight.pm.register(self.veto)
        self.game = daynight.new_game("g", PLAYERS)
        self.designation = NEITHER
        self.ever_set = False
        self.perms: dict[str, Model] = {}
        self.next_id = 0
        self.turn = 0
        self.active: tuple[str, ...] = ()
        self.cast: dict[str, int] = {}
        self.in_untap_step = False

    # -- helpers -------------------------------------------------------------------------------------------

    def _pick(self, data: st.DataObject) -> str:
        """A permanent on the battlefield (one enters first if there is none)."""
        if not self.perms:
            self._enter([("werewolf", "P1", False, False, False)])
        return data.draw(st.sampled_from(sorted(self.perms)))

    def _absorb(self, outcome: Outcome, entering: dict[str, Permanent] | None = None) -> None:
        """Update the model from the outcome's actions, checking each one as it comes."""
        for action in outcome.actions:
            if isinstance(action, EnterFace):
                assert entering is not None and action.permanent in entering
                self.perms[action.permanent].face = action.face
            elif isinstance(action, DoesNotEnter):  # 712.13a
                assert entering is not None and action.permanent in entering
                del self.perms[action.permanent]
            elif isinstance(action, FaceDownRefused):
                model = self.perms[action.permanent]
                assert action.rule == ("708.2b" if model.face_down else "712.16")
            elif isinstance(action, ChangeVetoed):
                assert action.after in self.veto.forbidden and action.after is not self.designation
            elif isinstance(action, DesignationChange):
                assert action.before is self.designation
                assert action.after is not action.before and action.after is not NEITHER
                assert action.after not in self.veto.forbidden
                assert action.during_untap_step is self.in_untap_step  # exact (502.1 phasing included)
                self.designation = action.after
                self.ever_set = True
            elif isinstance(action, Transform):
                model = self.perms[action.permanent]
                assert action.to is model.face.other, "a Transform must turn the permanent over"
                assert not model.phased_out and model.can_transform
                if action.rule.startswith("702.145"):
                    assert not model.restrictions and not model.face_down and not model.both
                model.face = action.to
            else:
                assert isinstance(action, TransformRefused)

    def _enter(self, kinds: list[tuple[str, str, bool, bool, bool]]) -> None:
        batch: dict[str, Permanent] = {}
        for kind, controller, face_down, restricted, token in kinds:
            self.next_id += 1
            card = KINDS[kind](f"p{self.next_id}", controller)
            card = Permanent(card.id, card.controller, card.front, card.back, face=card.face, face_down=face_down,
                             restrictions=frozenset({"R0"}) if restricted else frozenset(), token=token)
            batch[card.id] = card
        night = self.designation is NIGHT
        outcome = self.game.enter(*batch.values())
        for card in batch.values():
            self.perms[card.id] = Model(card, card.face, card.face_down, restrictions=set(card.restrictions))
        entered = {e.permanent: e for e in outcome.entered}
        gone = {a.permanent for a in outcome.not_entered}
        for card in batch.values():
            model = self.perms[card.id]
            would = night and card.face is Side.FRONT and model.has(DAYBOUND)
            back = card.back
            if (card.face is Side.BACK or (would and not card.token)) and back is not None and back.instant_or_sorcery:
                assert card.id in gone and card.id not in entered  # 712.13a
                continue
            assert card.id not in gone
            if card.id not in entered:  # nothing to do with day and night: it enters as reported
                assert not card.cares_about_day_night
                continue
            replaced = would and card.represented_by_double_faced_card  # not a token (702.145b as written)
            assert entered[card.id] == EnterFace(card.id, Side.BACK if replaced else card.face, replaced, "702.145b")
            event(f"entered {'token' if card.token else 'card'} at {self.designation}, replaced={replaced}")
        self._absorb(outcome, batch)

    # -- events --------------------------------------------------------------------------------------------

    @initialize(data=st.data(), kinds=BATCH)
    def start(self, data: st.DataObject, kinds: list[tuple[str, str, bool, bool, bool]]) -> None:
        self.events = _choose_events(data, FACADE_EVENTS, "turn_begins")
        self.in_untap_step = True
        self._absorb(self.game.untap_step(1, "P1"))
        self.in_untap_step = False
        self.turn, self.active = 1, ("P1",)
        self._enter(kinds)

    @facade_event(data=st.data(), team=st.booleans(), skip=st.booleans())
    def turn_begins(self, data: st.DataObject, team: bool, skip: bool) -> None:
        active = tuple(data.draw(st.lists(st.sampled_from(PLAYERS), min_size=2 if team else 1,
                                          max_size=2 if team else 1, unique=True)))
        previous = (self.active, dict(self.cast))
        self.turn += data.draw(st.integers(min_value=1, max_value=2))  # numbers only need to go forward
        if skip:  # 502.2: no untap step, no phasing, no check; it is still a turn
            outcome = self.game.untap_step_skipped(self.turn, active)
            assert outcome.actions == ()
            self.active, self.cast = active, {}
            event("turn without an untap step")
            return
        out_ids = sorted(p for p, m in self.perms.items() if m.phased_out)
        in_ids = sorted(p for p, m in self.perms.items() if not m.phased_out)
        phased_in = data.draw(st.lists(st.sampled_from(out_ids), unique=True, max_size=3)) if out_ids else []
        phased_out = data.draw(st.lists(st.sampled_from(in_ids), unique=True, max_size=3)) if in_ids else []
        outcome = self.game.untap_step(self.turn, active, phased_in=phased_in, phased_out=phased_out)
        for p in phased_in:
            self.perms[p].phased_out = False
        for p in phased_out:
            self.perms[p].phased_out = True
        before_check = self.designation
        for action in outcome.actions:
            if isinstance(action, DesignationChange) and not action.rule.startswith("731.2"):
                before_check = action.after  # 502.1 phasing made it day or night, before the check
        self.in_untap_step = True
        self._absorb(outcome)
        self.in_untap_step = False
        expected: Designation | None = None
        if before_check is not NEITHER:
            counts = [previous[1].get(p, 0) for p in previous[0]]
            if before_check is DAY and sum(counts) == 0:
                expected = NIGHT  # 731.2a
            elif before_check is NIGHT and max(counts) >= 2:
                expected = DAY  # 731.2b
        checked = [a for a in outcome.actions if isinstance(a, DesignationChange | ChangeVetoed)
                   and a.rule.startswith("731.2")]
        assert [a.after for a in checked] == ([] if expected is None else [expected])
        if checked:
            assert isinstance(checked[0], ChangeVetoed) is (expected in self.veto.forbidden)
        event(f"untap check: {before_check} -> {expected} team={len(active)}")
        self.active, self.cast = active, {}

    @facade_event(by_active=st.booleans(), index=st.integers(min_value=0, max_value=3), copy=st.booleans(),
          times=st.integers(min_value=1, max_value=2))
    def cast_spell(self, by_active: bool, index: int, copy: bool, times: int) -> None:
        players = self.active if by_active else PLAYERS
        player = players[index % len(players)]
        for _ in range(times):
            outcome = self.game.copy_spell(player) if copy else self.game.cast(player)
            assert all(line.rule == "731.2" for line in outcome.trace) and outcome.actions == ()
            if not copy:
                self.cast[player] = self.cast.get(player, 0) + 1

    @facade_event()
    def each_active_player_casts_one(self) -> None:
        """1 + 1 across a team (731.2b: not enough), or one spell by a lone active player."""
        for player in self.active:
            assert self.game.cast(player).actions == ()
            self.cast[player] = self.cast.get(player, 0) + 1

    @facade_event(kinds=BATCH)
    def enter(self, kinds: list[tuple[str, str, bool, bool, bool]]) -> None:
        self._enter(kinds)

    @facade_event(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        pid = self._pick(data)
        outcome = self.game.leave(pid)
        del self.perms[pid]
        self._absorb(outcome)  # 702.145g may apply now

    @facade_event(data=st.data())
    def phase(self, data: st.DataObject) -> None:
        pid = self._pick(data)
        model = self.perms[pid]
        outcome = self.game.phase_in(pid) if model.phased_out else self.game.phase_out(pid)
        model.phased_out = not model.phased_out
        self._absorb(outcome)

    @facade_event(data=st.data())
    def face_down_or_up(self, data: st.DataObject) -> None:
        pid = self._pick(data)
        model = self.perms[pid]
        if model.face_down and data.draw(st.booleans()):
            outcome = self.game.turn_face_up(pid)
            model.face_down, model.face = False, Side.FRONT  # 712.15a: front face up
            self._absorb(outcome)
            return
        outcome = self.game.turn_face_down(pid)
        refused = model.face_down or model.card.back is not None  # 708.2b, 712.16
        assert bool(outcome.face_down_refused) is refused
        if not refused:
            model.face_down = True  # then 702.145g may apply: it has no abilities now
        self._absorb(outcome)

    @facade_event(data=st.data(), gained=KEYWORD_SETS, lost=KEYWORD_SETS)
    def set_abilities(self, data: st.DataObject, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        pid = self._pick(data)
        outcome = self.game.set_abilities(pid, gained=gained, lost=lost)
        self.perms[pid].gained, self.perms[pid].lost = gained, lost
        if self.perms[pid].both:
            event("both daybound and nightbound")
        self._absorb(outcome)

    @facade_event(data=st.data(), name=st.sampled_from(["R0", "R1"]))
    def restriction(self, data: st.DataObject, name: str) -> None:
        pid = self._pick(data)
        model = self.perms[pid]
        if name in model.restrictions:
            outcome = self.game.remove_restriction(pid, name)
            model.restrictions.discard(name)
        else:
            outcome = self.game.add_restriction(pid, name)
            model.restrictions.add(name)
            assert outcome.actions == ()
        self._absorb(outcome)

    @facade_event(data=st.data())
    def request_transform(self, data: st.DataObject) -> None:
        pid = self._pick(data)
        model = self.perms[pid]
        day_night = model.has(DAYBOUND) or model.has(NIGHTBOUND)
        hidden = model.face_down and model.card.back is not None  # 712.15a
        allowed = (not day_night and not model.phased_out and not hidden and model.can_transform
                   and not model.restrictions)
        outcome = self.game.request_transform(pid, "Moonmist")
        if allowed:
            assert outcome.actions[0] == Transform(pid, model.face.other, "701.27")
        else:
            assert outcome.actions == (outcome.refused[0],)
            if day_night:
                assert outcome.refused[0].rule in ("702.145b", "702.145e")
        self._absorb(outcome)

    @facade_event(to=st.sampled_from([DAY, NIGHT, "switch"]))
    def become(self, to: Designation | str) -> None:
        before = self.designation
        outcome = self.game.become(to, "an effect")  # type: ignore[arg-type]
        after = (DAY if before is NIGHT else NIGHT) if to == "switch" else to
        self._absorb(outcome)
        assert self.designation is (before if after in self.veto.forbidden else after)
        if after is before:
            assert outcome.actions == ()  # already: nothing happens, no event

    @facade_event(designation=st.sampled_from([DAY, NIGHT]), ends=st.booleans())
    def veto(self, designation: Designation, ends: bool) -> None:
        """An "it can't become ..." effect starts (nothing to report), or ends (``veto_ended``: look again)."""
        if ends or designation in self.veto.forbidden:
            self.veto.forbidden.discard(designation)
            self._absorb(self.game.veto_ended("the machine's effect"))
            event("veto ended")
        else:
            self.veto.forbidden.add(designation)

    @facade_event(kind=st.sampled_from(["leave", "enter", "turn", "skipped turn", "cast", "phase", "restriction",
                                "face up", "player left"]))
    def bad_event(self, kind: str) -> None:
        before = encode_state(self.game.state)
        try:
            if kind == "leave":
                self.game.leave("never-there")
            elif kind == "enter":
                existing = next(iter(self.perms), None)
                self.game.enter(plain("fresh-never-used"), plain(existing or "fresh-never-used"))
            elif kind == "turn":
                self.game.untap_step(self.turn, "P1")
            elif kind == "skipped turn":
                self.game.untap_step_skipped(self.turn, "P1")
            elif kind == "cast":
                self.game.cast("P9")
            elif kind == "phase":
                pid = next((p for p, m in self.perms.items() if not m.phased_out), None)
                self.game.phase_in(pid or "never-there")
            elif kind == "face up":
                pid = next((p for p, m in self.perms.items() if not m.face_down), None)
                self.game.turn_face_up(pid or "never-there")
            elif kind == "player left":
                self.game.player_left("P9")
            else:
                pid = next((p for p, m in self.perms.items() if "R9" not in m.restrictions), None)
                self.game.remove_restriction(pid or "never-there", "R9")
        except BadEventError:
            pass
        else:
            raise AssertionError(f"bad event {kind} was accepted")
        assert encode_state(self.game.state) == before

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        _step(self, data, FACADE_EVENTS)

    # -- invariants ----------------------------------------------------------------------------------------

    @invariant()
    def never_neither_again(self) -> None:
        assert self.game.designation is self.designation
        if self.ever_set:
            assert self.designation is not NEITHER

    @invariant()
    def faces_change_only_through_outcomes(self) -> None:
        state = self.game.state
        assert set(state.permanents) == set(self.perms)
        for pid, model in self.perms.items():
            assert state.permanents[pid].face is model.face, pid

    @invariant()
    def any_time_rules_hold(self) -> None:
        """702.145d/g while neither (unless a veto holds now), 702.145c/f otherwise."""
        if self.designation is NEITHER:
            daybound = any(m.has(DAYBOUND) for m in self.perms.values())
            nightbound = any(m.has(NIGHTBOUND) for m in self.perms.values())
            if daybound:
                assert DAY in self.veto.forbidden, "702.145d: daybound while neither with no veto"
            elif nightbound:
                assert NIGHT in self.veto.forbidden, "702.145g: nightbound, no daybound, neither, no veto"
            return
        for pid, model in self.perms.items():
            if not model.can_transform or model.restrictions or model.both:
                continue  # 701.27, a host restriction holds it, or both keywords forbid it (101.2)
            if self.designation is NIGHT:
                assert not (model.face is Side.FRONT and model.has(DAYBOUND)), f"{pid}: 702.145c"
            else:
                assert not (model.face is Side.BACK and model.has(NIGHTBOUND)), f"{pid}: 702.145f"

    @invariant()
    def state_round_trips(self) -> None:
        state = self.game.state
        assert decode_state(encode_state(state)) == state


DayNightMachine.TestCase.settings = _machine_settings(150, 30)
test_day_night_through_the_facade = DayNightMachine.TestCase


# ---------------------------------------------------------------------------------------------------------
# The same properties, driven through the reference host's public API (mtg_daynight.reference).

R_WEREWOLF = Card(RUFFIAN, SMASHER)
R_CARDS: dict[str, Card] = {
    "werewolf": R_WEREWOLF,
    "curse": Card(CURSE, LURKER),
    "arlinn": Card(ARLINN, ARLINN_NIGHT),
    "werewhat": Card(WEREWHAT, INSTANT_BACK),
    "phasing werewolf": Card(RUFFIAN, SMASHER, phasing=True),
    "vandal": Card(Face("Brimstone Vandal"), day_night_trigger="1 damage to each opponent"),
    "bear": Card(BEAR),
    "delver": Card(DELVER, ABERRATION),
    "warden": Card(Face("Fixture Dawn Warden"), forbids=frozenset({DAY})),  # FIXTURE: "it can't become day"
    "keeper": Card(Face("Fixture Dusk Keeper"), forbids=frozenset({NIGHT})),  # FIXTURE: "it can't become night"
}
R_SPELLS: dict[str, Card] = {**R_CARDS, "opt": Card(Face("Opt"), kind=CardKind.INSTANT)}


def _host_has(obj: GameObject, keyword: Keyword) -> bool:
    if obj.face_down or obj.phased_out or keyword in obj.lost:
        return False
    return keyword in obj.gained or obj.up.has(keyword)


def _host_can_transform(obj: GameObject) -> bool:
    back = obj.card.back
    if back is None:
        return False
    return not (back if obj.face is Side.FRONT else obj.card.front).instant_or_sorcery


class ReferenceHostMachine(RuleBasedStateMachine):
    """Drives the reference host (which carries out every outcome) with random turns, spells and effects."""

    host: ReferenceHost

    def __init__(self) -> None:
        super().__init__()
        self.ever_set = False
        self.faces: dict[str, Side] = {}
        self.seen = 0

    @initialize(data=st.data(), teams=st.booleans(),
                cards=st.lists(st.sampled_from(sorted(R_CARDS)), min_size=1, max_size=3))
    def start(self, data: st.DataObject, teams: bool, cards: list[str]) -> None:
        self.events = _choose_events(data, HOST_EVENTS, "begin_turn")
        if teams:
            self.host = ReferenceHost(teams=[["A1", "A2"], ["B1", "B2"]])
        else:
            self.host = ReferenceHost(["A", "B", "C"])
        self.host.begin_turn()
        self.host.put_many([(R_CARDS[name], self.host.players[0]) for name in cards])
        self._check_pending()

    # -- helpers -------------------------------------------------------------------------------------------

    def _permanent(self, data: st.DataObject) -> str:
        """A permanent on the battlefield (a werewolf enters first if there is none)."""
        ids = [o.id for o in self.host.battlefield()]
        if not ids:
            ids = self.host.put_many([(R_WEREWOLF, self.host.players[0])])
        return data.draw(st.sampled_from(ids))

    def _new_entries(self) -> list[object]:
        entries = self.host.log[self.seen:]
        self.seen = len(self.host.log)
        return entries

    # -- events --------------------------------------------------------------------------------------------

    @host_event(extra=st.booleans(), skip=st.booleans(), index=st.integers(min_value=0, max_value=3))
    def begin_turn(self, extra: bool, skip: bool, index: int) -> None:
        host = self.host
        previous = (host.turn, host.active)
        if extra:
            host.take_extra_turn(host.players[index % len(host.players)])
        host.resolve_all()  # begin_turn would do it first; checked on its own, before phasing moves anything
        self._check_pending()
        before = host.designation
        host.begin_turn(untap_step=not skip)
        entries = self._new_entries()
        changes = [e for e in entries if isinstance(e, rlog.DesignationChanged)]
        assert all(c.during_untap_step is (c.step is rlog.Step.UNTAP) for c in changes)  # exact flag
        if skip:
            assert not any(isinstance(e, rlog.PhasedIn | rlog.PhasedOut) for e in entries)
            assert not [c for c in changes if c.step is rlog.Step.UNTAP]  # 502.2: no check
        before_check = before
        for change in changes:
            if not change.rule.startswith("731.2"):
                before_check = change.after  # resolving the stack or 502.1 phasing made it day or night first
        expected: Designation | None = None
        vetoed = {e.after for e in entries if isinstance(e, rlog.Vetoed) and e.rule.startswith("731.2")}
        if not skip and before_check is not NEITHER:
            counts = [
                sum(1 for e in host.log if isinstance(e, rlog.SpellCast) and e.cast and e.turn == previous[0]
                    and e.player == player)
                for player in previous[1]
            ]
            if before_check is DAY and sum(counts) == 0:
                expected = NIGHT
            elif before_check is NIGHT and max(counts) >= 2:
                expected = DAY
        checked = [c.after for c in changes if c.rule.startswith("731.2")] + sorted(vetoed)
        assert checked == ([] if expected is None else [expected])
        self._faces_changed_only_by_transforms(entries)

    @host_event(by_active=st.booleans(), index=st.integers(min_value=0, max_value=3),
          spell=st.sampled_from(sorted(R_SPELLS)), times=st.integers(min_value=1, max_value=2))
    def cast(self, by_active: bool, index: int, spell: str, times: int) -> None:
        players = self.host.active if by_active else self.host.players
        for _ in range(times):
            self.host.cast(players[index % len(players)], R_SPELLS[spell])
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event()
    def each_active_player_casts_one(self) -> None:
        """1 + 1 across a team (731.2b: not enough), or one spell by a lone active player."""
        for player in self.host.active:
            self.host.cast(player, R_SPELLS["opt"])
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data())
    def copy_spell(self, data: st.DataObject) -> None:
        spells = [s for s in self.host.stack if not self.host.obj(s).ability]
        if not spells:
            spells = [self.host.cast(self.host.active[0], data.draw(st.sampled_from(list(R_SPELLS.values()))))]
        players = self.host.players
        self.host.copy_spell(data.draw(st.sampled_from(players)), data.draw(st.sampled_from(spells)))
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(everything=st.booleans())
    def resolve(self, everything: bool) -> None:
        if not self.host.stack:
            self.host.cast(self.host.active[0], R_SPELLS["opt"])
        if everything:
            self.host.resolve_all()
        else:
            self.host.resolve()
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(cards=st.lists(st.tuples(st.sampled_from(sorted(R_CARDS)), st.integers(min_value=0, max_value=3)),
                         min_size=1, max_size=3),
          transformed=st.booleans(), face_down=st.booleans(), token=st.booleans())
    def put_onto_battlefield(self, cards: list[tuple[str, int]], transformed: bool, face_down: bool,
                             token: bool) -> None:
        players = self.host.players
        batch = [(R_CARDS[name], players[i % len(players)]) for name, i in cards]
        if transformed and any(card.back is None for card, _ in batch):
            transformed = False
        designation = self.host.designation
        self.host.put_many(batch, transformed=transformed, face_down=face_down, token=token)
        entries = self._new_entries()
        for entry in entries:
            if isinstance(entry, rlog.Entered) and entry.transformed:  # 702.145b's replacement
                assert designation is NIGHT and not transformed and not face_down and not token
                assert not any(isinstance(e, rlog.Transformed) and e.permanent == entry.permanent for e in entries)
            if isinstance(entry, rlog.NotEntered):  # 712.13a
                assert transformed or designation is NIGHT
        self._faces_changed_only_by_transforms(entries)

    @host_event(data=st.data(), double_faced=st.booleans())
    def token_copy(self, data: st.DataObject, double_faced: bool) -> None:
        of = self._permanent(data)
        if self.host.permanent(of).face_down or self.host.permanent(of).phased_out:
            self.host.put_many([(R_WEREWOLF, self.host.players[0])])  # nothing to copy: something else happens
        else:
            self.host.create_token_copy(of, double_faced=double_faced)
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data(), exile=st.booleans(), back=st.booleans(), transformed=st.booleans())
    def leave_and_return(self, data: st.DataObject, exile: bool, back: bool, transformed: bool) -> None:
        pid = self._permanent(data)
        new = self.host.move(pid, "exile" if exile else "graveyard")
        if back and new is not None:
            obj = self.host.obj(new)
            self.host.return_to_battlefield(new, transformed=transformed and obj.card.back is not None)
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data())
    def phase(self, data: st.DataObject) -> None:
        pid = self._permanent(data)
        if self.host.permanent(pid).phased_out:
            self.host.phase_in(pid)
        else:
            self.host.phase_out(pid)
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data(), up=st.booleans())
    def face_down_or_up(self, data: st.DataObject, up: bool) -> None:
        pid = self._permanent(data)
        obj = self.host.permanent(pid)
        if obj.face_down and up:
            self.host.turn_face_up(pid)
        else:
            refused = obj.face_down or obj.card.back is not None  # 708.2b, 712.16
            assert self.host.turn_face_down(pid) is not refused
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data(), gained=KEYWORD_SETS, lost=KEYWORD_SETS)
    def set_abilities(self, data: st.DataObject, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        self.host.set_abilities(self._permanent(data), gained=gained, lost=lost)
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data(), name=st.sampled_from(["R0", "R1"]))
    def restriction(self, data: st.DataObject, name: str) -> None:
        pid = self._permanent(data)
        if name in self.host.permanent(pid).restrictions:
            self.host.remove_restriction(pid, name)
        else:
            self.host.add_restriction(pid, name)
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data())
    def request_transform(self, data: st.DataObject) -> None:
        pid = self._permanent(data)
        obj = self.host.permanent(pid)
        day_night = _host_has(obj, DAYBOUND) or _host_has(obj, NIGHTBOUND)
        done = self.host.request_transform(pid, "Moonmist")
        if day_night or (obj.face_down and obj.card.back is not None):
            assert not done  # 702.145b/e, 712.15a
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(to=st.sampled_from(["day", "night", "switch"]))
    def become(self, to: str) -> None:
        self.host.become(to, "an effect")  # type: ignore[arg-type]
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event(data=st.data())
    def stop_forbidding(self, data: st.DataObject) -> None:
        """A warden's or keeper's veto stops applying (``veto_ended``); with none, one enters."""
        ready = [o.id for o in self.host.battlefield() if o.card.forbids and not o.forbids_ended]
        if ready:
            self.host.stop_forbidding(data.draw(st.sampled_from(ready)))
        else:
            self.host.put_onto_battlefield(R_CARDS[data.draw(st.sampled_from(["warden", "keeper"]))],
                                           self.host.players[0])
        self._faces_changed_only_by_transforms(self._new_entries())

    @host_event()
    def save_and_reload(self) -> None:
        self.host.save_and_reload()
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        _step(self, data, HOST_EVENTS)

    # -- checks --------------------------------------------------------------------------------------------

    def _check_pending(self) -> None:
        self._faces_changed_only_by_transforms(self._new_entries())

    def _faces_changed_only_by_transforms(self, entries: list[object]) -> None:
        """A permanent still on the battlefield shows another face only if the log has a Transformed entry (the
        host logs one per Transform action it carries out) or it was turned face up."""
        explained = {e.permanent for e in entries
                     if isinstance(e, rlog.Transformed | rlog.TurnedFaceUp)}
        for entry in entries:
            # A daybound/nightbound transform never touches a phased-out (702.26b), face-down (708.2) or
            # restricted permanent. (The host sets those flags before it carries out the outcome, so the
            # state after the step is the state the transform happened in.)
            if isinstance(entry, rlog.Transformed) and entry.rule.startswith("702.145"):
                obj = self.host.objects.get(entry.permanent)
                if obj is not None and obj.zone is Zone.BATTLEFIELD:
                    assert not obj.phased_out and not obj.face_down and not obj.restrictions, entry
        now = {o.id: o.face for o in self.host.battlefield()}
        for pid, face in now.items():
            if pid in self.faces and self.faces[pid] is not face:
                assert pid in explained, f"{pid} changed face without a transform"
        self.faces = now

    def _vetoes(self) -> set[Designation]:
        found: set[Designation] = set()
        for obj in self.host.battlefield():
            if not obj.phased_out and not obj.face_down and not obj.forbids_ended:
                found |= obj.card.forbids
        return found

    @invariant()
    def host_and_rules_agree(self) -> None:
        assert self.host.check() == []

    @invariant()
    def never_neither_again(self) -> None:
        if self.host.designation is not NEITHER:
            self.ever_set = True
        elif self.ever_set:
            raise AssertionError("731.1: it became neither again")

    @invariant()
    def any_time_rules_hold(self) -> None:
        designation = self.host.designation
        battlefield = self.host.battlefield()
        if designation is NEITHER:
            vetoes = self._vetoes()
            if any(_host_has(o, DAYBOUND) for o in battlefield):
                assert DAY in vetoes, "702.145d: daybound while neither with no veto"
            elif any(_host_has(o, NIGHTBOUND) for o in battlefield):
                assert NIGHT in vetoes, "702.145g: nightbound while neither with no veto"
            return
        for obj in battlefield:
            if not _host_can_transform(obj) or obj.restrictions or (
                    _host_has(obj, DAYBOUND) and _host_has(obj, NIGHTBOUND)):
                continue
            if designation is NIGHT:
                assert not (obj.face is Side.FRONT and _host_has(obj, DAYBOUND)), obj.id
            else:
                assert not (obj.face is Side.BACK and _host_has(obj, NIGHTBOUND)), obj.id


ReferenceHostMachine.TestCase.settings = _machine_settings(100, 30)
test_day_night_through_the_reference_host = ReferenceHostMachine.TestCase
