from __future__ import annotations

from pathlib import Path

from mtg_daynight.decks import Deck, parse_deck, read_deck


def triples(deck: Deck) -> list[tuple[int, str, str]]:
    """``(count, name, section)`` of every entry, for compact assertions."""
    return [(e.count, e.name, e.section) for e in deck.entries]


def test_dek_fixture(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves.dek")
    assert deck.format == "dek"
    assert deck.total("main") == 35
    assert deck.total("sideboard") == 5
    assert deck.entries[0].line == 5
    assert triples(deck)[-1] == (3, "Abrade", "sideboard")


def test_dek_windows_1252(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\r\n<Deck>\r\n'
        '  <Cards CatID="1" Quantity="1" Sideboard="False" Name="Lim-Dûl\'s Vault" />\r\n'
        '  <Cards CatID="2" Quantity="2" Name="Jötun Grunt" />\r\n</Deck>\r\n'
    )
    path = tmp_path / "old.dek"
    path.write_bytes(text.encode("cp1252"))
    deck = read_deck(path)
    assert triples(deck) == [(1, "Lim-Dûl's Vault", "main"), (2, "Jötun Grunt", "main")]
    assert [e.line for e in deck.entries] == [3, 4]


def test_dek_entities_and_nested_elements() -> None:
    text = (
        "<Deck><Cards Quantity='4' Sideboard='true' Name='Fire&#47;&#47;Ice'/>"
        "<Other><Cards Quantity='9' Name='Ignored'/></Other>"
        "<Cards Quantity='1' Name='Tavern Ruffian &amp; Friends'/></Deck>"
    )
    deck = parse_deck(text)
    assert triples(deck) == [(4, "Fire // Ice", "sideboard"), (1, "Tavern Ruffian & Friends", "main")]


def test_dek_detected_by_extension_even_with_leading_comment(tmp_path: Path) -> None:
    path = tmp_path / "deck.dek"
    path.write_text("\ufeff  <!-- exported -->\n<Deck><Cards Quantity='2' Name='Abrade'/></Deck>", "utf-8")
    assert read_deck(path).format == "dek"
