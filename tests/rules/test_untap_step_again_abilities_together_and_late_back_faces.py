"""Three events a host reports in situations the first contract could not say, and face-down permanents with granted
abilities: an additional untap step within a turn (500.8, 502.1, 502.2), ability changes of several permanents at the
same moment (702.145d/g evaluated once), a back face given to a permanent after it entered (712.9, 702.145c), and a
face-down permanent's granted daybound (708.2)."""

from __future__ import annotations

import pytest

from mtg_daynight import BadEventError, DayNight, Face, Permanent
from mtg_daynight.facade import Game
from mtg_daynight.rules import AbilityChange, Designation, DesignationChange, Keyword, Side, Transform

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER
DAYBOUND, NIGHTBOUND = Keyword.DAYBOUND, Keyword.NIGHTBOUND


def ruffian(pid: str = "p1", controller: str = "A", **fields: object) -> Permanent:
    return Permanent(pid, controller, Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True),
                     **fields)  # type: ignore[arg-type]


def brute(pid: str, **fields: object) -> Permanent:
    return Permanent(pid, "A", Face("Brutal Cathar", daybound=True), Face("Moonrage Brute", nightbound=True),
                     face=Side.BACK, **fields)  # type: ignore[arg-type]


@pytest.fixture
def game() -> Game:
    return DayNight(autoload=False, card_data=False).new_game("g", ["A", "B"])


def _unchanged_after(game: Game, call: object, match: str) -> None:
    before = game.save()
    with pytest.raises(BadEventError, match=match):
        call()  # type: ignore[operator]
    assert game.save() == before


# -- an additional untap step (500.8: an additional beginning phase) --------------------------------------------------


def test_502_2_additional_untap_step_checks_the_previous_turn(game: Game) -> None:
    game.untap_step(1, "A")  # A casts nothing in turn 1
    game.untap_step(2, "B")  # neither: no check
    game.enter(ruffian("p1", "B"))  # day (702.145d)
    game.cast("B", "Lightning Bolt")
    game.cast("B", "Lightning Bolt")
    outcome = game.additional_untap_step(2)
    # 502.2 looks at turn 1 again (A cast nothing): B's spells of turn 2 so far don't count.
    assert outcome.actions == (DesignationChange(DAY, NIGHT, "731.2a", True), Transform("p1", Side.BACK, "702.145b"))
    assert any(line.rule == "500.8" and "turn 1 again" in line.text for line in outcome.trace)
    assert "cast 0 spells in turn 1" in outcome.trace[1].text


def test_502_2_additional_untap_step_at_night_counts_only_the_previous_turns_spells(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian())
    game.become("night", "an effect")
    game.cast("A", "Opt")  # one spell in turn 1: not enough (731.2b)
    game.untap_step(2, "B")
    for _ in range(3):
        game.cast("B", "Opt")  # three spells in turn 2, which is not the previous turn
    outcome = game.additional_untap_step(2)
    assert outcome.changes == ()
    assert game.designation is NIGHT
    assert "cast 1 spell in turn 1" in outcome.trace[-1].text


def test_500_8_additional_untap_step_keeps_the_current_turn(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian())
    game.cast("A", "Opt")
    game.untap_step(2, "B")
    game.cast("B", "Opt")
    game.additional_untap_step(2)
    game.cast("B", "Opt")
    state = game.state
    assert state.turn is not None and state.previous is not None
    assert (state.turn.number, state.turn.active, state.turn.cast) == (2, ("B",), {"B": 2})
    assert state.previous.number == 1
    game.additional_untap_step(2)  # a second additional phase is fine too
    # The next turn's check looks at all of turn 2: B cast two spells there... but it is day: it stays day.
    assert game.untap_step(3, "A").changes == ()


def test_502_1_additional_untap_step_phasing_comes_first(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian())  # day; A casts nothing in turn 1
    game.untap_step(2, "B")  # night; p1 transforms
    game.phase_out("p1")
    game.become("day", "an effect")  # p1 is phased out: it stays back face up (702.26b)
    outcome = game.additional_untap_step(2, phased_in=["p1"])
    # 502.1: p1 phases in back face up at day (702.145f); then 502.2: A cast nothing in turn 1, night again.
    assert outcome.actions == (
        Transform("p1", Side.FRONT, "702.145f"),
        DesignationChange(DAY, NIGHT, "731.2a", True),
        Transform("p1", Side.BACK, "702.145b"),
    )


def test_500_8_additional_untap_step_belongs_to_the_current_turn(game: Game) -> None:
    _unchanged_after(game, lambda: game.additional_untap_step(1), "before the first untap step")
    game.untap_step(1, "A")
    game.untap_step(2, "B")
    _unchanged_after(game, lambda: game.additional_untap_step(1), "during turn 2")
    _unchanged_after(game, lambda: game.additional_untap_step(3), "during turn 2")
    _unchanged_after(game, lambda: game.additional_untap_step(2, phased_in=["nope"]), "unknown permanent")


def test_502_2_additional_untap_step_in_a_turn_without_an_untap_step(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian())  # day; A cast nothing in turn 1
    game.untap_step_skipped(2, "B")
    assert game.designation is DAY
    outcome = game.additional_untap_step(2)
    assert outcome.changes == (DesignationChange(DAY, NIGHT, "731.2a", True),)


# -- ability changes at the same moment (702.145d/g once) -------------------------------------------------------------


def _humility_game(game: Game, *, nightbound_first: bool) -> None:
    """A daybound and a nightbound permanent without their abilities while neither (Humility's shape)."""
    game.untap_step(1, "A")
    cards = [brute("night", lost=frozenset({NIGHTBOUND})), ruffian("day", lost=frozenset({DAYBOUND}))]
    game.enter(*(cards if nightbound_first else cards[::-1]))
    assert game.designation is NEITHER


@pytest.mark.parametrize("nightbound_first", [True, False])
@pytest.mark.parametrize("listed_nightbound_first", [True, False])
def test_702_145d_abilities_regained_at_the_same_moment_make_it_day_in_any_order(
    game: Game, nightbound_first: bool, listed_nightbound_first: bool
) -> None:
    _humility_game(game, nightbound_first=nightbound_first)
    changes = [AbilityChange("night"), AbilityChange("day")]
    outcome = game.set_abilities_batch(changes if listed_nightbound_first else changes[::-1])
    assert outcome.changes == (DesignationChange(NEITHER, DAY, "702.145d", False),)
    assert outcome.transforms == (Transform("night", Side.FRONT, "702.145e"),)
    assert game.face_of("day") is Side.FRONT and game.face_of("night") is Side.FRONT


def test_702_145g_one_at_a_time_the_nightbound_one_first_makes_it_night(game: Game) -> None:
    """Why the batch exists: reported one at a time, the first report is evaluated alone."""
    _humility_game(game, nightbound_first=True)
    game.set_abilities("night")
    assert game.designation is NIGHT
    assert game.set_abilities("day").transforms == (Transform("day", Side.BACK, "702.145c"),)


def test_set_abilities_batch_of_one_is_set_abilities(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(Permanent("b", "A", Face("Grizzly Bears")))
    batch = game.set_abilities_batch([AbilityChange("b", gained=frozenset({DAYBOUND}))])
    assert batch.changes == (DesignationChange(NEITHER, DAY, "702.145d", False),)
    assert game.state.relevant == {"b": True}
    game.set_abilities_batch([AbilityChange("b")])
    assert game.state.relevant == {}


def test_set_abilities_batch_refuses_bad_changes_and_changes_nothing(game: Game) -> None:
    _humility_game(game, nightbound_first=True)
    for changes, match in (
        ([AbilityChange("day"), AbilityChange("day")], "listed twice"),
        ([AbilityChange("day"), AbilityChange("ghost")], r"changes\[1\]: unknown permanent"),
        ([AbilityChange("day", gained=frozenset({"dawnbound"}))], "not a keyword"),  # type: ignore[arg-type]
        (["day"], "not an AbilityChange"),
        ("day", "not a tuple or list"),
    ):
        _unchanged_after(game, lambda changes=changes: game.set_abilities_batch(changes), match)


# -- a back face given after it entered (712.9) -----------------------------------------------------------------------


def werewhat(**fields: object) -> Permanent:
    return Permanent("w", "A", Face("Werewhat", daybound=True), **fields)  # type: ignore[arg-type]


def test_712_9_back_face_given_at_night_makes_a_daybound_permanent_transform(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(werewhat())
    game.become("night", "an effect")
    assert game.face_of("w") is Side.FRONT  # no back face yet: it can't transform (701.27)
    outcome = game.set_back_face("w", Face("Exiled Beast", nightbound=True), "Werewhat")
    assert outcome.actions == (Transform("w", Side.BACK, "702.145c"),)
    assert outcome.trace[0].rule == "712.9"
    view = game.permanent("w")
    assert view.card.back == Face("Exiled Beast", nightbound=True) and view.up.name == "Exiled Beast"
    loaded = DayNight(autoload=False, card_data=False).load_game("g", game.save())
    assert loaded.save() == game.save() and loaded.permanent("w").card.back == view.card.back


def test_712_10_instant_back_face_given_later_still_cant_transform(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(werewhat())
    game.become("night", "an effect")
    outcome = game.set_back_face("w", Face("Lightning Bolt", instant_or_sorcery=True), "Werewhat")
    assert outcome.transforms == ()
    assert [line.rule for line in outcome.trace] == ["712.9", "701.27"]


def test_702_145g_back_face_given_to_an_ordinary_permanent_joins_the_day_night_index(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(Permanent("o", "A", Face("Ordinary")))
    assert game.state.relevant == {}
    outcome = game.set_back_face("o", Face("Beast", nightbound=True), "an effect")
    assert outcome.changes == ()  # the nightbound face is not up (702.145g needs a permanent with it)
    assert game.state.relevant == {"o": True}
    DayNight(autoload=False, card_data=False).load_game("copy", game.save())  # the index is a valid state's


def test_set_back_face_refuses_a_permanent_with_one_or_face_down_and_changes_nothing(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian(), werewhat(face_down=True))
    beast = Face("Beast", nightbound=True)
    _unchanged_after(game, lambda: game.set_back_face("p1", beast, "x"), "already has a back face")
    _unchanged_after(game, lambda: game.set_back_face("w", beast, "x"), "face down")
    _unchanged_after(game, lambda: game.set_back_face("ghost", beast, "x"), "unknown permanent")
    _unchanged_after(game, lambda: game.set_back_face("w", "Beast", "x"), "not a Face")  # type: ignore[arg-type]


# -- face-down permanents keep granted abilities (708.2) --------------------------------------------------------------


def test_708_2_face_down_permanent_granted_daybound_makes_it_day(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(Permanent("m", "A", Face("Grizzly Bears"), face_down=True))
    outcome = game.set_abilities("m", gained={DAYBOUND})
    assert outcome.changes == (DesignationChange(NEITHER, DAY, "702.145d", False),)
    assert game.permanent("m").has(DAYBOUND)


def test_708_2_printed_daybound_of_a_face_down_permanent_still_does_not_count(game: Game) -> None:
    game.untap_step(1, "A")
    game.enter(ruffian(face_down=True))
    assert game.designation is NEITHER and not game.permanent("p1").has(DAYBOUND)


def test_708_2_face_down_permanent_with_granted_daybound_entering_while_neither_makes_it_day(game: Game) -> None:
    game.untap_step(1, "A")
    outcome = game.enter(Permanent("m", "A", Face("Grizzly Bears"), face_down=True, gained=frozenset({DAYBOUND})))
    assert outcome.changes == (DesignationChange(NEITHER, DAY, "702.145d", False),)


def test_712_15a_face_down_transforming_permanent_granted_daybound_neither_enters_transformed_nor_transforms(
    game: Game,
) -> None:
    game.untap_step(1, "A")
    game.enter(Permanent("x", "A", Face("Grizzly Bears"), gained=frozenset({NIGHTBOUND})))
    assert game.designation is NIGHT  # 702.145g
    outcome = game.enter(ruffian(face_down=True, gained=frozenset({DAYBOUND})))
    assert outcome.transforms == () and game.face_of("p1") is Side.FRONT
    assert outcome.actions[0].replaced is False  # type: ignore[union-attr]
    assert any(line.rule == "712.15a" for line in outcome.trace)
    game.turn_face_up("p1")  # face up at night with daybound: it transforms now (702.145c)
    assert game.face_of("p1") is Side.BACK
