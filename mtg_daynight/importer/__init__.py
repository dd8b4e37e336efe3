"""Card data for day/night: the Scryfall and MTGJSON importer and the snapshot it writes.

The importer is used through its modules:

* :mod:`~mtg_daynight.importer.records` - the snapshot records (:class:`~.records.DayNightCard`,
  :class:`~.records.MentionCard`, :class:`~.records.HelperCard`, :class:`~.records.SnapshotFace`, ...);
* :mod:`~mtg_daynight.importer.snapshot` - reading: :func:`~.snapshot.load_snapshot`, encoding, the checks;
* :mod:`~mtg_daynight.importer.store` - writing: the one atomic write, the update lock, removing a snapshot;
* :mod:`~mtg_daynight.importer.bulk` - decompress, hash and scan a Scryfall bulk file;
  :mod:`~mtg_daynight.importer.fold` - fold into records; :mod:`~mtg_daynight.importer.mtgjson` and
  :mod:`~mtg_daynight.importer.local` - local files;
* :mod:`~mtg_daynight.importer.fetch` - the polite HTTP client with its one download policy, and the resumable
  bulk file download as a file object; :mod:`~mtg_daynight.importer.update` - the update;
  :mod:`~mtg_daynight.importer.paths` - where snapshots live.

Reading a snapshot (:mod:`~mtg_daynight.importer.snapshot`) needs msgspec only: the download (``requests``) and
the bulk import (isal, stringzilla, ijson) load with the modules that use them.
"""
