"""The werewolf house rule changes the untap-step count only in games that opt in."""

from __future__ import annotations

import mtg_daynight_werewolf_rule as house_rule

from mtg_daynight import DayNight, Designation, Face, Permanent

RUFFIAN = (Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))


def _day_game(variants: tuple[str, ...]) -> DayNight:
    daynight = DayNight(autoload=False)
    daynight.pm.register(house_rule)
    game = daynight.new_game("g", ["alice", "bob"], variants=variants)
    game.untap_step(1, "alice")
    game.enter(Permanent("p1", "alice", *RUFFIAN))
    return daynight


def test_opponents_spell_keeps_it_day_under_the_house_rule() -> None:
    game = _day_game((house_rule.VARIANT,)).game("g")
    game.cast("bob", "Opt")  # bob casts during alice's turn: counts under the old werewolf rule
    outcome = game.untap_step(2, "bob")
    assert game.designation is Designation.DAY
    assert outcome.changes == ()
    assert "all players cast 1 spell" in str(outcome.trace[-1])


def test_games_without_the_variant_keep_rule_728_2a() -> None:
    game = _day_game(()).game("g")
    game.cast("bob", "Opt")
    outcome = game.untap_step(2, "bob")
    assert game.designation is Designation.NIGHT
    assert outcome.changes[0].rule == "731.2a"


def test_two_spells_from_any_player_make_it_day_under_the_house_rule() -> None:
    game = _day_game((house_rule.VARIANT,)).game("g")
    game.untap_step(2, "bob")  # alice cast nothing in turn 1: night, under either rule
    assert game.designation is Designation.NIGHT
    game.cast("alice", "Shock")
    game.cast("alice", "Opt")  # alice casts two spells during bob's turn
    outcome = game.untap_step(3, "alice")
    assert game.designation is Designation.DAY
    assert outcome.changes[0].rule.startswith("house rule innistrad-werewolf")


def test_the_plugin_is_found_through_its_entry_point() -> None:
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="mtg_daynight")}
    assert "werewolf-house-rule" in names
