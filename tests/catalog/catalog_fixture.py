"""HAND-WRITTEN FIXTURE card data for the catalog and deck-scan tests. NOT Scryfall data.

Card names, face names and keywords are those of real cards; every id, oracle id, set/collector number and
every non-English printed name below is INVENTED for the tests (ids start with "fixture-"). The file is written
in the importer's snapshot format with :func:`mtg_daynight.catalog.snapshot.write_snapshot` and its manifest
says FIXTURE. ``mentions_day_night`` and ``all_names`` are this project's optional extensions of the format.
"""

from __future__ import annotations

from pathlib import Path

from mtg_daynight.catalog.snapshot import (
    SNAPSHOT_FILE,
    CardRec,
    FaceRec,
    HelperRec,
    ManifestRec,
    PrintingRec,
    SnapshotFile,
    write_snapshot,
)

FIXTURE_TOOL = "HAND-WRITTEN FIXTURE for mtg-daynight tests (not Scryfall data)"


def _dfc(name: str, front: str, back: str, key: str, printings: tuple[PrintingRec, ...] = ()) -> CardRec:
    return CardRec(
        name=name,
        oracle_id=f"fixture-oracle-{key}",
        faces=(FaceRec(name=front, keywords=("Daybound",)), FaceRec(name=back, keywords=("Nightbound",))),
        printings=(PrintingRec(id=f"fixture-id-{key}-en", set="FXT", collector_number="1", lang="en"), *printings),
    )


CARDS = (
    _dfc(
        "Tavern Ruffian // Tavern Smasher", "Tavern Ruffian", "Tavern Smasher", "tavern-ruffian",
        (
            PrintingRec(
                id="fixture-id-tavern-ruffian-de", set="FXT", collector_number="1", lang="de",
                face_printed_names=("Tavernenrüpel", "Tavernenzertrümmerer"),  # invented
            ),
            PrintingRec(
                id="fixture-id-tavern-ruffian-ja", set="FXT", collector_number="1", lang="ja",
                face_printed_names=("酒場のごろつき", "酒場の破壊者"),  # invented
            ),
        ),
    ),
    _dfc("Brutal Cathar // Moonrage Brute", "Brutal Cathar", "Moonrage Brute", "brutal-cathar"),
    _dfc(
        "Kessig Naturalist // Lord of the Ulvenwald", "Kessig Naturalist", "Lord of the Ulvenwald",
        "kessig-naturalist",
    ),
    _dfc(
        "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury", "Arlinn, the Pack's Hope", "Arlinn, the Moon's Fury",
        "arlinn",
        (
            PrintingRec(
                id="fixture-id-arlinn-fr", set="FXT", collector_number="2", lang="fr",
                printed_name="Arlinn, l'espoir de la meute // Arlinn, la furie de la lune",  # invented
            ),
        ),
    ),
    CardRec(
        name="Brimstone Vandal",
        oracle_id="fixture-oracle-brimstone-vandal",
        faces=(FaceRec(name="Brimstone Vandal", type_line="Creature — Devil"),),
        printings=(PrintingRec(id="fixture-id-brimstone-vandal-en", set="FXT", collector_number="3", lang="en"),),
        mentions_day_night=True,
    ),
)

HELPER = HelperRec(
    name="Day // Night",
    oracle_id="fixture-oracle-day-night",
    faces=(FaceRec(name="Day", type_line="Card"), FaceRec(name="Night", type_line="Card")),
    printings=(PrintingRec(id="fixture-id-day-night-en", set="FXT", collector_number="4", lang="en"),),
)

#: Ordinary card names for the optional full-name list (real names, no data about them).
ORDINARY = ("Lightning Bolt", "Mountain", "Forest", "Abrade", "Unholy Heat", "Fire // Ice")


def write_fixture(directory: Path, *, all_names: bool = False) -> Path:
    """Write the FIXTURE snapshot into ``directory``; with ``all_names`` it also lists every name."""
    names = (*(c.name for c in CARDS), HELPER.name, *ORDINARY) if all_names else None
    snapshot = SnapshotFile(manifest=ManifestRec(tool=FIXTURE_TOOL), cards=CARDS, helpers=(HELPER,), all_names=names)
    path = directory / SNAPSHOT_FILE
    write_snapshot(path, snapshot)
    return path
