"""Card data for day/night: the Scryfall and MTGJSON importer and the snapshot it writes.

The importer is used through its modules:

* :mod:`~mtg_daynight.importer.records` - the snapshot records (:class:`~.records.DayNightCard`,
  :class:`~.records.MentionCard`, :class:`~.records.HelperCard`, :class:`~.records.SnapshotFace`, ...);
* :mod:`~mtg_daynight.importer.snapshot` - what a snapshot may hold, :func:`~.snapshot.load_snapshot`, encoding,
  the one validation walk, the guards of an update and the diff;
* :mod:`~mtg_daynight.importer.store` - where snapshots live, and what changes them: the one atomic write, the
  locks, removing a snapshot;
* :mod:`~mtg_daynight.importer.bulk` - decompress, hash and scan a Scryfall bulk file;
  :mod:`~mtg_daynight.importer.fold` - fold into records; :mod:`~mtg_daynight.importer.mtgjson` and
  :mod:`~mtg_daynight.importer.local` - local files;
* :mod:`~mtg_daynight.importer.fetch` - the polite HTTP client with its one download policy, and the resumable
  bulk file download as a file object; :mod:`~mtg_daynight.importer.update` - the update.

Reading a snapshot (:mod:`~mtg_daynight.importer.snapshot`) needs msgspec only: the download (``requests``) and
the bulk import (isal, stringzilla, ijson) load with the modules that use them.
"""
