"""'It can't become night' as a veto hook: every way to night is stopped while the permanent is there."""

from __future__ import annotations

import mtg_daynight_cant_become_night as angel

from mtg_daynight import DayNight, Designation, Face, Permanent, Side

RUFFIAN = (Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
ANGEL = Permanent("a1", "alice", Face("Angel of Eternal Dawn"))


def _game() -> DayNight:
    daynight = DayNight(autoload=False)
    daynight.pm.register(angel)
    game = daynight.new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    return daynight


def test_untap_step_check_cannot_make_it_night() -> None:
    game = _game().game("g")
    game.enter(ANGEL, Permanent("p1", "bob", *RUFFIAN))
    outcome = game.untap_step(2, "bob")  # alice cast nothing: 731.2a would make it night
    assert game.designation is Designation.DAY
    assert outcome.vetoed[0].after is Designation.NIGHT
    assert "Angel of Eternal Dawn (a1) says it can't become night" in outcome.vetoed[0].reason
    assert game.face_of("p1") is Side.FRONT


def test_nightbound_while_neither_cannot_make_it_night() -> None:
    game = _game().game("g")
    game.enter(ANGEL)
    game.enter(Permanent("p1", "bob", *RUFFIAN, face=Side.BACK))
    assert game.designation is Designation.NEITHER


def test_effects_cannot_make_it_night_but_can_after_the_angel_leaves() -> None:
    game = _game().game("g")
    game.enter(ANGEL)
    game.become("day", "test")
    assert game.become("night", "Curse of Shaken Faith").vetoed
    assert game.designation is Designation.DAY
    game.leave("a1")
    game.become("night", "Curse of Shaken Faith")
    assert game.designation is Designation.NIGHT


def test_day_is_not_forbidden() -> None:
    game = _game().game("g")
    game.enter(ANGEL)
    assert game.become("day", "test").changes[0].after is Designation.DAY
