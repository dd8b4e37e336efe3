"""``mtg-daynight deck scan``: every deck format, typos, foreign names, --json shape, exit codes.

The card data is the HAND-WRITTEN FIXTURE snapshot of tests/catalog/catalog_fixture.py (real card names, invented
ids and printed names); default mod directories are skipped (``--no-default-mods``) unless a test says so.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.catalog.load import DEFAULT_CACHE
from mtg_daynight.cli import main

_spec = importlib.util.spec_from_file_location(
    "catalog_fixture_for_cli", Path(__file__).parents[1] / "catalog" / "catalog_fixture.py"
)
assert _spec is not None and _spec.loader is not None
catalog_fixture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalog_fixture)

#: The example mod shipped in the repository's carddata/custom/.
REPO_MODS = Path(__file__).parents[2] / "carddata" / "custom"

DECKS = {
    "werewolves.dck": (
        "[metadata]\nName=Fixture Wolves\n[Main]\n4 Tavern Ruffian // Tavern Smasher|MID|1\n4 Lightning Bolt|M11\n"
        "2 Tavern Rufian|MID\n20 Mountain\n[Sideboard]\n2 Brutal Cathar|MID\n"
    ),
    "arena.txt": (
        "Deck\n4 Tavern Ruffian (MID) 163\n4 Lightning Bolt (STA) 42\n1 Kessig Naturalst (MID) 231\n\n"
        "Sideboard\n2 Brutal Cathar (MID) 7\n"
    ),
    "mtgo.txt": "4 Tavern Ruffian\n4 Lightning Bolt\n1 Kessig Naturalst\n\n2 Brutal Cathar\n",
    "deck.dek": (
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Tavern Ruffian" />\n'
        '  <Cards CatID="2" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n'
        '  <Cards CatID="3" Quantity="1" Sideboard="false" Name="Kessig Naturalst" />\n'
        '  <Cards CatID="4" Quantity="2" Sideboard="true" Name="Brutal Cathar" />\n</Deck>\n'
    ),
    "plain.txt": "4x Tavern Ruffian\nLightning Bolt\n1 Kessig Naturalst\nSideboard:\n2 Brutal Cathar\n",
}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    catalog_fixture.write_fixture(directory)
    return directory


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    DEFAULT_CACHE.clear()


def _deck(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _scan(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = main(["deck", "scan", "--json", "--no-default-mods", *args])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("name", "fmt"), [
    ("werewolves.dck", "forge"), ("arena.txt", "arena"), ("mtgo.txt", "mtgo"), ("deck.dek", "dek"),
    ("plain.txt", "plain"),
])
def test_every_format_reports_day_night_cards_typos_and_sections(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], name: str, fmt: str
) -> None:
    path = _deck(tmp_path, name, DECKS[name])
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert status == 1  # one typo in each deck
    (deck,) = out["decks"]
    assert deck["format"] == fmt
    day_night = [(e["card"], e["count"], e["section"]) for e in deck["entries"] if e["status"] == "day_night"]
    assert ("Tavern Ruffian // Tavern Smasher", 4, "main") in day_night
    assert ("Brutal Cathar // Moonrage Brute", 2, "sideboard") in day_night
    unknown = [e for e in deck["entries"] if e["status"] == "unknown"]
    assert len(unknown) == 1
    assert unknown[0]["suggestions"][0]["name"] in ("Tavern Ruffian", "Kessig Naturalist")
    assert [e["written"] for e in deck["entries"] if e["status"] == "not_in_data"] == ["Lightning Bolt"] + (
        ["Mountain"] if fmt == "forge" else []
    )
    assert deck["needs_helper_card"] is True
    assert out["unknown"] == 1 and out["status"] == 1


def test_json_shape(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _deck(tmp_path, "d.txt", "4 Tavern Ruffian\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert status == 0
    assert set(out) == {"data", "decks", "failed", "unknown", "status"}
    assert set(out["data"]) == {"snapshot", "snapshot_note", "cards", "mods", "clashes", "mod_problems"}
    assert "FIXTURE" in out["data"]["snapshot_note"]
    assert out["data"]["cards"] == 6  # 4 day/night cards, Brimstone Vandal (mentions day/night), the helper
    (deck,) = out["decks"]
    assert set(deck) == {"path", "format", "deck_name", "entries", "needs_helper_card", "helper_reasons"}
    assert deck["entries"] == [{
        "written": "Tavern Ruffian", "count": 4, "section": "main", "line": 1, "status": "day_night",
        "card": "Tavern Ruffian // Tavern Smasher", "matched_by": "face", "keywords": ["daybound", "nightbound"],
    }]
    assert deck["helper_reasons"] == ["Tavern Ruffian // Tavern Smasher"]


def test_foreign_names_full_names_and_accents_resolve(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "2 Tavernenrüpel\n1 TAVERNENRUPEL // tavernenzertrummerer\n1 Arlinn, l\u2019espoir de la meute\n"
        "1 Kessig Naturalist // Lord of the Ulvenwald\n"
    )
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(_deck(tmp_path, "f.txt", text)))
    assert status == 0
    entries = out["decks"][0]["entries"]
    assert [(e["matched_by"], e.get("lang")) for e in entries] == [
        ("printed", "de"), ("printed", "de"), ("printed", "fr"), ("name", None)
    ]
    assert {e["status"] for e in entries} == {"day_night"}


def test_an_unknown_name_close_to_a_card_without_non_english_names_may_be_a_foreign_name_not_only_a_typo(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the fixture holds German and Japanese names of Tavern Ruffian, none of Brutal Cathar
    path = _deck(tmp_path, "d.txt", "4 Brutale Kathare\n1 Tavern Rufian\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert status == 1 and out["unknown"] == 2  # still unknown names: the data cannot tell which
    foreign, typo = out["decks"][0]["entries"]
    assert foreign["suggestions"][0]["name"] == "Brutal Cathar" and foreign["foreign_name_possible"] is True
    assert typo["suggestions"][0]["name"] == "Tavern Ruffian" and "foreign_name_possible" not in typo
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(path)]) == 1
    out_lines = capsys.readouterr().out.splitlines()
    assert (
        "      4  Brutale Kathare  [main, line 1]  did you mean 'Brutal Cathar'? (or its name in another language: "
        "the card data has no non-English name for it)"
    ) in out_lines
    assert "      1  Tavern Rufian  [main, line 2]  did you mean 'Tavern Ruffian'?" in out_lines
    assert (
        "  non-English names come with a Scryfall all_cards import: 'mtg-daynight carddata update --bulk-type "
        "all_cards' (docs/carddata.md, Non-English names)"
    ) in out_lines


def test_the_bundled_snapshot_has_no_non_english_names_of_double_faced_cards_and_the_scan_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mtg_daynight.importer import store

    monkeypatch.delenv(store.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(store, "repo_carddata_dir", lambda: None)
    path = _deck(tmp_path, "d.txt", "4 Brutale Kathare\n")
    status, out = _scan(capsys, str(path))
    assert out["data"]["snapshot"] == str(store.bundled_snapshot())
    [entry] = out["decks"][0]["entries"]
    assert status == 1 and entry["foreign_name_possible"] is True
    assert entry["suggestions"][0]["card"] == "Brutal Cathar // Moonrage Brute"


def test_mentions_day_night_needs_the_helper_card(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _deck(tmp_path, "v.txt", "4 Brimstone Vandal\n20 Mountain\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    deck = out["decks"][0]
    assert status == 0
    assert deck["entries"][0]["status"] == "mentions_day_night"
    assert (deck["needs_helper_card"], deck["helper_reasons"]) == (True, ["Brimstone Vandal"])


def test_an_ordinary_deck_does_not_need_the_helper_card(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _deck(tmp_path, "burn.txt", "4 Lightning Bolt\n20 Mountain\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert status == 0
    assert out["decks"][0]["needs_helper_card"] is False
    assert {e["status"] for e in out["decks"][0]["entries"]} == {"not_in_data"}


def test_names_far_from_the_data_are_not_in_data_not_judged(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the data holds only day/night-related cards: a real card, a typo of one and a made-up name far from every
    # name in it cannot be told apart, so all three are "not_in_data" (never "not a day/night card", never a typo)
    path = _deck(tmp_path, "burn.txt", "4 Lightning Bolt\n4 Lightning Blot\n1 Xyzzy Frobnicator\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert status == 0
    assert [e["status"] for e in out["decks"][0]["entries"]] == ["not_in_data"] * 3
    assert out["decks"][0]["needs_helper_card"] is False


def test_a_daybound_card_the_data_lacks_is_not_in_the_data_never_not_a_day_night_card(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Werewhat is a real daybound card the fixture data does not hold: the scan cannot tell it from an ordinary
    # card, so it says so, and keeps it apart from a card the data holds that has no day/night role
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "plain.toml").write_text("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'Invented Bystander' }\n")
    deck = _deck(tmp_path, "d.txt", "4 Werewhat\n2 Invented Bystander\n")
    args = ["--mods", str(mods), "--data-dir", str(data_dir), str(deck)]
    status, out = _scan(capsys, *args)
    assert status == 0
    werewhat, bystander = out["decks"][0]["entries"]
    assert werewhat == {"written": "Werewhat", "count": 4, "section": "main", "line": 1, "status": "not_in_data"}
    assert (bystander["status"], bystander["card"]) == ("other", "Invented Bystander")
    assert out["decks"][0]["needs_helper_card"] is False
    assert main(["deck", "scan", "--no-default-mods", *args]) == 0
    text = capsys.readouterr().out
    assert "not in the card data (1 name: Werewhat): so it cannot tell whether it is a day/night card" in text
    assert "a day/night card newer than the data and one the data lacks all look the same" in text
    assert "in the card data, without day/night:\n      2  Invented Bystander  [main, line 2]" in text
    assert "not a day/night card" not in text and "not day/night card" not in text
    assert "needs the Day // Night helper card: no, as far as the card data knows (1 name is not in it)" in text


def test_the_helper_card_verdict_is_a_plain_no_only_when_every_name_is_in_the_data(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "plain.toml").write_text("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'Invented Bystander' }\n")
    deck = _deck(tmp_path, "d.txt", "2 Invented Bystander\n")
    assert main(["deck", "scan", "--no-default-mods", "--mods", str(mods), "--data-dir", str(data_dir), str(deck)]) == 0
    assert capsys.readouterr().out.endswith("needs the Day // Night helper card: no\n")


def test_several_files_and_text_output(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _deck(tmp_path, "a.txt", "4 Tavern Ruffian\n4 Lightning Bolt\n")
    second = _deck(tmp_path, "b.txt", "1 Brutal Cathr\n")
    status = main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(first), str(second)])
    out = capsys.readouterr().out
    assert status == 1
    row = "4  Tavern Ruffian // Tavern Smasher  [main, line 1]  (daybound; nightbound; written 'Tavern Ruffian')"
    assert row in out
    assert "not in the card data (1 name: Lightning Bolt): so it cannot tell whether it is a day/night card" in out
    assert "Brutal Cathr  [main, line 1]  did you mean 'Brutal Cathar'?" in out
    assert "needs the Day // Night helper card: yes (Tavern Ruffian // Tavern Smasher)" in out


def test_malformed_file_exits_2_naming_file_and_line_and_its_good_lines_and_the_good_file_still_print(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _deck(tmp_path, "good.txt", "4 Tavern Ruffian\n")
    bad = _deck(tmp_path, "bad.txt", "3 Brutal Cathar\n0 Lightning Bolt\n")
    status = main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(bad), str(good)])
    captured = capsys.readouterr()
    assert status == 2
    assert "good.txt: mtgo" in captured.out and "Tavern Ruffian // Tavern Smasher" in captured.out
    assert "bad.txt: mtgo" in captured.out and "3  Brutal Cathar // Moonrage Brute  [main, line 1]" in captured.out
    assert "Lightning Bolt" not in captured.out  # the bad line is reported, not scanned
    first, last = captured.err.strip().splitlines()
    assert first.startswith("mtg-daynight deck scan: error: ") and first.endswith("bad.txt: line 2: count 0 is out "
                                                                                 "of range: it must be 1 to 999")
    assert last.endswith("bad.txt: 1 problem; its other lines were scanned (below)")


def test_a_file_with_one_bad_line_is_in_failed_and_its_good_lines_in_decks_as_json(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _deck(tmp_path, "bad.txt", "4 Tavern Ruffian\n1 {{7*7}}\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(bad))
    assert status == 2 and out["status"] == 2
    assert out["failed"] == [{"path": str(bad), "partial": True, "errors": [
        {"line": 2, "message": "card name '{{7*7}}' contains '{', which no card name has"}]}]
    (deck,) = out["decks"]
    assert deck["path"] == str(bad) and [e["written"] for e in deck["entries"]] == ["Tavern Ruffian"]


def test_a_forge_deck_with_a_bad_line_keeps_its_name_in_text_and_json(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _deck(tmp_path, "wolves.dck", "[metadata]\nName=Fixture Wolves\n[Main]\n4 Tavern Ruffian|MID\n0 Mountain\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(bad))
    assert status == 2 and out["failed"][0]["partial"] is True
    assert [(d["path"], d["deck_name"]) for d in out["decks"]] == [(str(bad), "Fixture Wolves")]
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(bad)]) == 2
    assert f"{bad}: forge (Fixture Wolves)" in capsys.readouterr().out


def test_missing_file_and_bad_mod_exit_2(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "scan", "--data-dir", str(data_dir), str(tmp_path / "none.txt")]) == 2
    assert "none.txt: cannot read the deck file" in capsys.readouterr().err
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "broken.toml").write_text("[mod]\nname = 'x'\n[[cards]]\nfront = {}\n")
    deck = _deck(tmp_path, "d.txt", "1 Tavern Ruffian\n")
    strict = ["deck", "scan", "--strict-mods", "--no-default-mods", "--mods", str(mods)]
    assert main([*strict, "--data-dir", str(data_dir), str(deck)]) == 2
    assert "broken.toml: cards[0].front: Object missing required field `name`" in capsys.readouterr().err


def test_mod_cards_and_clashes(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "clash.toml").write_text(
        "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'Brutal Cathar', keywords = ['daybound'] }\n"
    )
    deck = _deck(tmp_path, "d.txt", "1 Lantern-Keeper of Thraben\n1 Brutal Cathar\n")
    args = ["--mods", str(REPO_MODS), "--mods", str(mods), "--data-dir", str(data_dir), str(deck)]
    status, out = _scan(capsys, *args)
    assert status == 0
    entries = out["decks"][0]["entries"]
    assert (entries[0]["status"], entries[0]["community"]) == ("day_night", True)
    assert entries[1].get("community", False) is False  # the real card won the clash
    assert [(c["mod_card"], c["won"]) for c in out["data"]["clashes"]] == [("Brutal Cathar", False)]
    assert main(["deck", "scan", "--no-default-mods", *args]) == 0
    assert "warning: " in capsys.readouterr().err


def test_without_a_snapshot_nothing_is_claimed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    deck = _deck(tmp_path, "d.txt", "4 Tavern Ruffian\n")
    status = main(["deck", "scan", "--no-default-mods", "--data-dir", str(empty), str(deck)])
    captured = capsys.readouterr()
    assert status == 0
    assert "warning: no card data loaded" in captured.err
    assert "not checked (1 name: Tavern Ruffian): no card data is loaded (import it with" in captured.out
    assert "needs the Day // Night helper card: unknown" in captured.out
    status, out = _scan(capsys, "--data-dir", str(empty), str(deck))
    assert out["data"]["snapshot"] is None and out["decks"][0]["needs_helper_card"] is None
    assert out["decks"][0]["entries"][0]["status"] == "no_data"


def test_deck_without_action_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck"]) == 2
    assert "scan" in capsys.readouterr().err


# -- several files, directories, errors as JSON, the three "not found" verdicts, terminal safety --------------------


def test_every_problem_of_a_bad_file_is_in_the_json_and_the_good_files_still_scan(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _deck(tmp_path, "good.txt", "4 Tavern Ruffian\n")
    bad = _deck(tmp_path, "bad.txt", "0 Tavern Ruffian\n4 {{7*7}}\n2.5 Brutal Cathar\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(bad), str(good))
    assert status == 2 and out["status"] == 2
    assert [d["path"] for d in out["decks"]] == [str(good)]
    assert out["failed"] == [{"path": str(bad), "errors": [
        {"line": 1, "message": "count 0 is out of range: it must be 1 to 999"},
        {"line": 2, "message": "card name '{{7*7}}' contains '{', which no card name has"},
        {"line": 3, "message": "count 2.5 is not a whole number from 1 to 999"},
    ], "partial": False}]  # every line was bad: nothing of it scanned


def test_a_setup_error_is_json_too(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = _deck(tmp_path, "d.txt", "4 Tavern Ruffian\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), "--mods", str(tmp_path / "nope"), str(deck))
    assert status == 2
    assert out == {"data": None, "decks": [], "failed": [], "unknown": 0, "status": 2,
                   "error": f"{tmp_path / 'nope'}: mod directory not found"}


def test_a_directory_scans_its_deck_files_not_its_subdirectories(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    for name in ("werewolves.dck", "mtgo.txt", "deck.dek"):
        _deck(decks, name, DECKS[name])
    _deck(decks, "notes.md", "not a deck")
    _deck(decks, ".hidden.txt", "0 bad\n")
    (decks / "sub").mkdir()
    _deck(decks / "sub", "inner.txt", "0 bad\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(decks))
    assert status == 1 and out["failed"] == []
    assert [Path(d["path"]).name for d in out["decks"]] == ["deck.dek", "mtgo.txt", "werewolves.dck"]


def test_an_empty_directory_is_a_failed_argument(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    good = _deck(tmp_path, "good.txt", "4 Tavern Ruffian\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), str(empty), str(good))
    assert status == 2 and len(out["decks"]) == 1
    message = "no deck files (*.dck, *.dek, *.txt) in this directory"
    assert out["failed"] == [{"path": str(empty), "errors": [{"line": None, "message": message}], "partial": False}]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs POSIX FIFOs")
def test_a_fifo_argument_is_refused_and_the_others_scanned(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    good = _deck(tmp_path, "good.txt", "4 Tavern Ruffian\n")
    status = main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(fifo), str(good)])
    captured = capsys.readouterr()
    assert status == 2
    assert f"error: {fifo}: is a FIFO (named pipe), not a regular file" in captured.err
    assert "good.txt: mtgo" in captured.out


def test_not_found_names_say_no_data_or_not_in_data_or_typo(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = _deck(tmp_path, "d.txt", "4 Tavern Rufian\n4 Lightning Bolt\n")
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(deck)]) == 1
    out = capsys.readouterr().out
    assert "unknown names (not in the card data, but close to a name in it: a typo, or a card the data lacks?):" in out
    assert "Tavern Rufian  [main, line 1]  did you mean 'Tavern Ruffian'?" in out
    assert "not in the card data (1 name: Lightning Bolt): so it cannot tell whether it is a day/night card" in out
    empty = tmp_path / "empty"
    empty.mkdir()
    brutal = _deck(tmp_path, "e.txt", "4 Brutal Cathar\n")
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(empty), str(brutal)]) == 0
    captured = capsys.readouterr()
    assert "not checked (1 name: Brutal Cathar): no card data is loaded" in captured.out
    assert "not day/night" not in captured.out and "did you mean" not in captured.out


def test_names_paths_and_deck_names_reach_the_terminal_without_control_characters(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "[metadata]\nName=Wolves\x1b]0;pwned\x07\n[Main]\n4 Tavern Ruffian\n"
    path = _deck(tmp_path, "evil\x1b[2Jname\u202e.dck", text)
    bad = _deck(tmp_path, "bad\x1b[31m.txt", "0 Tavern Ruffian\n")
    main(["deck", "scan", "--no-default-mods", "--data-dir", str(data_dir), str(path), str(bad)])
    captured = capsys.readouterr()
    for stream in (captured.out, captured.err):
        assert not any(ch in stream for ch in "\x1b\x07\u202e")
    assert "evil\\u001b[2Jname\\u202e.dck: forge (Wolves\\u001b]0;pwned\\u0007)" in captured.out
    _, out = _scan(capsys, "--data-dir", str(data_dir), str(path))
    assert out["decks"][0]["path"] == str(path)  # the JSON value is exact: only its encoding is escaped


def test_help_documents_the_exit_status_and_directories(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["deck", "scan", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 every file scanned;" in text and "2 some deck file (or directory argument) could not" in text
    assert "A directory scans its *.dck, *.dek and *.txt files (not its subdirectories)" in text


FORGE_HOWLER = (  # an INVENTED card, scripted the way Forge scripts a daybound/nightbound card
    "Name:Invented Lanternwolf\nManaCost:2 R\nTypes:Creature Human Werewolf\nPT:3/2\nK:Daybound\n"
    "AlternateMode:DoubleFaced\n\nALTERNATE\n\nName:Invented Lanternbeast\nTypes:Creature Werewolf\nK:Nightbound\n"
)


def test_a_forge_deck_of_forge_script_mod_cards_scans(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    _deck(mods, "invented_lanternwolf.txt", FORGE_HOWLER)
    deck = _deck(tmp_path, "d.dck", "[Main]\n4 Invented Lanternwolf|CUSTOM\n4 Tavern Ruffian|MID\n")
    status, out = _scan(capsys, "--data-dir", str(data_dir), "--mods", str(mods), str(deck))
    assert status == 0
    entries = out["decks"][0]["entries"]
    assert [(e["card"], e["status"], e.get("community", False)) for e in entries] == [
        ("Invented Lanternwolf // Invented Lanternbeast", "day_night", True),
        ("Tavern Ruffian // Tavern Smasher", "day_night", False),
    ]


SCENARIO = """\
[scenario]
title = "An invented mod card, found through --mods, enters back face up at night (702.145b)"
rules = ["702.145b"]
players = ["A", "B"]

[[turn]]
actions = [
  { become = "night", cause = "an effect" },
  { cast = "Invented Lanternwolf", as = "wolf" },
  { expect = { faces = { wolf = "back" } } },
]
"""


@pytest.mark.parametrize("command", ["simulate", "conformance"])
def test_simulate_and_conformance_take_mods_like_deck_scan(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    _deck(mods, "invented_lanternwolf.txt", FORGE_HOWLER)
    scenario = _deck(tmp_path, "wolf.toml", SCENARIO)
    head = ["simulate"] if command == "simulate" else ["conformance", "mtg_daynight.scenarios:ReferenceAdapter"]
    common = [*head, str(scenario), "--no-default-mods", "--data-dir", str(data_dir)]
    assert main([*common, "--mods", str(mods)]) == 0
    capsys.readouterr()
    assert main(common) == 2  # without the mod the card is unknown
    assert "Invented Lanternwolf" in capsys.readouterr().err
    assert main([*common, "--mods", str(tmp_path / "nope")]) == 2
    assert "nope: mod directory not found" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "conformance"])
def test_simulate_and_conformance_report_a_broken_mod_file_and_go_on(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    _deck(mods, "invented_lanternwolf.txt", FORGE_HOWLER)
    _deck(mods, "broken.toml", "[mod]\nname = 3\n")
    scenario = _deck(tmp_path, "wolf.toml", SCENARIO)
    head = ["simulate"] if command == "simulate" else ["conformance", "mtg_daynight.scenarios:ReferenceAdapter"]
    common = [*head, str(scenario), "--no-default-mods", "--data-dir", str(data_dir), "--mods", str(mods)]
    assert main(common) == 0  # the good mod file still loads, and the scenario passes
    err = capsys.readouterr().err
    assert f"mtg-daynight {command}: warning: {mods}/broken.toml" in err and "this mod file is left out" in err
    assert main([*common, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [problem["path"] for problem in document["mod_problems"]] == [f"{mods}/broken.toml"]
    assert main([*common, "--strict-mods"]) == 2
    assert "broken.toml" in capsys.readouterr().err


def test_a_setup_error_is_one_terminal_safe_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = _deck(tmp_path, "d.txt", "4 Tavern Ruffian\n")
    missing = tmp_path / "no\x1b[31mmods"
    assert main(["deck", "scan", "--no-default-mods", "--mods", str(missing), str(deck)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line == f"mtg-daynight deck scan: error: {tmp_path}/no\\u001b[31mmods: mod directory not found"
