"""The catalog reads a snapshot written with the importer's own records (mtg_daynight.cards.records), when that
module is present. HAND-WRITTEN FIXTURE values: real card names, invented ids and printed names."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from mtg_daynight.catalog import DatabaseCache, load_database
from mtg_daynight.catalog.snapshot import SNAPSHOT_FILE


def test_a_snapshot_in_the_importers_records_is_read(tmp_path: Path) -> None:
    records = pytest.importorskip("mtg_daynight.cards.records")
    printing = records.Printing(
        id="fixture-id-1", set="FXT", collector_number="1", lang="de",
        face_printed_names=("Tavernenrüpel", "Tavernenzertrümmerer"),  # invented
    )
    card = records.DayNightCard(
        name="Tavern Ruffian // Tavern Smasher", oracle_id="fixture-oracle-1", layout="transform",
        daybound_face="Tavern Ruffian", nightbound_face="Tavern Smasher",
        faces=(
            records.Face(name="Tavern Ruffian", type_line="Creature — Human Warrior Werewolf", keywords=("Daybound",)),
            records.Face(name="Tavern Smasher", type_line="Creature — Werewolf", keywords=("Nightbound",)),
        ),
        printings=(printing,),
    )
    helper = records.HelperCard(
        name="Day // Night", oracle_id=None, layout="double_faced_token",
        faces=(records.Face(name="Day", type_line="Card"), records.Face(name="Night", type_line="Card")),
    )
    manifest = records.Manifest(
        tool="HAND-WRITTEN FIXTURE", source=records.SourceInfo(kind="file"),
        counts=records.Counts(cards=1, helpers=1, printings=1),
    )
    snapshot = records.Snapshot(manifest=manifest, cards=(card,), helpers=(helper,))
    (tmp_path / SNAPSHOT_FILE).write_bytes(msgspec.json.encode(snapshot))
    db = load_database(tmp_path, default_mods=False, cache=DatabaseCache())
    found = db.lookup("tavernenrupel")
    assert found is not None and found.front.daybound and found.back is not None and found.back.nightbound
    assert db.lookup("fixture-id-1") == found
    assert db.helper is not None and db.helper.name == "Day // Night"
