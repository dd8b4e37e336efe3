"""``mtg-daynight plugins``, entry-point discovery, the autoload switch and hook tracing."""

from __future__ import annotations

import json

import pytest

from mtg_daynight import DayNight, Face, Permanent
from mtg_daynight.cli import main
from mtg_daynight.manager import plugin_manager

EXAMPLES = {"werewolf-house-rule", "day-night-triggers", "cant-become-night"}


def test_plugins_lists_the_rules_plugin_and_the_installed_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--json"]) == 0
    listed = {info["name"]: info for info in json.loads(capsys.readouterr().out)}
    assert "daynight_untap_step" in listed["daynight-rules"]["hooks"]
    assert listed["daynight-rules"]["distribution"] is None
    assert set(listed) >= EXAMPLES
    assert listed["cant-become-night"]["hooks"] == ["daynight_forbid_change"]
    assert listed["werewolf-house-rule"]["version"] == "0.1.0"


def test_autoload_can_be_switched_off_by_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert main(["plugins", "--json"]) == 0
    names = [info["name"] for info in json.loads(capsys.readouterr().out)]
    assert names == ["daynight-rules", "daynight-card-data"]


def test_plugin_manager_passes_check_pending() -> None:
    pm = plugin_manager(autoload=True, trace=False)
    pm.check_pending()  # raises PluginValidationError on a hookimpl without a spec
    assert {name for name, _ in pm.list_name_plugin()} >= EXAMPLES


def test_trace_environment_variable_prints_every_hook_call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MTG_DAYNIGHT_TRACE", "1")
    game = DayNight(autoload=False).new_game("g", ["alice"])
    game.untap_step(1, "alice")
    game.enter(Permanent("p", "alice", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True)))
    err = capsys.readouterr().err
    assert "mtg-daynight trace: " in err
    assert "daynight_enter" in err and "daynight_untap_step" in err


def test_plugins_help_names_the_switches(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["plugins", "--help"])
    out = capsys.readouterr().out
    assert "MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD" in out and "MTG_DAYNIGHT_TRACE" in out
