from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.decks import detect_format, parse_deck, read_deck


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<Deck><Cards Quantity='1' Name='Abrade'/></Deck>", "dek"),
        ("  \n<?xml version='1.0'?><Deck/>", "dek"),
        ("[Main]\n4 Mountain\n", "forge"),
        ("4 Tavern Ruffian|MID|1\n", "forge"),
        ("Deck\n4 Tavern Ruffian\n", "arena"),
        ("Companion\n1 Jegantha, the Wellspring\n", "arena"),
        ("About\nName X\n", "arena"),
        ("Deck\nLightning Bolt\nMountain\n", "plain"),
        ("4 Tavern Ruffian (MID) 163\n", "arena"),
        ("4 Tavern Ruffian (MID)\n", "arena"),
        ("4 Tavern Ruffian\nSB: 1 Abrade\n", "mtgo"),
        ("4 Tavern Ruffian\n\n1 Abrade\n", "mtgo"),
        ("4 Tavern Ruffian\nSideboard\n1 Abrade\n// note\n", "mtgo"),
        ("4x Tavern Ruffian\n", "plain"),
        ("Tavern Ruffian\n", "plain"),
        ("Creatures (4)\n4 Tavern Ruffian\n", "plain"),
        ("", "plain"),
    ],
)
def test_detect_from_content(text: str, expected: str) -> None:
    assert detect_format(text, text.splitlines()) == expected


def test_detect_extension_hints() -> None:
    assert detect_format("4 Mountain\n", ["4 Mountain"], ".DCK") == "forge"
    assert detect_format("4 Mountain\n", ["4 Mountain"], ".dek") == "dek"
    assert detect_format("4 Mountain\n", ["4 Mountain"], ".txt") == "mtgo"


def test_dck_extension_reads_as_forge(tmp_path: Path) -> None:
    path = tmp_path / "list.dck"
    path.write_text("4 Tavern Ruffian (MID) 163\n", "utf-8")
    deck = read_deck(path)
    assert deck.format == "forge"
    assert deck.entries[0].name == "Tavern Ruffian (MID) 163"


def test_format_argument_overrides_detection() -> None:
    text = "4 Tavern Ruffian\n\n2 Abrade\n"
    assert [e.section for e in parse_deck(text).entries] == ["main", "sideboard"]
    plain = parse_deck(text, format="plain")
    assert plain.format == "plain"
    assert [e.section for e in plain.entries] == ["main", "main"]
    assert read_deck_format(text, "arena") == "arena"


def read_deck_format(text: str, format: str) -> str:
    return parse_deck(text, format=format).format


def test_unknown_format_argument_is_a_value_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown deck format 'cockatrice'"):
        parse_deck("4 Mountain", format="cockatrice")
    with pytest.raises(ValueError, match="expected one of forge, arena, mtgo, dek, plain"):
        read_deck(tmp_path / "missing.txt", format="xml")
