"""Import a bulk file: read, decompress, scan, decode the candidate lines, fold them into records (day/night
cards, cards that mention day/night, the helper card).

The pure core is :func:`import_blocks` (decompressed blocks in, records out). :func:`import_file` is the
thin file layer around it: it reads, hashes and decompresses the file in blocks of about 1 MiB and scans each
block while it is still in the CPU cache. Optionally (``threaded=True``) decompression runs in a background
thread (``hashlib``/``zlib``/``isal`` release the GIL while they work) so that it can overlap with scanning on
machines with two real cores. Memory stays flat: a few decompressed blocks of about 1 MiB are alive at
any time, whatever the size of the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import queue
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from mtg_daynight.importer.decompress import READ_SIZE as READ_SIZE  # re-exported (scripts/bench_import.py)
from mtg_daynight.importer.decompress import open_blocks
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.gunzip import DEFAULT_BLOCK_SIZE, iter_blocks
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard
from mtg_daynight.importer.scanner import (
    DEFAULT_NEEDLES,
    Candidate,
    Format,
    LineScanner,
    array_element_bytes,
)
from mtg_daynight.importer.scryfall import CARD_DECODER, CARD_LIST_DECODER, Card

_QUEUE_DEPTH = 4
#: GIL switch interval used while the two import threads run (the default 5 ms makes them take turns).
_SWITCH_INTERVAL = 0.0001


@dataclass
class ImportResult:
    """What an import found, and facts about the file it read."""

    cards: tuple[DayNightCard, ...]
    helpers: tuple[HelperCard, ...]
    format: Format | str  # a Scryfall Format, or what a local import read (e.g. "mtgjson-set")
    mentions: tuple[MentionCard, ...] = ()
    gzipped: bool = False
    decompressor: str = "none"
    candidate_lines: int = 0
    decompressed_bytes: int = 0
    file_size: int = 0
    sha256: str = ""
    objects_kept: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def printings(self) -> int:
        """Number of printings over all day/night cards."""
        return sum(len(c.printings) for c in self.cards)


def _decode(candidate: Candidate, fmt: Format, where: Callable[[int], str]) -> list[Card]:
    try:
        if fmt == "jsonl":
            line = candidate.line.strip()
            return [CARD_DECODER.decode(line)] if line else []
        element = array_element_bytes(candidate.line)
        return CARD_LIST_DECODER.decode(element) if element else []
    except msgspec.ValidationError as error:
        raise CardFileError(f"{where(candidate.offset)}: bad card object: {error}") from None
    except msgspec.DecodeError as error:
        raise CardFileError(f"{where(candidate.offset)}: not valid JSON: {error}") from None
    except RecursionError:
        raise CardFileError(f"{where(candidate.offset)}: card object nested too deeply: refused") from None


def import_blocks(
    blocks: Iterable[bytes],
    *,
    name: str = "<data>",
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    locate: Callable[[int], str] | None = None,
    folder: Folder | None = None,
) -> ImportResult:
    """Scan decompressed ``blocks`` and fold the day/night cards (and cards that mention day/night, and the
    helper card) found into records.

    ``locate(offset)`` turns a byte offset of the decompressed stream into a location for error messages
    (default: ``"<name>: byte <offset>"``). ``folder``: fold into this one (shared by the files of a
    several-file import; the result then holds the records of every file folded so far).
    """
    where = locate or (lambda offset: f"{name}: byte {offset}")
    scanner = LineScanner(needles=needles, name=name)
    folder = Folder() if folder is None else folder
    candidates = kept = 0

    def take(found: list[Candidate]) -> None:
        nonlocal candidates, kept
        if not found:
            return
        assert scanner.format is not None
        for candidate in found:
            candidates += 1
            for card in _decode(candidate, scanner.format, where):
                try:
                    kind = folder.add(card)
                except CardFileError as error:
                    raise CardFileError(f"{where(candidate.offset)}: {error}") from None
                if kind is not None:
                    kept += 1

    for block in blocks:
        take(scanner.feed(block))
    take(scanner.finish())
    folded = folder.build()
    assert scanner.format is not None
    return ImportResult(
        cards=folded.cards,
        helpers=folded.helpers,
        mentions=folded.mentions,
        format=scanner.format,
        candidate_lines=candidates,
        decompressed_bytes=scanner.offset,
        objects_kept=kept,
    )


def import_bytes(data: bytes, *, name: str = "<data>", needles: Sequence[bytes] = DEFAULT_NEEDLES) -> ImportResult:
    """Import a whole bulk file held in memory (gzipped or not). Errors name lines, as for files."""
    info: dict[str, Any] = {}

    def locate(offset: int) -> str:
        return f"{name}: line {_line_number(iter_blocks([data], name=name), offset)}"

    result = import_blocks(iter_blocks([data], name=name, info=info), name=name, needles=needles, locate=locate)
    result.gzipped = bool(info.get("gzipped"))
    result.decompressor = str(info.get("decompressor", "none"))
    result.file_size = len(data)
    result.sha256 = hashlib.sha256(data).hexdigest()
    return result


def _line_number(blocks: Iterable[bytes], offset: int) -> int:
    """1-based number of the line holding byte ``offset`` (error path only: it reads the data again)."""
    newlines = 0
    seen = 0
    for block in blocks:
        if seen + len(block) > offset:
            return newlines + block.count(b"\n", 0, offset - seen) + 1
        newlines += block.count(b"\n")
        seen += len(block)
    return newlines + 1


class _Stop(Exception):
    pass


def _threaded(produce: Iterator[bytes], depth: int = _QUEUE_DEPTH) -> Iterator[bytes]:
    """Run the ``produce`` iterator in a background thread; yield its items in order.

    Exceptions raised by the producer are re-raised here; when the consumer stops early (an error while
    scanning, or the generator is closed), the producer is told to stop and joined.
    """
    channel: queue.Queue[tuple[bytes | None, BaseException | None]] = queue.Queue(depth)
    stop = threading.Event()

    def put(item: tuple[bytes | None, BaseException | None]) -> None:
        while True:
            if stop.is_set():
                raise _Stop
            try:
                channel.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def run() -> None:
        try:
            for block in produce:
                put((block, None))
            put((None, None))
        except _Stop:
            pass
        except BaseException as error:
            with contextlib.suppress(_Stop):
                put((None, error))

    thread = threading.Thread(target=run, name="mtg-daynight-gunzip", daemon=True)
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(min(old_interval, _SWITCH_INTERVAL))
    thread.start()
    try:
        while True:
            block, error = channel.get()
            if error is not None:
                raise error
            if block is None:
                return
            yield block
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(old_interval)


def import_file(
    path: str | Path,
    *,
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    threaded: bool = False,
    decompressor: str | None = None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    folder: Folder | None = None,
) -> ImportResult:
    """Import a bulk file from disk: ``.jsonl`` or ``.json`` (legacy array), plain, gzip, xz or bzip2.

    The format is recognised from the content, not the file name. ``threaded=True`` decompresses in a
    background thread while this thread scans; it is off by default because on the 2-vCPU machine we measured
    (see ``scripts/bench_import.py``) the overlap did not pay for the hand-offs. Raises
    :class:`~mtg_daynight.importer.errors.CardFileError` naming the file and line of a bad card object, or
    naming the file for corrupt, truncated or non-JSON data.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")
    digest = hashlib.sha256()
    size = [0]
    info: dict[str, Any] = {}
    produce, _ = open_blocks(path, digest, size, block_size=block_size, decompressor=decompressor, info=info)
    blocks = _threaded(produce) if threaded else produce

    def locate(offset: int) -> str:
        again, _ = open_blocks(path, hashlib.sha256(), [0], decompressor=decompressor)
        return f"{name}: line {_line_number(again, offset)}"

    try:
        result = import_blocks(blocks, name=name, needles=needles, locate=locate, folder=folder)
    except OSError as error:
        raise CardFileError(f"{name}: cannot read: {error.strerror or error}") from None
    finally:
        close = getattr(blocks, "close", None)
        if close is not None:
            close()
    result.gzipped = bool(info.get("gzipped"))
    result.decompressor = str(info.get("decompressor", "none"))
    result.file_size = size[0]
    result.sha256 = digest.hexdigest()
    return result
