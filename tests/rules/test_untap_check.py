"""731.2a-c and 502.1-502.3: the day/night check in the untap step, after phasing, from the previous turn."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, DesignationChange, Game, Side, Transform

from .cards import werewolf

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER


def _day_game(players: tuple[str, ...] = ("P1", "P2")) -> Game:
    """Turn 1 begun (active: the first player), and it is day through a daybound permanent."""
    g = DayNight(autoload=False).new_game("g1", players)
    g.untap_step(1, players[0])
    g.enter(werewolf("w1", controller=players[0]))
    assert g.designation is DAY
    return g


def _night_game(players: tuple[str, ...] = ("P1", "P2")) -> Game:
    g = _day_game(players)
    g.become("night", "test setup: an effect")
    assert g.designation is NIGHT
    return g


def test_731_2a_day_becomes_night_when_previous_active_player_cast_no_spells() -> None:
    g = _day_game()
    outcome = g.untap_step(2, "P2")  # P1 cast nothing in turn 1
    assert outcome.changes == (DesignationChange(DAY, NIGHT, "731.2a", True),)
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert g.designation is NIGHT


def test_731_2a_one_spell_keeps_it_day() -> None:
    g = _day_game()
    g.cast("P1", "Opt")
    outcome = g.untap_step(2, "P2")
    assert outcome.changes == ()
    assert g.designation is DAY
    assert str(outcome.trace[-1]) == "731.2: it stays day: previous active player P1 cast 1 spell in turn 1"


def test_731_2b_night_becomes_day_when_previous_active_player_cast_two_spells() -> None:
    g = _night_game()
    g.cast("P1")
    g.cast("P1")
    outcome = g.untap_step(2, "P2")
    assert outcome.changes == (DesignationChange(NIGHT, DAY, "731.2b", True),)
    assert outcome.transforms == (Transform("w1", Side.FRONT, "702.145e"),)
    assert g.designation is DAY


def test_731_2b_three_spells_also_make_it_day() -> None:
    g = _night_game()
    for _ in range(3):
        g.cast("P1")
    g.untap_step(2, "P2")
    assert g.designation is DAY


def test_731_2b_one_spell_keeps_it_night() -> None:
    g = _night_game()
    g.cast("P1")
    outcome = g.untap_step(2, "P2")
    assert outcome.changes == ()
    assert g.designation is NIGHT


def test_731_2b_zero_spells_keep_it_night() -> None:
    g = _night_game()
    g.untap_step(2, "P2")
    assert g.designation is NIGHT


def test_731_2a_other_players_spells_do_not_count() -> None:
    g = _day_game()
    for _ in range(3):
        g.cast("P2", "an instant in P1's turn")  # not the active player
    g.untap_step(2, "P2")
    assert g.designation is NIGHT


def test_731_2b_other_players_spells_do_not_count() -> None:
    g = _night_game(("P1", "P2", "P3"))
    g.cast("P1")
    g.cast("P2")
    g.cast("P3")
    g.cast("P3")
    g.untap_step(2, "P2")
    assert g.designation is NIGHT  # P1, the active player, cast only one


def test_731_2b_active_players_spells_in_another_players_turn_do_not_count() -> None:
    g = _night_game()
    g.untap_step(2, "P2")
    g.cast("P1", "instant in P2's turn")
    g.cast("P1", "instant in P2's turn")
    g.untap_step(3, "P1")  # checks turn 2: P2 (active) cast none
    assert g.designation is NIGHT
    g.cast("P1")
    g.untap_step(4, "P2")  # checks turn 3: P1 cast 1 during their own turn; the 2 from turn 2 don't count
    assert g.designation is NIGHT


def test_731_2a_active_players_spells_in_another_players_turn_do_not_count() -> None:
    g = _day_game()
    g.cast("P1")
    g.untap_step(2, "P2")
    assert g.designation is DAY
    g.cast("P1", "instant in P2's turn")
    g.untap_step(3, "P1")  # P2 cast nothing in turn 2
    assert g.designation is NIGHT


def test_731_2_spells_do_not_carry_over_from_earlier_turns() -> None:
    g = _night_game()
    g.cast("P1")
    g.untap_step(2, "P2")
    g.cast("P2")
    g.untap_step(3, "P1")
    g.cast("P1")
    g.untap_step(4, "P2")  # P1 cast 1 in turn 1 and 1 in turn 3: never two in one turn
    assert g.designation is NIGHT


def test_731_2b_copies_not_cast_do_not_count() -> None:
    g = _night_game()
    g.cast("P1", "Galvanic Iteration")
    for _ in range(3):
        outcome = g.copy_spell("P1", "a copy of Lightning Bolt")
        assert "not counted" in str(outcome.trace[0])
    g.untap_step(2, "P2")
    assert g.designation is NIGHT


def test_731_2a_copies_not_cast_do_not_count() -> None:
    g = _day_game()
    g.copy_spell("P1", "a storm copy")
    g.untap_step(2, "P2")
    assert g.designation is NIGHT


def test_731_2_cast_copies_do_count() -> None:
    g = _night_game()
    g.cast("P1", "a spell")
    g.cast("P1", "a copy cast (Isochron Scepter)")  # a copy that is cast is a cast spell
    g.untap_step(2, "P2")
    assert g.designation is DAY


def test_731_2_extra_turn_same_player_twice_in_a_row() -> None:
    g = _day_game()
    g.cast("P1")
    g.untap_step(2, "P1")  # an extra turn: P1 again
    assert g.designation is DAY
    outcome = g.untap_step(3, "P1")  # another extra turn; P1 cast nothing in turn 2
    assert outcome.changes == (DesignationChange(DAY, NIGHT, "731.2a", True),)
    assert "previous active player P1 cast 0 spells in turn 2" in str(outcome.trace[0])
    g.cast("P1")
    g.cast("P1")
    g.untap_step(4, "P2")
    assert g.designation is DAY


def test_731_2_extra_turn_gets_the_next_number_and_checks_the_turn_just_ended() -> None:
    g = _day_game()
    g.untap_step(2, "P2")  # night: P1 cast 0 in turn 1
    g.cast("P2")
    g.cast("P2")
    g.untap_step(3, "P2")  # P2's extra turn: checks turn 2 (P2 cast two)
    assert g.designation is DAY


def test_731_2_no_check_on_the_first_turn_of_the_game() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.become("day", "an effect before the game's first turn")
    outcome = g.untap_step(1, "P1")  # there is no previous turn, so no one "cast no spells"
    assert outcome.changes == ()
    assert g.designation is DAY
    assert [line.rule for line in outcome.trace] == ["731.2"]
    g.untap_step(2, "P2")  # turn 1 is checked from now on
    assert g.designation is NIGHT


def _two_headed_giant(designation: Designation) -> Game:
    g = DayNight(autoload=False).new_game("2hg", ["A1", "A2", "B1", "B2"])
    g.untap_step(1, ("A1", "A2"))
    g.enter(werewolf("w1", controller="B2"))
    if designation is NIGHT:
        g.become("night", "test setup")
    assert g.designation is designation
    return g


def test_731_2a_shared_team_no_spell_by_the_active_team_makes_it_night() -> None:
    g = _two_headed_giant(DAY)
    g.cast("B1", "the other team's instant")
    g.cast("B2", "the other team's instant")
    outcome = g.untap_step(2, ("B1", "B2"))
    assert outcome.changes == (DesignationChange(DAY, NIGHT, "731.2a", True),)
    assert "previous active team A1+A2 cast 0 spells in turn 1" in str(outcome.trace[0])


def test_731_2a_shared_team_one_spell_by_either_teammate_keeps_it_day() -> None:
    for caster in ("A1", "A2"):
        g = _two_headed_giant(DAY)
        g.cast(caster)
        g.untap_step(2, ("B1", "B2"))
        assert g.designation is DAY, caster


def test_731_2b_shared_team_one_plus_one_is_not_enough() -> None:
    g = _two_headed_giant(NIGHT)
    g.cast("A1")
    g.cast("A2")
    outcome = g.untap_step(2, ("B1", "B2"))
    assert outcome.changes == ()
    assert g.designation is NIGHT
    assert "no single player cast two or more" in str(outcome.trace[-1])


def test_731_2b_shared_team_one_player_casting_two_makes_it_day() -> None:
    g = _two_headed_giant(NIGHT)
    g.cast("A2")
    g.cast("A2")
    outcome = g.untap_step(2, ("B1", "B2"))
    assert outcome.changes == (DesignationChange(NIGHT, DAY, "731.2b", True),)
    assert g.face_of("w1") is Side.FRONT


def test_731_2b_shared_team_other_teams_spells_do_not_count() -> None:
    g = _two_headed_giant(NIGHT)
    g.cast("A1")
    for _ in range(2):
        g.cast("B1")
    g.untap_step(2, ("B1", "B2"))
    assert g.designation is NIGHT


def test_502_1_phasing_happens_before_the_502_2_check() -> None:
    """A daybound permanent phasing in during 502.1 while it is neither makes it day (702.145d) *before* the
    check, so the check then runs and P1's empty turn makes it night. Checking before phasing would leave day."""
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1", face_down=True))  # no abilities while face down
    g.phase_out("w1")
    g.turn_face_up("w1")  # phased out: still nothing happens
    assert g.designation is NEITHER
    outcome = g.untap_step(2, "P2", phased_in=["w1"])
    assert outcome.changes == (
        DesignationChange(NEITHER, DAY, "702.145d", True),  # 502.1 is part of the untap step too (502.4)
        DesignationChange(DAY, NIGHT, "731.2a", True),
    )
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert [line.rule for line in outcome.trace] == ["702.145d", "731.2a", "702.145b"]


def test_502_1_permanent_phasing_in_takes_part_as_it_becomes_night() -> None:
    g = _day_game()
    g.enter(werewolf("w2", controller="P2"))
    g.phase_out("w2")
    outcome = g.untap_step(2, "P2", phased_in=["w2"])  # P1 cast nothing in turn 1
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"), Transform("w2", Side.BACK, "702.145b"))


def test_502_1_permanents_phasing_out_in_the_untap_step_do_not_transform() -> None:
    g = _day_game()
    g.enter(werewolf("w2", controller="P2"))
    outcome = g.untap_step(2, "P2", phased_out=["w2"])
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert g.face_of("w2") is Side.FRONT


def test_502_1_phased_in_in_the_untap_step_transforms_at_once_when_no_change() -> None:
    g = _day_game()
    g.enter(werewolf("w2"))
    g.phase_out("w2")
    g.become("night", "an effect")  # w2 is phased out: it stays front face up
    assert g.face_of("w2") is Side.FRONT
    g.cast("P1")
    outcome = g.untap_step(2, "P2", phased_in=["w2"])
    assert outcome.changes == ()
    assert outcome.transforms == (Transform("w2", Side.BACK, "702.145c"),)


def test_ruling_the_check_happens_before_untapping_and_says_so() -> None:
    g = _day_game()
    outcome = g.untap_step(2, "P2")
    assert outcome.changes[0].during_untap_step is True
    assert "in the untap step (502.2)" in str(outcome.trace[0])
