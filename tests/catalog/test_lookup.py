"""Card database lookups: ids, oracle ids, full and face names, case/accents/punctuation, printed names,
suggestions, and an empty database without a snapshot. Uses the HAND-WRITTEN FIXTURE snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_daynight.catalog import CardDatabase, load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.names import name_key
from mtg_daynight.errors import InputFileError

RUFFIAN = "Tavern Ruffian // Tavern Smasher"


@pytest.mark.parametrize(
    ("query", "how"),
    [
        ("fixture-id-tavern-ruffian-en", "id"),
        ("FIXTURE-ID-TAVERN-RUFFIAN-DE", "id"),
        ("fixture-oracle-tavern-ruffian", "oracle_id"),
        (RUFFIAN, "name"),
        ("tavern ruffian//tavern smasher", "name"),
        ("Tavern Ruffian", "face"),
        ("TAVERN SMASHER", "face"),
        ("  tavern   ruffian ", "face"),
        ("Tavernenrüpel", "printed"),
        ("tavernenrupel", "printed"),
        ("Tavernenrüpel // Tavernenzertrümmerer", "printed"),
        ("酒場のごろつき", "printed"),
    ],
)
def test_lookup_by_every_handle(db: CardDatabase, query: str, how: str) -> None:
    found = db.match(query)
    assert found is not None
    assert found.card.name == RUFFIAN
    assert found.how == how


def test_printed_name_match_reports_its_language(db: CardDatabase) -> None:
    found = db.match("Arlinn, l\u2019espoir de la meute")
    assert found is not None
    assert (found.card.name, found.how, found.lang) == (
        "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury", "printed", "fr"
    )


def test_typographic_apostrophe_and_case_match(db: CardDatabase) -> None:
    card = db.lookup("ARLINN, THE PACK\u2019S HOPE")
    assert card is not None and card.front.daybound and card.back is not None and card.back.nightbound


def test_name_key_folds_accents_ligatures_and_separators() -> None:
    assert name_key("Æther  Vial") == name_key("aether vial")
    assert name_key("Jötun Grunt") == "jotun grunt"
    assert name_key("Fire/Ice") == name_key("fire // ice") == "fire // ice"
    assert name_key("ガ") != name_key("カ")  # voiced marks are kept


def test_faces_carry_the_keywords_702_145a(db: CardDatabase) -> None:
    card = db.lookup("Brutal Cathar")
    assert card is not None
    assert (card.front.daybound, card.front.nightbound) == (True, False)
    assert card.back is not None and (card.back.daybound, card.back.nightbound) == (False, True)
    assert card.day_night and card.needs_helper


def test_mentions_and_helper_cards_are_known_but_not_day_night(db: CardDatabase) -> None:
    vandal = db.lookup("brimstone vandal")
    assert vandal is not None and not vandal.day_night and vandal.mentions_day_night and vandal.needs_helper
    helper = db.helper
    assert helper is not None and helper.name == "Day // Night" and not helper.day_night
    assert db.lookup("day // night") == helper


def test_unknown_names_give_none(db: CardDatabase) -> None:
    assert db.lookup("Lightning Bolt") is None
    assert db.lookup("") is None
    assert db.lookup("   ") is None


def test_suggestions_for_a_typo(db: CardDatabase) -> None:
    suggestions = db.suggest("Tavern Rufian")
    assert suggestions[0].name == "Tavern Ruffian"
    assert suggestions[0].card == RUFFIAN
    assert 0.9 < suggestions[0].score <= 1


def test_suggestions_include_printed_names(db: CardDatabase) -> None:
    assert db.suggest("Tavernenrüppel")[0].name == "Tavernenrüpel"


def test_no_suggestions_for_a_far_name(db: CardDatabase) -> None:
    assert db.suggest("Lightning Bolt") == ()


def test_helper_face_names_are_not_suggested(db: CardDatabase) -> None:
    assert all(s.name not in ("Day", "Night") for s in db.suggest("Fight"))


def test_no_snapshot_gives_an_empty_database(tmp_path: Path) -> None:
    database = load_database(tmp_path, default_mods=False, cache=DatabaseCache())
    assert len(database) == 0
    assert not database.has_snapshot
    assert database.lookup("Tavern Ruffian") is None


def test_snapshot_note_says_fixture(db: CardDatabase) -> None:
    assert db.snapshot is not None and "FIXTURE" in db.snapshot.note


def test_mentions_come_from_the_importers_records_only(db: CardDatabase) -> None:
    assert [card.name for card in db if card.mentions_day_night] == ["Brimstone Vandal"]
    vandal = db.lookup("Brimstone Vandal")
    assert vandal is not None and vandal.ids == ("fixture-id-brimstone-vandal-en",) and vandal.origin == "scryfall"


def test_malformed_snapshot_names_the_file(tmp_path: Path) -> None:
    from catalog_fixture import write_fixture

    path = write_fixture(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["cards"][0]["name"] = 3
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(InputFileError, match=r"daynight-cards\.json: broken snapshot: .*cards\[0\]\.name"):
        load_database(tmp_path, default_mods=False, cache=None)


def test_unsupported_snapshot_version_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "daynight-cards.json").write_text('{"manifest": {"format_version": 1}}')
    with pytest.raises(InputFileError, match=r"daynight-cards\.json: snapshot format version 1 is not supported"):
        load_database(tmp_path, default_mods=False, cache=None)


def test_the_snapshot_is_looked_for_where_the_importer_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from catalog_fixture import write_fixture

    from mtg_daynight.importer.store import DATA_DIR_ENV

    write_fixture(tmp_path / "env")
    (tmp_path / "explicit").mkdir()
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert load_database(None, default_mods=False, cache=None).has_snapshot  # $MTG_DAYNIGHT_DATA_DIR
    assert not load_database(tmp_path / "explicit", default_mods=False, cache=None).has_snapshot  # --data-dir wins


def test_missing_data_dir_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="card data directory not found"):
        load_database(tmp_path / "nope", default_mods=False, cache=None)
