"""Rules cases at the edges: "any time" re-checks, turns without an untap step, transforming
tokens, faces that can't be shown or hidden, both keywords on one permanent, the exact untap-step flag, a player
leaving. Each test is named for the rule (Comprehensive Rules 2025 excerpts in the project's shared rules folder).
"""

from __future__ import annotations

import pytest

from mtg_daynight import (
    BadEventError,
    DayNight,
    DayNightError,
    Designation,
    DoesNotEnter,
    EnterFace,
    Face,
    Game,
    Permanent,
    Side,
    Transform,
    UnknownPermanentError,
)
from mtg_daynight.hookspecs import GameState, hookimpl
from mtg_daynight.rules import FaceDownRefused, TransformRefused
from mtg_daynight.rules.saves import decode_state, encode_state

from .cards import (
    BEAR,
    INSTANT_BACK,
    NIGHTBOUND,
    RUFFIAN,
    SMASHER,
    WEREWHAT,
    nightbound_up,
    plain,
    single_faced_copy,
    snapshot,
    werewolf,
)

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER


class Forbid:
    """A test plugin: "it can't become ..." for every designation in ``forbidden`` (the contract's veto hook)."""

    def __init__(self) -> None:
        self.forbidden: set[Designation] = set()

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        return f"a test effect says it can't become {after}" if after in self.forbidden else None


def _game(designation: Designation = NEITHER, *forbidden: Designation) -> tuple[Game, Forbid]:
    daynight = DayNight(autoload=False)
    veto = Forbid()
    daynight.pm.register(veto)
    g = daynight.new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    if designation is not NEITHER:
        g.become(designation, "test setup: an effect")
    veto.forbidden.update(forbidden)
    return g, veto


def token(pid: str, *, face: Side = Side.FRONT, back: Face | None = SMASHER) -> Permanent:
    """A double-faced token copy of Tavern Ruffian // Tavern Smasher (707.8a): both faces, a token."""
    return Permanent(pid, "P1", RUFFIAN, back, face=face, token=True)


# -- 1. "any time": every event that can make 702.145d/g apply looks again ---------------------------------


def test_702_145d_veto_holds_while_neither_with_daybound_present() -> None:
    g, _ = _game(NEITHER, DAY)
    outcome = g.enter(werewolf("w1"), nightbound_up("n1"))
    assert g.designation is NEITHER
    assert [v.after for v in outcome.vetoed] == [DAY]  # 702.145d vetoed; 702.145g does not apply (daybound there)


def test_702_145g_last_daybound_leaving_while_neither_makes_it_night() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(werewolf("w1"), nightbound_up("n1"))
    outcome = g.leave("w1")
    assert [(c.before, c.after, c.rule) for c in outcome.changes] == [(NEITHER, NIGHT, "702.145g")]
    assert g.face_of("n1") is Side.BACK and outcome.transforms == ()


def test_702_145g_last_daybound_phasing_out_while_neither_makes_it_night() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(werewolf("w1"), nightbound_up("n1"))
    outcome = g.phase_out("w1")
    assert [(c.after, c.rule, c.during_untap_step) for c in outcome.changes] == [(NIGHT, "702.145g", False)]
    assert outcome.transforms == ()  # the phased-out daybound one is treated as though it does not exist


def test_702_145g_last_daybound_turned_face_down_while_neither_makes_it_night() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(single_faced_copy("c1"), nightbound_up("n1"))  # a single-faced copy can be turned face down
    outcome = g.turn_face_down("c1")
    assert [(c.after, c.rule) for c in outcome.changes] == [(NIGHT, "702.145g")]


def test_702_145g_last_daybound_losing_the_ability_while_neither_makes_it_night() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(werewolf("w1"), nightbound_up("n1"))
    outcome = g.set_abilities("w1", lost=["daybound"])
    assert [(c.after, c.rule) for c in outcome.changes] == [(NIGHT, "702.145g")]


def test_702_145d_veto_ended_makes_it_day_at_once() -> None:
    g, veto = _game(NEITHER, DAY)
    g.enter(werewolf("w1"))
    assert g.designation is NEITHER
    veto.forbidden.clear()
    outcome = g.veto_ended("the test effect")
    assert [(c.before, c.after, c.rule) for c in outcome.changes] == [(NEITHER, DAY, "702.145d")]
    assert "702.145d" in [line.rule for line in g.trace]


def test_702_145g_veto_ended_makes_it_night_at_once() -> None:
    g, veto = _game(NEITHER, NIGHT)
    g.enter(nightbound_up("n1"))
    assert g.designation is NEITHER
    veto.forbidden.clear()
    outcome = g.veto_ended("the test effect")
    assert [(c.after, c.rule) for c in outcome.changes] == [(NIGHT, "702.145g")]


def test_702_145d_veto_ended_while_another_veto_holds_changes_nothing() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(werewolf("w1"))
    outcome = g.veto_ended("some other effect")  # the day veto still answers
    assert g.designation is NEITHER and outcome.changes == () and [v.after for v in outcome.vetoed] == [DAY]


def test_731_1_veto_ended_at_day_changes_nothing() -> None:
    g, _ = _game(DAY)
    outcome = g.veto_ended("an effect")
    assert outcome.actions == () and g.designation is DAY


def test_702_145g_leaving_while_day_is_not_a_recheck() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("w1"))
    assert g.leave("w1").actions == ()  # 731.1: it stays day


# -- 2. a turn that begins without an untap step (502.2 is part of the untap step) ---------------------------


def test_502_2_turn_without_untap_step_has_no_check() -> None:
    g, _ = _game(DAY)  # turn 1: P1 casts nothing
    outcome = g.untap_step_skipped(2, "P2")
    assert outcome.changes == () and g.designation is DAY
    assert outcome.trace[0].rule == "502.2" and "without an untap step" in outcome.trace[0].text
    assert g.state.turn is not None and g.state.turn.untap_step is False


def test_502_2_turn_without_untap_step_is_still_the_previous_turn() -> None:
    g, _ = _game(DAY)
    g.cast("P1")
    g.untap_step_skipped(2, "P2")  # P2 casts nothing in a turn without an untap step
    outcome = g.untap_step(3, "P1")
    assert [(c.after, c.rule, c.during_untap_step) for c in outcome.changes] == [(NIGHT, "731.2a", True)]
    assert "turn without an untap step" in outcome.trace[0].text


def test_502_2_spells_of_a_turn_without_untap_step_belong_to_it() -> None:
    g, _ = _game(NIGHT)
    g.untap_step_skipped(2, "P2")
    g.cast("P2")
    g.cast("P2")
    outcome = g.untap_step(3, "P1")
    assert [(c.after, c.rule) for c in outcome.changes] == [(DAY, "731.2b")]


def test_502_2_turn_without_untap_step_survives_save_and_load() -> None:
    g, _ = _game(DAY)
    g.untap_step_skipped(2, "P2")
    state = decode_state(encode_state(g.state))
    assert state.turn is not None and not state.turn.untap_step and state.previous is not None
    assert state.previous.untap_step


# -- 3. double-faced tokens (707.8a, 707.10g): not "represented by a double-faced card" (702.145b) -------------


def test_702_145b_double_faced_token_at_night_enters_front_face_up_then_transforms_702_145c() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(token("t1"))
    assert outcome.actions == (
        EnterFace("t1", Side.FRONT, False, "702.145b"),
        Transform("t1", Side.BACK, "702.145c"),  # a real transform: "when this transforms" triggers
    )
    assert "double-faced token" in outcome.trace[0].text


def test_702_145b_double_faced_card_at_night_enters_transformed_token_does_not() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(werewolf("card"), token("tok"))
    assert outcome.entered == (EnterFace("card", Side.BACK, True, "702.145b"),
                               EnterFace("tok", Side.FRONT, False, "702.145b"))
    assert outcome.transforms == (Transform("tok", Side.BACK, "702.145c"),)


def test_707_8a_token_copy_of_a_back_face_up_permanent_enters_back_face_up() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(token("t1", face=Side.BACK))
    assert outcome.actions == (EnterFace("t1", Side.BACK, False, "702.145b"),)


def test_707_8a_double_faced_token_at_day_enters_front_face_up() -> None:
    g, _ = _game(DAY)
    assert g.enter(token("t1")).actions == (EnterFace("t1", Side.FRONT, False, "702.145b"),)


def test_707_8a_double_faced_token_makes_it_day_while_neither_702_145d() -> None:
    g, _ = _game(NEITHER)
    outcome = g.enter(token("t1"))
    assert [(c.after, c.rule) for c in outcome.changes] == [(DAY, "702.145d")]


def test_712_10_double_faced_token_with_an_instant_back_face_at_night_stays_front_face_up() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(Permanent("t1", "P1", WEREWHAT, INSTANT_BACK, token=True))
    assert outcome.actions == (EnterFace("t1", Side.FRONT, False, "702.145b"),)  # no 712.13a: not entering
    assert g.face_of("t1") is Side.FRONT  # transformed; and 712.10 forbids the 702.145c transform


def test_702_145b_single_faced_token_copy_at_night_stays_as_it_is() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(token("t1", back=None))
    assert outcome.actions == (EnterFace("t1", Side.FRONT, False, "702.145b"),)


def test_712_9_double_faced_token_can_be_transformed_by_daybound_only() -> None:
    g, _ = _game(DAY)
    g.enter(token("t1"))
    assert g.request_transform("t1", "Moonmist").refused[0].rule == "702.145b"
    assert g.become("night", "an effect").transforms == (Transform("t1", Side.BACK, "702.145b"),)


# -- 4. faces that can't be hidden (712.16, 708.2b) or shown (712.15a, 712.13a) --------------------------------


def test_712_16_double_faced_cant_be_turned_face_down() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("w1"))
    before = snapshot(g)
    outcome = g.turn_face_down("w1")
    assert outcome.actions == (FaceDownRefused("w1", "712.16", outcome.face_down_refused[0].reason),)
    assert "nothing happens" in str(outcome.trace[0])
    assert not g.permanent("w1").face_down
    assert g.permanent("w1") == decode_state(before).permanents["w1"].view()  # nothing happened to it


def test_712_16_double_faced_token_cant_be_turned_face_down() -> None:
    g, _ = _game(DAY)
    g.enter(token("t1"))
    assert [r.rule for r in g.turn_face_down("t1").face_down_refused] == ["712.16"]


def test_708_2b_face_down_permanent_cant_be_turned_face_down_again() -> None:
    g, _ = _game(DAY)
    g.enter(plain("b1"))
    assert g.turn_face_down("b1").actions == ()
    outcome = g.turn_face_down("b1")
    assert [r.rule for r in outcome.face_down_refused] == ["708.2b"] and g.permanent("b1").face_down


def test_712_15a_face_down_transforming_permanent_cant_transform() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("fd", face_down=True))
    outcome = g.request_transform("fd", "Moonmist")
    assert outcome.actions == (TransformRefused("fd", "712.15a", outcome.refused[0].reason),)


def test_712_15a_turned_face_up_at_night_has_its_front_face_up_then_702_145c() -> None:
    g, _ = _game(NIGHT)
    g.enter(werewolf("fd", face=Side.BACK, face_down=True))
    outcome = g.turn_face_up("fd")
    assert [line.rule for line in outcome.trace][:1] == ["712.15a"]
    assert outcome.transforms == (Transform("fd", Side.BACK, "702.145c"),)


def test_712_13a_daybound_with_instant_back_at_night_does_not_enter() -> None:
    g, _ = _game(NIGHT)
    outcome = g.enter(Permanent("ww", "P1", WEREWHAT, INSTANT_BACK), plain("b1"))
    assert outcome.actions[0] == DoesNotEnter("ww", "712.13a", outcome.not_entered[0].reason)
    assert outcome.face_of("ww") is None and "graveyard" in str(outcome.trace[0])
    assert "ww" not in g.state.permanents and "b1" in g.state.permanents  # the rest of the batch enters
    with pytest.raises(BadEventError, match="unknown permanent 'ww'"):
        g.leave("ww")


def test_712_13a_put_transformed_with_instant_back_does_not_enter_whatever_the_designation() -> None:
    for designation in (NEITHER, DAY):
        g, _ = _game(designation)
        outcome = g.enter(Permanent("x", "P1", Face("Fixture front"), INSTANT_BACK, face=Side.BACK))
        assert [a.rule for a in outcome.not_entered] == ["712.13a"] and g.designation is designation


def test_712_13a_daybound_with_instant_back_at_day_enters_front_face_up() -> None:
    g, _ = _game(DAY)
    outcome = g.enter(Permanent("ww", "P1", WEREWHAT, INSTANT_BACK))
    assert outcome.actions == (EnterFace("ww", Side.FRONT, False, "702.145b"),)


# -- 5. both daybound and nightbound: "can't" wins (101.2) -------------------------------------------------


def test_101_2_daybound_and_nightbound_on_one_permanent_does_not_transform_as_it_becomes_night() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("w1"))
    g.set_abilities("w1", gained=[NIGHTBOUND])
    outcome = g.become("night", "an effect")
    assert outcome.transforms == () and g.face_of("w1") is Side.FRONT
    assert any(line.rule == "101.2" for line in outcome.trace)


def test_101_2_both_keywords_back_face_up_does_not_transform_as_it_becomes_day() -> None:
    g, _ = _game(NIGHT)
    g.enter(werewolf("w1"))  # enters transformed
    g.set_abilities("w1", gained=["daybound"])
    outcome = g.become("day", "an effect")
    assert outcome.transforms == () and g.face_of("w1") is Side.BACK


def test_101_2_gaining_the_other_keyword_at_night_front_face_up_does_not_transform_702_145c() -> None:
    g, _ = _game(NIGHT)
    g.enter(Permanent("w1", "P1", BEAR, SMASHER))  # front face has no keyword
    outcome = g.set_abilities("w1", gained=["daybound", "nightbound"])
    assert outcome.transforms == () and any(line.rule == "101.2" for line in outcome.trace)


def test_101_2_both_keywords_still_refuse_other_transforms() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("w1"))
    g.set_abilities("w1", gained=["nightbound"])
    assert g.request_transform("w1", "Moonmist").refused[0].rule == "702.145b"


# -- 6. the untap-step flag is exact: 502.1 phasing is part of the untap step --------------------------------


def test_502_1_daybound_phasing_in_while_neither_makes_it_day_during_the_untap_step() -> None:
    g, veto = _game(NEITHER, DAY)
    g.enter(werewolf("w1"))
    g.phase_out("w1")
    veto.forbidden.clear()
    assert g.veto_ended("the test effect").changes == ()  # phased out: treated as though it does not exist
    g.cast("P1")  # so that the 502.2 check after the phasing keeps it day
    outcome = g.untap_step(2, "P2", phased_in=["w1"])
    assert [(c.after, c.rule, c.during_untap_step) for c in outcome.changes] == [(DAY, "702.145d", True)]
    assert "in the untap step (after 502.1 phasing)" in str(outcome.trace[0])


def test_502_1_last_daybound_phasing_out_while_neither_makes_it_night_during_the_untap_step() -> None:
    g, _ = _game(NEITHER, DAY)
    g.enter(werewolf("w1"), nightbound_up("n1"))
    outcome = g.untap_step(2, "P2", phased_out=["w1"])
    assert [(c.after, c.rule, c.during_untap_step) for c in outcome.changes] == [(NIGHT, "702.145g", True)]


def test_502_2_check_change_is_during_the_untap_step_and_effects_are_not() -> None:
    g, _ = _game(DAY)
    outcome = g.untap_step(2, "P2")
    assert [c.during_untap_step for c in outcome.changes] == [True]
    assert [c.during_untap_step for c in g.become("day", "an effect").changes] == [False]


# -- 7. queries of a permanent that has left ------------------------------------------------------------------


def test_face_of_a_permanent_that_left_raises_a_documented_day_night_error() -> None:
    g, _ = _game(DAY)
    g.enter(werewolf("w1"))
    g.leave("w1")
    for query in (g.face_of, g.permanent):
        with pytest.raises(UnknownPermanentError, match="'w1'") as error:
            query("w1")
        assert isinstance(error.value, DayNightError) and isinstance(error.value, KeyError)


# -- a player leaving the game (800.4a) ------------------------------------------------------------------------


def test_800_4a_player_left_their_turn_still_counts_at_the_next_check() -> None:
    g, _ = _game(DAY)  # turn 1 is P1's: P1 casts nothing, then leaves the game
    g.player_left("P1")
    outcome = g.untap_step(2, "P2")
    assert [(c.after, c.rule) for c in outcome.changes] == [(NIGHT, "731.2a")]


def test_800_4a_events_naming_a_player_who_left_are_bad_events() -> None:
    g, _ = _game(DAY)
    g.player_left("P2")
    before = snapshot(g)
    for call in (lambda: g.cast("P2"), lambda: g.enter(werewolf("w1", "P2")), lambda: g.untap_step(2, "P2"),
                 lambda: g.player_left("P2"), lambda: g.player_left("P1")):
        with pytest.raises(BadEventError):
            call()
        assert snapshot(g) == before


# -- a veto's source going away is an "any time" moment too (the reference host's veto reads the rules' state) ----


@pytest.mark.parametrize("how", ["leaves", "phases out", "is turned face down"])
def test_702_145d_veto_source_going_away_while_neither_makes_it_day_at_once(how: str) -> None:
    from mtg_daynight.reference import Card, ReferenceHost

    host = ReferenceHost(["P1", "P2"])
    host.begin_turn()
    warden = host.put_onto_battlefield(Card(Face("Fixture Dawn Warden"), forbids=frozenset({DAY})), "P1")  # FIXTURE
    host.put_onto_battlefield(Card(RUFFIAN, SMASHER), "P1")
    assert host.designation is NEITHER
    {"leaves": lambda: host.move(warden, "graveyard"), "phases out": lambda: host.phase_out(warden),
     "is turned face down": lambda: host.turn_face_down(warden)}[how]()
    assert host.designation is DAY
    assert host.game.trace[-1].rule == "702.145d"
