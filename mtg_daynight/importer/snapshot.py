"""Reading, checking and comparing card-data snapshots (writing them: :mod:`mtg_daynight.importer.store`).

A snapshot is one file, ``daynight-cards.json``:
``{"manifest": {...}, "cards": [...], "mentions": [...], "helpers": [...]}``,
msgspec-encoded, indented, with cards sorted by name and printings by release. Manifest and cards live in the
same file so one ``os.replace`` swaps both: a run that fails or is killed leaves the previous snapshot whole.

Use :func:`load_snapshot` to read one; the checks are used by the updater.
"""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime
from typing import NamedTuple

import msgspec

from mtg_daynight.importer.errors import (
    CardFileError,
    SnapshotMissingError,
    SnapshotRefusedError,
    SnapshotVersionError,
)
from mtg_daynight.importer.hygiene import check_snapshot_text
from mtg_daynight.importer.integrity import check_snapshot_integrity
from mtg_daynight.importer.paths import snapshot_path
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


#: Seconds a snapshot's date may lie ahead of the clock (time zones, a slightly fast server) and still count.
FUTURE_SLACK = 86400.0


class Age(NamedTuple):
    """How old a snapshot's data is (``carddata status``): ``seconds`` since its date (the source's date, else the
    import's), None when it has none; ``future``: the date is more than :data:`FUTURE_SLACK` ahead of ``now``
    (a wrong clock, or an edited manifest), so it says nothing of the age; ``dated``: the date as written."""

    seconds: float | None
    future: bool
    dated: str

    def older_than(self, max_age: float) -> bool:
        """Too old for ``max_age`` seconds: older, or of unknown age (no date, or a date in the future)."""
        return self.seconds is None or self.future or self.seconds > max_age


def snapshot_age(snapshot: Snapshot, now: datetime) -> Age:
    """The :class:`Age` of ``snapshot``'s data at ``now``."""
    manifest = snapshot.manifest
    dated = manifest.source.updated_at or manifest.imported_at
    reference = parse_time(manifest.source.updated_at) or parse_time(manifest.imported_at)
    seconds = (now - reference).total_seconds() if reference else None
    return Age(seconds, seconds is not None and seconds < -FUTURE_SLACK, dated)


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
