"""Entering a card the card data does not know: the error says why ("no data loaded" vs "not a day/night
card" vs "typo"), through the ``daynight_unknown_card`` hook the card-data plugin answers."""

from __future__ import annotations

from pathlib import Path

import pluggy
import pytest

from mtg_daynight import BadEventError, CardPermanent, DayNight
from mtg_daynight.catalog import CardDataPlugin
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.manager import install


def _game(plugin: CardDataPlugin) -> DayNight:
    pm = pluggy.PluginManager(PROJECT)
    pm.register(plugin, name=CARD_DATA_PLUGIN_NAME)
    install(pm)
    return DayNight(pm)


def _error(plugin: CardDataPlugin, card: str) -> str:
    game = _game(plugin).new_game("g", ("alice", "bob"))
    before = game.save()
    with pytest.raises(BadEventError) as error:
        game.enter(CardPermanent("p1", "alice", card=card))
    assert game.save() == before  # refused before anything changed
    return str(error.value)


def test_702_145b_the_bundled_data_knows_tavern_ruffian() -> None:
    game = _game(CardDataPlugin()).new_game("g", ("alice", "bob"))
    game.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"))
    card = game.permanent("p1").card  # real faces from the bundled snapshot
    assert card.front.name == "Tavern Ruffian" and card.back is not None and card.back.name == "Tavern Smasher"


def test_a_misspelt_day_night_card_is_called_a_typo_with_a_suggestion() -> None:
    message = _error(CardDataPlugin(), "Tavern Rufian")
    assert "typo" in message and "'Tavern Ruffian'" in message


def test_an_ordinary_card_is_called_not_a_day_night_card() -> None:
    message = _error(CardDataPlugin(), "Lightning Bolt")
    assert "is not a day/night card" in message and "typo" not in message


def test_with_no_card_data_loaded_the_error_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    message = _error(CardDataPlugin(data_dir=empty), "Tavern Ruffian")
    assert "no card data is loaded" in message
