"""Scryfall bulk files read as one stream: ``scan(decompressed(raw))``.

:func:`decompressed` wraps any readable binary file object (an open file, or a download) and is itself one: it
recognises gzip (``1f 8b``), xz (``fd 37 7a 58 5a 00``), bzip2 (``BZh``) or plain data by the first bytes (never by
a file name), and is the importer's one hash path: every raw byte is hashed (SHA-256), counted and reported to the
:class:`Progress` as it is read. gzip goes through ``isal`` (Intel ISA-L, about three times faster) when it is
installed, else :mod:`zlib`. Concatenated streams (members) are all read; zero padding after the last one is
allowed, any other byte after it is refused as garbage, and corrupt or truncated data raise
:class:`~mtg_daynight.importer.errors.CompressedDataError` naming the source.

:func:`scan` reads the decompressed stream in blocks. Bulk files hold one card object per line: JSON Lines (since
July 2026), or the legacy single JSON array with one object per line and trailing commas (told apart by the first
non-blank byte, ``{`` or ``[``; a UTF-8 byte order mark is allowed). Each needle is searched for over each whole
block with stringzilla's SIMD substring search (``bytes.find`` is about four times slower: an import took 7.6 times
a bare decompression with it); only the lines holding a hit are decoded (msgspec) and folded
(:class:`~mtg_daynight.importer.fold.Folder`). Nothing is done per line in Python, so runs of blank lines cost a
strip per block.

Needles: ``b"Daybound"`` and ``b"Day // Night"`` find the day/night cards and the helper: every day/night card
object contains ``"Daybound"`` (Scryfall's card-level keywords are the union of both faces, so nightbound backs come
with their daybound fronts, and the single-faced playtest card has Daybound itself) and the helper card is named
``"Day // Night"``. :data:`MENTION_NEEDLES` (``becomes day``, ``becomes night``) find the cards that can make it day
or night or trigger on the change; :data:`READS_NEEDLES` (``t's day``, ``t is night``, ...) the cards that only
check the state. The needles are lowercase on purpose and deliberately loose: a card is kept only when its decoded
oracle text matches the precise pattern (:data:`~mtg_daynight.importer.fold.MENTION_PATTERN`,
:data:`~mtg_daynight.importer.fold.READS_PATTERN`).

Bounds and checks: a line longer than ``max_line`` bytes is refused before more of it is buffered (a 1 GiB line costs
``max_line`` bytes of memory); the first and the last line holding an object are decoded as JSON, and a legacy
array must end with its ``]``, so a truncated file, or JSON that is not one card object per line, is invalid instead
of importing as "no day/night cards"; JSON nested too deeply is a :class:`CardFileError`, never a
``RecursionError``. Errors name the file and the line (counted only when an error is raised).
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
try:  # the optional speed-up: isal's zlib-compatible inflater, in C
    from isal import isal_zlib as _isal
except ImportError:  # pragma: no cover - isal comes with the [carddata] extra on CPython
    _isal = None

#: Raw bytes read at a time.
READ_SIZE = 1 << 18
#: Decompressed block size: large enough that per-block costs vanish, small enough to stay in the CPU cache.
DEFAULT_BLOCK_SIZE = 4 << 20
#: Default longest line accepted. A card object in Scryfall's bulk files averages ~5 KB (default_cards:
#: 623 MB in 117k objects, docs/carddata.md); 8 MiB is over 1,000 times that and keeps a hostile file's cost small.
DEFAULT_MAX_LINE = 8 << 20
GZIP_MAGIC = b"\x1f\x8b"
XZ_MAGIC = b"\xfd7zXZ\x00"
BZIP2_MAGIC = b"BZh"
UTF8_BOM = b"\xef\xbb\xbf"
Compression = Literal["gzip", "xz", "bzip2", "none"]
_MAGIC: dict[Compression, bytes] = {"gzip": GZIP_MAGIC, "xz": XZ_MAGIC, "bzip2": BZIP2_MAGIC}

#: Candidates for cards that mention day/night without the keywords (confirmed on the decoded card).
MENTION_NEEDLES: tuple[bytes, ...] = (b"becomes day", b"becomes night")
#: The day/night cards (keyword) and the helper card (name).
KEYWORD_NEEDLES: tuple[bytes, ...] = (b"Daybound", b"Day // Night")
#: Candidates for cards that read day/night ("if it's night", "It's day", "it is night", "it's neither day nor
#: night"), confirmed on the decoded card by :data:`mtg_daynight.importer.fold.READS_PATTERN`.
READS_NEEDLES: tuple[bytes, ...] = (b"t's day", b"t's night", b"t is day", b"t is night", b"neither day")
DEFAULT_NEEDLES: tuple[bytes, ...] = (*KEYWORD_NEEDLES, *MENTION_NEEDLES, *READS_NEEDLES)

Format = Literal["jsonl", "json-array"]
_WHITESPACE = b" \t\r\n"
#: What a line may hold around its card object(s): whitespace, and in the legacy array the brackets and commas.
_FILLER: dict[Format, bytes] = {"jsonl": _WHITESPACE, "json-array": _WHITESPACE + b"[],"}
_CORRUPT: tuple[type[BaseException], ...] = (
    zlib.error, lzma.LZMAError, OSError, *((_isal.error,) if _isal is not None else ())  # bz2 raises OSError
)
T = TypeVar("T")


class Progress(Protocol):
    """Progress of reading card data, in raw bytes (the CLI's tqdm bar; a download and a local import alike)."""

    def start(self, total: int | None, initial: int) -> None:
        """The work begins: ``total`` bytes expected (None: unknown), ``initial`` of them already done."""

    def advance(self, n: int) -> None:
        """``n`` more bytes are done."""

    def close(self) -> None:
        """The work has ended (or failed)."""


def sniff_compression(head: bytes) -> Compression:
    """The compression of data starting with ``head`` (its magic bytes)."""
    return next((kind for kind, magic in _MAGIC.items() if head.startswith(magic)), "none")


class Decompressed(io.RawIOBase):
    """The decompressed content of a raw binary file object, itself a readable binary file object.

    Made by :func:`decompressed`. The raw bytes are hashed, counted and reported to ``progress`` as they are read:
    once :meth:`read` has returned ``b""``, :attr:`sha256` and :attr:`raw_size` describe the whole raw stream.
    """

    def __init__(self, raw: BinaryIO, name: str, progress: Progress | None = None) -> None:
        super().__init__()
        self._raw = raw
        self.name = name
        self._progress = progress
        self._digest = hashlib.sha256()
        #: raw bytes read so far (the whole stream once :meth:`read` has returned ``b""``)
        self.raw_size = 0
        head = b""
        while len(head) < len(XZ_MAGIC) and (chunk := self._read_raw(len(XZ_MAGIC) - len(head))):
            head += chunk
        #: the compression recognised from the first bytes
        self.compression: Compression = sniff_compression(head)
        #: what decompresses: ``isal``, ``zlib`` (gzip without isal), ``xz``, ``bzip2`` or ``none``
        self.decompressor = self.compression if self.compression != "gzip" else "zlib" if _isal is None else "isal"
        self._inflater = self._new_inflater()
        self._pending = head  # raw bytes not yet given to the inflater
        self._want_input = not head
        self._done = False

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
        if chunk:
            self._digest.update(chunk)
            self.raw_size += len(chunk)
            if self._progress is not None:
                self._progress.advance(len(chunk))
        return chunk

    def _new_inflater(self) -> zlib._Decompress | lzma.LZMADecompressor | bz2.BZ2Decompressor | None:
        if self.compression == "gzip":
            return (_isal or zlib).decompressobj(wbits=31)  # type: ignore[no-any-return]
        if self.compression == "xz":
            return lzma.LZMADecompressor(lzma.FORMAT_XZ)
        return bz2.BZ2Decompressor() if self.compression == "bzip2" else None

    def read(self, size: int | None = -1) -> bytes:
        """Up to ``size`` decompressed bytes (all the rest for ``-1``); ``b""`` at the end. Raises
        :class:`CompressedDataError` for corrupt or truncated data, or for garbage after the last stream."""
        if size is None or size < 0:
            return b"".join(iter(lambda: self.read(DEFAULT_BLOCK_SIZE), b""))
        if self._done or size == 0:
            return b""
        data = self._inflate(size) if self._inflater is not None else self._plain(size)
        self._done = not data
        return data

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def _plain(self, size: int) -> bytes:
        if self._pending:
            data, self._pending = self._pending[:size], self._pending[size:]
            return data
        return self._read_raw(size)

    def _inflate(self, size: int) -> bytes:
        kind, inflater = self.compression, self._inflater
        assert inflater is not None
        while True:
            if inflater.eof:
                if not self._next_stream():
                    return b""
                inflater = self._inflater
                assert inflater is not None
            if self._want_input:
                self._pending = self._read_raw(READ_SIZE)
                if not self._pending:
                    raise CompressedDataError(
                        f"{self.name}: truncated {kind} data (the data ends before the {kind} stream does)"
                    )
            try:
                data = inflater.decompress(self._pending, size)
            except _CORRUPT as error:
                raise CompressedDataError(f"{self.name}: corrupt {kind} data ({error})") from None
            self._pending = getattr(inflater, "unconsumed_tail", b"")  # zlib hands back what it did not take
            needs_input = getattr(inflater, "needs_input", None)  # xz and bzip2 keep it and say when they need more
            self._want_input = needs_input if needs_input is not None else not self._pending and len(data) < size
            if data:
                return data

    def _next_stream(self) -> bool:
        """After the end of a stream: start the next one (concatenated streams are one file), or tell the end of the
        data (False). Zero padding is skipped; anything else that is not a stream is refused."""
        assert self._inflater is not None
        magic = _MAGIC[self.compression]
        tail = self._inflater.unused_data
        while len(tail := tail.lstrip(b"\0")) < len(magic) and (chunk := self._read_raw(READ_SIZE)):
            tail += chunk
        if not tail:
            return False
        if not tail.startswith(magic):
            kind = self.compression
            raise CompressedDataError(
                f"{self.name}: garbage follows the {kind} stream (byte {self.raw_size - len(tail)} of the file is "
                f"neither the end of the file nor the start of another {kind} stream)"
            )
        self._inflater, self._pending, self._want_input = self._new_inflater(), tail, False
        return True


def decompressed(raw: BinaryIO, name: str, *, progress: Progress | None = None) -> Decompressed:
    """The decompressed content of the raw binary file object ``raw`` (named ``name`` in errors), recognised by its
    magic bytes; the raw bytes are hashed, counted and reported to ``progress`` (its :meth:`~Progress.advance`)."""
    return Decompressed(raw, name, progress)


@dataclass(frozen=True)
class ImportResult:
    """What an import found, and facts about the file(s) it read: the one per-file (and per-import) result."""

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
    """The candidate lines of a decompressed stream fed as blocks of any size (:meth:`feed`, then :meth:`finish`).

    A candidate is ``(offset, line)``: a line holding a needle and the offset of its first byte. Meanwhile the
    scanner learns the :attr:`format` (from the first non-blank byte), the :attr:`first` and :attr:`last` line
    holding an object (for the edge checks) and whether a legacy array is :attr:`closed`. ``where(offset)`` words
    a position in its errors.
    """

    def __init__(
        self,
        needles: Sequence[bytes] = DEFAULT_NEEDLES,
        max_line: int = DEFAULT_MAX_LINE,
        name: str = "<data>",
        where: Callable[[int], str] | None = None,
    ) -> None:
        if not needles or not all(needles):
            raise ValueError("the scan needs at least one needle, and no empty one")
        if max_line < 1:
            raise ValueError("max_line must be at least 1")
        self.needles, self.max_line, self.name = tuple(needles), max_line, name
        self.where = where or (lambda offset: f"{name}: byte {offset}")
        self.format: Format | None = None
        self.first: tuple[int, bytes] | None = None
        self.last: tuple[int, bytes] | None = None
        self.offset = 0  # bytes fed so far
        self._last_byte = b""  # the last non-blank byte so far
        self._carry: list[bytes] = []  # the start of an unfinished line
        self._carry_len = self._carry_at = 0
        self._head: bytes | None = b""  # the first bytes, while a byte order mark may be split across blocks

    @property
    def edges(self) -> list[tuple[int, bytes]]:
        """The first and the last line holding an object (one line when they are the same), once fed."""
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
        if self._head is not None:  # the first bytes, held until a byte order mark is told from data
            self._head += block
            if len(self._head) < len(UTF8_BOM) and UTF8_BOM.startswith(self._head):
                return []
            block, self._head = self._head, None
            if block.startswith(UTF8_BOM):  # skipped, but counted in the offsets
                block, self.offset = block[len(UTF8_BOM) :], len(UTF8_BOM)
        if not block:
            return []
        base = self.offset
        self.offset += len(block)
        found: list[tuple[int, bytes]] = []
        newline = block.find(b"\n")
        if newline < 0:
            if self._carry_len + len(block) > self.max_line:
                raise self.too_long(self._carry_at if self._carry else base)
            if not self._carry:
                self._carry_at = base
            self._carry.append(block)
            self._carry_len += len(block)
            return found
        start = 0
        if self._carry:  # the line that started in earlier blocks ends here
            if self._carry_len + newline > self.max_line:
                raise self.too_long(self._carry_at)
            line = b"".join(self._carry) + block[: newline + 1]
            self._lines(line, self._carry_at, 0, len(line), found)
            self._carry, self._carry_len, start = [], 0, newline + 1
        stop = block.rfind(b"\n") + 1
        self._lines(block, base, start, stop, found)
        if stop < len(block):
            self._carry, self._carry_len, self._carry_at = [block[stop:]], len(block) - stop, base + stop
        return found

    def finish(self) -> list[tuple[int, bytes]]:
        """The candidate in the last line, when the stream does not end with a newline."""
        found: list[tuple[int, bytes]] = []
        if self._head is not None:  # fewer bytes than a byte order mark
            head, self._head = self._head, None
            found += self.feed(head)
        if self._carry:
            line = b"".join(self._carry) + b"\n"
            self._lines(line, self._carry_at, 0, len(line), found)
            self._carry, self._carry_len = [], 0
        if self.format is None:
            raise CardFileError(f"{self.name}: the file is empty")
        return found

    def _detect(self, data: bytes, start: int, stop: int) -> None:
        """Learn the format from the first non-blank byte of ``data[start:stop]``, if any."""
        at = stringzilla.find_first_not_of(data, _WHITESPACE, start, stop)
        if at < 0:
            return
        if data[at : at + 1] in (b"{", b"["):
            self.format = "jsonl" if data[at] == ord("{") else "json-array"
            return
        raise CardFileError(
            f"{self.name}: not a Scryfall bulk file (expected JSON Lines or a JSON array, found {data[at : at + 20]!r})"
        )

    def _lines(self, block: bytes, base: int, start: int, stop: int, found: list[tuple[int, bytes]]) -> None:
        """``block[start:stop]``, whole lines only (it ends with a newline): the candidates, the edges."""
        if start >= stop:
            return
        if self.format is None:
            self._detect(block, start, stop)
            if self.format is None:
                return
        filler = _FILLER[self.format]
        if self.format == "json-array":
            at = stringzilla.find_last_not_of(block, _WHITESPACE, start, stop)
            if at >= 0:
                self._last_byte = block[at : at + 1]
        if self.first is None:
            at = stringzilla.find_first_not_of(block, filler, start, stop)
            if at >= 0:
                self.first = self._line_at(block, base, start, stop, at)
        at = stringzilla.find_last_not_of(block, filler, start, stop)
        if at >= 0:
            self.last = self._line_at(block, base, start, stop, at)
        hits = sorted(hit for needle in self.needles for hit in _every(block, needle, start, stop))
        line_end = -1
        for hit in hits:
            if hit < line_end:  # another needle on the line just taken
                continue
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


class _AnyObject(msgspec.Struct):
    """Any JSON object (its fields skipped, its syntax checked): for the edge lines, checked, not used."""


_OBJECT_DECODER = msgspec.json.Decoder(_AnyObject)
_OBJECT_LIST_DECODER = msgspec.json.Decoder(list[_AnyObject])


def _decoded(decode: Callable[[bytes], T], data: bytes, where: Callable[[], str]) -> T:
    """``decode(data)``, with every failure as a :class:`CardFileError` that says ``where()`` (JSON nested too
    deeply is refused like any other bad JSON, never a ``RecursionError``)."""
    try:
        return decode(data)
    except msgspec.ValidationError as error:
        raise CardFileError(f"{where()}: bad card object: {error}") from None
    except msgspec.DecodeError as error:
        raise CardFileError(f"{where()}: not valid JSON: {error}") from None
    except RecursionError:
        raise CardFileError(f"{where()}: card object nested too deeply: refused") from None


def array_element(line: bytes) -> bytes:
    """One line of the legacy array as a JSON array of the objects on it (the outer ``[``, ``]`` and the trailing
    comma dropped), or ``b""`` for a line with no object."""
    body = line.strip(_WHITESPACE).removeprefix(b"[").removesuffix(b"]").strip(_WHITESPACE).rstrip(b",")
    return b"[" + body + b"]" if body.strip(_WHITESPACE) else b""


def _objects(line: bytes, fmt: Format, where: Callable[[], str], jsonl: Callable[[bytes], T],
             array: Callable[[bytes], list[T]]) -> list[T]:
    """The objects on one line, decoded by ``jsonl`` (a JSON Lines line) or ``array`` (a legacy array line)."""
    if fmt == "jsonl":
        body = line.strip(_WHITESPACE)
        return [_decoded(jsonl, body, where)] if body else []
    element = array_element(line)
    return _decoded(array, element, where) if element else []


def scan(
    stream: Decompressed,
    *,
    name: str | None = None,
    check: Callable[[], object] | None = None,
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    block_size: int = DEFAULT_BLOCK_SIZE,
    max_line: int = DEFAULT_MAX_LINE,
    folder: Folder | None = None,
    locate: Callable[[int], str] | None = None,
) -> ImportResult:
    """Read ``stream`` to its end and fold the day/night cards, the cards that mention or read day/night and the
    helper card found in it into records.

    ``name`` names the stream in errors (default ``stream.name``); ``check()`` is called before each block (a
    deadline raises from it); ``max_line`` is the longest line accepted (blocks are never larger, so the bound is
    exact); ``folder``: fold into this one (shared by the files of a several-file import; the result then holds
    the records of every file folded so far); ``locate(offset)`` words a byte offset of the decompressed stream for
    errors (default ``"<name>: byte <offset>"``; :func:`line_locator` counts lines). Raises :class:`CardFileError`
    for a bad card object, a line too long, JSON nested too deeply, a stream whose first or last object line is
    not valid JSON or whose legacy array is not closed (truncated), and :class:`CompressedDataError` for bad
    compressed data.
    """
    name = stream.name if name is None else name
    where = locate or (lambda offset: f"{name}: byte {offset}")
    scanner = BlockScanner(needles, max_line, name, where)
    folder = Folder() if folder is None else folder
    read_size = min(block_size, max_line)
    candidates = kept = 0

    def take(found: list[tuple[int, bytes]]) -> None:
        nonlocal candidates, kept
        for offset, line in found:
            assert scanner.format is not None
            candidates += 1
            here = functools.partial(where, offset)
            for card in _objects(line, scanner.format, here, CARD_DECODER.decode, CARD_LIST_DECODER.decode):
                try:
                    kind = folder.add(card)
                except CardFileError as error:
                    raise CardFileError(f"{here()}: {error}") from None
                kept += kind is not None

    while True:
        if check is not None:
            check()
        block = stream.read(read_size)
        if not block:
            break
        take(scanner.feed(block))
    take(scanner.finish())
    assert scanner.format is not None
    for offset, line in scanner.edges:
        edge = functools.partial(lambda at: f"{where(at)} (is the file truncated?)", offset)
        _objects(line, scanner.format, edge, _OBJECT_DECODER.decode, _OBJECT_LIST_DECODER.decode)
    if not scanner.closed:
        at = where(scanner.last[0]) if scanner.last is not None else name
        raise CardFileError(f"{at}: the JSON array is not closed (no final ']'): the file is truncated")
    folded = folder.build()
    return ImportResult(
        cards=folded.cards,
        helpers=folded.helpers,
        mentions=folded.mentions,
        reads=folded.reads,
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
        newlines = seen = 0
        try:
            with path.open("rb") as raw:
                stream = decompressed(raw, str(path))
                while block := stream.read(DEFAULT_BLOCK_SIZE):
                    if seen + len(block) > offset:
                        newlines += block.count(b"\n", 0, offset - seen)
                        break
                    newlines += block.count(b"\n")
                    seen += len(block)
        except (OSError, CardFileError):
            return f"{name or path}: line 0"
        return f"{name or path}: line {newlines + 1}"

    return locate


def import_file(
    path: str | Path,
    *,
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    block_size: int = DEFAULT_BLOCK_SIZE,
    max_line: int = DEFAULT_MAX_LINE,
    folder: Folder | None = None,
    check: Callable[[], object] | None = None,
    progress: Progress | None = None,
) -> ImportResult:
    """Import a bulk file from disk: ``.jsonl`` or ``.json`` (legacy array), plain, gzip, xz or bzip2, recognised
    from the content, not the file name: :func:`scan` of :func:`decompressed` of the open file, with errors naming
    the file and line. ``progress`` is advanced by the bytes read. Raises
    :class:`~mtg_daynight.importer.errors.CardFileError` naming the file and line of a bad card object, a line
    too long, or a truncated or invalid file, or naming the file for a missing or unreadable file and for
    corrupt, truncated or non-JSON data.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")
    try:
        with path.open("rb") as raw:
            stream = decompressed(raw, name, progress=progress)
            return scan(stream, name=name, check=check, needles=needles, block_size=block_size, max_line=max_line,
                        folder=folder, locate=line_locator(path))
    except OSError as error:
        raise CardFileError(f"{name}: cannot read: {error.strerror or error}") from None
