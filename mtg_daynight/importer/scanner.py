"""The block scanner: find the lines that can hold a day/night card (or a card that mentions day/night) without
decoding the rest.

Bulk files hold one card object per line: JSON Lines (one object per ``\\n``-terminated line) since July 2026,
or the legacy single JSON array with one object per line and trailing commas. :class:`LineScanner` is fed
decompressed blocks of any size; it searches each block for the needle bytes and returns only the lines that
contain one. Lines that span block boundaries are handled. Everything here is pure: bytes
in, candidate lines out.

Needles: ``b"Daybound"`` and ``b"Day // Night"`` find the day/night cards and the helper: every day/night card
object contains ``"Daybound"`` (Scryfall's card-level keywords are the union of both faces, so nightbound backs come
with their daybound fronts, and the single-faced playtest card has Daybound itself; the keyword field is
capitalised) and the helper card is named ``"Day // Night"``. :data:`MENTION_NEEDLES` find the candidates for cards
that refer to day/night without the keywords: ``becomes day`` and ``becomes night`` (also inside "day becomes
night", "night becomes day", "it becomes day"): what makes a deck need the helper card is a card that can make it
day or night or triggers on the change. :data:`READS_NEEDLES` (``t's day``, ``t is night``, ...) find the candidates
for cards that only check the state ("if it's night", "it is day", "it's neither day nor night"). The needles are
lowercase on purpose (Oracle text writes "day" and "night" mid-sentence) and deliberately loose (they also hit
"becomes daylight" and flavor text): the importer decodes only these candidate lines and keeps a card only when its
oracle text matches the precise pattern (:data:`mtg_daynight.importer.fold.MENTION_PATTERN`).

Each needle is searched for on its own over each block with stringzilla's SIMD substring search
(``stringzilla.find``); the lines holding a hit are the candidates, in file order. (``bytes.find`` finds the same
hits at about a quarter of its speed: with it an import of a bulk file took 7.6 times a bare decompression.)

Bounds: a line longer than ``max_line`` bytes is refused with
:class:`~mtg_daynight.importer.errors.CardFileError` naming where it starts, before it is buffered (so a 1 GiB
line costs at most ``max_line`` bytes of memory). The first and the last non-blank line are kept
(:attr:`LineScanner.edges`) so that the importer can check them as JSON: a truncated file, or a file that is
JSON but not one card object per line, is reported as invalid instead of importing as "no day/night cards".
Runs of blank lines are skipped by one strip per block, never walked line by line.
Pass ``needles=(..., b"Nightbound")`` to also catch a card that has Nightbound without Daybound (none exists
today).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import stringzilla  # type: ignore[import-not-found]  # no type stubs

from mtg_daynight.importer.errors import CardFileError

#: Candidates for cards that mention day/night without the keywords (confirmed on the decoded card).
MENTION_NEEDLES: tuple[bytes, ...] = (b"becomes day", b"becomes night")
#: The day/night cards (keyword) and the helper card (name).
KEYWORD_NEEDLES: tuple[bytes, ...] = (b"Daybound", b"Day // Night")
#: Candidates for cards that read day/night ("if it's night", "It's day", "it is night", "it's neither day nor
#: night"), confirmed on the decoded card by :data:`mtg_daynight.importer.fold.READS_PATTERN`.
READS_NEEDLES: tuple[bytes, ...] = (b"t's day", b"t's night", b"t is day", b"t is night", b"neither day")
DEFAULT_NEEDLES: tuple[bytes, ...] = (*KEYWORD_NEEDLES, *MENTION_NEEDLES, *READS_NEEDLES)
#: Default longest line accepted. A card object in Scryfall's bulk files averages ~5 KB (default_cards:
#: 623 MB in 117k objects, docs/carddata.md); 8 MiB is over 1,000 times that and keeps a hostile file's cost small.
DEFAULT_MAX_LINE = 8 << 20
_BOM = b"\xef\xbb\xbf"
_WHITESPACE = b" \t\r\n"
#: What a line may hold around its card object(s): whitespace, and in the legacy array the brackets and commas.
_FILLER: dict[Format, bytes] = {"jsonl": _WHITESPACE, "json-array": _WHITESPACE + b"[],"}
Format = Literal["jsonl", "json-array"]
@dataclass(frozen=True, slots=True)
class Candidate:
    """A line that contains a needle: its bytes and the offset of its first byte in the decompressed stream."""

    offset: int
    line: bytes


def line_body(candidate: Candidate) -> bytes:
    """The line without surrounding whitespace, and without the UTF-8 byte order mark if it opens the stream."""
    line = candidate.line.removeprefix(_BOM) if candidate.offset == 0 else candidate.line
    return line.strip(_WHITESPACE)


def detect_format(first_bytes: bytes, name: str = "<data>") -> Format:
    """Tell JSON Lines (first non-blank byte ``{``) from the legacy JSON array (``[``)."""
    stripped = first_bytes.removeprefix(_BOM).lstrip(_WHITESPACE)
    if stripped.startswith(b"{"):
        return "jsonl"
    if stripped.startswith(b"["):
        return "json-array"
    if not stripped:
        raise CardFileError(f"{name}: the file is empty")
    raise CardFileError(
        f"{name}: not a Scryfall bulk file (expected JSON Lines or a JSON array, found {stripped[:20]!r})"
    )


def _no_object(line: bytes, filler: bytes) -> bool:
    """True when ``line`` holds no card object: only ``filler`` bytes (or a byte order mark)."""
    if line[:1] not in (b"{", b""):  # the usual case, a card line, is answered at once
        return not line.removeprefix(_BOM).strip(filler)
    return not line


@dataclass
class LineScanner:
    """Incremental scanner: :meth:`feed` decompressed blocks, then call :meth:`finish`.

    ``format`` is known once the first non-blank byte has been seen. ``max_line`` bounds the length of any line that has
    to be buffered across blocks or decoded; ``locate(offset)`` words the position in its error (default
    ``"<name>: byte <offset>"``). After :meth:`finish`, :attr:`edges` holds the first and the last line that
    hold an object, and :attr:`closed` says whether a legacy array ends with its ``]``.
    """

    needles: Sequence[bytes] = DEFAULT_NEEDLES
    name: str = "<data>"
    max_line: int = DEFAULT_MAX_LINE
    locate: Callable[[int], str] | None = None
    format: Format | None = None
    offset: int = 0  # bytes fed so far
    edges: list[Candidate] = field(default_factory=list)
    _carry: list[bytes] = field(default_factory=list)  # start of the current (unfinished) line
    _carry_offset: int = 0
    _carry_len: int = 0
    _first: Candidate | None = None
    _last: Candidate | None = None
    _last_byte: int = -1  # the stream's last non-whitespace byte so far

    def __post_init__(self) -> None:
        if not self.needles or not all(self.needles):
            raise ValueError("LineScanner needs at least one needle, and no empty one")
        if self.max_line < 1:
            raise ValueError("max_line must be at least 1")

    @property
    def closed(self) -> bool:
        """False for a legacy JSON array whose last non-blank byte is not its closing ``]`` (truncated)."""
        return self.format != "json-array" or self._last_byte == ord("]")

    def _where(self, offset: int) -> str:
        return self.locate(offset) if self.locate is not None else f"{self.name}: byte {offset}"

    def _too_long(self, offset: int) -> CardFileError:
        return CardFileError(
            f"{self._where(offset)}: line longer than {self.max_line} bytes (max_line); "
            "a card object is never that long: this is not a Scryfall bulk file, or it is damaged"
        )

    def _line_matches(self, line: bytes) -> bool:
        return any(needle in line for needle in self.needles)

    def _detect(self, block: bytes) -> None:
        pending = b"".join(self._carry) + block if self._carry else block
        if not pending.removeprefix(_BOM).strip(_WHITESPACE):
            return
        if len(pending) < len(_BOM) and _BOM.startswith(pending):
            return  # the byte order mark is split across blocks: wait for the rest
        self.format = detect_format(pending, self.name)

    def _edge(self, offset: int, line: bytes) -> None:
        """Remember a complete line as the first (once) and the latest one holding an object."""
        if _no_object(line, _FILLER[self.format or "jsonl"]):
            return
        candidate = Candidate(offset, line)
        if self._first is None:
            self._first = candidate
        self._last = candidate

    def _edges_in(self, block: bytes, base: int, start: int, stop: int) -> None:
        """Note the first (while none is known) and the last lines holding an object in ``block[start:stop + 1]``,
        which holds whole lines only (``block[stop]`` is a newline). The line at each end is looked at; a run of
        blank lines there is skipped by one strip, never walked line by line."""
        filler = _FILLER[self.format or "jsonl"]
        begin = start
        while self._first is None and begin <= stop:
            end = block.find(b"\n", begin, stop + 1)
            if not _no_object(block[begin:end], filler):
                self._edge(base + begin, block[begin:end])
                break
            rest = block[end + 1 : stop + 1]
            hit = end + 1 + len(rest) - len(rest.lstrip(filler))  # the next byte that is not blank
            begin = block.rfind(b"\n", end, hit) + 1
        end = stop
        while end > start:
            begin = block.rfind(b"\n", start, end) + 1 or start
            if not _no_object(block[begin:end], filler):
                self._edge(base + begin, block[begin:end])
                return
            kept = len(block[start:begin].rstrip(filler))  # the blank run before this line
            if not kept:
                return
            end = block.find(b"\n", start + kept - 1, stop + 1)

    def feed(self, block: bytes) -> list[Candidate]:
        """Scan one block; return the candidate lines completed in it."""
        if not block:
            return []
        if self.format is None:
            self._detect(block)
        found: list[Candidate] = []
        base = self.offset
        self.offset += len(block)
        if self.format == "json-array":  # is its last non-blank byte the closing "]"? (:attr:`closed`)
            content = block.rstrip(_WHITESPACE)
            if content:
                self._last_byte = content[-1]
        first_nl = block.find(b"\n")
        if first_nl < 0:  # the whole block continues the current line
            if not self._carry:
                self._carry_offset = base
            if self._carry_len + len(block) > self.max_line:
                raise self._too_long(self._carry_offset)
            self._carry.append(block)
            self._carry_len += len(block)
            return found
        # the line that started in earlier blocks ends here
        if self._carry:
            if self._carry_len + first_nl > self.max_line:
                raise self._too_long(self._carry_offset)
            line = b"".join(self._carry) + block[:first_nl]
            if self._line_matches(line):
                found.append(Candidate(self._carry_offset, line))
            self._edge(self._carry_offset, line)
            self._carry.clear()
            self._carry_len = 0
        else:
            self._edges_in(block, base, 0, first_nl)
            if self._line_matches(block[:first_nl]):
                if first_nl > self.max_line:
                    raise self._too_long(base)
                found.append(Candidate(base, block[:first_nl]))
        last_nl = block.rfind(b"\n")
        self._scan_middle(block, base, first_nl + 1, last_nl, found)
        self._edges_in(block, base, first_nl + 1, last_nl)
        if last_nl + 1 < len(block):
            self._carry.append(block[last_nl + 1 :])
            self._carry_len = len(block) - last_nl - 1
            self._carry_offset = base + last_nl + 1
            if self._carry_len > self.max_line:
                raise self._too_long(self._carry_offset)
        return found

    def _scan_middle(self, block: bytes, base: int, start: int, stop: int, found: list[Candidate]) -> None:
        """Find the needles in ``block[start:stop]``, which holds whole lines only."""
        if start >= stop:
            return
        hits = []
        for needle in self.needles:
            pos = stringzilla.find(block, needle, start, stop)
            while pos >= 0:
                hits.append(pos)
                pos = stringzilla.find(block, needle, pos + 1, stop)
        if not hits:
            return
        hits.sort()
        line_end = -1
        for hit in hits:
            if hit < line_end:  # another needle on the line just taken
                continue
            line_start = block.rfind(b"\n", start, hit) + 1 or start
            line_end = block.find(b"\n", hit, stop + 1)
            if line_end - line_start > self.max_line:
                raise self._too_long(base + line_start)
            found.append(Candidate(base + line_start, block[line_start:line_end]))

    def finish(self) -> list[Candidate]:
        """Flush the last line (a file need not end with a newline)."""
        found: list[Candidate] = []
        if self._carry:
            line = b"".join(self._carry)
            self._carry.clear()
            self._carry_len = 0
            if self.format is None:
                self._detect(line)
            if self._line_matches(line):
                found.append(Candidate(self._carry_offset, line))
            self._edge(self._carry_offset, line)
        if self.format is None:
            raise CardFileError(f"{self.name}: the file is empty")
        self.edges = [e for e in (self._first, self._last) if e is not None]
        if len(self.edges) == 2 and self.edges[0].offset == self.edges[1].offset:
            del self.edges[1]
        return found


def array_element_bytes(line: bytes) -> bytes:
    """Turn one line of the legacy array format into a JSON array of the objects on it.

    Strips the opening ``[`` / closing ``]`` of the outer array and the trailing comma, then wraps what is left
    in ``[...]``, so a line holding one object, several objects, or the whole array decodes the same way.
    Returns ``b""`` for a line with no object on it.
    """
    body = line.removeprefix(_BOM).strip(_WHITESPACE)
    if body.startswith(b"["):
        body = body[1:].lstrip(_WHITESPACE)
    if body.endswith(b"]"):
        body = body[:-1].rstrip(_WHITESPACE)
    body = body.rstrip(b",").rstrip(_WHITESPACE)
    if not body:
        return b""
    return b"[" + body + b"]"
