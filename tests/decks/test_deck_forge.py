from __future__ import annotations

from pathlib import Path

from mtg_daynight.decks import Deck, parse_deck, read_deck


def triples(deck: Deck) -> list[tuple[int, str, str]]:
    """``(count, name, section)`` of every entry, for compact assertions."""
    return [(e.count, e.name, e.section) for e in deck.entries]


def test_forge_fixture(fixtures: Path) -> None:
    deck = read_deck(fixtures / "werewolves.dck")
    assert deck.format == "forge"
    assert deck.name == "Innistrad Werewolves (Gruul)"
    assert deck.path.endswith("werewolves.dck")
    assert deck.total("main") == 56
    assert deck.total("sideboard") == 7
    assert deck.sections() == ("main", "sideboard")
    first = deck.entries[0]
    assert (first.count, first.name, first.set_code, first.collector_number, first.line) == (
        4,
        "Tavern Ruffian // Tavern Smasher",
        "MID",
        None,
        9,
    )
    names = deck.distinct_names()
    assert "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury" in names
    assert "Outland Liberator // Frenzied Trapbreaker" in names  # "//" without spaces normalised
    assert "Fire // Ice" in names  # " / " normalised
    unholy = deck.entries[-1]
    assert (unholy.name, unholy.set_code, unholy.collector_number) == ("Unholy Heat", "MH2", "145")


def test_forge_line_shapes_and_sections() -> None:
    text = """[metadata]
name = Odd Shapes
[main]
Lightning Bolt
3 Mountain|mid
2 Forest||
1 Kessig Naturalist+|MID|2|$flag
[Commander]
1 Tovolar, Dire Overlord|MID
[Planes]
1 Krav, the Unredeemed
// a comment
[Companion]
1 Jegantha, the Wellspring
[Maybe]
1 Abrade
"""
    deck = parse_deck(text, format="forge")
    assert deck.name == "Odd Shapes"
    assert triples(deck) == [
        (1, "Lightning Bolt", "main"),
        (3, "Mountain", "main"),
        (2, "Forest", "main"),
        (1, "Kessig Naturalist", "main"),
        (1, "Tovolar, Dire Overlord", "commander"),
        (1, "Krav, the Unredeemed", "planes"),
        (1, "Jegantha, the Wellspring", "companion"),
        (1, "Abrade", "maybe"),
    ]
    assert deck.entries[1].set_code == "MID"
    assert deck.entries[2].set_code is None


def test_forge_cards_before_any_section_are_main() -> None:
    deck = parse_deck("4 Tavern Ruffian|MID\n[Sideboard]\n1 Abrade\n", format="forge")
    assert triples(deck) == [(4, "Tavern Ruffian", "main"), (1, "Abrade", "sideboard")]


def test_forge_metadata_without_name() -> None:
    deck = parse_deck("[metadata]\nDescription=x=y\n[Main]\n4 Mountain\n")
    assert deck.format == "forge"
    assert deck.name is None
