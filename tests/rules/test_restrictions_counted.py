"""701.27: a "can't transform" effect wins over daybound and nightbound while it applies. Effects are counted by
name: two effects of the same name (two Immerwolves) keep the permanent from transforming until both end."""

from __future__ import annotations

import json

import pytest

from mtg_daynight import BadEventError, DayNight, Designation, Face, Game, Permanent, Side, Transform
from mtg_daynight.rules.saves import decode_state, encode_state

RUFFIAN = Face("Tavern Ruffian", daybound=True)
SMASHER = Face("Tavern Smasher", nightbound=True)


def _day_game() -> Game:
    game = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    game.untap_step(1, "P1")
    game.become(Designation.DAY, "an effect")
    game.enter(Permanent("w1", "P1", RUFFIAN, SMASHER))
    return game


def test_701_27_the_same_restriction_named_twice_applies_until_both_end() -> None:
    game = _day_game()
    game.add_restriction("w1", "Immerwolf")
    game.add_restriction("w1", "Immerwolf")
    assert game.become(Designation.NIGHT, "an effect").transforms == ()
    assert game.remove_restriction("w1", "Immerwolf").transforms == ()
    assert game.permanent("w1").restrictions == {"Immerwolf"}
    outcome = game.remove_restriction("w1", "Immerwolf")
    assert [type(action) for action in outcome.actions] == [Transform]
    assert game.permanent("w1").face is Side.BACK
    with pytest.raises(BadEventError, match="does not apply"):
        game.remove_restriction("w1", "Immerwolf")


def test_701_27_restrictions_counted_twice_survive_a_save() -> None:
    game = _day_game()
    game.add_restriction("w1", "Immerwolf")
    game.add_restriction("w1", "Immerwolf")
    state = decode_state(encode_state(game.state))
    assert state.permanents["w1"].restrictions == ("Immerwolf", "Immerwolf")
    assert encode_state(state) == encode_state(game.state)


def test_a_save_holding_restrictions_as_a_set_still_loads() -> None:
    # Saves written before restrictions were counted hold them as a sorted list of distinct names, an empty one too.
    game = _day_game()
    game.enter(Permanent("w2", "P1", RUFFIAN, SMASHER))
    saved = json.loads(encode_state(game.state))
    saved["permanents"][0]["restrictions"] = []
    saved["permanents"][1]["restrictions"] = ["Immerwolf", "Moonmist"]
    state = decode_state(json.dumps(saved).encode())
    assert state.permanents["w1"].restrictions == ()
    assert state.permanents["w2"].restrictions == ("Immerwolf", "Moonmist")
