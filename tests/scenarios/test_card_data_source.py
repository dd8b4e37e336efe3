"""Scenario names not defined in the file come from the card database (snapshot + mod files) before the
built-in table."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.catalog import load_database
from mtg_daynight.cli import main
from mtg_daynight.reference import CardKind
from mtg_daynight.scenarios import DatabaseCards

SCENARIO = """
[scenario]
title = "A community card from the mod files makes it day"
players = ["A", "B"]

[[turn]]
actions = [
  { put = "Lantern-Keeper of Thraben", as = "keeper" },
  { expect = { designation = "day", faces = { keeper = "front" } } },
]
"""


def test_database_cards_turn_catalog_cards_into_scenario_cards() -> None:
    cards = DatabaseCards(load_database())
    card = cards.lookup("lantern-keeper of thraben")  # the example mod shipped in carddata/custom/
    assert card is not None
    assert card.front.daybound and card.back is not None and card.back.nightbound
    assert card.kind is CardKind.PERMANENT
    assert cards.lookup("No Such Card Anywhere") is None


def test_simulate_finds_mod_cards_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mod-card.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(["simulate", "-q", str(path)]) == 0
    assert "1 passed" in capsys.readouterr().out
