"""Scryfall bulk files on HAND-WRITTEN FIXTURES in Scryfall's schema (tests/importer/fixture_cards.py; NOT REAL
CARD DATA): cards that read day/night, the new layouts ``prepare`` and ``front_card``, English printings with
their own printed name and text, and what `carddata list` and the card database make of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.catalog.snapshot import read_snapshot
from mtg_daynight.cli import main
from tests.importer.fixture_cards import FIXTURE_MARK, _normal, encode_jsonl, fid, fixture_objects, import_bytes


def _reads_card(n: int, name: str, text: str, **more: Any) -> dict[str, Any]:
    return _normal(n, fid(19_000 + n), name, text, **more)


READS = [
    _reads_card(500, "Fixture Moonrage Slash", "This spell costs {2} less to cast if it's night.\nFixture damage."),
    _reads_card(501, "Fixture Wolfish Strike", "Target creature gets +2/+0 until end of turn if it's night."),
    _reads_card(502, "Fixture Quiet Dawn", "It's day? Draw a card."),  # capitalised: "t's day" is the needle
]
NOT_READS = [
    _reads_card(510, "Fixture Daylight Ray", "If it's daylight, fixture."),
    _reads_card(511, "Fixture Nightmare", "If it's nightfall, fixture."),
]


def test_cards_that_only_read_day_night_are_found_by_their_oracle_text() -> None:
    result = import_bytes(encode_jsonl([*fixture_objects(), *READS, *NOT_READS]))
    assert [r.name for r in result.reads] == ["Fixture Moonrage Slash", "Fixture Quiet Dawn", "Fixture Wolfish Strike"]
    assert all(r.reads_day_night and not r.digital for r in result.reads)
    # a card that makes it day and also checks it is one that mentions day/night, not one that reads it
    assert "Fixture Emberwatch Vandal" in [m.name for m in result.mentions]


@pytest.mark.parametrize("layout", ["prepare", "front_card"])
def test_new_layouts_are_plain_strings_and_classified_by_keywords_and_text(layout: str) -> None:
    wolf = {**fixture_objects()[1], "layout": layout, "id": fid(600)}
    reads = _reads_card(601, "Fixture Prepared Slash", "Costs {1} less if it's night.", layout=layout)
    result = import_bytes(encode_jsonl([wolf, reads]))
    assert [(c.name, c.layout) for c in result.cards] == [("Fixture Dawnguard // Fixture Duskhowl", layout)]
    assert [(r.name, r.layout) for r in result.reads] == [("Fixture Prepared Slash", layout)]


def test_an_english_printing_with_its_own_printed_name_is_folded_by_oracle_id() -> None:
    plain, own = fixture_objects()[1], {
        **fixture_objects()[1],
        "id": fid(700),
        "set": "fx9",
        "printed_name": "Fixture Printed Dawnguard // Fixture Printed Duskhowl",
        "printed_type_line": "Creature — Printed",
        "printed_text": "Printed daybound.",
    }
    result = import_bytes(encode_jsonl([plain, own]))
    (card,) = result.cards
    assert card.name == "Fixture Dawnguard // Fixture Duskhowl"
    printed = {p.set: p.printed_name for p in card.printings}
    assert printed == {"fx1": None, "fx9": "Fixture Printed Dawnguard // Fixture Printed Duskhowl"}


def test_list_shows_cards_that_read_day_night_and_counts_one_printing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl([*fixture_objects(), *READS]))
    data = str(tmp_path / "d")
    assert main(["carddata", "update", "--from-file", str(source), "--data-dir", data]) == 0
    capsys.readouterr()
    assert main(["carddata", "list", "--data-dir", data]) == 0
    captured = capsys.readouterr()
    assert "Fixture Wolfish Strike  (reads day/night; 1 printing)" in captured.out
    assert "1 printings" not in captured.out
    assert "3 that read day/night, 1 helper card" in captured.err
    assert main(["carddata", "list", "--json", "--data-dir", data]) == 0
    records = json.loads(capsys.readouterr().out)
    reads = [r for r in records if r["kind"] == "reads_day_night"]
    assert [r["name"] for r in reads] == ["Fixture Moonrage Slash", "Fixture Quiet Dawn", "Fixture Wolfish Strike"]
    assert all(r["reads_day_night"] is True for r in reads)


def test_the_card_database_marks_them_reads_day_night_and_they_do_not_need_the_helper(tmp_path: Path) -> None:
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl([*fixture_objects(), *READS]))
    assert main(["carddata", "update", "--from-file", str(source), "--data-dir", str(tmp_path / "d")]) == 0
    cards = {c.name: c for c in read_snapshot(tmp_path / "d" / "daynight-cards.json").cards}
    slash = cards["Fixture Moonrage Slash"]
    assert slash.kind == "reads_day_night" and slash.uses == ("reads_day_night",) and not slash.needs_helper
    assert cards["Fixture Emberwatch Vandal"].needs_helper


def test_fixture_objects_are_marked() -> None:
    assert all(card["_fixture"] == FIXTURE_MARK for card in (*READS, *NOT_READS))
