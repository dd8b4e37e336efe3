from __future__ import annotations

from pathlib import Path

from mtg_daynight.decks import Deck, DeckEntry, parse_deck, read_deck, to_plain


def triples(deck: Deck) -> list[tuple[int, str, str]]:
    """``(count, name, section)`` of every entry, for compact assertions."""
    return [(e.count, e.name, e.section) for e in deck.entries]


def test_community_plain_list_keeps_typos_and_foreign_names(fixtures: Path) -> None:
    deck = read_deck(fixtures / "community_plain.txt")
    assert deck.format == "plain"
    assert triples(deck) == [
        (4, "Tavern Ruffian // Tavern Smasher", "main"),
        (4, "Reckless Stormseeker // Storm-Charged Slasher", "main"),
        (3, "kessig naturalist", "main"),
        (1, "Arlinn, the Pack's Hope", "main"),
        (1, "Lightning Blot", "main"),
        (2, "Blitzschlag", "main"),
        (1, "Éclair de foudre", "main"),
        (2, "稲妻", "main"),
        (4, "Brutal Cathar", "main"),
        (20, "Mountain", "main"),
        (2, "Abrade", "sideboard"),
    ]
    assert deck.entries[4].line == 6


def test_plain_sections_and_prefixes() -> None:
    text = "Commander:\nTovolar, Dire Overlord\nMain Deck (99)\n4X Mountain\nSB: Abrade\n# Maybeboard\n1 Unholy Heat\n"
    deck = parse_deck(text)
    assert deck.format == "plain"
    assert triples(deck) == [
        (1, "Tovolar, Dire Overlord", "commander"),
        (4, "Mountain", "main"),
        (1, "Abrade", "sideboard"),
        (1, "Unholy Heat", "maybe"),
    ]


def test_plain_blank_lines_do_not_start_sideboard() -> None:
    deck = parse_deck("4x Tavern Ruffian\n\n2x Abrade\n")
    assert [e.section for e in deck.entries] == ["main", "main"]


def test_plain_name_starting_with_number_needs_count() -> None:
    deck = parse_deck("1 1996 World Champion\n", format="plain")
    assert triples(deck) == [(1, "1996 World Champion", "main")]


def test_to_plain_round_trip() -> None:
    deck = Deck(
        path="x",
        format="arena",
        entries=(
            DeckEntry(count=1, name="Tovolar, Dire Overlord", section="commander", line=2),
            DeckEntry(count=4, name="Tavern Ruffian // Tavern Smasher", section="main", set_code="MID", line=5),
            DeckEntry(count=2, name="Brutal Cathar", section="sideboard", line=7),
        ),
    )
    text = to_plain(deck)
    assert text == (
        "// Commander\n1 Tovolar, Dire Overlord\n// Main\n4 Tavern Ruffian // Tavern Smasher\n"
        "// Sideboard\n2 Brutal Cathar\n"
    )
    assert triples(parse_deck(text, format="plain")) == triples(deck)
    assert to_plain(Deck(path="x", format="plain", entries=())) == ""
