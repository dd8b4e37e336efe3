"""The update (``docs/carddata.md``, "The update: one stream"): ask Scryfall (a 304 writes nothing and takes no
lock), hold the data directory's lock, read the cached bulk file if it is ours and intact or else a
:class:`~mtg_daynight.importer.fetch.Download` as one stream (decompressed, hashed, scanned), check the guards, and
replace the snapshot atomically at the very end, so any failure leaves the previous snapshot as it was.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO, cast
from urllib.parse import urlsplit

from mtg_daynight import __version__
from mtg_daynight.importer import bulk, limits
from mtg_daynight.importer.bulk import ImportResult, Progress
from mtg_daynight.importer.errors import (
    CardDataError,
    CardFileError,
    CompressedDataError,
    CorruptDownloadError,
    DownloadError,
    SnapshotMissingError,
    SnapshotVersionError,
    UnreachableError,
)
from mtg_daynight.importer.fetch import BulkAnswer, Client, Download, check_ours
from mtg_daynight.importer.local import as_paths, import_local_files
from mtg_daynight.importer.records import SNAPSHOT_FORMAT_VERSION, Counts, Manifest, Snapshot, SourceInfo
from mtg_daynight.importer.scryfall import BulkData
from mtg_daynight.importer.snapshot import (
    SnapshotDiff,
    check_not_older,
    check_plausible,
    diff_snapshots,
    escape_text,
    load_snapshot,
)
from mtg_daynight.importer.store import Store, locate_snapshot


@dataclass
class UpdateOutcome:
    """What an update did: ``up_to_date`` (Scryfall answered 304: nothing downloaded, nothing written),
    ``written``, ``snapshot`` (the one written, or on "up to date" the one in use), ``diff``, ``download`` (the
    finished :class:`~mtg_daynight.importer.fetch.Download`: ``path``, ``size``, ``resumed``...),
    ``reused_download``, ``warnings``, ``requests``."""

    snapshot_file: Path
    up_to_date: bool = False
    written: bool = False
    snapshot: Snapshot | None = None
    diff: SnapshotDiff = field(default_factory=SnapshotDiff)
    download: Download | None = None
    reused_download: bool = False
    warnings: list[str] = field(default_factory=list)
    requests: int = 0


def _previous(snapshot_file: Path) -> tuple[Snapshot | None, list[str]]:
    try:
        return load_snapshot(snapshot_file), []
    except SnapshotMissingError:
        return None, []
    except SnapshotVersionError:
        return None, [
            f"the current snapshot has another format version (this mtg-daynight writes version "
            f"{SNAPSHOT_FORMAT_VERSION}): it is replaced, and every card is listed as added"
        ]
    except CardFileError as error:
        return None, [f"the current snapshot is unreadable and will be replaced: {error}"]


def _fallback(data_dir: str | os.PathLike[str] | None) -> Snapshot | None:
    """The snapshot readers use when the data directory holds none: a checkout's or the bundled one (so that a
    first update lists what changed against it)."""
    location = locate_snapshot(data_dir)
    if location.origin not in ("checkout", "bundled"):
        return None
    try:
        return load_snapshot(location.path)
    except (CardDataError, CardFileError):
        return None


def build_snapshot(result: ImportResult, source: SourceInfo) -> Snapshot:
    """Wrap an import result and its source description into a snapshot with its manifest."""
    counts = Counts(
        cards=len(result.cards),
        helpers=len(result.helpers),
        printings=result.printings,
        mentions=len(result.mentions),
        reads=len(result.reads),
        candidate_lines=result.candidate_lines,
        decompressed_bytes=result.decompressed_bytes,
    )
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    manifest = Manifest(tool_version=__version__, imported_at=now, source=source, counts=counts)
    return Snapshot(
        manifest=manifest, cards=result.cards, mentions=result.mentions, helpers=result.helpers, reads=result.reads
    )


def _scan(source: io.RawIOBase, name: Path, progress: Progress | None, check: Callable[[], object]) -> ImportResult:
    """The one stream of an update: the cached file ``name``, or a :class:`Download` through it, scanned."""
    shown = escape_text(str(name))
    stream = bulk.decompressed(cast("BinaryIO", source), shown, progress=progress)
    return bulk.scan(stream, check=check, locate=bulk.line_locator(name, shown))


def _reuse(target: Path, offer: BulkData, client: Client, check: Callable[[], object]) -> ImportResult | None:
    """The cached download of ``offer`` imported, when it is ours (its record beside it) and intact (the size
    announced, the SHA-256 recorded after its first import); else None, and a download replaces it."""
    record = check_ours(target) or {}
    if record.get("url") != offer.file_uri or not isinstance(record.get("sha256"), str) or not target.is_file():
        return None
    if offer.compressed_size is not None and target.stat().st_size != offer.compressed_size:
        return None
    damaged = f"the cached download {escape_text(str(target))} is damaged"
    try:
        with open(target, "rb", buffering=0) as source:
            result = _scan(source, target, None, check)
    except CardFileError as error:
        client.notify(f"{damaged} ({error}): downloading afresh")
        return None
    if result.sha256 != record["sha256"]:
        client.notify(f"{damaged} (not the sha256 recorded): downloading afresh")
        return None
    return result


def _fetch(
    client: Client, answer: BulkAnswer, cache: Path, outcome: UpdateOutcome, progress: Progress | None
) -> tuple[ImportResult, SourceInfo]:
    """The bulk file imported, and its description: the cached download when it is ours and intact, else a
    :class:`Download` read as one stream and then committed. A cache file we did not write is never replaced."""
    offer = answer.bulk  # the bulk-data object Scryfall offers (not to be confused with the module `bulk`)
    assert offer is not None and offer.file_uri is not None
    url = offer.file_uri
    target = cache / (offer.type + (".jsonl.gz" if ".jsonl" in urlsplit(url).path else ".json.gz"))

    def check() -> object:
        return client.remaining(f"importing {url}")

    result = _reuse(target, offer, client, check)
    outcome.reused_download = result is not None
    if result is None:
        download = Download(client, url, target, expected_size=None if offer.is_legacy else offer.compressed_size)
        if progress is not None:
            progress.start(offer.compressed_size, 0)
        try:
            result = _scan(download, download.part, progress, check)
        except CompressedDataError as error:
            download.discard()
            raise CorruptDownloadError(
                f"GET {url}: the download is corrupt ({error}); it was discarded, so the next update downloads it "
                "afresh"
            ) from None
        except CardFileError as error:  # the same bytes would fail again: resuming from them cannot help
            download.discard()
            raise type(error)(f"{error}; the download was discarded, so the next update downloads it afresh") from None
        finally:
            download.close()
            if progress is not None:
                progress.close()
        download.commit({"url": url, "updated_at": offer.updated_at, "size": result.file_size, "sha256": result.sha256})
        outcome.download = download
    source = SourceInfo(
        kind="scryfall",
        bulk_type=offer.type,
        bulk_id=offer.id,
        updated_at=offer.updated_at,
        api_etag=answer.etag,
        download_uri=url,
        file_name=Path(urlsplit(url).path).name,
        file_size=result.file_size,
        file_sha256=result.sha256,
        format=result.format,
        gzipped=result.gzipped,
    )
    return result, source


def _unreachable(client: Client, error: UnreachableError, old: Snapshot | None, store: Store) -> UnreachableError:
    """The one line said when the server cannot be reached: which server, why, and what stays in use."""
    server = "Scryfall" if client.strict else client.api_url
    if old is None:
        return UnreachableError(f"could not reach {server} ({error}); {_NOTHING_WRITTEN}")
    source = old.manifest.source
    what = f"Scryfall {source.bulk_type} of {source.updated_at}" if source.kind == "scryfall" else source.file_name
    in_use = f"{escape_text(str(store.snapshot))}: {escape_text(what)}"
    return UnreachableError(f"could not reach {server} ({error}); the current snapshot stays in use ({in_use})")


_NOTHING_WRITTEN = "nothing was written: the card data in use stays as it was"


def run_update(
    *,
    data_dir: str | os.PathLike[str] | None = None,
    bulk_type: str = limits.DEFAULT_BULK_TYPE,
    from_file: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    api_url: str | None = None,
    force: bool = False,
    allow_older: bool = False,
    client: Client | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    lock_timeout: float = 600.0,
    retries: int = limits.DEFAULT_RETRIES,
    timeout: float = limits.DEFAULT_TIMEOUT,
    deadline: float | None = None,
    notify: Callable[[str], None] | None = None,
) -> UpdateOutcome:
    """Update the snapshot in ``data_dir`` from Scryfall, or from the local file(s) ``from_file``; the options are
    those of ``carddata update`` (``docs/carddata.md``: the limits, "No silent downgrade", the exit statuses).
    ``client`` replaces the one made from ``api_url``, ``retries``, ``timeout`` and ``deadline`` (default
    ``limits.DEFAULT_DEADLINE`` for a download, none for local files); ``notify`` hears the waits (retries, the lock).
    Raises :class:`~mtg_daynight.importer.errors.CardDataError` (``DeadlineError``, ``SnapshotRefusedError``,
    ``UnreachableError``...) with the snapshot unchanged."""
    if bulk_type not in limits.BULK_TYPES:
        raise CardDataError(f"unknown bulk type {bulk_type!r} (choose one of {', '.join(limits.BULK_TYPES)})")
    store = Store.resolve(data_dir, cache_dir, download=from_file is None)
    outcome = UpdateOutcome(snapshot_file=store.snapshot)
    if store.cache is not None and os.path.lexists(store.cache) and not os.path.isdir(store.cache):
        raise CardDataError(
            f"{escape_text(str(store.cache))}: not a directory (the download cache, --cache-dir or "
            "MTG_DAYNIGHT_CACHE_DIR, must be one)"
        )
    local_deadline = answer = None
    if from_file is None:  # a bad --api-url or limit is refused before anything is touched
        seconds = limits.DEFAULT_DEADLINE if deadline is None else deadline
        client = client or Client(
            api_url=api_url, max_retries=retries, timeout=timeout, deadline=seconds, notify=notify
        )
        client.deadline.start(client.clock())
        # Asked without the lock: a 304 writes nothing. The snapshot read here is only ever replaced atomically,
        # and is read again under the lock, since another update may replace it meanwhile.
        old = _previous(store.snapshot)[0]
        etag = None
        if old is not None and old.manifest.tool_version == __version__:
            source = old.manifest.source
            etag = source.api_etag if source.kind == "scryfall" and source.bulk_type == bulk_type else None
        try:
            answer = client.bulk_data(bulk_type, etag)
        except UnreachableError as error:
            raise _unreachable(client, error, old, store) from None
        if answer.not_modified or answer.bulk is None:
            outcome.up_to_date, outcome.snapshot, outcome.requests = True, old, client.request_count
            return outcome
    elif deadline is not None:
        if not deadline > 0:
            raise CardDataError(f"--deadline must be positive, got {deadline}")
        local_deadline = limits.Deadline(deadline)
        local_deadline.start()
    try:
        with store.lock(timeout=lock_timeout, notify=notify):
            old, warnings = _previous(store.snapshot)
            outcome.warnings += warnings
            if from_file is not None:
                result, source = import_local_files(as_paths(from_file), progress=progress, deadline=local_deadline)
                if local_deadline is not None:
                    local_deadline.remaining("checking the import")
            else:
                assert client is not None and answer is not None
                try:
                    with store.cache_lock(bulk_type, notify) as cache:
                        result, source = _fetch(client, answer, cache, outcome, progress)
                except UnreachableError as error:
                    raise _unreachable(client, error, old, store) from None
                outcome.requests = client.request_count
                client.remaining("checking the import")
            new = build_snapshot(result, source)
            outcome.warnings += result.warnings
            in_use = old if old is not None else _fallback(data_dir)
            outcome.warnings += check_not_older(new, in_use, allow_older=allow_older)
            outcome.warnings += check_plausible(new, in_use, force=force)
            outcome.diff = diff_snapshots(in_use, new)
            outcome.snapshot = store.replace_snapshot(new, old)  # an unchanged import writes nothing
            outcome.written = outcome.snapshot is new
    except OSError as error:
        if error.filename is None and type(error).__module__.partition(".")[0] in ("requests", "urllib3"):
            # an HTTP library's error (requests' are OSErrors) is about the server, not the data directory
            server = api_url if api_url is not None else "Scryfall"
            raise DownloadError(f"{server}: the request failed: {error}; {_NOTHING_WRITTEN}") from None
        where = error.filename or store.data
        raise CardDataError(f"{escape_text(os.fsdecode(where))}: {error.strerror or error}") from None
    return outcome
