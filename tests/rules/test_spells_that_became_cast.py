"""601.2i: a spell counts for the 731.2 check once it has become cast, and only then; a copy put on the stack
without casting it (707.10) never counts."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, Game

from .cards import werewolf


def _night_game() -> Game:
    """Turn 1 (P1): a daybound permanent made it day, then an effect made it night."""
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1", controller="P1"))
    g.become("night", "test setup: an effect")
    return g


def test_601_2i_two_spells_that_became_cast_make_it_day() -> None:
    g = _night_game()
    g.cast("P1", "Opt")
    g.cast("P1", "Shock")
    g.untap_step(2, "P2")
    assert g.designation is Designation.DAY


def test_601_2i_copies_never_became_cast_and_do_not_count() -> None:
    g = _night_game()
    g.cast("P1", "Opt")
    g.copy_spell("P1", "Opt")
    g.copy_spell("P1", "Opt")
    g.untap_step(2, "P2")
    assert g.designation is Designation.NIGHT


def test_601_2i_a_spell_counts_in_the_turn_it_became_cast_not_the_next() -> None:
    g = _night_game()
    g.cast("P1", "Opt")
    g.untap_step(2, "P2")  # one spell in turn 1: it stays night
    g.cast("P1", "Shock")  # cast in P2's turn 2 (an instant): it belongs to turn 2, not to P1's turn 1
    g.untap_step(3, "P1")
    assert g.designation is Designation.NIGHT
