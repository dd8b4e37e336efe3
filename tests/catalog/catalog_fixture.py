"""HAND-WRITTEN FIXTURE card data for the catalog and deck-scan tests. NOT Scryfall data.

Card names, face names and keywords are those of real cards; every id, oracle id, set/collector number and
every non-English printed name below is INVENTED for the tests (ids start with "fixture-"). The records are the
importer's own (:mod:`mtg_daynight.importer.records`), written with its writer
(:meth:`mtg_daynight.importer.store.Store.write_snapshot`), and the manifest's ``tool`` says FIXTURE. Besides
the day/night cards and the helper card it holds one card that mentions day/night without the keywords
(Brimstone Vandal, an importer :class:`~mtg_daynight.importer.records.MentionCard`).
"""

from __future__ import annotations

from pathlib import Path

from mtg_daynight.importer.records import (
    Counts,
    DayNightCard,
    HelperCard,
    Manifest,
    MentionCard,
    Printing,
    Snapshot,
    SnapshotFace,
    SourceInfo,
)
from mtg_daynight.importer.store import Store

FIXTURE_TOOL = "HAND-WRITTEN FIXTURE for mtg-daynight tests (not Scryfall data)"


def _dfc(name: str, front: str, back: str, key: str, printings: tuple[Printing, ...] = ()) -> DayNightCard:
    return DayNightCard(
        name=name,
        oracle_id=f"fixture-oracle-{key}",
        layout="transform",
        daybound_face=front,
        nightbound_face=back,
        faces=(SnapshotFace(name=front, keywords=("Daybound",)), SnapshotFace(name=back, keywords=("Nightbound",))),
        keywords=("Daybound", "Nightbound"),
        printings=(Printing(id=f"fixture-id-{key}-en", set="FXT", collector_number="1", lang="en"), *printings),
    )


CARDS = (
    _dfc(
        "Tavern Ruffian // Tavern Smasher", "Tavern Ruffian", "Tavern Smasher", "tavern-ruffian",
        (
            Printing(
                id="fixture-id-tavern-ruffian-de", set="FXT", collector_number="1", lang="de",
                face_printed_names=("Tavernenrüpel", "Tavernenzertrümmerer"),  # invented
            ),
            Printing(
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
            Printing(
                id="fixture-id-arlinn-fr", set="FXT", collector_number="2", lang="fr",
                printed_name="Arlinn, l'espoir de la meute // Arlinn, la furie de la lune",  # invented
            ),
        ),
    ),
)

#: A card that mentions day/night without the keywords (oracle text paraphrased for the fixture).
VANDAL = MentionCard(
    name="Brimstone Vandal",
    oracle_id="fixture-oracle-brimstone-vandal",
    layout="normal",
    faces=(
        SnapshotFace(
            name="Brimstone Vandal",
            type_line="Creature — Devil",
            oracle_text="If it's neither day nor night, it becomes day as Brimstone Vandal enters.",
        ),
    ),
    printings=(Printing(id="fixture-id-brimstone-vandal-en", set="FXT", collector_number="3", lang="en"),),
)

HELPER = HelperCard(
    name="Day // Night",
    oracle_id="fixture-oracle-day-night",
    layout="double_faced_token",
    faces=(SnapshotFace(name="Day", type_line="Card"), SnapshotFace(name="Night", type_line="Card")),
    printings=(Printing(id="fixture-id-day-night-en", set="FXT", collector_number="4", lang="en"),),
)

def fixture_snapshot(cards: tuple[DayNightCard, ...] = CARDS) -> Snapshot:
    """The FIXTURE snapshot records (manifest marked FIXTURE)."""
    printings = sum(len(c.printings) for c in cards)
    manifest = Manifest(
        tool=FIXTURE_TOOL,
        source=SourceInfo(kind="file", file_name="HAND-WRITTEN FIXTURE"),
        counts=Counts(cards=len(cards), helpers=1, printings=printings, mentions=1),
    )
    return Snapshot(manifest=manifest, cards=cards, mentions=(VANDAL,), helpers=(HELPER,))


def write_fixture(directory: Path) -> Path:
    """Write the FIXTURE snapshot into ``directory`` with the importer's writer."""
    return Store(directory).write_snapshot(fixture_snapshot())
