"""End to end: the importer writes the snapshot, the catalog reads exactly that one.

``mtg-daynight carddata update --from-file`` imports the HAND-WRITTEN FIXTURE bulk file of
tests/importer/fixture_cards.py (invented "Fixture ..." cards, not Scryfall data) into a temporary data directory;
then ``deck scan`` and a ``DayNight`` game with the card-data plugin look cards up from that snapshot, located
the same way (``--data-dir``, or ``MTG_DAYNIGHT_DATA_DIR``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pluggy
import pytest

from mtg_daynight import CardPermanent, DayNight, Designation, Face, Side
from mtg_daynight.catalog import CardDataPlugin
from mtg_daynight.catalog.load import DEFAULT_CACHE
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME
from mtg_daynight.cli import main
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.importer.store import DATA_DIR_ENV
from mtg_daynight.manager import install
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, gz

DECK = "4 Fixture Dawnguard\n2 Fixture Morgenwache\n1 Fixture Dawngard\n4 Lightning Bolt\n"


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    DEFAULT_CACHE.clear()


@pytest.fixture
def bulk_file(tmp_path: Path) -> Path:
    """The FIXTURE bulk file, gzipped JSON Lines as Scryfall serves it."""
    path = tmp_path / "FIXTURE-default-cards.jsonl.gz"
    path.write_bytes(gz(encode_jsonl(fixture_objects())))
    return path


def _scan(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(["deck", "scan", "--json", "--no-default-mods", *args]) == 1  # the typo "Fixture Dawngard"
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def _check_scan(out: dict[str, object], data: Path) -> None:
    assert out["data"]["snapshot"] == str((data / "daynight-cards.json").resolve())  # type: ignore[index]
    (deck,) = out["decks"]  # type: ignore[misc]
    by_written = {e["written"]: e for e in deck["entries"]}
    dawnguard = by_written["Fixture Dawnguard"]
    assert (dawnguard["status"], dawnguard["card"], dawnguard["count"]) == (
        "day_night", "Fixture Dawnguard // Fixture Duskhowl", 4
    )
    assert dawnguard["keywords"] == ["daybound", "nightbound"]
    german = by_written["Fixture Morgenwache"]
    assert (german["status"], german["matched_by"], german["lang"]) == ("day_night", "printed", "de")
    assert by_written["Fixture Dawngard"]["status"] == "unknown"
    assert by_written["Fixture Dawngard"]["suggestions"][0]["name"] == "Fixture Dawnguard"
    assert by_written["Lightning Bolt"]["status"] == "not_in_data"
    assert deck["needs_helper_card"] is True


def _play(pm: pluggy.PluginManager) -> None:
    game = DayNight(pm).new_game("e2e", ("alice", "bob"))
    game.enter(CardPermanent("p1", "alice", card="Fixture Dawnguard"))
    assert game.designation is Designation.DAY  # 702.145g: a daybound permanent while neither makes it day
    assert game.face_of("p1") is Side.FRONT
    game.become("night", "test")
    game.enter(CardPermanent("p2", "bob", card="Fixture Lantern Keeper"))
    assert game.face_of("p2") is Side.BACK  # 702.145b: it enters transformed at night


def test_import_then_scan_and_play_with_data_dir(
    tmp_path: Path, bulk_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert main(["carddata", "update", "--from-file", str(bulk_file), "--data-dir", str(data)]) == 0
    _check_scan(_scan(capsys, "--data-dir", str(data), str(_deck(tmp_path))), data)

    plugin = CardDataPlugin(data_dir=data)
    faces = plugin.daynight_card_faces(card="Fixture Dawnguard")
    assert faces is not None and faces.day_night
    assert (faces.front, faces.back) == (
        Face("Fixture Dawnguard", daybound=True), Face("Fixture Duskhowl", nightbound=True)
    )
    pm = pluggy.PluginManager(PROJECT)
    pm.register(plugin, name=CARD_DATA_PLUGIN_NAME)
    install(pm)
    _play(pm)


def test_import_then_scan_and_play_with_the_environment_variable(
    tmp_path: Path, bulk_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "env-data"
    monkeypatch.setenv(DATA_DIR_ENV, str(data))
    assert main(["carddata", "update", "--from-file", str(bulk_file)]) == 0
    assert (data / "daynight-cards.json").is_file()
    _check_scan(_scan(capsys, str(_deck(tmp_path))), data)
    _play(DayNight(autoload=False).pm)  # the default plugin manager's card-data plugin


def test_import_then_a_deck_with_only_a_card_that_mentions_day_night_needs_the_helper_card(
    tmp_path: Path, bulk_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert main(["carddata", "update", "--from-file", str(bulk_file), "--data-dir", str(data)]) == 0
    deck = _deck(tmp_path, "4 Fixture Emberwatch Vandal\n1 Fixture Bell of Turning\n4 Fixture Nightmare Lamplighter\n")
    capsys.readouterr()
    assert main(["deck", "scan", "--json", "--no-default-mods", "--data-dir", str(data), str(deck)]) == 0
    (scan,) = json.loads(capsys.readouterr().out)["decks"]
    statuses = {e["written"]: (e["status"], e.get("card")) for e in scan["entries"]}
    assert statuses == {
        "Fixture Emberwatch Vandal": ("mentions_day_night", "Fixture Emberwatch Vandal"),
        "Fixture Bell of Turning": ("mentions_day_night", "Fixture Bellfounder // Fixture Bell of Turning"),
        "Fixture Nightmare Lamplighter": ("not_in_data", None),  # a near miss the importer dropped
    }
    assert scan["needs_helper_card"] is True
    assert scan["helper_reasons"] == ["Fixture Emberwatch Vandal", "Fixture Bellfounder // Fixture Bell of Turning"]
    faces = CardDataPlugin(data_dir=data).daynight_card_faces(card="Fixture Emberwatch Vandal")
    assert faces is not None and not faces.day_night  # known, but no daybound/nightbound face (702.145a)
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(data), str(deck)]) == 0
    out = capsys.readouterr().out
    assert "cards that mention day/night:" in out
    assert "needs the Day // Night helper card: yes (Fixture Emberwatch Vandal, " in out


def _deck(tmp_path: Path, text: str = DECK) -> Path:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path
