"""Data hygiene, both sources (HAND-WRITTEN FIXTURES): control characters, ANSI escapes and bidi overrides in
imported names and texts are refused with an escaped, one-line message; one printing id on two cards is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import read_mtgjson
from mtg_daynight.importer.snapshot import escape_text
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, import_bytes
from tests.importer.mtgjson_fixtures import fixture_set, set_file, set_object, werewolf

HOSTILE = {
    "NUL": "\x00",
    "ANSI escape": "\x1b[31m",
    "right-to-left override": "\u202e",
    "bidi isolate": "\u2067",
    "C1 control": "\x9b",
    "line separator": "\u2028",
}


@pytest.mark.parametrize("bad", HOSTILE.values(), ids=HOSTILE.keys())
def test_scryfall_card_name_with_control_or_bidi_character_is_refused(bad: str) -> None:
    objects = fixture_objects()
    objects[1]["name"] = f"Fixture{bad}Dawnguard // Fixture Duskhowl"  # objects[1]: a day/night card
    with pytest.raises(CardFileError) as caught:
        import_bytes(encode_jsonl(objects), name="hostile.jsonl")
    message = str(caught.value)
    assert "hostile.jsonl: line 2:" in message and "refused" in message
    assert bad not in message and "\n" not in message  # shown escaped, on one line


@pytest.mark.parametrize("bad", HOSTILE.values(), ids=HOSTILE.keys())
def test_mtgjson_face_name_with_control_or_bidi_character_is_refused(tmp_path: Path, bad: str) -> None:
    card_set = fixture_set()
    card_set["cards"][1]["faceName"] = f"Fixture{bad}Howler"
    path = tmp_path / "hostile.json"
    path.write_bytes(set_file(card_set))
    with pytest.raises(CardFileError, match=r"hostile\.json: set FXM: .*card_faces\[1\]\.name holds the control"):
        read_mtgjson(path, Folder())


def test_line_feeds_in_rules_text_are_allowed_but_escapes_are_not(tmp_path: Path) -> None:
    card_set = set_object("FXM", werewolf(100))
    path = tmp_path / "ok.json"
    path.write_bytes(set_file(card_set))
    folder = Folder()
    read_mtgjson(path, folder)
    assert "\n" in folder.build().cards[0].faces[1].oracle_text  # "Trample\nNightbound ..."
    card_set["cards"][1]["text"] = "Trample\n\x1b[2JNightbound"
    path.write_bytes(set_file(card_set))
    with pytest.raises(CardFileError, match=r"oracle_text holds the control character U\+001B"):
        read_mtgjson(path, Folder())


def test_a_refused_import_leaves_the_snapshot_and_prints_nothing_raw(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_bytes(set_file(fixture_set()))
    data = tmp_path / "data"
    assert main(["carddata", "update", "--data-dir", str(data), "--from-file", str(good)]) == 0
    before = (data / "daynight-cards.json").read_bytes()
    card_set = fixture_set()
    card_set["cards"][0]["name"] = "Fixture \x1b]0;pwned\x07 // Fixture Moonward Howler"
    bad = tmp_path / "bad.json"
    bad.write_bytes(set_file(card_set))
    capsys.readouterr()
    assert main(["carddata", "update", "--data-dir", str(data), "--from-file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b" in err and err.count("\n") == 1
    assert (data / "daynight-cards.json").read_bytes() == before


def test_one_printing_id_on_two_oracle_ids_is_refused() -> None:
    objects = fixture_objects()
    first = objects[1]  # a day/night card
    twin = next(o for o in objects if o.get("oracle_id") not in (None, first["oracle_id"])
                and "Daybound" in o.get("keywords", []))
    twin["id"] = first["id"]
    with pytest.raises(CardFileError, match=rf"printing id {first['id']} is on two different cards"):
        import_bytes(encode_jsonl(objects), name="twins.jsonl")


def test_the_same_printing_twice_is_not_a_clash(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    path.write_bytes(set_file(fixture_set()))
    folder = Folder()
    read_mtgjson(path, folder)
    read_mtgjson(path, folder)  # the same file twice: same ids, same oracle ids
    assert len(folder.build().cards[0].printings) == 1


def test_escape_text_makes_every_forbidden_character_visible() -> None:
    assert escape_text("a\x1b[0mb\u202ec\x00") == "a\\x1b[0mb\\u202ec\\x00"
    assert escape_text("Tavern Ruffian — Æther “quoted”") == "Tavern Ruffian — Æther “quoted”"


def test_a_deeply_nested_scryfall_card_line_is_one_clear_error() -> None:
    line = (b'{"object":"card","id":"x","name":"Daybound","lang":"en","layout":"normal","set":"x",'
            b'"collector_number":"1","keywords":["Daybound"],"junk":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n")
    with pytest.raises(CardFileError, match=r"deep\.jsonl: line 1: card object nested too deeply"):
        import_bytes(line, name="deep.jsonl")


@pytest.mark.parametrize("where", ["manifest", "cards"])
def test_a_deeply_nested_snapshot_file_is_one_clear_error(tmp_path: Path, where: str) -> None:
    from mtg_daynight.importer.snapshot import load_snapshot

    deep = b"[" * 100_000 + b"]" * 100_000
    body = (b'{"manifest": {"format_version": 2, "x": ' + deep + b"}}" if where == "manifest"
            else b'{"manifest": {"format_version": 2}, "cards": ' + deep + b"}")
    (tmp_path / "daynight-cards.json").write_bytes(body)
    with pytest.raises(CardFileError, match="nested too deeply"):
        load_snapshot(tmp_path)
