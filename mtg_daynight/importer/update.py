"""The update: fetch (or take) a bulk file, import it, check it, and swap the snapshot in.

This is the thin shell over the pure parts (scanner, folding, diff): it holds the data directory's lock for
the whole run, so concurrent updates wait for each other, and it only replaces the snapshot with one
``os.replace`` at the very end, so any failure leaves the previous snapshot as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import filelock

from mtg_daynight import __version__
from mtg_daynight.importer.download import BULK_TYPES, Downloaded, Progress, ScryfallClient, utc_now
from mtg_daynight.importer.errors import (
    CardDataError,
    CardFileError,
    LockTimeoutError,
    SnapshotMissingError,
    SnapshotVersionError,
)
from mtg_daynight.importer.importer import ImportResult, import_file
from mtg_daynight.importer.paths import resolve_cache_dir, resolve_data_dir, snapshot_path
from mtg_daynight.importer.records import SNAPSHOT_FORMAT_VERSION, Counts, Manifest, Snapshot, SourceInfo
from mtg_daynight.importer.snapshot import (
    SnapshotDiff,
    check_plausible,
    diff_snapshots,
    load_snapshot,
    update_lock,
    write_snapshot_atomic,
)

DEFAULT_BULK_TYPE = "default_cards"


@dataclass
class UpdateOutcome:
    """What an update did."""

    snapshot_file: Path
    up_to_date: bool = False  # Scryfall answered 304: nothing downloaded, nothing written
    written: bool = False
    snapshot: Snapshot | None = None
    diff: SnapshotDiff = field(default_factory=SnapshotDiff)
    download: Downloaded | None = None
    reused_download: bool = False
    warnings: list[str] = field(default_factory=list)
    requests: int = 0


def _previous(directory: Path) -> tuple[Snapshot | None, list[str]]:
    try:
        return load_snapshot(directory), []
    except SnapshotMissingError:
        return None, []
    except SnapshotVersionError:
        return None, [
            f"the current snapshot has another format version (this mtg-daynight writes version "
            f"{SNAPSHOT_FORMAT_VERSION}): it is replaced, and every card is listed as added"
        ]
    except CardFileError as error:
        return None, [f"the current snapshot is unreadable and will be replaced: {error}"]


def build_snapshot(result: ImportResult, source: SourceInfo) -> Snapshot:
    """Wrap an import result and its source description into a snapshot with its manifest."""
    manifest = Manifest(
        format_version=SNAPSHOT_FORMAT_VERSION,
        tool="mtg-daynight",
        tool_version=__version__,
        imported_at=utc_now(),
        source=source,
        counts=Counts(
            cards=len(result.cards),
            helpers=len(result.helpers),
            printings=result.printings,
            mentions=len(result.mentions),
            candidate_lines=result.candidate_lines,
            decompressed_bytes=result.decompressed_bytes,
        ),
    )
    return Snapshot(manifest=manifest, cards=result.cards, mentions=result.mentions, helpers=result.helpers)


@contextlib.contextmanager
def _cache_lock(cache_dir: Path, bulk_type: str) -> Iterator[None]:
    cache_dir.mkdir(parents=True, exist_ok=True)
    try:
        with filelock.FileLock(str(cache_dir / f".{bulk_type}.lock"), timeout=600):
            yield
    except filelock.Timeout:
        raise LockTimeoutError(f"another download holds {cache_dir / f'.{bulk_type}.lock'}") from None


def _cached_file(cache_dir: Path, bulk_type: str, url: str) -> Path:
    suffix = ".jsonl.gz" if ".jsonl" in urlsplit(url).path else ".json.gz"
    return cache_dir / f"{bulk_type}{suffix}"


def _read_meta(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def run_update(
    *,
    data_dir: str | os.PathLike[str] | None = None,
    bulk_type: str = DEFAULT_BULK_TYPE,
    from_file: str | os.PathLike[str] | None = None,
    api_url: str | None = None,
    force: bool = False,
    client: ScryfallClient | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    lock_timeout: float = 600.0,
) -> UpdateOutcome:
    """Update the snapshot in ``data_dir`` from Scryfall (or from ``from_file``); see ``docs/carddata.md``."""
    if bulk_type not in BULK_TYPES:
        raise CardDataError(f"unknown bulk type {bulk_type!r} (choose one of {', '.join(BULK_TYPES)})")
    directory = resolve_data_dir(data_dir)
    outcome = UpdateOutcome(snapshot_file=snapshot_path(directory))
    try:
        with update_lock(directory, timeout=lock_timeout):
            old, warnings = _previous(directory)
            outcome.warnings += warnings
            if from_file is not None:
                path = Path(from_file).expanduser()
                result = import_file(path)
                source = SourceInfo(
                    kind="file",
                    file_name=path.name,
                    file_size=result.file_size,
                    file_sha256=result.sha256,
                    format=result.format,
                    gzipped=result.gzipped,
                )
            else:
                client = client or ScryfallClient(api_url=api_url)
                same_kind = (
                    old is not None
                    and old.manifest.source.kind == "scryfall"
                    and old.manifest.source.bulk_type == bulk_type
                    and old.manifest.tool_version == __version__
                )
                etag = old.manifest.source.api_etag if old is not None and same_kind else None
                answer = client.bulk_data(bulk_type, etag)
                if answer.not_modified or answer.bulk is None:
                    outcome.up_to_date = True
                    outcome.snapshot = old
                    outcome.requests = client.request_count
                    return outcome
                bulk = answer.bulk
                url = bulk.file_uri
                assert url is not None
                cache = resolve_cache_dir(cache_dir)
                with _cache_lock(cache, bulk_type):
                    target = _cached_file(cache, bulk_type, url)
                    meta_path = target.with_name(target.name + ".json")
                    meta = _read_meta(meta_path)
                    size_ok = target.exists() and (
                        bulk.compressed_size is None or target.stat().st_size == bulk.compressed_size
                    )
                    if meta.get("url") == url and size_ok:
                        outcome.reused_download = True
                    else:
                        expected = bulk.compressed_size if not bulk.is_legacy else None
                        outcome.download = client.download(url, target, expected_size=expected, progress=progress)
                        meta_path.write_text(json.dumps({"url": url, "updated_at": bulk.updated_at}), "utf-8")
                    result = import_file(target)
                source = SourceInfo(
                    kind="scryfall",
                    bulk_type=bulk.type,
                    bulk_id=bulk.id,
                    updated_at=bulk.updated_at,
                    api_etag=answer.etag,
                    download_uri=url,
                    file_name=Path(urlsplit(url).path).name,
                    file_size=result.file_size,
                    file_sha256=result.sha256,
                    format=result.format,
                    gzipped=result.gzipped,
                )
                outcome.requests = client.request_count
            new = build_snapshot(result, source)
            outcome.warnings += check_plausible(new, old, force=force)
            outcome.diff = diff_snapshots(old, new)
            write_snapshot_atomic(new, directory)
            outcome.written = True
            outcome.snapshot = new
    except OSError as error:
        where = error.filename or directory
        raise CardDataError(f"{where}: {error.strerror or error}") from None
    return outcome
