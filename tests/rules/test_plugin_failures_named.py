"""A plugin whose ``daynight_game_start`` or ``daynight_game_end`` raises is named (PluginFailedError, its
exception chained): a game that could not start is not left half started, and a game's end reaches every plugin."""

from __future__ import annotations

import pytest

from mtg_daynight import BadEventError, DayNight
from mtg_daynight.errors import DayNightError, PluginFailedError
from mtg_daynight.hookspecs import hookimpl


class Broken:
    """Raises on start or end, as told; records what it heard."""

    def __init__(self, *, on_start: bool = False, on_end: bool = False) -> None:
        self.on_start, self.on_end, self.heard = on_start, on_end, []

    @hookimpl
    def daynight_game_start(self, game: str, players: tuple[str, ...], variants: tuple[str, ...]) -> None:
        self.heard.append(("start", game))
        if self.on_start:
            raise RuntimeError("cannot open its log")

    @hookimpl
    def daynight_game_end(self, game: str) -> None:
        self.heard.append(("end", game))
        if self.on_end:
            raise RuntimeError("cannot close its log")


class Listener(Broken):
    pass


def _daynight(*plugins: object) -> DayNight:
    daynight = DayNight(autoload=False)
    for number, plugin in enumerate(plugins):
        daynight.pm.register(plugin, name=f"plugin-{number}")
    return daynight


def test_a_plugin_failing_at_game_start_is_named_and_the_game_is_not_left_started() -> None:
    broken = Broken(on_start=True)
    daynight = _daynight(broken)
    with pytest.raises(PluginFailedError, match=r"plugin 'plugin-0': daynight_game_start raised RuntimeError") as error:
        daynight.new_game("g1", ["P1", "P2"])
    assert isinstance(error.value, DayNightError) and isinstance(error.value.__cause__, RuntimeError)
    assert (error.value.plugin, error.value.hook) == ("plugin-0", "daynight_game_start")
    assert broken.heard == [("start", "g1"), ("end", "g1")]
    broken.on_start = False
    assert daynight.new_game("g1", ["P1", "P2"]).id == "g1"  # the id was not left in use


def test_a_plugin_failing_at_game_end_is_named_after_every_plugin_was_told() -> None:
    listener, broken = Listener(), Broken(on_end=True)
    daynight = _daynight(listener, broken)
    game = daynight.new_game("g1", ["P1", "P2"])
    with pytest.raises(PluginFailedError, match="plugin 'plugin-1': daynight_game_end raised RuntimeError"):
        game.end()
    assert ("end", "g1") in listener.heard
    daynight.new_game("g1", ["P1", "P2"])  # the rules plugin forgot the game


def test_the_rules_plugins_own_refusal_stays_a_bad_event() -> None:
    daynight = _daynight(Listener())
    daynight.new_game("g1", ["P1", "P2"])
    with pytest.raises(BadEventError, match="already started"):
        daynight.new_game("g1", ["P1", "P2"])
