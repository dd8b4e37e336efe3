"""MTGJSON files of any 5.x build, on HAND-WRITTEN FIXTURES in MTGJSON's schema (tests/importer/mtgjson_fixtures.py;
NOT REAL CARD DATA): the helper card whatever its token layout, faces joined without ``otherFaceIds``, MTGJSON 5.3's
printed names, a file that should hold the helper card but does not, cards that read day/night."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import read_mtgjson
from mtg_daynight.importer.snapshot import load_snapshot
from tests.importer.mtgjson_fixtures import face, helper_token, oid, set_file, set_object, werewolf


def _without_links(records: list[dict[str, Any]], *drop: str) -> list[dict[str, Any]]:
    """Records as an older build writes them: no ``otherFaceIds`` (and no ``drop`` fields)."""
    out = []
    for record in records:
        record = {k: v for k, v in record.items() if k not in ("otherFaceIds", *drop)}
        out.append(record)
    return out


def _read(tmp_path: Path, card_set: dict[str, Any], name: str = "set.json") -> tuple[Folder, list[str]]:
    path = tmp_path / name
    path.write_bytes(set_file(card_set))
    folder = Folder()
    read = read_mtgjson(path, folder)
    return folder, list(read.warnings)


def test_the_helper_card_is_found_as_a_token_without_other_face_ids(tmp_path: Path) -> None:
    token = _without_links(helper_token(200, set_code="TMID"))  # MTGJSON 5.1.0: layout "token", no links
    for record in token:
        record["layout"] = "token"
    folder, warnings = _read(tmp_path, set_object("MID", [*werewolf(100)], token))
    helpers = folder.build().helpers
    assert [(h.name, [f.name for f in h.faces]) for h in helpers] == [("Day // Night", ["Day", "Night"])]
    assert warnings == []


def test_a_set_of_mid_or_vow_without_the_helper_card_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, warnings = _read(tmp_path, set_object("VOW", [*werewolf(100)]))
    assert not folder.build().helpers
    assert len(warnings) == 1 and "no Day // Night helper card found" in warnings[0] and "VOW" in warnings[0]
    _, others = _read(tmp_path, set_object("FXM", [*werewolf(100)]), "other.json")
    assert others == []  # a set that has no helper card to lose
    source, data = str(tmp_path / "set.json"), str(tmp_path / "d")
    assert main(["carddata", "update", "--from-file", source, "--data-dir", data]) == 0
    err = capsys.readouterr().err
    assert "warning: " in err and "no Day // Night helper card found" in err


def test_faces_without_other_face_ids_are_joined_by_name_and_number_in_side_order(tmp_path: Path) -> None:
    front, back = _without_links(werewolf(100))
    folder, _ = _read(tmp_path, set_object("FXM", [back, front]))
    (card,) = folder.build().cards
    assert [f.name for f in card.faces] == ["Fixture Moonward Hunter", "Fixture Moonward Howler"]
    assert (card.daybound_face, card.nightbound_face) == ("Fixture Moonward Hunter", "Fixture Moonward Howler")
    assert len(card.printings) == 1


def test_faces_without_a_side_are_ordered_by_where_their_face_name_stands(tmp_path: Path) -> None:
    front, back = _without_links(werewolf(100), "side")
    folder, _ = _read(tmp_path, set_object("FXM", [back, front]))
    (card,) = folder.build().cards
    assert [f.name for f in card.faces] == ["Fixture Moonward Hunter", "Fixture Moonward Howler"]


def test_two_printings_without_links_stay_two_printings_of_one_card(tmp_path: Path) -> None:
    first = _without_links(werewolf(100))
    second = _without_links(werewolf(100, number="300"))
    for record in second:
        record["uuid"] = record["uuid"].replace("-0000", "-9999", 1)
        record["identifiers"] = {**record["identifiers"], "scryfallId": "00000000-0000-4000-8000-000000099999"}
    folder, _ = _read(tmp_path, set_object("FXM", [*first, *second]))
    (card,) = folder.build().cards
    assert sorted(p.collector_number for p in card.printings) == ["100", "300"]
    assert len(card.faces) == 2


def test_mtgjson_5_3_printed_names_are_read_and_the_card_keeps_its_oracle_name(tmp_path: Path) -> None:
    front, back = werewolf(100)
    front.update(printedName="Fixture Printed Hunter", printedType="Creature — Printed", printedText="Printed.")
    back.update(printedName="Fixture Printed Howler")
    for record in (front, back):  # removed in 5.3: never needed
        record.pop("firstPrinting", None)
        record.pop("isStarter", None)
    single = face(110, "Fixture Nightglass", None, None, [], "This spell costs {1} less to cast if it's night.",
                  printedName="Fixture Printed Nightglass")
    folder, _ = _read(tmp_path, set_object("FXM", [front, back, single]))
    built = folder.build()
    (card,) = built.cards
    assert card.name == "Fixture Moonward Hunter // Fixture Moonward Howler" and card.oracle_id == oid(100)
    (printing,) = card.printings
    assert printing.printed_name == "Fixture Printed Hunter // Fixture Printed Howler"
    assert printing.face_printed_names == ("Fixture Printed Hunter", "Fixture Printed Howler")
    (reads,) = built.reads
    assert reads.name == "Fixture Nightglass" and reads.printings[0].printed_name == "Fixture Printed Nightglass"


def test_cards_that_read_day_night_are_kept_as_reads(tmp_path: Path) -> None:
    cards = [
        face(110, "Fixture Night Slash", None, None, [], "This spell costs {2} less to cast if it's night."),
        face(120, "Fixture Day Ward", None, None, [], "As long as it's day, creatures you control get +1/+0."),
        face(130, "Fixture Sunspeaker", None, None, [], "{T}: If it's night, it becomes day."),  # makes it day
        face(140, "Fixture Daylight Lamp", None, None, [], "If it's daylight, draw a card."),  # not a word
    ]
    folder, _ = _read(tmp_path, set_object("FXM", cards))
    built = folder.build()
    assert [r.name for r in built.reads] == ["Fixture Day Ward", "Fixture Night Slash"]
    assert [m.name for m in built.mentions] == ["Fixture Sunspeaker"]
    path = tmp_path / "set.json"
    assert main(["carddata", "update", "--from-file", str(path), "--data-dir", str(tmp_path / "d"), "--force"]) == 0
    assert [r.name for r in load_snapshot(tmp_path / "d").reads] == ["Fixture Day Ward", "Fixture Night Slash"]
