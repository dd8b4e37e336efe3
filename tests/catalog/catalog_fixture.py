"""HAND-WRITTEN FIXTURE card data for the catalog and deck-scan tests. NOT Scryfall data.

Card names, face names and keywords are those of real cards; every id, oracle id, set/collector number and
every non-English printed name below is INVENTED for the tests (ids start with "fixture-"). The records are the
importer's own (:mod:`mtg_daynight.cards.records`), written with its writer
(:func:`mtg_daynight.cards.snapshot.write_snapshot_atomic`), and the manifest's ``tool`` says FIXTURE.

``write_fixture(..., extensions=True)`` adds the catalog's two optional extensions of the format, which the
importer does not write: a card marked ``mentions_day_night`` (Brimstone Vandal) and a top-level ``all_names``
list. They are added to the importer's encoding of the records, as a future importer would write them.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtg_daynight.cards.records import Counts, DayNightCard, Face, HelperCard, Manifest, Printing, Snapshot, SourceInfo
from mtg_daynight.cards.snapshot import encode_snapshot, write_snapshot_atomic

FIXTURE_TOOL = "HAND-WRITTEN FIXTURE for mtg-daynight tests (not Scryfall data)"


def _dfc(name: str, front: str, back: str, key: str, printings: tuple[Printing, ...] = ()) -> DayNightCard:
    return DayNightCard(
        name=name,
        oracle_id=f"fixture-oracle-{key}",
        layout="transform",
        daybound_face=front,
        nightbound_face=back,
        faces=(Face(name=front, keywords=("Daybound",)), Face(name=back, keywords=("Nightbound",))),
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

#: Only in the extensions fixture: a card that mentions day/night without the keywords.
VANDAL = DayNightCard(
    name="Brimstone Vandal",
    oracle_id="fixture-oracle-brimstone-vandal",
    layout="normal",
    daybound_face=None,
    nightbound_face=None,
    faces=(Face(name="Brimstone Vandal", type_line="Creature — Devil"),),
    printings=(Printing(id="fixture-id-brimstone-vandal-en", set="FXT", collector_number="3", lang="en"),),
)

HELPER = HelperCard(
    name="Day // Night",
    oracle_id="fixture-oracle-day-night",
    layout="double_faced_token",
    faces=(Face(name="Day", type_line="Card"), Face(name="Night", type_line="Card")),
    printings=(Printing(id="fixture-id-day-night-en", set="FXT", collector_number="4", lang="en"),),
)

#: Ordinary card names for the optional full-name list (real names, no data about them).
ORDINARY = ("Lightning Bolt", "Mountain", "Forest", "Abrade", "Unholy Heat", "Fire // Ice")


def fixture_snapshot(cards: tuple[DayNightCard, ...] = CARDS) -> Snapshot:
    """The FIXTURE snapshot records (manifest marked FIXTURE)."""
    printings = sum(len(c.printings) for c in cards) + len(HELPER.printings)
    manifest = Manifest(
        tool=FIXTURE_TOOL,
        source=SourceInfo(kind="file", file_name="HAND-WRITTEN FIXTURE"),
        counts=Counts(cards=len(cards), helpers=1, printings=printings),
    )
    return Snapshot(manifest=manifest, cards=cards, helpers=(HELPER,))


def write_fixture(directory: Path, *, extensions: bool = False) -> Path:
    """Write the FIXTURE snapshot into ``directory`` with the importer's writer. With ``extensions`` it also
    holds Brimstone Vandal marked ``mentions_day_night`` and an ``all_names`` list of every name."""
    if not extensions:
        return write_snapshot_atomic(fixture_snapshot(), directory)
    cards = tuple(sorted((*CARDS, VANDAL), key=lambda c: c.name))
    document = msgspec.json.decode(encode_snapshot(fixture_snapshot(cards)))
    for card in document["cards"]:
        if card["oracle_id"] == VANDAL.oracle_id:
            card["mentions_day_night"] = True
    document["all_names"] = [*(c.name for c in cards), HELPER.name, *ORDINARY]
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "daynight-cards.json"
    path.write_bytes(msgspec.json.format(msgspec.json.encode(document), indent=1) + b"\n")
    return path
