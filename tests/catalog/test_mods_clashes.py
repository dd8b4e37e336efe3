"""Mod clashes on every handle, in both directions: a mod card's id against a real card's names, a mod
card's name against a real card's ids, printed names; always reported, never silently won without ``override``.

The card data is the HAND-WRITTEN FIXTURE snapshot (real card names, invented ids); every mod card is invented.
"""

from __future__ import annotations

from pathlib import Path

import pluggy
import pytest

from mtg_daynight import CardPermanent, DayNight, Designation
from mtg_daynight.catalog import CardDatabase, CardDataPlugin, load_database, scan_deck
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.mods import parse_mod
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME
from mtg_daynight.decks import parse_deck
from mtg_daynight.errors import InputFileError
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.manager import install


def _load(data_dir: Path, mods_dir: Path, text: str) -> CardDatabase:
    (mods_dir / "m.toml").write_text("[mod]\nname = 'invented'\n" + text, encoding="utf-8")
    return load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())


def test_a_mod_id_equal_to_a_real_cards_name_clashes_and_does_not_take_the_name_over(
    data_dir: Path, mods_dir: Path
) -> None:
    """A real card always wins over a clashing mod: were the mod card to win the lookup of 'Tavern Ruffian' (ids
    are looked up first), a deck with Tavern Ruffian would 'not need the helper card' and the card would enter
    without daybound."""
    db = _load(data_dir, mods_dir, "[[cards]]\nid = 'Tavern Ruffian'\nfront = { name = 'Invented Tavern Bouncer' }\n")
    assert [(c.kind, c.key, c.existing, c.won) for c in db.clashes] == [
        ("id-name", "tavern ruffian", "Tavern Ruffian // Tavern Smasher", False)
    ]
    assert "its id is the other card's name" in db.clashes[0].describe()
    ruffian = db.lookup("Tavern Ruffian")
    assert ruffian is not None and ruffian.origin == "scryfall" and ruffian.day_night
    scan = scan_deck(parse_deck("4 Tavern Ruffian\n"), db)
    assert scan.needs_helper_card is True
    assert db.lookup("Invented Tavern Bouncer") is None
    pm = pluggy.PluginManager(PROJECT)
    pm.register(CardDataPlugin(db), name=CARD_DATA_PLUGIN_NAME)
    install(pm)
    game = DayNight(pm).new_game("g", ("alice", "bob"))
    game.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"))
    assert game.designation is Designation.DAY  # 702.145g: it entered with daybound, so it became day


def test_a_mod_id_spelled_with_accents_or_odd_case_still_clashes_with_the_name(data_dir: Path, mods_dir: Path) -> None:
    db = _load(data_dir, mods_dir, "[[cards]]\nid = 'TAVERN  RUFFÍAN'\nfront = { name = 'Invented Bouncer' }\n")
    assert [c.kind for c in db.clashes] == ["id-name"]
    ruffian = db.lookup("Tavern Ruffían")
    assert ruffian is not None and ruffian.origin == "scryfall"


def test_a_mod_id_equal_to_a_real_face_name_clashes(data_dir: Path, mods_dir: Path) -> None:
    db = _load(data_dir, mods_dir, "[[cards]]\nid = 'moonrage brute'\nfront = { name = 'Invented Brute' }\n")
    assert [(c.kind, c.existing) for c in db.clashes] == [("id-name", "Brutal Cathar // Moonrage Brute")]


def test_a_mod_name_equal_to_a_real_cards_id_clashes(data_dir: Path, mods_dir: Path) -> None:
    db = _load(data_dir, mods_dir, "[[cards]]\nfront = { name = 'fixture-id-brutal-cathar-en' }\n")
    assert [(c.kind, c.key, c.existing) for c in db.clashes] == [
        ("name-id", "fixture-id-brutal-cathar-en", "Brutal Cathar // Moonrage Brute")
    ]
    found = db.lookup("fixture-id-brutal-cathar-en")
    assert found is not None and found.origin == "scryfall"


def test_a_mod_name_equal_to_a_real_printed_name_clashes(data_dir: Path, mods_dir: Path) -> None:
    db = _load(data_dir, mods_dir, "[[cards]]\nfront = { name = 'Tavernenrüpel', keywords = ['daybound'] }\n")
    assert [(c.kind, c.existing) for c in db.clashes] == [("name", "Tavern Ruffian // Tavern Smasher")]
    found = db.match("Tavernenrüpel")
    assert found is not None and found.card.origin == "scryfall" and found.how == "printed"


def test_a_mod_printed_name_equal_to_a_real_name_clashes(data_dir: Path, mods_dir: Path) -> None:
    db = _load(
        data_dir, mods_dir,
        "[[cards]]\nfront = { name = 'Invented Cathar' }\nprinted_names = { de = 'Brutal Cathar' }\n",
    )
    assert [(c.kind, c.existing) for c in db.clashes] == [("name", "Brutal Cathar // Moonrage Brute")]


def test_an_id_clash_is_won_only_with_override_and_is_reported_then_too(data_dir: Path, mods_dir: Path) -> None:
    text = "[[cards]]\noverride = true\nid = 'Tavern Ruffian'\nfront = { name = 'Invented Tavern Bouncer' }\n"
    db = _load(data_dir, mods_dir, text)
    assert [(c.kind, c.won) for c in db.clashes] == [("id-name", True)]
    found = db.lookup("Tavern Ruffian")
    assert found is not None and found.community and found.name == "Invented Tavern Bouncer"
    assert "replaces it (override = true)" in db.clashes[0].describe()


def test_a_clash_between_two_mod_files_crosses_ids_and_names(data_dir: Path, mods_dir: Path) -> None:
    (mods_dir / "a.toml").write_text(
        "[mod]\nname = 'a'\n[[cards]]\nid = 'inv:howler'\nfront = { name = 'Invented Howler' }\n", encoding="utf-8"
    )
    (mods_dir / "b.toml").write_text(
        "[mod]\nname = 'b'\n[[cards]]\nid = 'invented howler'\nfront = { name = 'Inv:Howler' }\n", encoding="utf-8"
    )
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert [(c.kind, c.existing_origin, c.won) for c in db.clashes] == [("name-id", "community", False)]
    first = db.lookup("Invented Howler")
    assert first is not None and first.source.endswith("a.toml")
    assert db.lookup("Inv:Howler") is first  # b.toml's card was left out: a.toml's id still answers


@pytest.mark.parametrize(
    "cards",
    [
        "[[cards]]\nid = 'Invented Two'\nfront = { name = 'Invented One' }\n"
        "[[cards]]\nfront = { name = 'Invented Two' }\n",
        "[[cards]]\nfront = { name = 'Invented One' }\n"
        "[[cards]]\nid = 'INVENTED ONE'\nfront = { name = 'Invented Two' }\n",
    ],
)
def test_within_one_file_an_id_and_a_name_may_not_collide(cards: str) -> None:
    with pytest.raises(InputFileError, match=r"m\.toml: cards\[1\]: .* repeats .* in the same file"):
        parse_mod("[mod]\nname = 'x'\n" + cards, "m.toml")


def test_a_card_may_use_its_own_name_as_its_id() -> None:
    text = "[mod]\nname = 'x'\n[[cards]]\nid = 'Invented One'\nfront = { name = 'Invented One' }\n"
    loaded = parse_mod(text, "m.toml")
    assert loaded.cards[0].card.ids == ("Invented One",)
