"""Import a bulk file: read, decompress, scan, decode the candidate lines, fold them into records (day/night
cards, cards that mention day/night, the helper card).

The pure core is :func:`import_blocks` (decompressed blocks in, records out). :func:`import_file` is the thin
file layer around it: one pass over the file, which is hashed as it is read, decompressed
(:func:`~mtg_daynight.importer.decompress.open_decompressed`) and scanned block by block. Memory stays flat: one
block is alive at a time, whatever the size of the file. The update feeds a download through the same core
(:mod:`mtg_daynight.importer.update`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import msgspec

from mtg_daynight.importer.decompress import DEFAULT_BLOCK_SIZE, HashedFile, file_blocks, open_decompressed
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard
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

T = TypeVar("T")


class _AnyObject(msgspec.Struct):
    """Any JSON object (its fields skipped, its syntax checked): for lines that are checked, not used."""


_OBJECT_DECODER = msgspec.json.Decoder(_AnyObject)
_OBJECT_LIST_DECODER = msgspec.json.Decoder(list[_AnyObject])


@dataclass(frozen=True)
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
    reads: tuple[ReadsCard, ...] = ()
    warnings: tuple[str, ...] = ()  # what the import noticed but let through (a source without its helper card)

    @property
    def printings(self) -> int:
        """Number of printings over all day/night cards."""
        return sum(len(c.printings) for c in self.cards)


def _decode_json(decode: Callable[[bytes], T], data: bytes, where: Callable[[], str]) -> T:
    """``decode(data)``, with every failure as a :class:`CardFileError` that says ``where()`` (JSON nested
    too deeply is refused like any other bad JSON, never a ``RecursionError``)."""
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
    as "no day/night cards"."""
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
    folder: Folder | None = None,
) -> ImportResult:
    """Scan decompressed ``blocks`` and fold the day/night cards (and cards that mention day/night, and the
    helper card) found into records.

    ``locate(offset)`` turns a byte offset of the decompressed stream into a location for error messages
    (default: ``"<name>: byte <offset>"``). ``max_line`` is the longest line accepted (see
    :class:`~mtg_daynight.importer.scanner.LineScanner`); ``folder``: fold into this one (shared by the files of
    a several-file import; the result then holds the records of every file folded so far). Raises
    :class:`CardFileError` for a bad card object, a line too long, JSON nested too deeply, or a stream whose
    first or last line is not valid JSON (truncated).
    """
    where = locate or (lambda offset: f"{name}: byte {offset}")
    scanner = LineScanner(needles=needles, name=name, max_line=max_line, locate=where)
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
        reads=folded.reads,
        format=scanner.format,
        candidate_lines=candidates,
        decompressed_bytes=scanner.offset,
        objects_kept=kept,
    )


def line_number(path: Path, offset: int) -> int:
    """The 1-based number of the line holding byte ``offset`` of the decompressed content of ``path`` (error path
    only: it reads the file again); 0 when the file cannot be read."""
    newlines = seen = 0
    try:
        for block in file_blocks(path):
            if seen + len(block) > offset:
                return newlines + block.count(b"\n", 0, offset - seen) + 1
            newlines += block.count(b"\n")
            seen += len(block)
    except CardFileError:
        return 0
    return newlines + 1


def checked(blocks: Iterable[bytes], check: Callable[[], object]) -> Iterator[bytes]:
    """``blocks``, with ``check()`` called before each (a deadline raises from it)."""
    for block in blocks:
        check()
        yield block


def import_file(
    path: str | Path,
    *,
    needles: Sequence[bytes] = DEFAULT_NEEDLES,
    block_size: int = DEFAULT_BLOCK_SIZE,
    max_line: int = DEFAULT_MAX_LINE,
    folder: Folder | None = None,
    check: Callable[[], object] | None = None,
) -> ImportResult:
    """Import a bulk file from disk: ``.jsonl`` or ``.json`` (legacy array), plain, gzip, xz or bzip2.

    The format is recognised from the content, not the file name. ``max_line`` bounds the length of every line
    (blocks are never larger, so the bound is exact); ``folder`` is passed to :func:`import_blocks`; ``check()``
    is called before each decompressed block (a deadline raises from it). Raises
    :class:`~mtg_daynight.importer.errors.CardFileError` naming the file and line of a bad card object, a line
    too long, or a truncated or invalid file, or naming the file for corrupt, truncated or non-JSON data.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")

    def locate(offset: int) -> str:
        return f"{name}: line {line_number(path, offset)}"

    with HashedFile(path) as source:
        data = open_decompressed(source.chunks(), name)
        blocks = data.blocks(min(block_size, max_line))
        result = import_blocks(
            blocks if check is None else checked(blocks, check),
            name=name,
            needles=needles,
            locate=locate,
            max_line=max_line,
            folder=folder,
        )
        return dataclasses.replace(
            result, gzipped=data.gzipped, decompressor=data.decompressor, file_size=source.size, sha256=source.sha256
        )
