from __future__ import annotations

from pathlib import Path

from mtg_daynight.decks import Deck, parse_deck, read_deck


def triples(deck: Deck) -> list[tuple[int, str, str]]:
    """``(count, name, section)`` of every entry, for compact assertions."""
    return [(e.count, e.name, e.section) for e in deck.entries]


def test_arena_with_headers(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves_arena.txt")
    assert deck.format == "arena"
    assert deck.name == "Werewolf Stampede"
    assert deck.sections() == ("companion", "main", "sideboard")
    assert deck.total("companion") == 1
    assert deck.total("main") == 50
    assert deck.total("sideboard") == 5
    ruffian = deck.entries[1]
    assert (ruffian.count, ruffian.name, ruffian.set_code, ruffian.collector_number, ruffian.line) == (
        4,
        "Tavern Ruffian",
        "MID",
        "163",
        8,
    )
    assert "Fire // Ice" in deck.distinct_names()


def test_arena_headerless_blank_line_starts_sideboard(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves_arena_headerless.txt")
    assert deck.format == "arena"
    assert deck.total("main") == 35
    assert triples(deck)[-2:] == [(2, "Brutal Cathar", "sideboard"), (3, "Abrade", "sideboard")]


def test_arena_commander(fixtures: Path) -> None:
    deck = read_deck(fixtures / "tovolar_commander_arena.txt")
    assert triples(deck)[0] == (1, "Tovolar, Dire Overlord", "commander")
    assert deck.total("main") == 99
    assert deck.total("sideboard") == 0


def test_arena_line_variants() -> None:
    text = """Deck
4 Tavern Ruffian
4 Reckless Stormseeker (MID)
2 Lightning Bolt (2XM) 129 *F*
1 Sol Ring (SLD) 1011★
Kessig Naturalist (MID) 231
1 Erase (Not the Urza's Legacy One)

Sideboard:
2 Brutal Cathar (MID) 7
Maybeboard
1 Abrade (DMU) 114
Eigene Kategorie
1 Mountain
"""
    deck = parse_deck(text)
    assert deck.format == "arena"
    assert [(e.count, e.name, e.section, e.set_code, e.collector_number) for e in deck.entries] == [
        (4, "Tavern Ruffian", "main", None, None),
        (4, "Reckless Stormseeker", "main", "MID", None),
        (2, "Lightning Bolt", "main", "2XM", "129"),
        (1, "Sol Ring", "main", "SLD", "1011★"),
        (1, "Kessig Naturalist", "main", "MID", "231"),
        (1, "Erase (Not the Urza's Legacy One)", "main", None, None),
        (2, "Brutal Cathar", "sideboard", "MID", "7"),
        (1, "Abrade", "maybe", "DMU", "114"),
        (1, "Mountain", "eigene kategorie", None, None),
    ]


def test_arena_blank_lines_are_layout_when_sideboard_is_named() -> None:
    text = "Deck\n4 Tavern Ruffian (MID) 163\n\n4 Lightning Bolt (STA) 42\n\nSideboard\n2 Abrade (DMU) 114\n"
    deck = parse_deck(text)
    assert triples(deck) == [
        (4, "Tavern Ruffian", "main"),
        (4, "Lightning Bolt", "main"),
        (2, "Abrade", "sideboard"),
    ]


def test_arena_about_block_other_lines_ignored_and_cards_after_it_are_main() -> None:
    text = "About\nName  Night  Pack \nDescription whatever\n4 Tavern Ruffian (MID) 163\n"
    deck = parse_deck(text)
    assert deck.name == "Night Pack"
    assert triples(deck) == [(4, "Tavern Ruffian", "main")]


def test_arena_section_comment() -> None:
    deck = parse_deck("4 Tavern Ruffian (MID) 163\n// Sideboard\n2 Abrade (DMU) 114\n", format="arena")
    assert triples(deck) == [(4, "Tavern Ruffian", "main"), (2, "Abrade", "sideboard")]
