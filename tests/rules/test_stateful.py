"""Hypothesis stateful tests: random event sequences through the facade, checked after every step.

The machine keeps its own model of every permanent's face, *updated only from the outcomes' actions* (EnterFace,
Transform), and of the spells cast per turn. After every step it checks:

- 730.1: once day or night, never neither again;
- 702.145b/c/e/f: every phased-in, face-up, transformable permanent with daybound/nightbound shows the face the
  designation demands, unless a host "can't transform" restriction holds it; while neither, no such permanent
  has daybound or nightbound at all (702.145d/g would have made it day or night);
- the rules' faces equal the model's: no permanent changed face except through an outcome action;
- 728.2a/b: the untap-step check (after 502.1 phasing) decided as the model's own spell count says;
- requests to transform a daybound/nightbound permanent are refused (702.145b/e);
- bad events raise a typed error and leave the state byte-for-byte as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from mtg_daynight import (
    BadEventError,
    ChangeVetoed,
    DayNight,
    Designation,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    Face,
    FaceDownRefused,
    Outcome,
    Permanent,
    Side,
    Transform,
    TransformRefused,
)
from mtg_daynight.reference import Card, CardKind, GameObject, ReferenceHost, Zone
from mtg_daynight.reference import log as rlog
from mtg_daynight.rules import Keyword
from mtg_daynight.rules.state import decode_state, encode_state

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
INDEX = st.integers(min_value=0, max_value=10_000)


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


class DayNightMachine(RuleBasedStateMachine):
    """Drives one game through the typed facade."""

    def __init__(self) -> None:
        super().__init__()
        self.game = DayNight(autoload=False).new_game("g", PLAYERS)
        self.designation = NEITHER
        self.ever_set = False
        self.perms: dict[str, Model] = {}
        self.next_id = 0
        self.turn = 0
        self.active: tuple[str, ...] = ()
        self.cast: dict[str, int] = {}
        self.previous: tuple[tuple[str, ...], dict[str, int]] | None = None

    # -- helpers -------------------------------------------------------------------------------------------

    def _pick(self, index: int, pred: object = None) -> str | None:
        ids = [p for p, m in self.perms.items() if pred is None or pred(m)]  # type: ignore[operator]
        return ids[index % len(ids)] if ids else None

    def _absorb(self, outcome: Outcome, entering: dict[str, Permanent] | None = None) -> None:
        """Update the model from the outcome's actions, checking each one as it comes."""
        for action in outcome.actions:
            assert not isinstance(action, ChangeVetoed)  # no veto plugin here
            if isinstance(action, EnterFace):
                assert entering is not None and action.permanent in entering
                self.perms[action.permanent].face = action.face
            elif isinstance(action, DoesNotEnter):  # 712.13a
                assert entering is not None and action.permanent in entering
                del self.perms[action.permanent]
            elif isinstance(action, FaceDownRefused):
                model = self.perms[action.permanent]
                assert action.rule == ("708.2b" if model.face_down else "712.16")
            elif isinstance(action, DesignationChange):
                assert action.before is self.designation
                assert action.after is not action.before and action.after is not NEITHER
                self.designation = action.after
                self.ever_set = True
            elif isinstance(action, Transform):
                model = self.perms[action.permanent]
                assert action.to is model.face.other, "a Transform must turn the permanent over"
                assert not model.phased_out and model.can_transform
                if action.rule.startswith("702.145"):
                    assert not model.restrictions and not model.face_down
                model.face = action.to
            else:
                assert isinstance(action, TransformRefused)

    # -- events --------------------------------------------------------------------------------------------

    @rule(
        data=st.data(),
        team=st.booleans(),
    )
    def untap_step(self, data: st.DataObject, team: bool) -> None:
        active = tuple(data.draw(st.lists(st.sampled_from(PLAYERS), min_size=2 if team else 1,
                                          max_size=2 if team else 1, unique=True)))
        out_ids = [p for p, m in self.perms.items() if m.phased_out]
        in_ids = [p for p, m in self.perms.items() if not m.phased_out]
        phased_in = data.draw(st.lists(st.sampled_from(out_ids), unique=True, max_size=3)) if out_ids else []
        phased_out = data.draw(st.lists(st.sampled_from(in_ids), unique=True, max_size=3)) if in_ids else []
        previous = (self.active, dict(self.cast)) if self.turn else None
        self.turn += data.draw(st.integers(min_value=1, max_value=2))  # numbers only need to go forward
        outcome = self.game.untap_step(self.turn, active, phased_in=phased_in, phased_out=phased_out)
        for p in phased_in:
            self.perms[p].phased_out = False
        for p in phased_out:
            self.perms[p].phased_out = True
        before_check = self.designation
        assert all(c.during_untap_step for c in outcome.changes)  # 502.1 phasing is in the untap step too
        for change in outcome.changes:
            if not change.rule.startswith("728.2"):
                before_check = change.after  # 502.1 phasing made it day or night, before the check
        untap_changes = [c for c in outcome.changes if c.rule.startswith("728.2")]
        self._absorb(outcome)
        expected: Designation | None = None
        if previous is not None and before_check is not NEITHER:
            counts = [previous[1].get(p, 0) for p in previous[0]]
            if before_check is DAY and sum(counts) == 0:
                expected = NIGHT  # 728.2a
            elif before_check is NIGHT and max(counts) >= 2:
                expected = DAY  # 728.2b
        assert [c.after for c in untap_changes] == ([] if expected is None else [expected])
        event(f"untap check: {before_check} -> {expected} team={len(active)}")
        self.previous, self.active, self.cast = previous, active, {}

    @precondition(lambda self: self.turn > 0)
    @rule(by_active=st.booleans(), index=INDEX, copy=st.booleans(), times=st.integers(min_value=1, max_value=2))
    def cast_spell(self, by_active: bool, index: int, copy: bool, times: int) -> None:
        players = self.active if by_active else PLAYERS
        player = players[index % len(players)]
        for _ in range(times):
            outcome = self.game.copy_spell(player) if copy else self.game.cast(player)
            assert outcome.actions == ()
            if not copy:
                self.cast[player] = self.cast.get(player, 0) + 1

    @precondition(lambda self: self.turn > 0)
    @rule()
    def each_active_player_casts_one(self) -> None:
        """1 + 1 across a team (728.2b: not enough), or one spell by a lone active player."""
        for player in self.active:
            assert self.game.cast(player).actions == ()
            self.cast[player] = self.cast.get(player, 0) + 1

    @rule(kinds=st.lists(st.tuples(st.sampled_from(sorted(KINDS)), st.sampled_from(PLAYERS), st.booleans(),
                                   st.booleans()), min_size=1, max_size=3))
    def enter(self, kinds: list[tuple[str, str, bool, bool]]) -> None:
        batch: dict[str, Permanent] = {}
        for kind, controller, face_down, restricted in kinds:
            self.next_id += 1
            card = KINDS[kind](f"p{self.next_id}", controller)
            if face_down or restricted:
                card = Permanent(card.id, card.controller, card.front, card.back, face=card.face,
                                 face_down=face_down, restrictions=frozenset({"R0"}) if restricted else frozenset())
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
            replaced = would and card.represented_by_double_faced_card
            assert entered[card.id] == EnterFace(card.id, Side.BACK if replaced else card.face, replaced, "702.145b")
        self._absorb(outcome, batch)

    @rule(index=INDEX)
    def leave(self, index: int) -> None:
        pid = self._pick(index)
        if pid is None:
            return
        assert self.game.leave(pid).actions == ()
        del self.perms[pid]

    @rule(index=INDEX, phase_in=st.booleans())
    def phase(self, index: int, phase_in: bool) -> None:
        pid = self._pick(index, lambda m: m.phased_out is phase_in)
        if pid is None:
            return
        outcome = self.game.phase_in(pid) if phase_in else self.game.phase_out(pid)
        self.perms[pid].phased_out = not phase_in
        if not phase_in:
            assert outcome.actions == ()
        self._absorb(outcome)

    @rule(index=INDEX, back=st.booleans())
    def face_down_or_up(self, index: int, back: bool) -> None:
        pid = self._pick(index)
        if pid is None:
            return
        model = self.perms[pid]
        if model.face_down and not back:
            outcome = self.game.turn_face_up(pid)
            model.face_down, model.face = False, Side.FRONT  # 712.15a: front face up
        else:
            outcome = self.game.turn_face_down(pid)
            refused = model.face_down or model.card.back is not None  # 708.2b, 712.16
            assert bool(outcome.face_down_refused) is refused
            self._absorb(outcome)
            # turned face down; refused: 712.16 leaves it face up, 708.2b face down as it was
            model.face_down = not refused or model.face_down
            return
        self._absorb(outcome)

    @rule(index=INDEX, gained=KEYWORD_SETS, lost=KEYWORD_SETS)
    def set_abilities(self, index: int, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        pid = self._pick(index)
        if pid is None:
            return
        outcome = self.game.set_abilities(pid, gained=gained, lost=lost)
        self.perms[pid].gained, self.perms[pid].lost = gained, lost
        self._absorb(outcome)

    @rule(index=INDEX, name=st.sampled_from(["R0", "R1"]))
    def restriction(self, index: int, name: str) -> None:
        pid = self._pick(index)
        if pid is None:
            return
        model = self.perms[pid]
        if name in model.restrictions:
            outcome = self.game.remove_restriction(pid, name)
            model.restrictions.discard(name)
        else:
            outcome = self.game.add_restriction(pid, name)
            model.restrictions.add(name)
            assert outcome.actions == ()
        self._absorb(outcome)

    @rule(index=INDEX)
    def request_transform(self, index: int) -> None:
        pid = self._pick(index)
        if pid is None:
            return
        model = self.perms[pid]
        day_night = model.has(DAYBOUND) or model.has(NIGHTBOUND)
        hidden = model.face_down and model.card.back is not None  # 712.15a
        allowed = (not day_night and not model.phased_out and not hidden and model.can_transform
                   and not model.restrictions)
        outcome = self.game.request_transform(pid, "Moonmist")
        if allowed:
            assert outcome.actions[0] == Transform(pid, model.face.other, "701.28")
        else:
            assert outcome.actions == (outcome.refused[0],)
            if day_night:
                assert outcome.refused[0].rule in ("702.145b", "702.145e")
        self._absorb(outcome)

    @rule(to=st.sampled_from([DAY, NIGHT, "switch"]))
    def become(self, to: Designation | str) -> None:
        before = self.designation
        outcome = self.game.become(to, "an effect")  # type: ignore[arg-type]
        after = (DAY if before is NIGHT else NIGHT) if to == "switch" else to
        self._absorb(outcome)
        assert self.designation is after
        if after is before:
            assert outcome.actions == ()  # already: nothing happens, no event

    @rule(kind=st.sampled_from(["leave", "enter", "turn", "cast", "phase", "restriction"]))
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
            elif kind == "cast":
                self.game.cast("P9")
            elif kind == "phase":
                pid = self._pick(0, lambda m: not m.phased_out)
                self.game.phase_in(pid or "never-there")
            else:
                pid = self._pick(0, lambda m: "R9" not in m.restrictions)
                self.game.remove_restriction(pid or "never-there", "R9")
        except BadEventError:
            pass
        else:
            raise AssertionError(f"bad event {kind} was accepted")
        assert encode_state(self.game.state) == before

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
    def faces_match_the_designation(self) -> None:
        for pid, model in self.perms.items():
            if self.designation is NEITHER:
                assert not model.has(DAYBOUND), f"{pid}: daybound while neither (702.145d)"
                assert not model.has(NIGHTBOUND), f"{pid}: nightbound while neither (702.145g)"
                continue
            if not model.can_transform or model.restrictions or (model.has(DAYBOUND) and model.has(NIGHTBOUND)):
                continue  # 701.28, a host restriction holds it, or both keywords forbid it (101.2)
            if self.designation is NIGHT:
                assert not (model.face is Side.FRONT and model.has(DAYBOUND)), f"{pid}: 702.145c"
            else:
                assert not (model.face is Side.BACK and model.has(NIGHTBOUND)), f"{pid}: 702.145f"

    @invariant()
    def state_round_trips(self) -> None:
        state = self.game.state
        assert decode_state(encode_state(state)) == state


DayNightMachine.TestCase.settings = settings(
    max_examples=150, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
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

    @initialize(teams=st.booleans())
    def start(self, teams: bool) -> None:
        if teams:
            self.host = ReferenceHost(teams=[["A1", "A2"], ["B1", "B2"]])
        else:
            self.host = ReferenceHost(["A", "B", "C"])

    # -- helpers -------------------------------------------------------------------------------------------

    def _permanent(self, index: int, pred: object = None) -> str | None:
        ids = [o.id for o in self.host.battlefield() if pred is None or pred(o)]  # type: ignore[operator]
        return ids[index % len(ids)] if ids else None

    def _new_entries(self) -> list[object]:
        entries = self.host.log[self.seen:]
        self.seen = len(self.host.log)
        return entries

    # -- events --------------------------------------------------------------------------------------------

    @rule(extra=st.booleans(), index=INDEX)
    def begin_turn(self, extra: bool, index: int) -> None:
        host = self.host
        previous = (host.turn, host.active)
        before = host.designation
        if extra and host.turn:
            host.take_extra_turn(host.players[index % len(host.players)])
        self._check_pending()
        host.begin_turn()
        entries = self._new_entries()
        changes = [e for e in entries if isinstance(e, rlog.DesignationChanged)]
        before_check = before
        for change in changes:
            if not change.during_untap_step:
                before_check = change.after  # resolving the stack or 502.1 phasing made it day or night first
        expected: Designation | None = None
        if previous[0] and before_check is not NEITHER:
            counts = [
                sum(1 for e in host.log if isinstance(e, rlog.SpellCast) and e.cast and e.turn == previous[0]
                    and e.player == player)
                for player in previous[1]
            ]
            if before_check is DAY and sum(counts) == 0:
                expected = NIGHT
            elif before_check is NIGHT and max(counts) >= 2:
                expected = DAY
        untap = [c.after for c in changes if c.during_untap_step]
        assert untap == ([] if expected is None else [expected])
        self._faces_changed_only_by_transforms(entries)

    @precondition(lambda self: self.host.turn > 0)
    @rule(by_active=st.booleans(), index=INDEX, spell=st.sampled_from(sorted(R_SPELLS)),
          times=st.integers(min_value=1, max_value=2))
    def cast(self, by_active: bool, index: int, spell: str, times: int) -> None:
        players = self.host.active if by_active else self.host.players
        for _ in range(times):
            self.host.cast(players[index % len(players)], R_SPELLS[spell])
        self._faces_changed_only_by_transforms(self._new_entries())

    @precondition(lambda self: self.host.turn > 0)
    @rule()
    def each_active_player_casts_one(self) -> None:
        """1 + 1 across a team (728.2b: not enough), or one spell by a lone active player."""
        for player in self.host.active:
            self.host.cast(player, R_SPELLS["opt"])
        self._faces_changed_only_by_transforms(self._new_entries())

    @precondition(lambda self: any(not self.host.obj(s).ability for s in self.host.stack))
    @rule(index=INDEX)
    def copy_spell(self, index: int) -> None:
        spells = [s for s in self.host.stack if not self.host.obj(s).ability]
        players = self.host.players
        self.host.copy_spell(players[index % len(players)], spells[index % len(spells)])
        self._faces_changed_only_by_transforms(self._new_entries())

    @precondition(lambda self: bool(self.host.stack))
    @rule(everything=st.booleans())
    def resolve(self, everything: bool) -> None:
        if everything:
            self.host.resolve_all()
        else:
            self.host.resolve()
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(cards=st.lists(st.tuples(st.sampled_from(sorted(R_CARDS)), INDEX), min_size=1, max_size=3),
          transformed=st.booleans(), face_down=st.booleans())
    def put_onto_battlefield(self, cards: list[tuple[str, int]], transformed: bool, face_down: bool) -> None:
        players = self.host.players
        batch = [(R_CARDS[name], players[i % len(players)]) for name, i in cards]
        if transformed and any(card.back is None for card, _ in batch):
            transformed = False
        designation = self.host.designation
        self.host.put_many(batch, transformed=transformed, face_down=face_down)
        entries = self._new_entries()
        for entry in entries:
            if isinstance(entry, rlog.Entered) and entry.transformed:  # 702.145b's replacement
                assert designation is NIGHT and not transformed and not face_down
                assert not any(isinstance(e, rlog.Transformed) and e.permanent == entry.permanent for e in entries)
        self._faces_changed_only_by_transforms(entries)

    @rule(index=INDEX, double_faced=st.booleans())
    def token_copy(self, index: int, double_faced: bool) -> None:
        of = self._permanent(index, lambda o: not o.face_down and not o.phased_out)
        if of is None:
            return
        self.host.create_token_copy(of, double_faced=double_faced)
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX, exile=st.booleans(), back=st.booleans(), transformed=st.booleans())
    def leave_and_return(self, index: int, exile: bool, back: bool, transformed: bool) -> None:
        pid = self._permanent(index)
        if pid is None:
            return
        new = self.host.move(pid, "exile" if exile else "graveyard")
        if back and new is not None:
            obj = self.host.obj(new)
            self.host.return_to_battlefield(new, transformed=transformed and obj.card.back is not None)
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX, phase_in=st.booleans())
    def phase(self, index: int, phase_in: bool) -> None:
        pid = self._permanent(index, lambda o: o.phased_out is phase_in)
        if pid is None:
            return
        if phase_in:
            self.host.phase_in(pid)
        else:
            self.host.phase_out(pid)
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX, back=st.booleans())
    def face_down_or_up(self, index: int, back: bool) -> None:
        pid = self._permanent(index)
        if pid is None:
            return
        obj = self.host.permanent(pid)
        if obj.face_down and not back:
            self.host.turn_face_up(pid)
        else:
            refused = obj.face_down or obj.card.back is not None  # 708.2b, 712.16
            assert self.host.turn_face_down(pid) is not refused
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX, gained=KEYWORD_SETS, lost=KEYWORD_SETS)
    def set_abilities(self, index: int, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        pid = self._permanent(index)
        if pid is None:
            return
        self.host.set_abilities(pid, gained=gained, lost=lost)
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX, name=st.sampled_from(["R0", "R1"]))
    def restriction(self, index: int, name: str) -> None:
        pid = self._permanent(index)
        if pid is None:
            return
        if name in self.host.permanent(pid).restrictions:
            self.host.remove_restriction(pid, name)
        else:
            self.host.add_restriction(pid, name)
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(index=INDEX)
    def request_transform(self, index: int) -> None:
        pid = self._permanent(index)
        if pid is None:
            return
        obj = self.host.permanent(pid)
        day_night = _host_has(obj, DAYBOUND) or _host_has(obj, NIGHTBOUND)
        done = self.host.request_transform(pid, "Moonmist")
        if day_night:
            assert not done  # 702.145b/e
        self._faces_changed_only_by_transforms(self._new_entries())

    @rule(to=st.sampled_from(["day", "night", "switch"]))
    def become(self, to: str) -> None:
        self.host.become(to, "an effect")  # type: ignore[arg-type]
        self._faces_changed_only_by_transforms(self._new_entries())

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

    @invariant()
    def host_and_rules_agree(self) -> None:
        assert self.host.check() == []

    @invariant()
    def never_neither_again(self) -> None:
        if self.host.designation is not NEITHER:
            self.ever_set = True
        elif self.ever_set:
            raise AssertionError("730.1: it became neither again")

    @invariant()
    def faces_match_the_designation(self) -> None:
        designation = self.host.designation
        for obj in self.host.battlefield():
            if designation is NEITHER:
                assert not _host_has(obj, DAYBOUND) and not _host_has(obj, NIGHTBOUND), obj.id
            elif _host_can_transform(obj) and not obj.restrictions and not (
                    _host_has(obj, DAYBOUND) and _host_has(obj, NIGHTBOUND)):
                if designation is NIGHT:
                    assert not (obj.face is Side.FRONT and _host_has(obj, DAYBOUND)), obj.id
                else:
                    assert not (obj.face is Side.BACK and _host_has(obj, NIGHTBOUND)), obj.id


ReferenceHostMachine.TestCase.settings = settings(
    max_examples=100, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_day_night_through_the_reference_host = ReferenceHostMachine.TestCase
