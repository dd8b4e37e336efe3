"""The pipelined import of a download: the file is decompressed and scanned while it arrives.

A background thread pulls the raw bytes of a :class:`~mtg_daynight.importer.download.FileTransfer` (network
reads, the write to the ``.part`` file and the SHA-256 all release the GIL); this thread decompresses them
(:func:`~mtg_daynight.importer.gunzip.iter_blocks`) and scans them with the pure core
(:func:`~mtg_daynight.importer.importer.import_blocks`), the same functions the file import uses, so the
result is the same, byte for byte, as downloading first and importing the file after.

Between the two threads there is a bounded queue (:data:`QUEUE_DEPTH` chunks of at most 256 KiB), so memory
stays flat. A failure on either side stops both; the ``.part`` file then holds a valid prefix and the next run
resumes it (re-reading that prefix from disk), except when the bytes themselves are found corrupt (bad gzip
data): then the download is discarded (:class:`~mtg_daynight.importer.errors.CorruptDownloadError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from mtg_daynight.importer.decompress import close_iterator
from mtg_daynight.importer.download import FileTransfer
from mtg_daynight.importer.errors import CardFileError, CorruptDownloadError
from mtg_daynight.importer.gunzip import iter_blocks
from mtg_daynight.importer.importer import ImportResult, _line_number, import_blocks, pumped, with_file_facts

#: Raw chunks buffered between the download thread and the import (at most 256 KiB each).
QUEUE_DEPTH = 16


def import_transfer(transfer: FileTransfer, *, threaded: bool = True) -> ImportResult:
    """Download and import at once: the result equals ``import_file`` of the finished file.

    Errors name the ``.part`` file and line for a bad card object (the download is kept, resumable), raise
    :class:`CorruptDownloadError` for corrupt gzip data (the download is discarded), and
    :class:`~mtg_daynight.importer.errors.DownloadError` for network failures (the ``.part`` is kept).
    """
    name = str(transfer.part)
    info: dict[str, Any] = {}
    raw: Iterator[bytes] = transfer.chunks()
    source = pumped(raw, QUEUE_DEPTH, name="mtg-daynight-download") if threaded else raw
    blocks = iter_blocks(source, name=name, info=info)
    corrupt: list[CardFileError] = []

    def watched(items: Iterable[bytes]) -> Iterator[bytes]:
        try:
            yield from items
        except CardFileError as error:  # raised by the decompressor: the bytes are bad
            corrupt.append(error)
            raise

    def locate(offset: int) -> str:
        return f"{name}: line {_line_of(transfer.part, offset)}"

    try:
        result = import_blocks(watched(blocks), name=name, locate=locate)
    except CardFileError as error:
        if corrupt:
            transfer.discard()
            raise CorruptDownloadError(
                f"GET {transfer.url}: the download is corrupt ({error}); it was discarded, so the next update "
                "downloads it afresh"
            ) from None
        raise
    finally:
        close_iterator(source)
    return with_file_facts(result, info, transfer.size, transfer.sha256)


def _line_of(path: Path, offset: int) -> int:
    """The line number of a decompressed offset in the (partial) file on disk (error path only)."""
    try:
        with path.open("rb") as handle:
            return _line_number(iter_blocks(iter(lambda: handle.read(1 << 20), b""), name=str(path)), offset)
    except (OSError, CardFileError):
        return 0
