"""Real python-mtg games on the rules of face-down and double-faced permanents: a face-down werewolf turned
face up (712.15a), a permanent spell that would enter transformed with an instant back face (712.13a)
and tokens (111.1).

Each test plays its own game (fixed seeds, forced opening hands: see pmtg_driving). Where python-mtg has no
move for the event (turning a permanent face down from the hand, creating a token), the test calls the
python-mtg driver function the adapter wraps or syncs around, on the game's current position."""

from __future__ import annotations

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

from pmtg_driving import Table  # noqa: E402

from mtg_daynight import Designation, Side  # noqa: E402
from mtg_daynight.rules import DoesNotEnter, EnterFace, Transform  # noqa: E402

pytestmark = pytest.mark.python_mtg


def _night(table: Table) -> str:
    """Hound Tamer cast in alice's fourth turn makes it day (702.145d); she casts nothing in her next turn, so
    it is night in her untap step after it (731.2a). Returns the Tamer's id."""
    table.until("alice", after=5)
    tamer = table.cast("Hound Tamer")
    table.until("alice", after=table.g.turn_number)
    assert table.daynight.designation is Designation.NIGHT
    return tamer


def _tamer_in_hand(table: Table) -> str:
    return next(c for (p, c) in table.g.state["in_hand"] if p == "alice" and c.startswith("hound_tamer"))


def test_712_15a_face_down_werewolf_turned_face_up_at_night_shows_its_front_face_then_transforms() -> None:
    from mtg import driver

    table = Table(seed=3)
    _night(table)
    second = _tamer_in_hand(table)
    assert driver.cast_face_down(table.g.state, second, "alice")  # morph-style cast: enters face down (708.2)
    assert table.daynight.state.permanents[second].face_down
    # python-mtg left its instance on the back face: the adapter turns it front face up first (712.15a)
    from mtg_daynight_python_mtg import faces

    faces.set_face(table.g.state, second, Side.BACK)
    assert driver.turn_face_up(table.g.state, second)
    # 712.15a: front face up; then it is night and it is daybound, so 702.145c transforms it at once
    assert [type(a) for a in table.outcomes_about(second)] == [EnterFace, Transform]
    assert [a.to for a in table.outcomes_about(second) if isinstance(a, Transform)] == [Side.BACK]
    assert any(line.rule == "712.15a" for r in table.daynight.reported for line in r.outcome.trace)
    assert table.daynight.face_of(second) is Side.BACK
    assert table.card(second).name == "Untamed Pup"
    table.daynight.end()


def test_712_13a_werewolf_with_an_instant_back_face_cast_at_night_goes_to_the_graveyard() -> None:
    table = Table(seed=3)
    _night(table)
    second = _tamer_in_hand(table)
    # FIXTURE, not real card data: no printed transforming card has an instant back face, so this test points
    # the second Tamer's back face at python-mtg's real Battlegrowth (an instant) in this game's position only
    state = table.g.state
    state["transform_target"] = {r for r in state["transform_target"] if r[0] != second} | {(second, "battlegrowth")}
    assert table.cast("Hound Tamer") == second
    # daybound's replacement at night would make it enter transformed; its back face is an instant: 712.13a
    assert [type(a) for a in table.outcomes_about(second)] == [DoesNotEnter]
    assert table.outcomes_about(second)[0].rule == "712.13a"
    assert second not in table.daynight.state.permanents
    state = table.g.state  # the position after the cast (python-mtg's push works on a copy)
    assert (second,) not in state.get("on_battlefield", set()) and (second,) in state.get("graveyard", set())
    assert not any(row[0] == second for row in state.get("on_stack", set()))
    assert table.card(second).zone == "graveyard"
    assert table.daynight.face_of(second) is Side.FRONT
    turn = table.g.turn_number
    table.until("bob", after=turn)  # the game goes on: one spell (the Tamer) in alice's turn, still night
    assert table.daynight.designation is Designation.NIGHT
    table.daynight.end()


def test_111_1_python_mtg_tokens_are_reported_as_tokens() -> None:
    from mtg import driver

    table = Table(seed=3)
    table.until("alice", after=1)
    driver._create_token(table.g.state, "2_2_black_zombie_creature", "alice", 1)  # an effect's token (111.1)
    table.skip()  # the next wrapped step compares the battlefield with the rules and reports the entry
    token = "2_2_black_zombie_creature#1"
    assert token in table.daynight.state.permanents  # reported as it entered, by the battlefield comparison
    from mtg_daynight_python_mtg import faces

    state = table.g.state
    namer = table.daynight.session.namer
    described = faces.describe(state, token, namer)  # what the adapter hands to Game.enter
    assert described.token and described.back is None  # python-mtg's tokens are single-faced
    forest = next(p for p in table.daynight.state.permanents if p.startswith("forest"))
    assert not faces.describe(state, forest, namer).token
    table.daynight.end()


def test_712_13a_card_an_effect_put_onto_the_battlefield_transformed_with_an_instant_back_face_leaves_again() -> None:
    table = Table(seed=3)
    table.until("alice", after=1)
    tamer = _tamer_in_hand(table)
    # FIXTURE, as above: the Tamer's back face is python-mtg's Battlegrowth (an instant). Then the test does
    # what a python-mtg "put it onto the battlefield transformed" effect would do: battlefield, back face up.
    state = table.g.state
    state["transform_target"] = {r for r in state["transform_target"] if r[0] != tamer} | {(tamer, "battlegrowth")}
    state["in_hand"] = {r for r in state["in_hand"] if r[1] != tamer}
    state["on_battlefield"] = set(state["on_battlefield"]) | {(tamer,)}
    state["printed_control"] = set(state["printed_control"]) | {("alice", tamer)}
    state["instance_of"] = {r for r in state["instance_of"] if r[0] != tamer} | {(tamer, "battlegrowth")}
    table.skip()  # the next wrapped step reports the entry after the fact; the outcome says it does not enter
    assert [type(a) for a in table.outcomes_about(tamer)] == [DoesNotEnter]
    state = table.g.state
    assert (tamer,) not in state["on_battlefield"] and (tamer,) in state["graveyard"]
    assert tamer not in table.daynight.state.permanents
    assert table.daynight.face_of(tamer) is Side.FRONT  # in the graveyard it is Hound Tamer again (712.8a)
    assert table.daynight.designation is Designation.NEITHER  # it never entered: no day (702.145d)
    table.daynight.end()


def test_707_10g_copy_of_a_daybound_spell_resolving_at_night_is_a_double_faced_token_that_transforms() -> None:
    from mtg import driver

    table = Table(seed=3)
    _night(table)
    second = _tamer_in_hand(table)
    # python-mtg has no card here that copies a creature spell, so the test does what one would: the Tamer is
    # put on the stack as a creature spell and python-mtg's own _copy_spell copies it (707.10: not cast)
    state = table.g.state
    state["in_hand"] = {r for r in state["in_hand"] if r[1] != second}
    driver._stack_push(state, second, "alice")
    state["spell_type"] = set(state.get("spell_type", ())) | {(second, "creature")}
    (copy,) = driver._copy_spell(state, second, "alice", 1)
    driver._resolve_top(state)  # the copy resolves first and becomes a token (707.10f) with both faces (707.10g)
    driver._resolve_top(state)  # then the card
    # the token is not represented by a double-faced card: 702.145b's replacement does not apply, it enters
    # front face up and 702.145c transforms it at once (a real transform)
    assert [(type(a), getattr(a, "replaced", None)) for a in table.outcomes_about(copy)] == [
        (EnterFace, False),
        (Transform, None),
    ]
    assert [a.rule for a in table.outcomes_about(copy)] == ["702.145b", "702.145c"]
    assert table.daynight.face_of(copy) is Side.BACK
    assert table.card(copy).name == "Untamed Pup"
    # the card itself enters transformed (702.145b), no transform
    (card_entry,) = table.outcomes_about(second)
    assert isinstance(card_entry, EnterFace) and card_entry.face is Side.BACK and card_entry.replaced
    table.daynight.end()
