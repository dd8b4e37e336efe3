"""Import a bulk file: read, decompress, scan, decode the candidate lines, fold them into records (day/night
cards, cards that mention day/night, the helper card).

The pure core is :func:`import_blocks` (decompressed blocks in, records out). :func:`import_file` is the
thin file layer around it: it reads and decompresses the file in a background thread (``isal`` releases the
GIL while it inflates) that feeds blocks of up to 4 MiB through a bounded queue, while this thread hashes the
compressed bytes and scans the blocks (``hashlib`` and the scanner's engine release the GIL or hold it only
briefly). On a machine with one usable CPU the same steps run in one thread. Memory stays flat: a few blocks
are alive at any time, whatever the size of the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from mtg_daynight.importer.decompress import READ_SIZE as READ_SIZE  # re-exported (scripts/bench_import.py)
from mtg_daynight.importer.decompress import close_iterator, closing, handle_blocks, open_blocks
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.gunzip import iter_blocks
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard
from mtg_daynight.importer.scanner import (
    DEFAULT_MAX_LINE,
    DEFAULT_NEEDLES,
    Candidate,
    Format,
    LineScanner,
    array_element_bytes,
    line_body,
)
from mtg_daynight.importer.scryfall import CARD_DECODER, CARD_LIST_DECODER, Card

#: Decompressed block size of the file layer: large enough that per-block costs vanish, small enough for the
#: CPU cache and a flat RSS (the queue holds at most ``_QUEUE_DEPTH`` of them).
FILE_BLOCK_SIZE = 4 << 20
_QUEUE_DEPTH = 4
#: GIL switch interval used while the two import threads run (the default 5 ms makes them take turns). The
#: decompressing thread asks for the GIL about once per block and waits up to this long each time while the
#: scanning thread runs Python: 20 µs measured 1-3 % faster than 100 µs for the 117k-card file.
_SWITCH_INTERVAL = 0.00002
_POLL = 0.1
#: Largest read of the scanning thread's second handle (:class:`_Mirror`).
_MIRROR_READ = 4 << 20

T = TypeVar("T")


class _AnyObject(msgspec.Struct):
    """Any JSON object (its fields skipped, its syntax checked): for lines that are checked, not used."""


_OBJECT_DECODER = msgspec.json.Decoder(_AnyObject)
_OBJECT_LIST_DECODER = msgspec.json.Decoder(list[_AnyObject])


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
    scanner: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def printings(self) -> int:
        """Number of printings over all day/night cards."""
        return sum(len(c.printings) for c in self.cards)


def _decode_json(decode: Callable[[bytes], T], data: bytes, where: Callable[[], str]) -> T:
    """``decode(data)``, with every failure as a :class:`CardFileError` that says ``where()`` (issue 10: JSON
    nested too deeply is refused like any other bad JSON, never a ``RecursionError``)."""
    try:
        return decode(data)
    except msgspec.ValidationError as error:
        raise CardFileError(f"{where()}: bad card object: {error}") from None
    except msgspec.DecodeError as error:
        raise CardFileError(f"{where()}: not valid JSON: {error}") from None
    except RecursionError:
        raise CardFileError(f"{where()}: card object nested too deeply: refused") from None


def _decode(candidate: Candidate, fmt: Format, where: Callable[[int], str]) -> list[Card]:
    def here() -> str:
        return where(candidate.offset)

    if fmt == "jsonl":
        line = line_body(candidate)
        return [_decode_json(CARD_DECODER.decode, line, here)] if line else []
    element = array_element_bytes(candidate.line)
    return _decode_json(CARD_LIST_DECODER.decode, element, here) if element else []


def _check_edges(scanner: LineScanner, where: Callable[[int], str]) -> None:
    """Check the first and last lines that hold an object as JSON, and that a legacy array is closed, so that a
    truncated file, or JSON that is not one card object per line, is reported as invalid rather than imported
    as "no day/night cards" (issue 9)."""
    for edge in scanner.edges:

        def here(offset: int = edge.offset) -> str:
            return f"{where(offset)} (is the file truncated?)"

        if scanner.format == "jsonl":
            _decode_json(_OBJECT_DECODER.decode, line_body(edge), here)
            continue
        element = array_element_bytes(edge.line)
        if element:
            _decode_json(_OBJECT_LIST_DECODER.decode, element, here)
    if not scanner.closed:
        at = where(scanner.edges[-1].offset) if scanner.edges else scanner.name
        raise CardFileError(f"{at}: the JSON array is not closed (no final ']'): the file is truncated")


def import_blocks(
    blocks: Iterable[bytes],
    *,
    name: str = "<data>",
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    locate: Callable[[int], str] | None = None,
    max_line: int = DEFAULT_MAX_LINE,
    engine: str | None = None,
    folder: Folder | None = None,
) -> ImportResult:
    """Scan decompressed ``blocks`` and fold the day/night cards (and cards that mention day/night, and the
    helper card) found into records.

    ``locate(offset)`` turns a byte offset of the decompressed stream into a location for error messages
    (default: ``"<name>: byte <offset>"``). ``max_line`` is the longest line accepted (see
    :class:`~mtg_daynight.importer.scanner.LineScanner`); ``engine`` forces a scanning engine (``"re"``: the
    pure-Python fallback); ``folder``: fold into this one (shared by the files of a several-file import; the
    result then holds the records of every file folded so far). Raises :class:`CardFileError` for a bad card
    object, a line too long, JSON nested too deeply, or a stream whose first or last line is not valid JSON
    (truncated).
    """
    where = locate or (lambda offset: f"{name}: byte {offset}")
    scanner = LineScanner(needles=needles, name=name, max_line=max_line, engine=engine, locate=where)
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
    assert scanner.format is not None
    _check_edges(scanner, where)
    folded = folder.build()
    return ImportResult(
        cards=folded.cards,
        helpers=folded.helpers,
        mentions=folded.mentions,
        format=scanner.format,
        candidate_lines=candidates,
        decompressed_bytes=scanner.offset,
        objects_kept=kept,
        scanner=scanner.engine or "",
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


class _Unhashed:
    """Stands in for the hashlib object of the thread that decompresses: the bytes it reads are hashed by the
    scanning thread instead (:class:`_Mirror`), so that the two threads share the work of an import."""

    def update(self, data: object) -> None:
        pass


class _Mirror:
    """Hashes, in the scanning thread, the bytes the decompressing thread has read so far (``size[0]``), read
    again from a second handle on the same file (from the operating system's cache: no copy passes between
    the threads, and the thread that decompresses, the slower one, does nothing else)."""

    def __init__(self, handle: io.RawIOBase, digest: Any, size: list[int], name: str) -> None:
        self._handle = handle
        self._digest = digest
        self._size = size
        self._name = name
        self._hashed = 0

    def catch_up(self) -> None:
        """Hash up to where the other thread has read."""
        while self._hashed < self._size[0]:
            chunk = self._handle.read(min(self._size[0] - self._hashed, _MIRROR_READ))
            if not chunk:
                raise CardFileError(f"{self._name}: the file was cut short while it was read: try again")
            self._digest.update(chunk)
            self._hashed += len(chunk)


class _Stop(Exception):
    """The consumer went away: the producer thread ends."""


class _SwitchInterval:
    """Lowers the interpreter's GIL switch interval while at least one pipeline runs, and restores the value
    found when the first started once the last has ended (concurrent imports never leave it lowered)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._active = 0
        self._saved = 0.0

    @contextlib.contextmanager
    def lowered(self) -> Iterator[None]:
        with self._lock:
            if self._active == 0:
                self._saved = sys.getswitchinterval()
                sys.setswitchinterval(min(self._saved, _SWITCH_INTERVAL))
            self._active += 1
        try:
            yield
        finally:
            with self._lock:
                self._active -= 1
                if self._active == 0:
                    sys.setswitchinterval(self._saved)


#: The switch interval is one per process, so is its keeper.
_SWITCH = _SwitchInterval()


def pumped(items: Iterator[T], depth: int = _QUEUE_DEPTH, *, name: str = "mtg-daynight-import") -> Iterator[T]:
    """Yield the items of ``items``, produced by a background thread (up to ``depth`` ahead, a bounded queue).

    Used for the file import (decompression in the thread) and the download pipeline (network reads in the
    thread). An exception raised by the producer is re-raised here, in order; when the consumer stops early
    (an error while scanning, or the generator is closed) the producer is told to stop at its next item and is
    joined (not on KeyboardInterrupt: the daemon thread then ends with the process, so Ctrl-C never waits for
    a network read). While it runs, the GIL switch interval is lowered so that the two threads hand over the
    GIL quickly instead of taking turns of 5 ms.
    """
    channel: queue.Queue[tuple[bool, Any]] = queue.Queue(depth)  # (done, item or error or None)
    stop = threading.Event()

    def put(item: tuple[bool, Any]) -> None:
        while True:
            if stop.is_set():
                raise _Stop
            try:
                channel.put(item, timeout=_POLL)
                return
            except queue.Full:
                continue

    def run() -> None:
        try:
            for item in items:
                put((False, item))
            put((True, None))
        except _Stop:
            pass
        except BaseException as error:  # handed to the consumer, which re-raises it
            with contextlib.suppress(_Stop):
                put((True, error))
        finally:
            with contextlib.suppress(Exception):
                close_iterator(items)

    thread = threading.Thread(target=run, name=name, daemon=True)
    with _SWITCH.lowered():
        thread.start()
        interrupted = False
        try:
            while True:
                done, item = channel.get()
                if done:
                    if item is not None:
                        raise item
                    return
                yield item
        except KeyboardInterrupt:
            interrupted = True
            raise
        finally:
            stop.set()
            if not interrupted:
                thread.join()


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    getaffinity = getattr(os, "sched_getaffinity", None)
    return len(getaffinity(0)) if getaffinity is not None else os.cpu_count() or 1


def import_file(
    path: str | Path,
    *,
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    threaded: bool | None = None,
    decompressor: str | None = None,
    block_size: int = FILE_BLOCK_SIZE,
    max_line: int = DEFAULT_MAX_LINE,
    engine: str | None = None,
    folder: Folder | None = None,
) -> ImportResult:
    """Import a bulk file from disk: ``.jsonl`` or ``.json`` (legacy array), plain, gzip, xz or bzip2.

    The format is recognised from the content, not the file name. Decompression runs in a background thread
    while this thread hashes and scans when this process may use two CPUs or more (``threaded=None``);
    ``threaded=True``/``False`` forces either way. ``max_line`` bounds the length of every line (blocks are
    never larger, so the bound is exact); ``engine`` forces a scanning engine; ``folder`` is passed to
    :func:`import_blocks`. Raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the file and line
    of a bad card object, a line too long, or a truncated or invalid file, or naming the file for corrupt,
    truncated or non-JSON data.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")
    digest = hashlib.sha256()
    size = [0]
    info: dict[str, Any] = {}
    background = usable_cpus() > 1 if threaded is None else threaded
    try:
        with contextlib.ExitStack() as files:
            handle = path.open("rb", buffering=0)
            try:
                mirror = _mirror(files, path, os.fstat(handle.fileno()), digest, size) if background else None
                blocks, _ = handle_blocks(
                    handle,
                    name,
                    _Unhashed() if background else digest,
                    size,
                    block_size=min(block_size, max_line),
                    decompressor=decompressor,
                    info=info,
                )
            except BaseException:
                handle.close()
                raise
            # the thread that decompresses closes the file it reads (also when it outlives an interrupt)
            produce = closing(blocks, handle)
            items = pumped(produce, name="mtg-daynight-gunzip") if background else produce

            def hashed() -> Iterator[bytes]:
                for block in items:
                    if mirror is not None:
                        mirror.catch_up()
                    yield block
                if mirror is not None:
                    mirror.catch_up()

            def locate(offset: int) -> str:
                again, _ = open_blocks(path, hashlib.sha256(), [0], decompressor=decompressor)
                return f"{name}: line {_line_number(again, offset)}"

            interrupted = False
            try:
                result = import_blocks(
                    hashed(), name=name, needles=needles, locate=locate, max_line=max_line, engine=engine, folder=folder
                )
            except KeyboardInterrupt:
                interrupted = True
                raise
            finally:
                close_iterator(items)
                if not interrupted:  # the thread has ended; the file is closed even if reading never started
                    handle.close()
    except OSError as error:
        raise CardFileError(f"{name}: cannot read: {error.strerror or error}") from None
    return with_file_facts(result, info, size[0], digest.hexdigest())


def _mirror(files: contextlib.ExitStack, path: Path, opened: os.stat_result, digest: Any, size: list[int]) -> _Mirror:
    """A :class:`_Mirror` on a second handle of the file already open (``opened``: its ``os.fstat``), refused if
    ``path`` now names another file (it was replaced in between)."""
    second = files.enter_context(path.open("rb", buffering=0))
    if not os.path.samestat(opened, os.fstat(second.fileno())):
        raise CardFileError(f"{path}: the file was replaced while it was opened: try again")
    return _Mirror(second, digest, size, str(path))


def with_file_facts(result: ImportResult, info: dict[str, Any], file_size: int, sha256: str) -> ImportResult:
    """``result`` with the facts of the file it was read from: compression (``info``, as the decompressor
    filled it in), size and sha256 of the file as stored."""
    result.gzipped = bool(info.get("gzipped"))
    result.decompressor = str(info.get("decompressor", "none"))
    result.file_size = file_size
    result.sha256 = sha256
    return result
