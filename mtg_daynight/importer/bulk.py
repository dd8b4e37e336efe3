"""Scryfall bulk files read as one stream: ``scan(decompressed(raw))`` (docs/carddata.md, "How the import stays
fast and small").

:func:`decompressed` recognises gzip, xz, bzip2 or plain data by its magic bytes (never a file name) and is the
importer's one hash path: every raw byte is hashed, counted and reported to the :class:`Progress`. :func:`scan`
searches each decompressed block for the needles (stringzilla's SIMD search) and decodes only the lines holding
one; the first and last object lines are checked, lines are bounded, and errors name the file and line.
"""

from __future__ import annotations

import bz2
import functools
import hashlib
import io
import lzma
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import BinaryIO, Literal, Protocol, TypeVar

import msgspec
import stringzilla  # type: ignore[import-not-found]  # no type stubs

from mtg_daynight.importer.errors import CardFileError, CompressedDataError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard
from mtg_daynight.importer.scryfall import CARD_DECODER, CARD_LIST_DECODER

_isal: ModuleType | None
try:  # isal's zlib-compatible inflater, about three times faster than zlib
    from isal import isal_zlib as _isal
except ImportError:  # pragma: no cover - isal comes with the [carddata] extra on CPython
    _isal = None

#: Raw bytes read at a time.
READ_SIZE = 1 << 18
#: Decompressed block size: large enough that per-block costs vanish, small enough to stay in the CPU cache.
DEFAULT_BLOCK_SIZE = 4 << 20
#: Default longest line: over 1,000 times a card object's ~5 KB (docs/carddata.md).
DEFAULT_MAX_LINE = 8 << 20
UTF8_BOM = b"\xef\xbb\xbf"
Compression = Literal["gzip", "xz", "bzip2", "none"]
_MAGIC: dict[Compression, bytes] = {"gzip": b"\x1f\x8b", "xz": b"\xfd7zXZ\x00", "bzip2": b"BZh"}

#: Every day/night card object holds "Daybound" (card-level keywords are the union of both faces); the helper is
#: named "Day // Night". The other needles are loose on purpose: fold.py's MENTION_PATTERN and READS_PATTERN decide.
DEFAULT_NEEDLES: tuple[bytes, ...] = (b"Daybound", b"Day // Night", b"becomes day", b"becomes night", b"t's day",
                                      b"t's night", b"t is day", b"t is night", b"neither day")

Format = Literal["jsonl", "json-array"]
_WHITESPACE = b" \t\r\n"
#: What a line may hold around its card object(s): whitespace, and in the legacy array the brackets and commas.
_FILLER: dict[Format, bytes] = {"jsonl": _WHITESPACE, "json-array": _WHITESPACE + b"[],"}
# bz2 raises OSError
_CORRUPT: tuple[type[BaseException], ...] = (zlib.error, lzma.LZMAError, OSError, *((_isal.error,) if _isal else ()))
T = TypeVar("T")


class Progress(Protocol):
    """Progress of reading card data, in raw bytes (the CLI's tqdm bar; a download and a local import alike)."""

    def start(self, total: int | None, initial: int) -> None:
        """The work begins: ``total`` bytes expected (None: unknown), ``initial`` of them already done."""

    def advance(self, n: int) -> None:
        """``n`` more bytes are done."""

    def close(self) -> None:
        """The work has ended (or failed)."""


class Decompressed(io.RawIOBase):
    """The decompressed content of a raw binary file object, made by :func:`decompressed`. Once :meth:`read` has
    returned ``b""``, :attr:`sha256` and :attr:`raw_size` describe the whole raw stream."""

    def __init__(self, raw: BinaryIO, name: str, progress: Progress | None = None) -> None:
        super().__init__()
        self._raw, self.name, self._progress = raw, name, progress
        self._digest = hashlib.sha256()
        self.raw_size = 0
        head = b""
        while len(head) < 6 and (chunk := self._read_raw(6 - len(head))):
            head += chunk
        self.compression: Compression = next((k for k, magic in _MAGIC.items() if head.startswith(magic)), "none")
        #: ``isal``, ``zlib`` (gzip without isal), ``xz``, ``bzip2`` or ``none``
        self.decompressor = self.compression if self.compression != "gzip" else "zlib" if _isal is None else "isal"
        self._inflater = self._new_inflater()
        self._pending = head  # raw bytes not yet given to the inflater
        self._want_input = False  # the head is pending

    @property
    def sha256(self) -> str:
        """The SHA-256 (hex) of the raw bytes read so far."""
        return self._digest.hexdigest()

    @property
    def gzipped(self) -> bool:
        """True for gzip data."""
        return self.compression == "gzip"

    def readable(self) -> bool:
        return True

    def _read_raw(self, size: int) -> bytes:
        chunk = self._raw.read(size)
        self._digest.update(chunk)
        self.raw_size += len(chunk)
        if self._progress is not None and chunk:
            self._progress.advance(len(chunk))
        return chunk

    def _new_inflater(self) -> zlib._Decompress | lzma.LZMADecompressor | bz2.BZ2Decompressor | None:
        if self.compression == "gzip":
            return (_isal or zlib).decompressobj(wbits=31)  # type: ignore[no-any-return]
        if self.compression == "xz":
            return lzma.LZMADecompressor(lzma.FORMAT_XZ)
        return bz2.BZ2Decompressor() if self.compression == "bzip2" else None

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def read(self, size: int | None = -1) -> bytes:
        """Up to ``size`` decompressed bytes (all the rest for ``-1``); ``b""`` at the end. Raises
        :class:`CompressedDataError` for corrupt or truncated data, or for garbage after the last stream."""
        if size is None or size < 0:
            return b"".join(iter(lambda: self.read(DEFAULT_BLOCK_SIZE), b""))
        if self._inflater is None:
            data, self._pending = self._pending[:size], self._pending[size:]
            return data or self._read_raw(size)
        kind = self.compression
        while size:
            if self._inflater.eof and not self._next_stream():
                return b""
            if self._want_input:
                self._pending = self._read_raw(READ_SIZE)
                if not self._pending:
                    raise CompressedDataError(f"{self.name}: truncated {kind} data (it ends before the stream does)")
            try:
                data = self._inflater.decompress(self._pending, size)
            except _CORRUPT as error:
                raise CompressedDataError(f"{self.name}: corrupt {kind} data ({error})") from None
            self._pending = getattr(self._inflater, "unconsumed_tail", b"")  # zlib hands back what it did not take
            # xz and bzip2 keep their input and say when they need more
            self._want_input = getattr(self._inflater, "needs_input", not self._pending and len(data) < size)
            if data:
                return data
        return b""

    def _next_stream(self) -> bool:
        """After a stream's end: start the next one (concatenated streams are one file) and return True, or return
        False at the end of the data. Zero padding is skipped; any other byte is refused as garbage."""
        assert self._inflater is not None
        magic = _MAGIC[self.compression]
        tail = self._inflater.unused_data
        while len(tail := tail.lstrip(b"\0")) < len(magic) and (chunk := self._read_raw(READ_SIZE)):
            tail += chunk
        if not tail:
            return False
        if not tail.startswith(magic):
            raise CompressedDataError(
                f"{self.name}: garbage follows the {self.compression} stream (byte {self.raw_size - len(tail)} of "
                f"the file is neither the end of the file nor the start of another {self.compression} stream)"
            )
        self._inflater, self._pending, self._want_input = self._new_inflater(), tail, False
        return True


def decompressed(raw: BinaryIO, name: str, *, progress: Progress | None = None) -> Decompressed:
    """The decompressed content of ``raw`` (``name`` in errors), its raw bytes hashed and reported to ``progress``."""
    return Decompressed(raw, name, progress)


@dataclass(frozen=True)
class ImportResult:
    """What an import found, and facts about the file(s) it read."""

    cards: tuple[DayNightCard, ...]
    helpers: tuple[HelperCard, ...]
    format: Format | str  # a Scryfall Format, or what a local import read (e.g. "mtgjson-set")
    mentions: tuple[MentionCard, ...] = ()
    gzipped: bool = False
    decompressor: str = "none"
    candidate_lines: int = 0  # lines decoded (Scryfall); face records validated (MTGJSON)
    decompressed_bytes: int = 0
    file_size: int = 0
    sha256: str = ""
    objects_kept: int = 0
    reads: tuple[ReadsCard, ...] = ()
    warnings: tuple[str, ...] = ()  # what the import noticed but let through (a source without its helper card)
    sets: tuple[str, ...] = ()  # MTGJSON: the codes of the sets read
    version: str = ""  # MTGJSON: the build's version and date (its meta object)
    date: str = ""

    @property
    def compression(self) -> str:
        """``gzip``, ``xz``, ``bzip2`` or ``none``: what the file was compressed with."""
        return "gzip" if self.decompressor in ("isal", "zlib") else self.decompressor

    @property
    def printings(self) -> int:
        """Number of printings over all day/night cards."""
        return sum(len(c.printings) for c in self.cards)


class BlockScanner:
    """The candidate lines ``(offset, line)`` (a line holding a needle, the stream offset of its first byte) of
    a stream fed in blocks of any size (:meth:`feed`, then :meth:`finish`); meanwhile its :attr:`format`, its
    :attr:`edges` and whether a legacy array is :attr:`closed`. An opening byte order mark is skipped."""

    def __init__(self, needles: Sequence[bytes] = DEFAULT_NEEDLES, max_line: int = DEFAULT_MAX_LINE,
                 where: Callable[[int], str] = lambda offset: f"byte {offset}") -> None:
        if not needles or not all(needles):
            raise ValueError("the scan needs at least one needle, and no empty one")
        self.needles, self.max_line, self.where = tuple(needles), max_line, where
        self.format: Format | None = None
        self.first: tuple[int, bytes] | None = None
        self.last: tuple[int, bytes] | None = None
        self.offset = 0  # bytes fed so far
        self._last_byte = b""  # the last non-blank byte so far
        self._carry = b""  # the start of an unfinished line

    @property
    def edges(self) -> list[tuple[int, bytes]]:
        """The first and the last line holding an object (one line when they are the same)."""
        return list(dict.fromkeys(edge for edge in (self.first, self.last) if edge is not None))

    @property
    def closed(self) -> bool:
        """False for a legacy JSON array whose last non-blank byte is not its closing ``]`` (truncated)."""
        return self.format != "json-array" or self._last_byte == b"]"

    def too_long(self, offset: int) -> CardFileError:
        """The error for a line longer than ``max_line`` starting at ``offset``."""
        return CardFileError(
            f"{self.where(offset)}: line longer than {self.max_line} bytes (max_line); "
            "a card object is never that long: this is not a Scryfall bulk file, or it is damaged"
        )

    def feed(self, block: bytes) -> list[tuple[int, bytes]]:
        """The candidate lines completed by ``block``."""
        found: list[tuple[int, bytes]] = []
        carry_at = self.offset - len(self._carry)
        self.offset += len(block)
        newline = block.find(b"\n")
        if len(self._carry) + (newline if newline >= 0 else len(block)) > self.max_line:
            raise self.too_long(carry_at)
        if newline < 0:
            self._carry += block
            return found
        line = self._carry + block[: newline + 1]  # the line the carry started
        self._lines(line, carry_at, 0, len(line), found)
        stop = block.rfind(b"\n") + 1
        self._lines(block, self.offset - len(block), newline + 1, stop, found)
        self._carry = block[stop:]
        return found

    def finish(self) -> list[tuple[int, bytes]]:
        """The candidate in the last line, when the stream does not end with a newline."""
        found: list[tuple[int, bytes]] = []
        line, self._carry = self._carry + b"\n", b""
        self._lines(line, self.offset + 1 - len(line), 0, len(line), found)
        return found

    def _lines(self, block: bytes, base: int, start: int, stop: int, found: list[tuple[int, bytes]]) -> None:
        """The whole lines ``block[start:stop]`` (a newline ends them), ``block`` at ``base`` in the stream."""
        if base + start == 0 and block.startswith(UTF8_BOM):
            start = len(UTF8_BOM)
        if self.format is None:
            at = stringzilla.find_first_not_of(block, _WHITESPACE, start, stop)
            if at < 0:
                return
            if block[at] not in b"{[":
                raise CardFileError(f"{self.where(base + at)}: not a Scryfall bulk file (expected JSON Lines or a "
                                    f"JSON array, found {block[at : at + 20]!r})")
            self.format = "jsonl" if block[at] == ord("{") else "json-array"
        filler = _FILLER[self.format]
        if self.format == "json-array" and (at := stringzilla.find_last_not_of(block, _WHITESPACE, start, stop)) >= 0:
            self._last_byte = block[at : at + 1]
        if self.first is None and (at := stringzilla.find_first_not_of(block, filler, start, stop)) >= 0:
            self.first = self._line_at(block, base, start, stop, at)
        if (at := stringzilla.find_last_not_of(block, filler, start, stop)) >= 0:
            self.last = self._line_at(block, base, start, stop, at)
        line_end = -1
        for hit in sorted(hit for needle in self.needles for hit in _every(block, needle, start, stop)):
            if hit >= line_end:  # not another needle on the line just taken
                offset, line = self._line_at(block, base, start, stop, hit)
                line_end = offset - base + len(line)
                found.append((offset, line))

    def _line_at(self, block: bytes, base: int, start: int, stop: int, at: int) -> tuple[int, bytes]:
        """The line of ``block[start:stop]`` holding byte ``at``, with its offset in the stream."""
        begin = block.rfind(b"\n", start, at) + 1 or start
        end = block.find(b"\n", at, stop)
        if end - begin > self.max_line:
            raise self.too_long(base + begin)
        return base + begin, block[begin:end]


def _every(block: bytes, needle: bytes, start: int, stop: int) -> list[int]:
    """Every offset in ``block[start:stop]`` where ``needle`` starts (SIMD search)."""
    hits = []
    pos = stringzilla.find(block, needle, start, stop)
    while pos >= 0:
        hits.append(pos)
        pos = stringzilla.find(block, needle, pos + 1, stop)
    return hits


#: Any JSON object, its values checked but not decoded: for the edge lines.
_OBJECT_DECODER = msgspec.json.Decoder(dict[str, msgspec.Raw])
_OBJECT_LIST_DECODER = msgspec.json.Decoder(list[dict[str, msgspec.Raw]])


def array_element(line: bytes) -> bytes:
    """One line of the legacy array as a JSON array of the objects on it, or ``b""`` for a line with none."""
    body = line.strip(_WHITESPACE).removeprefix(b"[").removesuffix(b"]").strip(_WHITESPACE).rstrip(b",")
    return b"[" + body + b"]" if body.strip(_WHITESPACE) else b""


def _objects(line: bytes, fmt: Format, where: Callable[[], str], jsonl: Callable[[bytes], T],
             array: Callable[[bytes], list[T]]) -> list[T]:
    """The objects on one line, decoded by ``jsonl`` or ``array`` (a legacy array line); every failure, JSON nested
    too deeply included, is a :class:`CardFileError` saying ``where()``."""
    body = line.strip(_WHITESPACE) if fmt == "jsonl" else array_element(line)
    try:
        return ([jsonl(body)] if fmt == "jsonl" else array(body)) if body else []
    except msgspec.ValidationError as error:
        raise CardFileError(f"{where()}: bad card object: {error}") from None
    except msgspec.DecodeError as error:
        raise CardFileError(f"{where()}: not valid JSON: {error}") from None
    except RecursionError:
        raise CardFileError(f"{where()}: card object nested too deeply: refused") from None


def scan(stream: Decompressed, *, check: Callable[[], object] | None = None,
         needles: Sequence[bytes] = DEFAULT_NEEDLES, block_size: int = DEFAULT_BLOCK_SIZE,
         max_line: int = DEFAULT_MAX_LINE, folder: Folder | None = None,
         locate: Callable[[int], str] | None = None) -> ImportResult:
    """Read ``stream`` to its end and fold the cards found in it (into ``folder`` when given: the result then holds
    every card folded so far). ``check()`` is called before each block (a deadline raises from it);
    ``locate(offset)`` words an offset for errors (:func:`line_locator`; default the byte). Raises
    :class:`CardFileError` for bad cards, lines or files, :class:`CompressedDataError` for bad compressed data."""
    where = locate or (lambda offset: f"{stream.name}: byte {offset}")
    scanner = BlockScanner(needles, max_line, where)
    folder = Folder() if folder is None else folder
    candidates = kept = 0

    def take(found: list[tuple[int, bytes]]) -> None:
        nonlocal candidates, kept
        for offset, line in found:
            assert scanner.format is not None
            candidates += 1
            here = functools.partial(where, offset)
            for card in _objects(line, scanner.format, here, CARD_DECODER.decode, CARD_LIST_DECODER.decode):
                try:
                    kept += folder.add(card) is not None
                except CardFileError as error:
                    raise CardFileError(f"{here()}: {error}") from None

    while True:
        if check is not None:
            check()
        if not (block := stream.read(min(block_size, max_line))):
            break
        take(scanner.feed(block))
    take(scanner.finish())
    if scanner.format is None:
        raise CardFileError(f"{stream.name}: the file is empty")
    for offset, line in scanner.edges:
        edge = functools.partial(lambda at: f"{where(at)} (is the file truncated?)", offset)
        _objects(line, scanner.format, edge, _OBJECT_DECODER.decode, _OBJECT_LIST_DECODER.decode)
    if not scanner.closed:
        at = where(scanner.last[0]) if scanner.last is not None else stream.name
        raise CardFileError(f"{at}: the JSON array is not closed (no final ']'): the file is truncated")
    return ImportResult(
        **folder.build()._asdict(),
        format=scanner.format,
        candidate_lines=candidates,
        decompressed_bytes=scanner.offset,
        objects_kept=kept,
        gzipped=stream.gzipped,
        decompressor=stream.decompressor,
        file_size=stream.raw_size,
        sha256=stream.sha256,
    )


def line_locator(path: Path, name: str | None = None) -> Callable[[int], str]:
    """``locate`` for :func:`scan` of the file ``path``: ``"<name>: line <n>"``, the line counted by reading the
    file again (on the error path only); line 0 when it cannot be read."""

    def locate(offset: int) -> str:
        newlines = 0
        try:
            with path.open("rb") as raw:
                stream = decompressed(raw, str(path))
                while offset > 0 and (block := stream.read(min(offset, DEFAULT_BLOCK_SIZE))):
                    newlines += block.count(b"\n")
                    offset -= len(block)
        except (OSError, CardFileError):
            return f"{name or path}: line 0"
        return f"{name or path}: line {newlines + 1}"

    return locate


def import_file(path: str | Path, *, needles: Sequence[bytes] = DEFAULT_NEEDLES, block_size: int = DEFAULT_BLOCK_SIZE,
                max_line: int = DEFAULT_MAX_LINE, folder: Folder | None = None,
                check: Callable[[], object] | None = None, progress: Progress | None = None) -> ImportResult:
    """Import a bulk file from disk (JSON Lines or the legacy array; plain, gzip, xz or bzip2, told by content):
    :func:`scan` of :func:`decompressed` of the open file. Raises
    :class:`~mtg_daynight.importer.errors.CardFileError` naming the file (and the line) of whatever is wrong."""
    path = Path(path)
    if not path.is_file():
        raise CardFileError(f"{path}: no such file")
    try:
        with path.open("rb") as raw:
            stream = decompressed(raw, str(path), progress=progress)
            return scan(stream, check=check, needles=needles, block_size=block_size, max_line=max_line,
                        folder=folder, locate=line_locator(path))
    except OSError as error:
        raise CardFileError(f"{path}: cannot read: {error.strerror or error}") from None
