"""Card data for day/night: the Scryfall bulk-data importer and the snapshot it writes.

* :mod:`~mtg_daynight.importer.scryfall` - msgspec structs for Scryfall's bulk-data and card objects;
* :mod:`~mtg_daynight.importer.records` - our snapshot records (:class:`DayNightCard`, :class:`MentionCard`,
  :class:`HelperCard`, ...);
* :mod:`~mtg_daynight.importer.gunzip`, :mod:`~mtg_daynight.importer.scanner`, :mod:`~mtg_daynight.importer.fold`,
  :mod:`~mtg_daynight.importer.importer` - decompress, find candidate lines, fold into records;
* :mod:`~mtg_daynight.importer.download` - the polite HTTP client; :mod:`~mtg_daynight.importer.update` - the update;
* :mod:`~mtg_daynight.importer.snapshot` - :func:`load_snapshot` and friends; :mod:`~mtg_daynight.importer.paths`.

The names below load their module on first use (see :mod:`mtg_daynight.lazy`): any ``import
mtg_daynight.importer.X`` runs this file first, and an update answered "not modified" (which needs ``paths``,
``download`` and ``update``) must not pay for msgspec and the records.
"""

from __future__ import annotations

from mtg_daynight.lazy import TYPE_CHECKING, lazy_exports

if TYPE_CHECKING:
    from mtg_daynight.importer.records import (
        DayNightCard,
        Face,
        HelperCard,
        Manifest,
        MentionCard,
        Printing,
        Snapshot,
    )
    from mtg_daynight.importer.snapshot import load_snapshot

_EXPORTS = {
    "DayNightCard": ".records", "Face": ".records", "HelperCard": ".records", "Manifest": ".records",
    "MentionCard": ".records", "Printing": ".records", "Snapshot": ".records",
    "load_snapshot": ".snapshot",
}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["DayNightCard", "Face", "HelperCard", "Manifest", "MentionCard", "Printing", "Snapshot", "load_snapshot"]
