"""The card-data formats' names and versions, as plain values with no imports: Scryfall's bulk types and our
snapshot's format version.

The command line lists the bulk types in its help without loading msgspec and the structs of
:mod:`~mtg_daynight.importer.scryfall` and :mod:`~mtg_daynight.importer.records`, which re-export these names.
"""

from __future__ import annotations

#: The bulk files the importer can read (``GET /bulk-data/{type}``), and the one it reads unless told.
BULK_TYPES = ("oracle_cards", "default_cards", "all_cards")
DEFAULT_BULK_TYPE = "default_cards"

#: Version of the snapshot file format; bumped when a field changes meaning, is removed, or is added in a way
#: an older snapshot cannot be read as (version 2 added ``mentions``: a version-1 file was never searched for
#: such cards, so reading it as "no card mentions day/night" would be wrong).
SNAPSHOT_FORMAT_VERSION = 2
