"""The core refuses what the bridge used to check for it: ``load_game`` under an id in use (it never replaces a
running game), a variant no loaded plugin offers, a turn above MAX_TURN (in an event or in a save); and a host's
save-and-reload keeps its "it can't become day/night" effects, locally and through the bridge."""

from __future__ import annotations

import json
import os
from pathlib import Path

import mtg_daynight_werewolf_rule as house_rule
import pytest

from mtg_daynight import DayNight, Face, Permanent
from mtg_daynight.errors import BadEventError, BadSaveError
from mtg_daynight.manager import AUTOLOAD_ENV
from mtg_daynight.rules.validate import MAX_TURN
from mtg_daynight.scenarios.conformance import check_scenario
from mtg_daynight.scenarios.reference_adapter import ReferenceAdapter
from tests.bridge.client import BridgeClient
from tests.bridge.remote_host import bridge_adapter_factory

RUFFIAN = Permanent("p1", "alice", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))


def test_load_game_under_an_id_in_use_is_refused_and_the_running_game_is_kept() -> None:
    daynight = DayNight(autoload=False)
    running = daynight.new_game("g", ["alice", "bob"])
    running.untap_step(1, "alice")
    running.enter(RUFFIAN)
    other = daynight.new_game("other", ["carol"]).save()
    before = running.save()
    with pytest.raises(BadEventError, match="'g' is in use: end it first") as caught:
        daynight.load_game("g", other)
    assert not isinstance(caught.value, BadSaveError)  # the save is good; the id is taken
    assert running.save() == before
    with pytest.raises(BadEventError, match="in use"):  # through the hook as well
        daynight.pm.hook.daynight_load_game(game="g", data=other)
    running.end()
    assert daynight.load_game("g", other).state.players == ("carol",)


def test_new_game_refuses_a_variant_no_loaded_plugin_offers_and_names_the_offered_ones() -> None:
    daynight = DayNight(autoload=False)
    with pytest.raises(BadEventError, match=r"no loaded plugin offers the variant 'innistrad-werevolf' \(offered: "
                                            r"none\)"):
        daynight.new_game("g", ["alice"], variants=["innistrad-werevolf"])
    daynight.pm.register(house_rule, name="werewolf-house-rule")
    assert daynight.variants() == ("innistrad-werewolf",)
    with pytest.raises(BadEventError, match=r"\(offered: 'innistrad-werewolf'\)"):
        daynight.pm.hook.daynight_game_start(game="g", players=("alice",), variants=("innistrad-werevolf",))
    assert daynight.new_game("g", ["alice"], variants=["innistrad-werewolf"]).state.variants == ("innistrad-werewolf",)


def test_a_plugin_registered_before_the_rules_offers_its_variants_too() -> None:
    import pluggy

    pm = pluggy.PluginManager("mtg_daynight")
    pm.register(house_rule, name="werewolf-house-rule")
    daynight = DayNight(pm, card_data=False)
    assert daynight.variants() == ("innistrad-werewolf",)


@pytest.mark.parametrize("turn", [MAX_TURN + 1, 2**64, 10**5000], ids=["max+1", "2^64", "5001-digits"])
def test_a_turn_above_max_turn_is_refused_in_every_turn_event(turn: int) -> None:
    game = DayNight(autoload=False).new_game("g", ["alice", "bob"])
    for event in (game.untap_step, game.untap_step_skipped):
        with pytest.raises(BadEventError, match="above the highest turn number, 2147483647"):
            event(turn, "alice")
    assert game.state.turn is None
    game.untap_step(MAX_TURN, "alice")  # the highest is a turn like any other, and the game saves
    assert json.loads(game.save())["turn"]["number"] == MAX_TURN


@pytest.mark.parametrize("field", ["turn", "previous", "trace"])
def test_a_save_holding_a_turn_above_max_turn_is_refused(field: str) -> None:
    game = DayNight(autoload=False).new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    game.untap_step(2, "bob")
    saved = json.loads(game.save())
    if field == "trace":
        saved["trace"][-1]["turn"] = MAX_TURN + 1
    else:
        saved[field]["number"] = MAX_TURN + 1 if field == "turn" else MAX_TURN
        if field == "previous":
            saved["turn"]["number"] = MAX_TURN + 1
    with pytest.raises(BadSaveError):
        DayNight(autoload=False).load_game("g", json.dumps(saved).encode())


SAVE_WITH_A_VETO = """
[scenario]
title = "A save and load keeps the host's \\"it can't become day\\" effect"
rules = ["702.145d", "731.1"]
players = ["A", "B"]

[cards."Fixture Dawn Warden"]
forbids = ["day"]
note = "Fixture, not a real card: a permanent whose static ability says it can't become day."

[[turn]]
actions = [
  { put = "Fixture Dawn Warden", as = "warden" },
  { save_load = true },
  { put = "Tavern Ruffian", as = "ruffian" },
  { expect = { designation = "neither", events = [{ vetoed = "day", rule = "702.145d" }], scope = "action" } },
  { save_load = true },
  { end_veto = "warden" },
  { expect = { designation = "day", events = [{ became = "day", rule = "702.145d" }], scope = "action" } },
]
"""


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    path = tmp_path / "save-keeps-veto.toml"
    path.write_text(SAVE_WITH_A_VETO, encoding="utf-8")
    return path


def test_save_and_reload_keeps_the_hosts_cant_become_effect(scenario: Path) -> None:
    check_scenario(scenario, ReferenceAdapter)


def test_save_and_reload_through_the_bridge_keeps_the_servers_cant_become_effect(scenario: Path) -> None:
    client = BridgeClient(env={**os.environ, AUTOLOAD_ENV: "1"})
    try:
        check_scenario(scenario, bridge_adapter_factory(client))
    finally:
        assert client.close() == 0
