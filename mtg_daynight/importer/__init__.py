"""Card data for day/night: the Scryfall bulk-data importer and the snapshot it writes.

* :mod:`~mtg_daynight.importer.scryfall` - msgspec structs for Scryfall's bulk-data and card objects;
* :mod:`~mtg_daynight.importer.records` - our snapshot records (:class:`DayNightCard`, :class:`MentionCard`,
  :class:`HelperCard`, ...);
* :mod:`~mtg_daynight.importer.gunzip`, :mod:`~mtg_daynight.importer.scanner`, :mod:`~mtg_daynight.importer.fold`,
  :mod:`~mtg_daynight.importer.importer` - decompress, find candidate lines, fold into records;
* :mod:`~mtg_daynight.importer.download` - the polite HTTP client; :mod:`~mtg_daynight.importer.update` - the update;
* :mod:`~mtg_daynight.importer.snapshot` - :func:`load_snapshot` and friends; :mod:`~mtg_daynight.importer.paths`.
"""

from __future__ import annotations

from mtg_daynight.importer.records import DayNightCard, Face, HelperCard, Manifest, MentionCard, Printing, Snapshot
from mtg_daynight.importer.snapshot import load_snapshot

__all__ = ["DayNightCard", "Face", "HelperCard", "Manifest", "MentionCard", "Printing", "Snapshot", "load_snapshot"]
