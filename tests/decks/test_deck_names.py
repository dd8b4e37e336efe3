from __future__ import annotations

import pytest

from mtg_daynight.decks import parse_deck


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("Tavern Ruffian // Tavern Smasher", "Tavern Ruffian // Tavern Smasher"),
        ("Tavern Ruffian//Tavern Smasher", "Tavern Ruffian // Tavern Smasher"),
        ("Tavern Ruffian / Tavern Smasher", "Tavern Ruffian // Tavern Smasher"),
        ("Tavern Ruffian /// Tavern Smasher", "Tavern Ruffian // Tavern Smasher"),
        ("Who/What/When/Where/Why", "Who // What // When // Where // Why"),
        ("  Kessig \t Naturalist  ", "Kessig Naturalist"),
        ("Kessig\u00a0Naturalist", "Kessig Naturalist"),
        ("Kessig\u200b Naturalist\u200e", "Kessig Naturalist"),
        ("arlinn, the pack's hope", "arlinn, the pack's hope"),
        ("Arlinn, the Pack\u2019s Hope", "Arlinn, the Pack\u2019s Hope"),
        ("Jötun Grunt", "Jötun Grunt"),
        ("Lightning Blot", "Lightning Blot"),
        ("Rufián de la taberna", "Rufián de la taberna"),
        ("酒場の荒くれ者", "酒場の荒くれ者"),
        ("Æther Vial", "Æther Vial"),
    ],
)
def test_names_are_tidied_not_resolved(written: str, kept: str) -> None:
    for text in (f"4 {written}\n", f"4x {written}\n", f"SB: 4 {written}\n"):
        assert parse_deck(text).entries[0].name == kept


def test_names_in_every_format() -> None:
    expected = "Reckless Stormseeker // Storm-Charged Slasher"
    assert parse_deck("[Main]\n1 Reckless Stormseeker//Storm-Charged Slasher|MID|1\n").entries[0].name == expected
    assert parse_deck("1 Reckless Stormseeker / Storm-Charged Slasher (MID) 157\n").entries[0].name == expected
    dek = "<Deck><Cards Quantity='1' Name='Reckless  Stormseeker/Storm-Charged Slasher'/></Deck>"
    assert parse_deck(dek).entries[0].name == expected
