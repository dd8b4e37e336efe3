"""Writing the card-data directory: the :class:`Store` of one update (its directories resolved once, the
snapshot's atomic write, the update lock, removing a snapshot) and the pid-recording file lock.

Everything that changes a data or cache directory lives here, so reading a snapshot (a deck scan, the catalog)
loads none of it. A snapshot is written to a temporary file, fsynced and moved over the old one with one
``os.replace`` (:meth:`Store.write_snapshot`): a run that fails or is killed leaves the previous snapshot whole,
and the temporary file it left is removed by the next update (:meth:`Store.lock`). The lock is a file lock
(``filelock``, the ``[carddata]`` extra) with the holder's pid beside it, so a waiting update can say who holds
it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from mtg_daynight.atomicfile import fsync_directory, write_atomic
from mtg_daynight.importer.errors import CardDataError, LockTimeoutError
from mtg_daynight.importer.paths import LOCK_NAME, resolve_cache_dir, resolve_data_dir, snapshot_path
from mtg_daynight.importer.records import Snapshot
from mtg_daynight.importer.snapshot import encode_snapshot

#: Temporary files of a snapshot write; one left behind by a killed run is removed by the next update.
TEMP_GLOB = ".daynight-cards.json.*.tmp"
#: How a snapshot file begins (``encode_snapshot``).
TEMP_HEAD = b'{\n "manifest": {'
#: The temporary files of the download cache's records (``<file>.json``, ``<file>.part.json``), and how a record
#: begins (``importer.fetch.write_record``).
CACHE_TEMP_GLOB = ".*.gz*.json.*.tmp"
CACHE_TEMP_HEAD = b'{"url": '


def remove_stale_temp_files(directory: Path, pattern: str = TEMP_GLOB, head: bytes = TEMP_HEAD) -> list[Path]:
    """Remove the temporary files a killed run left in ``directory`` (call it holding the lock); returns them.
    Only ours go: regular files (never a symlink or its target) named by ``pattern`` whose content is empty or
    begins as ``head`` does."""
    removed = []
    for path in directory.glob(pattern):
        with contextlib.suppress(OSError):
            if path.is_symlink() or not path.is_file():
                continue
            with path.open("rb") as handle:
                start = handle.read(len(head))
            if head.startswith(start):
                path.unlink()
                removed.append(path)
    return removed


def _holder(pid_file: Path) -> str:
    try:
        text = pid_file.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return "unknown"
    return text if text.isdigit() else "unknown"


@contextlib.contextmanager
def pid_lock(path: Path, *, timeout: float, what: str, notify: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the file lock ``path``, recording our pid in ``<path>.pid``.

    When another process holds it, ``notify`` is told ``waiting for another <what> (pid N) ...`` once, and we
    wait up to ``timeout`` seconds, then raise :class:`LockTimeoutError` naming the lock and the holder.
    """
    import filelock  # the [carddata] extra's: reading a snapshot (deck scan, catalog) does not need it

    if os.path.lexists(path.parent) and not path.parent.is_dir():
        raise CardDataError(f"{path.parent}: not a directory (a data or cache directory must be one)")
    path.parent.mkdir(parents=True, exist_ok=True)
    # Create the lock file ourselves first: where it cannot be created (read-only, /proc), filelock would take
    # the failure for "held by another process" and wait the whole timeout.
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o666))
    pid_file = path.with_name(path.name + ".pid")
    lock = filelock.FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except filelock.Timeout:
        holder = _holder(pid_file)
        if notify is not None:
            notify(f"waiting for another {what} (pid {holder}) to finish: it holds {path} (up to {timeout:g} s)")
        try:
            lock.acquire(timeout=timeout)
        except filelock.Timeout:
            raise LockTimeoutError(
                f"another {what} (pid {_holder(pid_file)}) holds {path} (waited {timeout:g} s)"
            ) from None
    try:
        with contextlib.suppress(OSError):
            pid_file.write_text(f"{os.getpid()}\n", encoding="ascii")
        yield
    finally:
        with contextlib.suppress(OSError):
            pid_file.unlink()
        lock.release()


class Store:
    """The directories one update works in, resolved once (:meth:`resolve`), and everything that changes them: the
    snapshot's atomic write, its removal, the update lock and the download cache's lock.

    ``snapshot`` is the snapshot's file (:func:`~mtg_daynight.importer.paths.snapshot_path` of the path given:
    a directory, or the file itself) and ``data`` its directory; ``cache``, for a download only, holds the bulk
    files and partial downloads (None for an import of local files, which touches no cache).
    """

    def __init__(self, data: Path, cache: Path | None = None) -> None:
        self.snapshot = snapshot_path(data)
        self.data = self.snapshot.parent
        self.cache = cache

    @classmethod
    def resolve(
        cls,
        data_dir: str | os.PathLike[str] | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
        *,
        download: bool = False,
    ) -> Store:
        """The store of ``--data-dir`` (else ``$MTG_DAYNIGHT_DATA_DIR``, else the user data directory) and, for a
        ``download``, of ``--cache-dir`` (else ``$MTG_DAYNIGHT_CACHE_DIR``, else the user cache directory)."""
        return cls(resolve_data_dir(data_dir), resolve_cache_dir(cache_dir) if download else None)

    def write_snapshot(self, snapshot: Snapshot) -> Path:
        """Write the snapshot atomically (:func:`~mtg_daynight.atomicfile.write_atomic`); return its file."""
        self.data.mkdir(parents=True, exist_ok=True)
        write_atomic(self.snapshot, encode_snapshot(snapshot))
        return self.snapshot

    @contextlib.contextmanager
    def lock(self, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> Iterator[None]:
        """Hold the data directory's update lock (concurrent updates wait for each other, ``notify`` says so).

        Holding it, the temporary files of a killed snapshot write are removed first. When the directory did not
        exist and holds no snapshot at the end (a failed first import), the lock file and the directory it made
        are removed again, so a failure leaves nothing behind.
        """
        made = not os.path.lexists(self.data)
        try:
            with pid_lock(self.data / LOCK_NAME, timeout=timeout, what="card-data update", notify=notify):
                remove_stale_temp_files(self.data)
                yield
        finally:
            if made and not os.path.lexists(self.snapshot):
                with contextlib.suppress(OSError):
                    (self.data / LOCK_NAME).unlink()
                with contextlib.suppress(OSError):
                    self.data.rmdir()  # only when empty

    @contextlib.contextmanager
    def cache_lock(self, bulk_type: str, notify: Callable[[str], None] | None = None) -> Iterator[Path]:
        """Hold the download cache's lock for ``bulk_type`` and give the cache directory; the download state
        files a killed run left (ours only) are removed first."""
        if self.cache is None:
            raise CardDataError("this store has no download cache (resolve it with download=True)")
        with pid_lock(self.cache / f".{bulk_type}.lock", timeout=600, what="download", notify=notify):
            remove_stale_temp_files(self.cache, CACHE_TEMP_GLOB, CACHE_TEMP_HEAD)
            yield self.cache

    def remove_snapshot(self, *, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> bool:
        """Remove the snapshot (``carddata reset``), holding the update lock, in one ``unlink`` (so a reader sees
        the old snapshot or none, never part of one); return False when there was none (nothing is touched then,
        no lock file made)."""
        if not os.path.lexists(self.snapshot):
            return False
        with self.lock(timeout=timeout, notify=notify):
            try:
                self.snapshot.unlink()
            except FileNotFoundError:  # another process removed it meanwhile
                return False
            fsync_directory(self.data)  # make the removal durable
        return True
