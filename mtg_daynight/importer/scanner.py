"""The block scanner: find the lines that can hold a day/night card (or a card that mentions day/night) without
decoding the rest.

Bulk files hold one card object per line: JSON Lines (one object per ``\\n``-terminated line) since July 2026,
or the legacy single JSON array with one object per line and trailing commas. :class:`LineScanner` is fed
decompressed blocks of any size; it searches each block with ``bytes.find`` for the needle bytes and returns
only the lines that contain one. Lines that span block boundaries are handled. Everything here is pure: bytes
in, candidate lines out.

Needles: ``b"Daybound"`` and ``b"Day // Night"`` find the day/night cards and the helper: every day/night card
object contains ``"Daybound"`` (Scryfall's card-level keywords are the union of both faces, so nightbound backs
come with their daybound fronts, and the single-faced playtest card has Daybound itself; the keyword field is
capitalised) and the helper card is named ``"Day // Night"``. :data:`MENTION_NEEDLES` find the candidates for
cards that refer to day/night without the keywords: ``becomes day`` and ``becomes night`` (also inside "day
becomes night", "night becomes day", "it becomes day"): what makes a deck need the helper card is a card that
can make it day or night or triggers on the change. Cards that only check the state ("if it's night") cannot,
and are not collected: a third pass for them measured +0.19 s per full import. The needles are lowercase on
purpose (Oracle text writes "day" and "night" mid-sentence) and deliberately loose (they also hit "becomes
daylight" and flavor text): the importer decodes only these candidate lines and keeps a card only when its
oracle text matches the precise pattern (:data:`mtg_daynight.importer.fold.MENTION_PATTERN`).

Needles that share a prefix are searched in one pass with one regular expression that starts with that
literal prefix (``Day(?:bound| // Night)``, ``becomes (?:night|day)``): ``re`` skips to a literal prefix's
first byte quickly. Needles without a common prefix cost one pass each; one regular expression with
alternatives that start differently (``Day...|becomes ...``) would be a single pass but is many times slower,
because ``re`` then tries every alternative at every byte that starts one (measured with
``scripts/bench_import.py``). Pass ``needles=(..., b"Nightbound")`` to also catch a card that has Nightbound
without Daybound (none exists today).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from mtg_daynight.importer.errors import CardFileError

#: Candidates for cards that mention day/night without the keywords (confirmed on the decoded card).
MENTION_NEEDLES: tuple[bytes, ...] = (b"becomes day", b"becomes night")
#: The day/night cards (keyword) and the helper card (name).
KEYWORD_NEEDLES: tuple[bytes, ...] = (b"Daybound", b"Day // Night")
DEFAULT_NEEDLES: tuple[bytes, ...] = (*KEYWORD_NEEDLES, *MENTION_NEEDLES)
_BOM = b"\xef\xbb\xbf"
_WHITESPACE = b" \t\r\n"

Format = Literal["jsonl", "json-array"]


def _common_prefix(items: Sequence[bytes]) -> bytes:
    first, last = min(items), max(items)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]


def compile_needles(needles: Sequence[bytes]) -> list[re.Pattern[bytes]]:
    """Regular expressions that find any of ``needles``: one per group of needles sharing a first byte.

    ``re`` searches quickly only when the pattern starts with a literal, so needles with a common prefix
    become one ``prefix(?:rest|rest)`` pattern and the others get patterns of their own.
    """
    groups: dict[bytes, list[bytes]] = {}
    for needle in needles:
        if not needle:
            raise ValueError("empty needle")
        groups.setdefault(needle[:1], []).append(needle)
    patterns = []
    for group in groups.values():
        prefix = _common_prefix(group)
        rests = sorted({re.escape(n[len(prefix) :]) for n in group}, key=lambda r: (-len(r), r))
        alternatives = b"|".join(rests)
        body = re.escape(prefix) + (b"(?:" + alternatives + b")" if any(rests) else b"")
        patterns.append(re.compile(body))
    return patterns


@dataclass(frozen=True, slots=True)
class Candidate:
    """A line that contains a needle: its bytes and the offset of its first byte in the decompressed stream."""

    offset: int
    line: bytes


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


@dataclass
class LineScanner:
    """Incremental scanner: :meth:`feed` decompressed blocks, then call :meth:`finish`.

    ``format`` is known once the first non-blank byte has been seen.
    """

    needles: Sequence[bytes] = DEFAULT_NEEDLES
    name: str = "<data>"
    format: Format | None = None
    offset: int = 0  # bytes fed so far
    _carry: list[bytes] = field(default_factory=list)  # start of the current (unfinished) line
    _carry_offset: int = 0
    _carry_len: int = 0

    def __post_init__(self) -> None:
        if not self.needles:
            raise ValueError("LineScanner needs at least one needle")
        self._patterns = compile_needles(self.needles)

    def _line_matches(self, line: bytes) -> bool:
        return any(needle in line for needle in self.needles)

    def _detect(self, block: bytes) -> None:
        if self.format is None and block.removeprefix(_BOM).strip(_WHITESPACE):
            pending = b"".join(self._carry) + block
            self.format = detect_format(pending, self.name)

    def feed(self, block: bytes) -> list[Candidate]:
        """Scan one block; return the candidate lines completed in it."""
        if not block:
            return []
        if self.format is None:
            self._detect(block)
        found: list[Candidate] = []
        base = self.offset
        self.offset += len(block)
        first_nl = block.find(b"\n")
        if first_nl < 0:  # the whole block continues the current line
            if not self._carry:
                self._carry_offset = base
            self._carry.append(block)
            self._carry_len += len(block)
            return found
        # the line that started in earlier blocks ends here
        if self._carry:
            line = b"".join(self._carry) + block[:first_nl]
            if self._line_matches(line):
                found.append(Candidate(self._carry_offset, line))
            self._carry.clear()
            self._carry_len = 0
        elif self._line_matches(block[:first_nl]):
            found.append(Candidate(base, block[:first_nl]))
        last_nl = block.rfind(b"\n")
        self._scan_middle(block, base, first_nl + 1, last_nl, found)
        if last_nl + 1 < len(block):
            self._carry.append(block[last_nl + 1 :])
            self._carry_len = len(block) - last_nl - 1
            self._carry_offset = base + last_nl + 1
        return found

    def _scan_middle(self, block: bytes, base: int, start: int, stop: int, found: list[Candidate]) -> None:
        """Find the needles in ``block[start:stop]``, which holds whole lines only."""
        if start >= stop:
            return
        for pattern in self._patterns:
            pos = start
            while True:
                match = pattern.search(block, pos, stop)
                if match is None:
                    break
                hit = match.start()
                line_start = block.rfind(b"\n", start, hit) + 1 or start
                line_end = block.find(b"\n", hit, stop + 1)
                found.append(Candidate(base + line_start, block[line_start:line_end]))
                pos = line_end + 1
        if len(self._patterns) > 1:  # a line holding two needles was found twice
            unique = {c.offset: c for c in found}
            found[:] = sorted(unique.values(), key=lambda c: c.offset)

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
        if self.format is None:
            raise CardFileError(f"{self.name}: the file is empty")
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
