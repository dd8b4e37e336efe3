"""The block scanner: find the lines that can hold a day/night card (or a card that mentions day/night) without
decoding the rest.

Bulk files hold one card object per line: JSON Lines (one object per ``\\n``-terminated line) since July 2026,
or the legacy single JSON array with one object per line and trailing commas. :class:`LineScanner` is fed
decompressed blocks of any size; it searches each block for the needle bytes and returns only the lines that
contain one. Lines that span block boundaries are handled. Everything here is pure: bytes
in, candidate lines out.

Needles: ``b"Daybound"`` and ``b"Day // Night"`` find the day/night cards and the helper: every day/night card
object contains ``"Daybound"`` (Scryfall's card-level keywords are the union of both faces, so nightbound backs
come with their daybound fronts, and the single-faced playtest card has Daybound itself; the keyword field is
capitalised) and the helper card is named ``"Day // Night"``. :data:`MENTION_NEEDLES` find the candidates for
cards that refer to day/night without the keywords: ``becomes day`` and ``becomes night`` (also inside "day
becomes night", "night becomes day", "it becomes day"): what makes a deck need the helper card is a card that
can make it day or night or triggers on the change. :data:`READS_NEEDLES` (``t's day``, ``t's night``) find the
candidates for cards that only check the state ("if it's night"). The needles are lowercase on
purpose (Oracle text writes "day" and "night" mid-sentence) and deliberately loose (they also hit "becomes
daylight" and flavor text): the importer decodes only these candidate lines and keeps a card only when its
oracle text matches the precise pattern (:data:`mtg_daynight.importer.fold.MENTION_PATTERN`).

All needles are found with stringzilla's SIMD substring search (``stringzilla.find``), needles that share a
prefix through one search for it (:data:`ANCHORS`), over one 256 KiB window of a block at a time while the window
is in the CPU cache; the lines holding a hit are the candidates, in file order. (``re`` and ``bytes.find`` find the
same hits at less than half its speed on a bulk file: scanning would then cost more than decompressing.)

Bounds: a line longer than ``max_line`` bytes is refused with
:class:`~mtg_daynight.importer.errors.CardFileError` naming where it starts, before it is buffered (so a 1 GiB
line costs at most ``max_line`` bytes of memory). The first and the last non-blank line are kept
(:attr:`LineScanner.edges`) so that the importer can check them as JSON: a truncated file, or a file that is
JSON but not one card object per line, is reported as invalid instead of importing as "no day/night cards".
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
#: Candidates for cards that read day/night ("if it's night", "It's day"), confirmed on the decoded card by
#: :data:`mtg_daynight.importer.fold.READS_PATTERN`.
READS_NEEDLES: tuple[bytes, ...] = (b"t's day", b"t's night", b"t's neither day")
DEFAULT_NEEDLES: tuple[bytes, ...] = (*KEYWORD_NEEDLES, *MENTION_NEEDLES, *READS_NEEDLES)
#: Prefixes shared by several needles (:func:`make_finder`): each is searched once, and its hits (a few per
#: thousand cards) checked against the needles it starts. The reads needles share ``t's ``, the keyword needle
#: and the helper's name ``Day``. ``becomes `` is no anchor: it opens far more text than the two needles it starts.
ANCHORS: tuple[bytes, ...] = (b"Day", b"t's ")
#: How much of a block every anchor searches before the next window (:func:`make_finder`): small enough to stay
#: in a core's L2 cache, large enough that the Python loop around the search costs nothing next to it.
SEARCH_WINDOW = 256 << 10
#: Default longest line accepted. A card object in Scryfall's bulk files averages ~5 KB (default_cards:
#: 623 MB in 117k objects, docs/carddata.md); 8 MiB is over 1,000 times that and keeps a hostile file's cost small.
DEFAULT_MAX_LINE = 8 << 20
_BOM = b"\xef\xbb\xbf"
_WHITESPACE = b" \t\r\n"
#: What a line may hold around its card object(s): whitespace, and in the legacy array the brackets and commas.
_FILLER: dict[Format, bytes] = {"jsonl": _WHITESPACE, "json-array": _WHITESPACE + b"[],"}
#: The first window :func:`first_not_in` and :func:`last_not_in` strip; each next one is twice as long, so a run
#: of blank bytes of any length costs a few C-level strips (their number grows with its logarithm), no Python loop.
_WINDOW = 256

Format = Literal["jsonl", "json-array"]
#: ``finder(block, start, stop)`` -> the start offsets of every needle found wholly inside ``block[start:stop]``
#: (in any order; a line may appear several times).
Finder = Callable[[bytes, int, int], list[int]]


def make_finder(needles: Sequence[bytes], anchors: Sequence[bytes] = ANCHORS, window: int = SEARCH_WINDOW) -> Finder:
    """A :data:`Finder` for ``needles`` (stringzilla's substring search).

    Needles that start with one of ``anchors`` are found through it: one search for the anchor, each hit checked
    against those needles. Every other needle is its own anchor. The range is searched ``window`` bytes at a
    time, every anchor over one window before the next: the searches then read the window from the CPU cache
    instead of each streaming the whole block from memory. An anchor that starts in a window is searched up to
    its end, so a needle that straddles two windows is found once, in the first.
    """
    if any(not needle for needle in (*needles, *anchors)):
        raise ValueError("empty needle or anchor")
    if window < 1:
        raise ValueError("window must be positive")
    groups: dict[bytes, list[bytes]] = {}
    for needle in dict.fromkeys(needles):
        anchor = next((anchor for anchor in anchors if needle.startswith(anchor)), needle)
        groups.setdefault(anchor, []).append(needle)
    searches = tuple((anchor, len(anchor) - 1, tuple(members)) for anchor, members in groups.items())

    def find(block: bytes, start: int, stop: int) -> list[int]:
        hits = []
        for begin in range(start, stop, window):
            end = begin + window  # hits starting at or after end belong to the next window
            for anchor, tail, members in searches:
                limit = min(stop, end + tail)
                pos = stringzilla.find(block, anchor, begin, limit)
                while 0 <= pos < end:
                    if block.startswith(members, pos, stop):  # any of them
                        hits.append(pos)
                    pos = stringzilla.find(block, anchor, pos + 1, limit)
        return hits

    return find


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


def first_not_in(block: bytes, start: int, stop: int, chars: bytes) -> int:
    """The offset of the first byte of ``block[start:stop]`` that is not in ``chars``, or -1."""
    window = _WINDOW
    while start < stop:
        end = min(stop, start + window)
        chunk = block[start:end]
        if chunk.translate(None, chars):  # one C pass; strip only the window known to hold the byte
            return end - len(chunk.lstrip(chars))
        start = end
        window *= 2
    return -1


def last_not_in(block: bytes, start: int, stop: int, chars: bytes) -> int:
    """The offset of the last byte of ``block[start:stop]`` that is not in ``chars``, or -1."""
    window = _WINDOW
    while stop > start:
        begin = max(start, stop - window)
        chunk = block[begin:stop]
        if chunk.translate(None, chars):
            return begin + len(chunk.rstrip(chars)) - 1
        stop = begin
        window *= 2
    return -1


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
        if not self.needles:
            raise ValueError("LineScanner needs at least one needle")
        if self.max_line < 1:
            raise ValueError("max_line must be at least 1")
        self._find = make_finder(self.needles)

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

    def _edges_in(self, block: bytes, base: int, start: int, stop: int, last: int) -> None:
        """Note the first (while none is known) and the last non-blank lines of ``block[start:stop + 1]``,
        which holds whole lines only (``block[stop]`` is a newline). Runs of blank lines are skipped with one
        strip each (:func:`first_not_in`, :func:`last_not_in`), never walked line by line. ``last`` is the block's
        last non-whitespace byte (the search backwards starts there)."""
        if start > stop:
            return
        filler = _FILLER[self.format or "jsonl"]
        pos = start
        while self._first is None:
            hit = first_not_in(block, pos, stop + 1, filler)
            if hit < 0:
                return  # nothing but blank lines: no line holds an object, so there is no last one either
            begin = block.rfind(b"\n", start, hit) + 1 or start
            end = block.find(b"\n", hit, stop + 1)
            self._edge(base + begin, block[begin:end])
            pos = end + 1
        end = min(stop + 1, last + 1)
        while end > start:
            hit = last_not_in(block, start, end, filler)
            if hit < 0:
                return
            begin = block.rfind(b"\n", start, hit) + 1 or start
            if self._last is not None and self._last.offset >= base + begin:
                return
            self._edge(base + begin, block[begin : block.find(b"\n", hit, stop + 1)])
            if self._last is not None and self._last.offset == base + begin:
                return
            end = begin

    def feed(self, block: bytes) -> list[Candidate]:
        """Scan one block; return the candidate lines completed in it."""
        if not block:
            return []
        if self.format is None:
            self._detect(block)
        found: list[Candidate] = []
        base = self.offset
        self.offset += len(block)
        last = last_not_in(block, 0, len(block), _WHITESPACE)
        if last >= 0:
            self._last_byte = block[last]
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
            self._edges_in(block, base, 0, first_nl, last)
            if self._line_matches(block[:first_nl]):
                if first_nl > self.max_line:
                    raise self._too_long(base)
                found.append(Candidate(base, block[:first_nl]))
        last_nl = block.rfind(b"\n")
        self._scan_middle(block, base, first_nl + 1, last_nl, found)
        self._edges_in(block, base, first_nl + 1, last_nl, last)
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
        hits = self._find(block, start, stop)
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
