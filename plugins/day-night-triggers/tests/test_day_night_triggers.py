"""Brimstone Vandal's shape: triggers on day <-> night only, at upkeep when the change was in the untap step."""

from __future__ import annotations

from mtg_daynight_day_night_triggers import DayNightTriggers

from mtg_daynight import DayNight, Face, Permanent

RUFFIAN = (Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))


def _setup() -> tuple[DayNight, DayNightTriggers]:
    daynight = DayNight(autoload=False)
    triggers = DayNightTriggers()
    daynight.pm.register(triggers)
    game = daynight.new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    game.enter(Permanent("v1", "bob", Face("Brimstone Vandal")))
    return daynight, triggers


def test_becoming_day_from_neither_triggers_nothing() -> None:
    daynight, triggers = _setup()
    daynight.game("g").enter(Permanent("p1", "alice", *RUFFIAN))  # neither -> day (702.145d)
    assert triggers.take("g") == []


def test_day_becoming_night_in_the_untap_step_triggers_at_upkeep() -> None:
    daynight, triggers = _setup()
    game = daynight.game("g")
    game.enter(Permanent("p1", "alice", *RUFFIAN))
    game.untap_step(2, "bob")  # alice cast nothing in turn 1: night (731.2a)
    (trigger,) = triggers.take("g")
    assert (trigger.source, trigger.controller, trigger.change) == ("v1", "bob", "day -> night")
    assert trigger.at_upkeep is True
    assert triggers.take("g") == []


def test_an_effect_that_makes_it_night_triggers_at_once() -> None:
    daynight, triggers = _setup()
    game = daynight.game("g")
    game.become("day", "Sunstreak Phoenix")
    assert triggers.take("g") == []  # from neither: no trigger
    game.become("night", "Curse of Shaken Faith")
    (trigger,) = triggers.take("g")
    assert trigger.at_upkeep is False


def test_a_phased_out_vandal_does_not_trigger() -> None:
    daynight, triggers = _setup()
    game = daynight.game("g")
    game.become("day", "test")
    game.phase_out("v1")
    game.become("night", "test")
    assert triggers.take("g") == []
