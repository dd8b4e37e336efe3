"""Card data for day/night: the Scryfall bulk-data importer and the snapshot it writes.

* :mod:`~mtg_daynight.cards.scryfall` - msgspec structs for Scryfall's bulk-data and card objects;
* :mod:`~mtg_daynight.cards.records` - our snapshot records (:class:`DayNightCard`, :class:`MentionCard`,
  :class:`HelperCard`, ...);
* :mod:`~mtg_daynight.cards.gunzip`, :mod:`~mtg_daynight.cards.scanner`, :mod:`~mtg_daynight.cards.fold`,
  :mod:`~mtg_daynight.cards.importer` - decompress, find candidate lines, fold into records;
* :mod:`~mtg_daynight.cards.download` - the polite HTTP client; :mod:`~mtg_daynight.cards.update` - the update;
* :mod:`~mtg_daynight.cards.snapshot` - :func:`load_snapshot` and friends; :mod:`~mtg_daynight.cards.paths`.
"""

from __future__ import annotations

from mtg_daynight.cards.records import DayNightCard, Face, HelperCard, Manifest, MentionCard, Printing, Snapshot
from mtg_daynight.cards.snapshot import load_snapshot

__all__ = ["DayNightCard", "Face", "HelperCard", "Manifest", "MentionCard", "Printing", "Snapshot", "load_snapshot"]
