"""A modder's Forge card script plays in a scenario: a permanent whose script forbids a change
(``S:Mode$ CantChangeDayTime``) vetoes it as an inline card with ``forbids`` does (731.1), and an instant that
makes it night is played by casting it and a ``become`` action naming it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.cli import main
from mtg_daynight.rules import Designation
from mtg_daynight.scenarios import DatabaseCards

# FIXTURE Forge card scripts: invented cards, not real ones.
DAWNKEEPER = """\
Name:Invented Dawnkeeper
ManaCost:2 W
Types:Creature Angel
PT:3/3
S:Mode$ CantChangeDayTime | NewTime$ Night | Description$ It can't become night.
"""
NIGHTFALL = """\
Name:Invented Nightfall
ManaCost:1 B
Types:Instant
A:SP$ DayTime | Value$ Night | SpellDescription$ It becomes night.
"""

VETO = """\
[scenario]
title = "A mod permanent that says it can't become night vetoes the change"
players = ["A", "B"]

[[turn]]
actions = [
  { put = ["Invented Dawnkeeper", "Tavern Ruffian"], as = ["keeper", "ruffian"] },
  { expect = { designation = "day" } },
]

[[turn]]
expect = { designation = "day", faces = { ruffian = "front" }, events = [{ vetoed = "night", rule = "731.2a" }] }
"""

BECOME = """\
[scenario]
title = "A mod instant that makes it night, cast and then played with become"
players = ["A", "B"]

[[turn]]
actions = [
  { put = "Tavern Ruffian", as = "ruffian" },
  { cast = "Invented Nightfall" },
  { become = "night", cause = "Invented Nightfall" },
  { expect = { designation = "night", faces = { ruffian = "back" } } },
]
"""


@pytest.fixture
def mods(tmp_path: Path) -> Path:
    """A mod directory holding the two Forge scripts."""
    directory = tmp_path / "mods"
    directory.mkdir()
    (directory / "invented-dawnkeeper.txt").write_text(DAWNKEEPER, encoding="utf-8")
    (directory / "invented-nightfall.txt").write_text(NIGHTFALL, encoding="utf-8")
    return directory


def _simulate(
    tmp_path: Path, mods: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, dict[str, object]]:
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(text, encoding="utf-8")
    status = main(["simulate", "--mods", str(mods), "--no-default-mods", str(scenario), "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_a_mod_card_that_forbids_night_vetoes_it_in_a_scenario(
    tmp_path: Path, mods: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _simulate(tmp_path, mods, VETO, capsys)
    assert status == 0, document
    assert document["passed"] is True


def test_a_mod_instant_that_makes_it_night_plays_through_become(
    tmp_path: Path, mods: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _simulate(tmp_path, mods, BECOME, capsys)
    assert status == 0, document
    assert document["passed"] is True


def test_without_the_mods_the_scenario_names_an_unknown_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(VETO, encoding="utf-8")
    assert main(["simulate", "--no-default-mods", str(scenario)]) == 2
    assert "Invented Dawnkeeper" in capsys.readouterr().err


def test_database_cards_keep_what_a_card_forbids(mods: Path) -> None:
    cards = DatabaseCards(load_database(None, [mods], default_mods=False, cache=DatabaseCache()))
    keeper = cards.lookup("Invented Dawnkeeper")
    assert keeper is not None and keeper.forbids == frozenset({Designation.NIGHT})
    nightfall = cards.lookup("Invented Nightfall")
    assert nightfall is not None and nightfall.forbids == frozenset() and nightfall.kind == "instant"


DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


@pytest.mark.skipif(not DOC.exists(), reason="docs are not in this checkout")
def test_the_docs_mod_card_example_passes_with_its_scripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (block,) = [b for b in re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
                if "Invented Dawnkeeper" in b]
    mods = tmp_path / "mods"
    mods.mkdir()
    scripts: dict[str, list[str]] = {}
    for line in block.splitlines():
        if match := re.match(r"# (mods/\S+\.txt)", line):
            current = scripts.setdefault(match.group(1), [])
        elif line.startswith("#   "):
            current.append(line[4:])
    assert sorted(scripts) == ["mods/invented-dawnkeeper.txt", "mods/invented-nightfall.txt"]
    for name, lines in scripts.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, document = _simulate(tmp_path, mods, block, capsys)
    assert status == 0, document
