"""Where card data lives (the lookup order, bundled snapshot last) and the :class:`Store` of one update: its
directories resolved once, and what changes them (the snapshot's atomic write, its removal, the locks).

The rules are in ``docs/carddata.md``, "Where things live" and "Safety": a data directory is always a directory
(:func:`checked_dir`), never taken for the snapshot file; nothing is replaced or removed unless it is ours (the
snapshot by its start, the lock file when empty, its pid file when it holds a pid); a snapshot is written with one
``os.replace`` of a fsynced temporary file, and not at all when nothing changed.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal, NamedTuple

from mtg_daynight.atomicfile import fsync_directory, write_atomic
from mtg_daynight.importer.errors import CardDataError, LockTimeoutError
from mtg_daynight.importer.records import Snapshot
from mtg_daynight.importer.snapshot import SNAPSHOT_NAME, encode_snapshot, same_data

APP_NAME = "mtg-daynight"
LOCK_NAME = ".daynight-cards.lock"
DATA_DIR_ENV = "MTG_DAYNIGHT_DATA_DIR"
CACHE_DIR_ENV = "MTG_DAYNIGHT_CACHE_DIR"

Origin = Literal["--data-dir", "$MTG_DAYNIGHT_DATA_DIR", "user", "checkout", "bundled", "none"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links are rare
#: How every snapshot mtg-daynight writes begins (msgspec encodes the manifest first, its format version first):
#: what makes a file at the snapshot's path ours, to replace or remove.
_SNAPSHOT_START = re.compile(rb'\A\s*\{\s*"manifest"\s*:\s*\{\s*"format_version"\s*:\s*\d')


# -- where card data lives -----------------------------------------------------------------------------------------


def repo_carddata_dir() -> Path | None:
    """The ``carddata/`` directory of the source checkout this package runs from, if any."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "carddata").is_dir():
        return root / "carddata"
    return None


def user_data_dir() -> Path:
    """The per-user card-data directory: ``carddata`` in platformdirs' user data directory of ``mtg-daynight``."""
    import platformdirs  # only where a directory is needed: not for --data-dir or a bulk file named on the command line

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "carddata"


def bundled_snapshot() -> Path:
    """The snapshot shipped inside the package (wheel and editable install alike)."""
    return Path(__file__).resolve().parents[1] / "data" / SNAPSHOT_NAME


def checked_dir(path: Path, origin: str) -> Path:
    """``path`` when it is a directory or does not exist yet; raises :class:`CardDataError` naming it and where it
    was given (``origin``) when something else is there or the system refuses it."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            raise CardDataError(f"{path} ({origin}): a dangling symbolic link, not a directory") from None
        return path
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        raise CardDataError(f"{path} ({origin}): {getattr(error, 'strerror', None) or error}") from None
    if not stat.S_ISDIR(mode):
        raise CardDataError(
            f"{path} ({origin}): not a directory; card data lives in a directory (the snapshot is "
            f"{SNAPSHOT_NAME} in it), and a file is never taken for the snapshot itself"
        )
    return path


def _explicit_dir(explicit: str | os.PathLike[str] | None) -> tuple[Path, Origin] | None:
    if explicit is not None:
        if not os.fspath(explicit).strip():  # "" must not mean "the user directory": refuse it
            raise CardDataError("--data-dir: an empty path (name the directory of the snapshot)")
        return checked_dir(Path(explicit).expanduser(), "--data-dir"), "--data-dir"
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return checked_dir(Path(from_env).expanduser(), f"${DATA_DIR_ENV}"), "$MTG_DAYNIGHT_DATA_DIR"
    return None


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory an update writes its snapshot into: ``explicit``, else ``$MTG_DAYNIGHT_DATA_DIR``, else the
    user data directory."""
    given = _explicit_dir(explicit)
    return given[0] if given is not None else checked_dir(user_data_dir(), "the user data directory")


class SnapshotLocation(NamedTuple):
    """The snapshot a reader uses: ``path``, its file, and ``origin``, why that one ("none": no snapshot anywhere,
    ``path`` is where an update would write it)."""

    path: Path
    origin: Origin

    @property
    def exists(self) -> bool:
        """True when anything is at the path (a FIFO too: reading it raises a typed error, not "no card data")."""
        return os.path.lexists(self.path)


def locate_snapshot(explicit: str | os.PathLike[str] | None = None) -> SnapshotLocation:
    """The snapshot to read: ``explicit``, else ``$MTG_DAYNIGHT_DATA_DIR``, else the user import, a checkout's
    ``carddata/``, the bundled snapshot."""
    given = _explicit_dir(explicit)
    if given is not None:
        return SnapshotLocation(given[0] / SNAPSHOT_NAME, given[1])
    user = user_data_dir() / SNAPSHOT_NAME
    if user.is_file():
        return SnapshotLocation(user, "user")
    repo = repo_carddata_dir()
    if repo is not None and (repo / SNAPSHOT_NAME).is_file():
        return SnapshotLocation(repo / SNAPSHOT_NAME, "checkout")
    bundled = bundled_snapshot()
    if bundled.is_file():
        return SnapshotLocation(bundled, "bundled")
    return SnapshotLocation(user, "none")


def resolve_cache_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory for downloaded bulk files and partial downloads."""
    given = explicit or os.environ.get(CACHE_DIR_ENV)
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "bulk"


# -- the locks -----------------------------------------------------------------------------------------------------

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
    return [path for path in directory.glob(pattern)
            if _remove_own(path, lambda data: head.startswith(data[:len(head)]))]


def _holder(pid_file: Path) -> str:
    try:
        text = pid_file.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return "unknown"
    return text if text.isdigit() else "unknown"


def _head(path: Path) -> bytes | None:
    """The first 4 KiB of ``path`` when it is a regular file (not a link to one), None when nothing is there;
    raises :class:`CardDataError` when something else is."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        kind = "a symbolic link" if stat.S_ISLNK(mode) else kind
        raise CardDataError(f"{path}: {kind}, not a file mtg-daynight wrote: left as it is")
    with path.open("rb") as handle:
        return handle.read(4096)


def _write_pid(path: Path, pid: bytes) -> None:
    """Record ``pid`` in the pid file ``path``, unless something not ours is there (a link, a FIFO, a file that
    holds no pid): that is left as it is, and a waiting update says "pid unknown"."""
    with contextlib.suppress(OSError, CardDataError):
        head = _head(path)
        if head and not head.strip().isdigit():
            return
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o666), "wb") as handle:
            handle.write(pid)


def _remove_own(path: Path, ours: Callable[[bytes], bool]) -> bool:
    """Remove ``path`` when it is a regular file whose content ``ours`` recognises (True); anything else stays."""
    with contextlib.suppress(OSError, CardDataError):
        head = _head(path)
        if head is not None and ours(head):
            path.unlink()
            return True
    return False


@contextlib.contextmanager
def pid_lock(path: Path, *, timeout: float, what: str, notify: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the file lock ``path``, our pid in ``<path>.pid``; when another process holds it, say so once to
    ``notify`` and wait up to ``timeout`` seconds, then raise :class:`LockTimeoutError` naming the holder."""
    import filelock  # the [carddata] extra's: reading a snapshot (deck scan, catalog) does not need it

    path.parent.mkdir(parents=True, exist_ok=True)
    if _head(path):  # a link or a file with content is not ours: filelock would truncate it
        raise CardDataError(f"{path}: not a lock file mtg-daynight made (it has content): left as it is")
    # Create the lock file ourselves first: where it cannot be created (read-only, /proc), filelock would take
    # the failure for "held by another process" and wait the whole timeout.
    os.close(os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o666))
    pid_file = path.with_name(path.name + ".pid")
    lock = filelock.FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except filelock.Timeout:
        if notify is not None:
            notify(f"waiting for another {what} (pid {_holder(pid_file)}) to finish: it holds {path} (up to "
                   f"{timeout:g} s)")
        try:
            lock.acquire(timeout=timeout)
        except filelock.Timeout:
            raise LockTimeoutError(
                f"another {what} (pid {_holder(pid_file)}) holds {path} (waited {timeout:g} s)"
            ) from None
    mine = f"{os.getpid()}\n".encode("ascii")
    try:
        _write_pid(pid_file, mine)
        yield
    finally:
        _remove_own(pid_file, lambda data: data == mine)
        lock.release()


# -- the store of one update ---------------------------------------------------------------------------------------


class Store:
    """The directories of one update and what changes them: ``data``, the data directory, with ``snapshot``, its
    file; ``cache``, for a download only, the bulk files and partial downloads (None for local files)."""

    def __init__(self, data: Path, cache: Path | None = None) -> None:
        self.data = data
        self.snapshot = data / SNAPSHOT_NAME
        self.cache = cache

    @classmethod
    def resolve(
        cls,
        data_dir: str | os.PathLike[str] | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
        *,
        download: bool = False,
    ) -> Store:
        """The store of ``data_dir`` (:func:`resolve_data_dir`) and, for a ``download``, of ``cache_dir``
        (:func:`resolve_cache_dir`)."""
        return cls(resolve_data_dir(data_dir), resolve_cache_dir(cache_dir) if download else None)

    def check_ours(self) -> bool:
        """True when a snapshot mtg-daynight wrote is at :attr:`snapshot`, False when nothing is; raises
        :class:`CardDataError` when something else is (that is never replaced or removed)."""
        head = _head(self.snapshot)
        if head is None:
            return False
        if _SNAPSHOT_START.match(head):
            return True
        raise CardDataError(
            f"{self.snapshot}: not a card-data snapshot (no snapshot manifest at its start): left as it is; move it "
            "away or name another data directory"
        )

    def write_snapshot(self, snapshot: Snapshot) -> Path:
        """Write the snapshot atomically, over a snapshot we wrote only (:meth:`check_ours`); return its file."""
        checked_dir(self.data, "the data directory")
        self.data.mkdir(parents=True, exist_ok=True)
        self.check_ours()
        write_atomic(self.snapshot, encode_snapshot(snapshot))
        return self.snapshot

    def replace_snapshot(self, new: Snapshot, old: Snapshot | None) -> Snapshot:
        """Write ``new`` over ``old`` (the snapshot read from :attr:`snapshot`) unless it holds the same data
        (:func:`~mtg_daynight.importer.snapshot.same_data`); return the snapshot now in the file."""
        if old is not None and same_data(new, old):
            return old
        self.write_snapshot(new)
        return new

    @contextlib.contextmanager
    def lock(self, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> Iterator[None]:
        """Hold the data directory's update lock, removing first what a killed snapshot write left; a directory it
        made that holds no snapshot at the end (a failed first import) is removed again, with the lock file."""
        made = not os.path.lexists(checked_dir(self.data, "the data directory"))
        try:
            with pid_lock(self.data / LOCK_NAME, timeout=timeout, what="card-data update", notify=notify):
                remove_stale_temp_files(self.data)
                yield
        finally:
            if made and not os.path.lexists(self.snapshot):
                _remove_own(self.data / LOCK_NAME, lambda data: not data)
                with contextlib.suppress(OSError):
                    self.data.rmdir()  # only when empty

    @contextlib.contextmanager
    def cache_lock(self, bulk_type: str, notify: Callable[[str], None] | None = None) -> Iterator[Path]:
        """Hold the download cache's lock for ``bulk_type``, removing first what a killed run left; give the cache."""
        assert self.cache is not None, "a store resolved with download=True"
        with pid_lock(self.cache / f".{bulk_type}.lock", timeout=600, what="download", notify=notify):
            remove_stale_temp_files(self.cache, CACHE_TEMP_GLOB, CACHE_TEMP_HEAD)
            yield self.cache

    def remove_snapshot(self, *, timeout: float = 600.0, notify: Callable[[str], None] | None = None) -> bool:
        """Remove the snapshot we wrote (``carddata reset``, :meth:`check_ours`) in one ``unlink``, holding the
        update lock; return False when there was none (then no lock file is made)."""
        if not self.check_ours():
            return False
        with self.lock(timeout=timeout, notify=notify):
            try:
                if not self.check_ours():
                    return False
                self.snapshot.unlink()
            except FileNotFoundError:  # another process removed it meanwhile
                return False
            fsync_directory(self.data)  # make the removal durable
        return True
