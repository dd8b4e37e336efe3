from __future__ import annotations

from pathlib import Path

from mtg_daynight.decks import Deck, parse_deck, read_deck


def triples(deck: Deck) -> list[tuple[int, str, str]]:
    """``(count, name, section)`` of every entry, for compact assertions."""
    return [(e.count, e.name, e.section) for e in deck.entries]


def test_mtgo_blank_line_sideboard(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves_mtgo.txt")
    assert deck.format == "mtgo"
    assert deck.name is None
    assert deck.total("main") == 44
    assert triples(deck)[-2:] == [(2, "Brutal Cathar", "sideboard"), (3, "Abrade", "sideboard")]
    assert deck.entries[-1].line == 12


def test_mtgo_sb_prefix_makes_blank_lines_layout(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves_mtgo_sb.txt")
    assert deck.format == "mtgo"
    assert triples(deck) == [
        (4, "Tavern Ruffian", "main"),
        (4, "Reckless Stormseeker", "main"),
        (20, "Mountain", "main"),
        (4, "Lightning Bolt", "main"),
        (2, "Brutal Cathar", "sideboard"),
        (3, "Abrade", "sideboard"),
    ]


def test_mtgo_variants() -> None:
    text = "\n\n4 Tavern Ruffian\r\nsb:1 Abrade\r\n\r\n\r\n2 Brutal Cathar\r\n\r\n1 Unholy Heat\r\n"
    deck = parse_deck(text, format="mtgo")
    assert triples(deck) == [
        (4, "Tavern Ruffian", "main"),
        (1, "Abrade", "sideboard"),
        (2, "Brutal Cathar", "main"),  # SB: marks the sideboard, so blank lines are layout
        (1, "Unholy Heat", "main"),
    ]


def test_mtgo_sideboard_header() -> None:
    deck = parse_deck("4 Tavern Ruffian\n\n4 Lightning Bolt\nSideboard\n2 Abrade\n")
    assert deck.format == "mtgo"
    assert triples(deck) == [(4, "Tavern Ruffian", "main"), (4, "Lightning Bolt", "main"), (2, "Abrade", "sideboard")]


def test_mtgo_second_blank_line_stays_in_sideboard() -> None:
    deck = parse_deck("4 Tavern Ruffian\n\n2 Abrade\n\n1 Unholy Heat\n")
    assert [e.section for e in deck.entries] == ["main", "sideboard", "sideboard"]
