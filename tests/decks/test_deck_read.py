from __future__ import annotations

import codecs
from pathlib import Path

import msgspec
import pytest

from mtg_daynight.decks import Deck, DeckEntry, parse_deck, read_deck


def test_encodings(tmp_path: Path) -> None:
    text = "4 Jötun Grunt\r\n1 Lim-Dûl's Vault\r\n"
    for name, data in {
        "utf8.txt": text.encode("utf-8"),
        "utf8sig.txt": codecs.BOM_UTF8 + text.encode("utf-8"),
        "cp1252.txt": text.encode("cp1252"),
        "utf16le.txt": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "utf16be.txt": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    }.items():
        path = tmp_path / name
        path.write_bytes(data)
        deck = read_deck(path)
        assert [(e.count, e.name, e.line) for e in deck.entries] == [(4, "Jötun Grunt", 1), (1, "Lim-Dûl's Vault", 2)]
        assert deck.path == str(path)


def test_read_deck_accepts_str_path_and_format(fixtures: Path) -> None:
    deck = read_deck(str(fixtures / "werewolves_mtgo.txt"), format="plain")
    assert deck.format == "plain"
    assert deck.total("sideboard") == 0


def test_old_mac_line_endings() -> None:
    deck = parse_deck("4 Tavern Ruffian\r\r2 Abrade\r", source="mac.txt")
    assert [(e.line, e.section) for e in deck.entries] == [(1, "main"), (3, "sideboard")]
    assert deck.path == "mac.txt"


def test_structs_are_frozen_and_encode_to_json() -> None:
    deck = parse_deck("[metadata]\nName=Wolves\n[Main]\n4 Tavern Ruffian|MID|1\n")
    with pytest.raises(AttributeError):
        deck.entries[0].count = 5  # type: ignore[misc]
    data = msgspec.json.decode(msgspec.json.encode(deck))
    assert data["entries"][0] == {
        "count": 4,
        "name": "Tavern Ruffian",
        "section": "main",
        "set_code": "MID",
        "collector_number": None,
        "line": 4,
    }
    assert msgspec.json.decode(msgspec.json.encode(deck), type=Deck) == deck
    assert hash(deck.entries[0]) == hash(
        DeckEntry(count=4, name="Tavern Ruffian", section="main", set_code="MID", line=4)
    )


def test_deck_helpers() -> None:
    deck = parse_deck("4 Tavern Ruffian\n2 Mountain\n4 Tavern Ruffian\n\n2 Abrade\n")
    assert deck.total() == 12
    assert deck.total("main") == 10
    assert deck.sections() == ("main", "sideboard")
    assert deck.distinct_names() == ("Tavern Ruffian", "Mountain", "Abrade")


def test_a_name_resolver_sees_each_name_once(fixtures: Path) -> None:
    """How the later ``deck scan`` step is meant to use the entries: resolve each distinct name once."""
    deck = read_deck(fixtures / "community_plain.txt")
    calls: list[str] = []

    def resolver(name: str) -> str | None:
        calls.append(name)
        return name.casefold() if name.isascii() else None

    resolved = {name: resolver(name) for name in deck.distinct_names()}
    unknown = [e for e in deck.entries if resolved[e.name] is None]
    assert len(calls) == len(set(calls))
    assert [e.name for e in unknown] == ["Éclair de foudre", "稲妻"]
