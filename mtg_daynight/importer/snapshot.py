"""Reading, checking, comparing and writing card-data snapshots.

A snapshot is one file, ``daynight-cards.json``:
``{"manifest": {...}, "cards": [...], "mentions": [...], "helpers": [...]}``,
msgspec-encoded, indented, with cards sorted by name and printings by release. Manifest and cards live in the
same file so one ``os.replace`` swaps both: a run that fails or is killed leaves the previous snapshot whole.

Use :func:`load_snapshot` to read one; the rest is used by the updater.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from mtg_daynight.importer.errors import (
    CardDataError,
    CardFileError,
    LockTimeoutError,
    SnapshotMissingError,
    SnapshotRefusedError,
    SnapshotVersionError,
)
from mtg_daynight.importer.hygiene import check_snapshot_text
from mtg_daynight.importer.integrity import check_snapshot_integrity
from mtg_daynight.importer.paths import LOCK_NAME, SNAPSHOT_NAME, snapshot_path
from mtg_daynight.importer.records import SNAPSHOT_FORMAT_VERSION, Snapshot

_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(Snapshot)


class _VersionOnly(msgspec.Struct):
    format_version: int = 0


class _ManifestOnly(msgspec.Struct):
    manifest: _VersionOnly


def encode_snapshot(snapshot: Snapshot) -> bytes:
    """Encode a snapshot deterministically (same records, same bytes), indented, ending with a newline."""
    return msgspec.json.format(_ENCODER.encode(snapshot), indent=1) + b"\n"


def decode_snapshot(data: bytes, *, name: str = "<snapshot>") -> Snapshot:
    """Decode snapshot bytes; raise :class:`CardFileError` naming ``name`` when they are not a snapshot."""
    try:
        version = msgspec.json.decode(data, type=_ManifestOnly).manifest.format_version
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise CardFileError(f"{name}: not a card-data snapshot: {error}") from None
    except RecursionError:
        raise CardFileError(f"{name}: not a card-data snapshot: nested too deeply") from None
    if version != SNAPSHOT_FORMAT_VERSION:
        raise SnapshotVersionError(
            f"{name}: snapshot format version {version} is not supported (this mtg-daynight reads "
            f"version {SNAPSHOT_FORMAT_VERSION}); run `mtg-daynight carddata update` again"
        )
    try:
        snapshot = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise CardFileError(f"{name}: broken snapshot: {error}") from None
    except RecursionError:
        raise CardFileError(f"{name}: broken snapshot: nested too deeply") from None
    check_snapshot_text(snapshot, name)
    check_snapshot_integrity(snapshot, name)
    return snapshot


def load_snapshot(path_or_dir: str | os.PathLike[str]) -> Snapshot:
    """Read a card-data snapshot.

    ``path_or_dir`` is the snapshot file (``daynight-cards.json``) or the directory holding it (e.g. the
    repository's ``carddata/``, or :func:`mtg_daynight.importer.paths.resolve_data_dir`). Returns a frozen
    :class:`~mtg_daynight.importer.records.Snapshot`: ``snapshot.cards`` are the day/night cards sorted by name,
    each with its oracle id, faces (names, costs, type lines, oracle text, keywords) and printings (Scryfall id,
    set, collector number, language, printed names); ``snapshot.helpers`` holds the Day // Night helper card;
    ``snapshot.manifest`` says where the data came from.

    Raises :class:`~mtg_daynight.importer.errors.SnapshotMissingError` when there is no snapshot and
    :class:`~mtg_daynight.importer.errors.CardFileError` when the file is not a valid snapshot.
    """
    path = snapshot_path(path_or_dir)
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO or /dev/zero would block or never end
            raise CardFileError(f"{path}: not a regular file: not a card-data snapshot")
        data = path.read_bytes()
    except FileNotFoundError:
        raise SnapshotMissingError(
            f"no card-data snapshot at {path}; run `mtg-daynight carddata update` to create one"
        ) from None
    except OSError as error:
        raise CardFileError(f"{path}: cannot read: {error.strerror or error}") from None
    return decode_snapshot(data, name=str(path))


def write_snapshot_atomic(snapshot: Snapshot, directory: Path) -> Path:
    """Write the snapshot into ``directory`` atomically (temporary file, fsync, ``os.replace``)."""
    directory.mkdir(parents=True, exist_ok=True)
    target = snapshot_path(directory)
    _replace(target, encode_snapshot(snapshot), durable=True)
    return target


def _replace(target: Path, data: bytes, *, durable: bool) -> None:
    """Replace ``target`` with ``data`` in one ``os.replace`` of a temporary file (named as :data:`TEMP_GLOB`
    says, so a killed run's is removed by the next update); ``durable``: fsync the file and the directory."""

    directory = target.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{SNAPSHOT_NAME}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp_name, 0o666 & ~_umask())  # mkstemp makes 0600 files; snapshots are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    if not durable:
        return
    with contextlib.suppress(OSError):  # make the rename durable (not possible on every platform)
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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
        with contextlib.suppress(OSError):  # make the removal durable (not possible on every platform)
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    return True


#: The record kinds a new import must not have fewer of than the data in use, with their names in messages.
KINDS: tuple[tuple[str, str], ...] = (
    ("cards", "day/night cards"),
    ("mentions", "cards that mention day/night"),
    ("reads", "cards that read day/night"),
    ("helpers", "helper cards"),
)


def check_plausible(new: Snapshot, old: Snapshot | None, *, force: bool = False) -> list[str]:
    """Refuse a new snapshot that looks broken; return warnings for the ones let through by ``force``.

    ``old`` is the data in use until now (the snapshot being replaced, else the one readers fell back to: a
    checkout's or the bundled one). Broken means: no day/night cards at all, or fewer records of any kind
    (:data:`KINDS`: the helper card included) than ``old`` has. The refusal is one line naming the counts.
    """
    problems: list[str] = []
    if not new.cards:
        problems.append("the new import found no day/night cards")
    if old is not None:
        for attr, label in KINDS:
            before, after = len(getattr(old, attr)), len(getattr(new, attr))
            if after < before:
                problems.append(f"the new import has fewer {label} ({after}) than the data in use ({before})")
    if problems and not force:
        raise SnapshotRefusedError(
            "; ".join(problems) + "; kept the current snapshot (use --force to replace it anyway)"
        )
    return problems


def data_date(snapshot: Snapshot) -> datetime | None:
    """The date of a snapshot's data, by its source's own date: Scryfall's ``updated_at`` or MTGJSON's
    ``meta.date`` (None for local Scryfall files, which carry no date, or a date that does not parse)."""
    return parse_time(snapshot.manifest.source.updated_at)


def parse_time(text: str | None) -> datetime | None:
    """An ISO 8601 time of a manifest (``Z`` or an offset; none read as UTC), or None when absent or unreadable."""
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def check_not_older(new: Snapshot, old: Snapshot | None, *, allow_older: bool = False) -> list[str]:
    """Refuse a new snapshot whose data is older than ``old``'s (the data in use), by the sources' own dates
    (:func:`data_date`), with one line naming both dates; with ``allow_older``, return that as a warning.
    Nothing is said when either date is unknown."""
    new_date, old_date = data_date(new), data_date(old) if old is not None else None
    if new_date is None or old_date is None or new_date >= old_date:
        return []
    assert old is not None
    problem = (
        f"the new data is dated {new.manifest.source.updated_at}, older than the data in use "
        f"(dated {old.manifest.source.updated_at})"
    )
    if not allow_older:
        raise SnapshotRefusedError(f"{problem}; kept the current snapshot (use --allow-older to import it anyway)")
    return [problem]
