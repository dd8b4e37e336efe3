"""Loading the card database once per process: :func:`load_database` and its cache (see ``docs/mods.md``,
Loading and caching).

The cache is keyed by the resolved path, modification time (ns) and size of the snapshot file and of every mod
file, so a changed, added or removed file means a reload; otherwise the same immutable :class:`CardDatabase` is
returned after only directory listings and ``stat`` calls. It is the one piece of process-wide state in
mtg-daynight, and it only holds immutable data shared by every game; pass ``cache=DatabaseCache()`` (or call
:meth:`DatabaseCache.clear`) to isolate a caller.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from mtg_daynight.errors import InputFileError

from .database import CardDatabase
from .modfiles import read_mods
from .mods import ModFileError, default_mod_dirs, mod_files
from .snapshot import find_snapshot, read_snapshot

CACHE_SIZE: Final = 4

_FileKey = tuple[str, str, int, int]
_Key = tuple[_FileKey | None, tuple[_FileKey, ...]]


def _file_key(path: Path, *, unreadable_ok: bool = False) -> _FileKey:
    try:
        status = path.stat()
    except OSError as error:
        if unreadable_ok:  # a mod file: read_mods reports it, the other mod files load
            return (str(path), str(path.absolute()), -1, -1)
        raise InputFileError(f"{path}: cannot read: {error.strerror or error}") from error
    return (str(path), str(path.absolute()), status.st_mtime_ns, status.st_size)  # mod paths are as given


class DatabaseCache:
    """A small least-recently-used cache of loaded databases, safe to share between threads."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[_Key, CardDatabase] = OrderedDict()

    def get(self, key: _Key) -> CardDatabase | None:
        """The database stored under ``key``, marked most recently used."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: _Key, database: CardDatabase) -> None:
        """Store ``database`` under ``key``, dropping the least recently used beyond the size."""
        with self._lock:
            self._entries[key] = database
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every database."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


#: The process-wide cache :func:`load_database` uses by default.
DEFAULT_CACHE: Final = DatabaseCache()


def load_database(
    data_dir: Path | str | None = None,
    mod_dirs: Sequence[Path | str] = (),
    *,
    default_mods: bool = True,
    strict_mods: bool = True,
    cache: DatabaseCache | None = DEFAULT_CACHE,
) -> CardDatabase:
    """The card database: the snapshot :func:`mtg_daynight.importer.store.locate_snapshot` picks for ``data_dir``
    (the order is in ``docs/carddata.md``, Where things live) with the mod files of
    :func:`~mtg_daynight.catalog.mods.default_mod_dirs` (unless ``default_mods`` is False) and of ``mod_dirs``
    merged over it, in that order.

    Without a snapshot (only when ``data_dir`` or ``$MTG_DAYNIGHT_DATA_DIR`` names a directory that holds none)
    the database holds only mod cards (:attr:`CardDatabase.has_snapshot` is False).
    ``data_dir`` (when given) and every directory of ``mod_dirs`` must exist; a data directory (``data_dir`` or
    ``$MTG_DAYNIGHT_DATA_DIR``) that is something else, or that the system refuses, raises
    :class:`~mtg_daynight.importer.errors.CardDataError` naming it. Raises
    :class:`~mtg_daynight.errors.InputFileError` for a malformed snapshot or mod file (naming the file and
    the field); with ``strict_mods=False`` a malformed mod file is left out and listed in
    :attr:`CardDatabase.mod_problems` instead. Results are cached (see the module docstring); ``cache=None``
    always loads.
    """
    directory = None if data_dir is None else Path(data_dir)
    snapshot_path = find_snapshot(directory)  # refuses a data directory that is not one (importer.store)
    if directory is not None and not directory.is_dir():
        raise InputFileError(f"{directory}: card data directory not found")
    extra = tuple(Path(d) for d in mod_dirs)
    directories = (*default_mod_dirs(), *extra) if default_mods else extra
    files = mod_files(directories, required=extra)
    mod_keys = tuple(_file_key(f, unreadable_ok=True) for f in files)
    key: _Key = (None if snapshot_path is None else _file_key(snapshot_path), mod_keys)
    database = None if cache is None else cache.get(key)
    if database is None:
        snapshot = None if snapshot_path is None else read_snapshot(snapshot_path)
        database = CardDatabase.build(snapshot, *read_mods(files))
        if cache is not None:
            cache.put(key, database)
    if strict_mods and database.mod_problems:
        raise ModFileError(database.mod_problems[0])
    return database
