"""Real python-mtg games with day and night attached: the designation and the faces, turn by turn.

Each test plays its own game with fixed seeds and forced opening hands (see pmtg_driving). python-mtg plays a
land a turn for each player; alice is on the play, so she is active in the even engine turns (turn_number)."""

from __future__ import annotations

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

from pmtg_driving import BOUNCER, BOUNCER_HAND, TAMER, Table  # noqa: E402

from mtg_daynight import Designation, Side  # noqa: E402
from mtg_daynight.rules import EnterFace, Transform  # noqa: E402

pytestmark = pytest.mark.python_mtg


def _day_with_tamer(table: Table) -> str:
    """Alice passes until her fourth land, then casts Hound Tamer (with one land left over, so the push stops in
    her turn)."""
    table.until("alice", after=5)
    assert table.daynight.designation is Designation.NEITHER
    return table.cast("Hound Tamer")


def test_702_145d_day_when_the_first_daybound_permanent_enters() -> None:
    table = Table(seed=3)
    tamer = _day_with_tamer(table)
    assert table.daynight.designation is Designation.DAY
    assert table.daynight.face_of(tamer) is Side.FRONT
    assert table.card(tamer).power == 3
    assert any(line.rule == "702.145d" for line in table.daynight.trace)
    entered = [a for a in table.outcomes_about(tamer) if isinstance(a, EnterFace)]
    assert entered == [EnterFace(tamer, Side.FRONT, False, "702.145b")] or (
        len(entered) == 1 and entered[0].face is Side.FRONT and not entered[0].replaced
    )
    table.daynight.end()


def test_731_2a_night_after_a_turn_without_spells_flips_the_same_object() -> None:
    table = Table(seed=3)
    tamer = _day_with_tamer(table)
    turn = table.g.turn_number
    table.until("bob", after=turn)  # bob has Grizzly Bears to cast and casts nothing
    assert table.daynight.designation is Designation.DAY
    table.until("alice", after=turn + 1)
    assert table.daynight.designation is Designation.NIGHT
    assert any(line.rule == "731.2a" for line in table.daynight.trace)
    # the same object shows its back face: printed characteristics re-derived, nothing else changed
    card = table.card(tamer)
    assert table.daynight.face_of(tamer) is Side.BACK
    assert table.daynight.rules_face_of(tamer) is Side.BACK
    assert (card.name, card.power, card.toughness, card.subtypes) == ("Untamed Pup", 4, 4, ["werewolf"])
    transforms = [a for a in table.outcomes_about(tamer) if isinstance(a, Transform)]
    assert [t.to for t in transforms] == [Side.BACK]
    # it flipped in alice's own untap step and is still ready to attack (python-mtg's own transform would
    # have made it a new, summoning-sick object)
    assert not card.summoning_sick
    table.skip()  # leave the main phase
    assert tamer in table.attackers_offered()
    table.daynight.end()


def test_731_2b_back_to_day_after_two_spells_keeps_counters_and_tapped_status() -> None:
    table = Table(seed=3)
    tamer = _day_with_tamer(table)
    table.until("alice", after=table.g.turn_number)
    assert table.daynight.designation is Designation.NIGHT
    table.targets["target"] = tamer
    table.cast("Battlegrowth")
    table.cast("Battlegrowth")
    assert table.counters(tamer) == {"p1p1": 2}
    assert table.card(tamer).power == 6
    # python-mtg does not tap attackers; tap it with the engine's own tap so that the flip in bob's untap step
    # (which does not untap alice's permanents) can show that tapped status survives it
    from mtg import driver

    driver._tap(table.g.state, tamer)
    turn = table.g.turn_number
    table.until("bob", after=turn)
    assert table.daynight.designation is Designation.DAY
    assert any(line.rule == "731.2b" for line in table.daynight.trace)
    card = table.card(tamer)
    assert table.daynight.face_of(tamer) is Side.FRONT
    assert (card.name, card.power, card.toughness) == (TAMER, 5, 5)
    assert table.counters(tamer) == {"p1p1": 2}
    assert card.tapped and not card.summoning_sick
    table.daynight.end()


def test_702_145b_cast_at_night_enters_back_face_up_without_transforming() -> None:
    table = Table(seed=3)
    first = _day_with_tamer(table)
    table.until("alice", after=table.g.turn_number)
    assert table.daynight.designation is Designation.NIGHT
    second = table.cast("Hound Tamer")
    assert second != first
    # right after it resolved: back face up, as a replacement, and never transformed
    assert table.daynight.face_of(second) is Side.BACK
    actions = table.outcomes_about(second)
    assert actions == [a for a in actions if isinstance(a, EnterFace)]
    assert len(actions) == 1 and actions[0].face is Side.BACK and actions[0].replaced
    card = table.card(second)
    assert (card.name, card.power, card.summoning_sick) == ("Untamed Pup", 4, True)
    table.targets["target"] = second
    table.cast("Battlegrowth")  # alice's 2nd and 3rd spells this turn: it becomes day in bob's untap step
    table.cast("Battlegrowth")
    assert table.counters(second) == {"p1p1": 2}
    turn = table.g.turn_number
    table.until("bob", after=turn)
    assert table.daynight.designation is Designation.DAY
    card = table.card(second)
    assert table.daynight.face_of(second) is Side.FRONT
    assert (card.name, card.power, table.counters(second)) == (TAMER, 5, {"p1p1": 2})
    assert [a.to for a in table.outcomes_about(second) if isinstance(a, Transform)] == [Side.FRONT]
    # on alice's next turn it has been hers since the turn began: it can attack
    table.until("alice", after=turn + 1)
    assert not table.card(second).summoning_sick
    table.skip()
    assert second in table.attackers_offered()
    table.daynight.end()


def test_faces_right_after_a_card_leaves_and_returns() -> None:
    table = Table(BOUNCER, BOUNCER_HAND, seed=5)
    tamer = _day_with_tamer(table)
    table.until("alice", after=table.g.turn_number)
    assert table.daynight.designation is Designation.NIGHT
    assert table.daynight.face_of(tamer) is Side.BACK
    table.targets["target"] = tamer
    table.cast("Unsummon", target=tamer)  # alice returns her own Untamed Pup to her hand
    card = table.card(tamer)
    assert card.zone == "hand"
    # 712.8a: in the hand it is Hound Tamer again (python-mtg alone would keep Untamed Pup's identity)
    assert table.daynight.face_of(tamer) is Side.FRONT
    assert (card.name, card.power) == ("Hound Tamer // Untamed Pup", 3)
    assert tamer not in table.daynight.state.permanents
    assert table.cast("Hound Tamer") == tamer  # cast again, at night: alice's second spell this turn
    # she has nothing left to do, so the push ran on through bob's untap step (two spells: day again)
    assert table.daynight.designation is Designation.DAY
    faces = [
        (type(a).__name__, a.face if isinstance(a, EnterFace) else a.to, getattr(a, "replaced", None))
        for a in table.outcomes_about(tamer)
    ]
    assert faces == [
        ("EnterFace", Side.FRONT, False),  # cast by day
        ("Transform", Side.BACK, None),  # night (731.2a)
        ("EnterFace", Side.BACK, True),  # back from the hand at night: enters transformed (702.145b)
        ("Transform", Side.FRONT, None),  # day (731.2b)
    ]
    assert table.daynight.face_of(tamer) is Side.FRONT
    assert table.card(tamer).power == 3
    table.daynight.end()
