"""805 (shared team turns): the 731.2 check judges the previous turn's active team as a whole, turn after turn,
and a game's turns keep their teams through save and load."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, Game

from .cards import werewolf

TEAM_A, TEAM_B = ("A1", "A2"), ("B1", "B2")


def _day_game() -> Game:
    g = DayNight(autoload=False).new_game("g1", [*TEAM_A, *TEAM_B])
    g.untap_step(1, TEAM_A)
    g.enter(werewolf("w1", controller="A1"))
    assert g.designation is Designation.DAY
    return g


def test_805_each_check_judges_the_team_whose_turn_just_ended() -> None:
    g = _day_game()
    g.cast("A2")  # team A cast a spell in its turn 1: stays day
    g.untap_step(2, TEAM_B)
    assert g.designation is Designation.DAY
    g.cast("A1")
    g.cast("A1")  # team A's spells in team B's turn 2 count for nothing: team B cast none
    g.untap_step(3, TEAM_A)
    assert g.designation is Designation.NIGHT
    g.cast("A1")
    g.cast("A1")  # one player of the active team A cast two in turn 3
    g.untap_step(4, TEAM_B)
    assert g.designation is Designation.DAY


def test_805_team_turns_survive_save_and_load() -> None:
    g = DayNight(autoload=False).new_game("g1", [*TEAM_A, *TEAM_B])
    g.untap_step(1, TEAM_A)
    g.enter(werewolf("w1", controller="A1"))
    g.cast("B1")  # not the active team's spell
    loaded = DayNight(autoload=False).load_game("g1", g.save())
    loaded.untap_step(2, TEAM_B)
    assert loaded.designation is Designation.NIGHT
