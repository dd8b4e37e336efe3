"""Writing the card-data directory: the one atomic write (every file the importer writes), the update lock,
removing a snapshot.

Everything that changes a data or cache directory lives here, so reading a snapshot (a deck scan, the catalog)
loads none of it. A snapshot is written to a temporary file, fsynced and moved over the old one with one
``os.replace`` (:func:`write_snapshot_atomic`): a run that fails or is killed leaves the previous snapshot whole,
and the temporary file it left is removed by the next update (:func:`update_lock`). The lock is a file lock
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
from mtg_daynight.importer.paths import LOCK_NAME, snapshot_path
from mtg_daynight.importer.records import Snapshot
from mtg_daynight.importer.snapshot import encode_snapshot


def write_snapshot_atomic(snapshot: Snapshot, directory: Path) -> Path:
    """Write the snapshot into ``directory`` atomically (:func:`write_atomic`)."""
    directory.mkdir(parents=True, exist_ok=True)
    target = snapshot_path(directory)
    write_atomic(target, encode_snapshot(snapshot))
    return target


#: Temporary files of a snapshot write; one left behind by a killed run is removed by the next update.
TEMP_GLOB = ".daynight-cards.json.*.tmp"


def remove_stale_temp_files(directory: Path, pattern: str = TEMP_GLOB) -> list[Path]:
    """Remove temporary files a killed run left in ``directory`` (call it holding the lock); returns them."""
    removed = []
    for path in directory.glob(pattern):
        with contextlib.suppress(OSError):
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


@contextlib.contextmanager
def update_lock(directory: Path, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the data directory's update lock (concurrent updates wait for each other, ``notify`` says so).

    Holding it, the temporary files of a killed snapshot write are removed first. When the directory did not
    exist and holds no snapshot at the end (a failed first import), the lock file and the directory it made are
    removed again, so a failure leaves nothing behind.
    """
    made = not os.path.lexists(directory)
    try:
        with pid_lock(directory / LOCK_NAME, timeout=timeout, what="card-data update", notify=notify):
            remove_stale_temp_files(directory)
            yield
    finally:
        if made and not os.path.lexists(snapshot_path(directory)):
            with contextlib.suppress(OSError):
                (directory / LOCK_NAME).unlink()
            with contextlib.suppress(OSError):
                directory.rmdir()  # only when empty


def remove_snapshot(directory: Path, *, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> bool:
    """Remove the snapshot in ``directory`` (``carddata reset``), holding its update lock, in one ``unlink`` (so
    a reader sees the old snapshot or none, never part of one); return False when there was none (nothing is
    touched then, no lock file made)."""
    target = snapshot_path(directory)
    if not os.path.lexists(target):
        return False
    with update_lock(directory, timeout=timeout, notify=notify):
        try:
            target.unlink()
        except FileNotFoundError:  # another process removed it meanwhile
            return False
        fsync_directory(directory)  # make the removal durable
    return True
