"""Community mod files: validation errors name the file and the field; merging; clashes are reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.mods import parse_mod
from mtg_daynight.errors import InputFileError

GOOD = """
[mod]
name = "Test mod"

[[cards]]
id = "test:moon-howler"
front = { name = "Moon-Howler of Kessig", keywords = ["daybound"] }
back = { name = "Howling Moon", keywords = ["nightbound"] }
printed_names = { de = "Mondheuler von Kessig" }
"""


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_valid_mod_is_merged_over_the_snapshot(data_dir: Path, mods_dir: Path) -> None:
    _write(mods_dir, "a.toml", GOOD)
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    card = db.lookup("moon-howler of kessig")
    assert card is not None and card.community and card.day_night
    assert card.name == "Moon-Howler of Kessig // Howling Moon"
    assert db.lookup("test:moon-howler") == card
    assert db.lookup("Mondheuler von Kessig") == card
    assert db.lookup("Tavern Ruffian") is not None  # the snapshot is still there
    assert db.clashes == ()
    assert [m.path for m in db.mods] == [str(mods_dir / "a.toml")]


def test_the_shipped_example_mod_is_valid_and_fan_made() -> None:
    shipped = Path(__file__).parents[2] / "carddata" / "custom"
    db = load_database(None, [shipped], default_mods=False, cache=DatabaseCache())
    card = db.lookup("Lantern-Keeper of Thraben")
    assert card is not None and card.community and card.front.daybound
    assert card.back is not None and card.back.nightbound
    bell = db.lookup("Bell-Ringer of Gavony")
    assert bell is not None and bell.mentions_day_night and not bell.day_night


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 3 }\n", r"m\.toml: cards\[0\]\.front\.name: Expected `str`"),
        ("[mod]\nname = 'x'\n[[cards]]\nback = { name = 'B' }\n", r"cards\[0\]: Object missing required field `front`"),
        (
            "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A', keywords = ['dayboud'] }\n",
            r"cards\[0\]\.front\.keywords\[0\]: Invalid enum value 'dayboud'",
        ),
        ("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A', colour = 'red' }\n", r"cards\[0\]\.front: .*`colour`"),
        ("[[cards]]\nfront = { name = 'A' }\n", r"m\.toml: Object missing required field `mod`"),
        ("[mod]\nname = ' '\n", r"m\.toml: mod\.name: must not be empty"),
        ("[mod]\nname = 'x'\n[[cards]]\nfront = { name = '' }\n", r"cards\[0\]\.front\.name: must not be empty"),
        ("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A // B' }\n", r"cards\[0\]\.front\.name: .*no '/'"),
        (
            "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A', keywords = ['nightbound'] }\n",
            r"cards\[0\]\.front\.keywords: nightbound belongs on the back face \(702\.145a\)",
        ),
        (
            "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A' }\nback = { name = 'B', keywords = ['daybound'] }\n",
            r"cards\[0\]\.back\.keywords: daybound belongs on the front face \(702\.145a\)",
        ),
        (
            "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A' }\n[[cards]]\nfront = { name = 'a' }\n",
            r"cards\[1\]: 'a' repeats 'A' in the same file",
        ),
        (
            "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'A' }\nprinted_names = { German = 'B' }\n",
            r"cards\[0\]\.printed_names\.German: not a language code",
        ),
        ("[mod]\nname = 'x'\n[[cards]\n", r"m\.toml: not valid TOML"),
    ],
)
def test_validation_errors_name_the_file_and_the_field(text: str, message: str) -> None:
    with pytest.raises(InputFileError, match=message):
        parse_mod(text, "m.toml")


def test_a_bad_mod_file_fails_the_load_with_its_path(data_dir: Path, mods_dir: Path) -> None:
    _write(mods_dir, "bad.toml", "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 3 }\n")
    with pytest.raises(InputFileError, match=r"bad\.toml: cards\[0\]\.front\.name"):
        load_database(data_dir, [mods_dir], default_mods=False, cache=None)


def test_a_missing_mods_dir_given_by_the_user_is_an_error(data_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="mod directory not found"):
        load_database(data_dir, [tmp_path / "missing"], default_mods=False, cache=None)


CLASH = """
[mod]
name = "Clashing mod"

[[cards]]
front = { name = "Tavern Ruffian", keywords = ["daybound"] }
back = { name = "Bar Brawler", keywords = ["nightbound"] }
"""


def test_a_clash_with_a_real_card_is_reported_and_the_real_card_kept(data_dir: Path, mods_dir: Path) -> None:
    _write(mods_dir, "clash.toml", CLASH)
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert len(db.clashes) == 1
    clash = db.clashes[0]
    assert (clash.mod_card, clash.existing, clash.existing_origin, clash.kind, clash.won) == (
        "Tavern Ruffian // Bar Brawler", "Tavern Ruffian // Tavern Smasher", "scryfall", "name", False
    )
    assert "clashes with the real card" in clash.describe()
    assert "ignored" in clash.describe()
    ruffian = db.lookup("Tavern Ruffian")
    assert ruffian is not None and ruffian.origin == "scryfall"
    assert db.lookup("Bar Brawler") is None


def test_an_override_replaces_the_real_card_and_is_still_reported(data_dir: Path, mods_dir: Path) -> None:
    _write(mods_dir, "clash.toml", CLASH.replace("[[cards]]", "[[cards]]\noverride = true"))
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert [c.won for c in db.clashes] == [True]
    ruffian = db.lookup("Tavern Ruffian")
    assert ruffian is not None and ruffian.community and ruffian.name == "Tavern Ruffian // Bar Brawler"
    assert db.lookup("Tavern Smasher") is None


def test_an_id_clash_is_reported(data_dir: Path, mods_dir: Path) -> None:
    _write(
        mods_dir, "ids.toml",
        "[mod]\nname = 'x'\n[[cards]]\nid = 'fixture-oracle-brutal-cathar'\nfront = { name = 'Someone Else' }\n",
    )
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert [(c.kind, c.key, c.existing) for c in db.clashes] == [
        ("id", "fixture-oracle-brutal-cathar", "Brutal Cathar // Moonrage Brute")
    ]
    assert db.lookup("Someone Else") is None


def test_a_clash_between_two_mods_keeps_the_first(data_dir: Path, mods_dir: Path) -> None:
    _write(mods_dir, "a.toml", GOOD)
    _write(mods_dir, "b.toml", GOOD.replace("Test mod", "Other mod").replace("test:", "other:"))
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert [(c.existing_origin, c.mod_file.endswith("b.toml")) for c in db.clashes] == [("community", True)]
    card = db.lookup("Moon-Howler of Kessig")
    assert card is not None and card.source.endswith("a.toml")


def test_mods_work_without_a_snapshot(tmp_path: Path, mods_dir: Path) -> None:
    _write(mods_dir, "a.toml", GOOD)
    db = load_database(tmp_path, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert not db.has_snapshot and len(db) == 1


def test_default_mod_dirs_are_custom_in_the_checkout_and_the_user_card_data_dir() -> None:
    from mtg_daynight.catalog.mods import default_mod_dirs
    from mtg_daynight.importer.store import repo_carddata_dir, user_data_dir

    assert default_mod_dirs() == (Path(__file__).parents[2] / "carddata" / "custom", user_data_dir() / "custom")
    assert repo_carddata_dir() is not None  # the tests run from a source checkout
