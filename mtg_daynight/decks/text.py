"""Shared text handling for the readers: decoding, line splitting, errors, counts, names and section headers.

Everything here is a pure function of its arguments.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from typing import Final

from .limits import MAX_COUNT, MAX_FILE_BYTES, MAX_LINE_CHARS, MAX_LINES, MAX_NAME_CHARS, MIN_COUNT
from .model import COMMANDER, COMPANION, MAIN, MAYBE, SIDEBOARD
from .problems import DeckFileError, DeckProblem

_SECTION_ALIASES: Final[dict[str, str]] = {
    "main": MAIN,
    "deck": MAIN,
    "maindeck": MAIN,
    "main deck": MAIN,
    "mainboard": MAIN,
    "main board": MAIN,
    "sideboard": SIDEBOARD,
    "side board": SIDEBOARD,
    "side": SIDEBOARD,
    "sb": SIDEBOARD,
    "commander": COMMANDER,
    "commanders": COMMANDER,
    "command zone": COMMANDER,
    "companion": COMPANION,
    "companions": COMPANION,
    "maybe": MAYBE,
    "maybeboard": MAYBE,
    "maybe board": MAYBE,
    "considering": MAYBE,
}

# A trailing card count on a header: "Sideboard (15)", "Sideboard: 15", "Sideboard:".
_HEADER_TAIL = re.compile(r"\s*(?::\s*[0-9]{0,4}|\(\s*[0-9]{1,4}\s*\))\s*$")
# "4 Name", "4x Name", "-1 Name", "4" (no name): the count and whatever follows it.
_COUNT = re.compile(r"([+-]?[0-9]+)([xX]?)(?:\s+(.*))?", re.DOTALL)
# A face separator: "//", "///" or "/" with any spacing around it.
_FACE_SEPARATOR = re.compile(r"\s*/{1,3}\s*")
# A leading count that is not a whole number: "4.5 Name", "1e3 Name", "0x10 Name", "4,0 Name", and the count's
# "x" without its number, "x Name" (no card name starts with a lone x; only a line without a whole count is matched
# against it: compiled on first use, re caches it).
_NOT_WHOLE_COUNT = (
    r"([+-]?(?:[0-9]*[.,][0-9]+|[0-9]+[.,]|[0-9]+[eE][+-]?[0-9]+|0[xX][0-9a-fA-F]+)|[xX\u00d7])[xX]?\s"
)
# Characters no card name has, that template or markup junk does ({{7*7}}, ${x}, <%= x %>, <script>, \x41).
_NEVER_IN_NAMES: Final = frozenset("{}<>\\")
_COMMENT_PREFIXES: Final = ("//", "#")
_LONGEST_HEADER: Final = 40
_SIDEBOARD_PREFIX: Final = "sb:"


def fail(source: str, line: int | None, what: str, *, fatal: bool = False) -> DeckFileError:
    """The error for ``what`` went wrong in ``source`` (at ``line`` when known). A ``fatal`` one ends the read
    (see :mod:`mtg_daynight.decks.problems`); any other one is recorded and the read goes on with the next line."""
    return DeckFileError(source, (DeckProblem(line, what),), fatal=fatal or line is None)


def decode(data: bytes, source: str) -> str:
    """Decode a deck file's bytes: UTF-16 when it starts with a UTF-16 byte-order mark, else UTF-8 (a UTF-8
    byte-order mark is dropped), else Windows-1252 (older MTGO exports)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise fail(source, None, f"not valid UTF-16 text ({exc.reason} at byte {exc.start})") from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise fail(
            source, None, f"not text: neither UTF-8 nor Windows-1252 (byte 0x{data[exc.start]:02x} at {exc.start})"
        ) from exc


def split_lines(text: str, source: str) -> list[str]:
    """Check ``text`` against the size limits and split it into lines (``\\n``, ``\\r\\n`` or ``\\r``)."""
    if len(text) > MAX_FILE_BYTES:
        raise fail(source, None, f"too large: {len(text)} characters, the limit is {MAX_FILE_BYTES}")
    if text.startswith("\ufeff"):
        text = text[1:]
    nul = text.find("\x00")
    if nul >= 0:
        raise fail(
            source, text.count("\n", 0, nul) + 1, "contains a NUL character: this is not a text file", fatal=True
        )
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise fail(source, None, f"too many lines: {len(lines)}, the limit is {MAX_LINES}")
    return lines


def check_line_length(line: str, number: int, source: str) -> None:
    """Reject a line longer than :data:`MAX_LINE_CHARS`."""
    if len(line) > MAX_LINE_CHARS:
        raise fail(source, number, f"line is {len(line)} characters long, the limit is {MAX_LINE_CHARS}")


def parse_count(token: str, number: int, source: str) -> int:
    """Turn a count token into an int within ``MIN_COUNT..MAX_COUNT``, or fail naming the line."""
    digits = token.lstrip("+-")
    if token.startswith("-") or len(digits) > 6 or not MIN_COUNT <= int(digits) <= MAX_COUNT:
        raise fail(source, number, f"count {token} is out of range: it must be {MIN_COUNT} to {MAX_COUNT}")
    return int(digits)


def split_count(line: str, number: int, source: str) -> tuple[int, str] | None:
    """Split ``"4 Name"``/``"4x Name"`` into ``(4, "Name")``; ``None`` when the line has no leading count.

    A count with nothing after it, or a count out of range, fails.
    """
    match = _COUNT.fullmatch(line)
    if match is None:
        bad = re.match(_NOT_WHOLE_COUNT, line)
        if bad is not None:
            raise fail(source, number, f"count {bad.group(1)} is not a whole number from {MIN_COUNT} to {MAX_COUNT}")
        return None
    count = parse_count(match.group(1), number, source)
    rest = match.group(3)
    if rest is None or not rest.strip():
        raise fail(source, number, f"count {match.group(1)}{match.group(2)} has no card name after it")
    return count, rest


def clean_name(raw: str, number: int, source: str) -> str:
    """Tidy a card name as written: strip it, make whitespace runs one space, drop invisible format characters
    (zero-width spaces, direction marks) and write every face separator (``/``, ``//``, ``///``, spaced or not)
    as `` // ``. Case, accents and spelling are kept. Fails on an empty or over-long name or a control
    character."""
    name = " ".join("".join(ch for ch in raw if unicodedata.category(ch) != "Cf").split())
    if "/" in name and len(name) <= MAX_NAME_CHARS:
        name = " ".join(_FACE_SEPARATOR.sub(" // ", name).split())
    if not name:
        raise fail(source, number, "missing card name")
    if len(name) > MAX_NAME_CHARS:
        raise fail(source, number, f"card name is {len(name)} characters long, the limit is {MAX_NAME_CHARS}")
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn"):
            raise fail(source, number, f"card name contains the invalid character U+{ord(ch):04X}")
    problem = impossible_name(name)
    if problem is not None:
        raise fail(source, number, f"card name {name!r} {problem}")
    return name


def impossible_name(name: str) -> str | None:
    """Why no card can be named ``name`` (template or markup junk such as ``{{7*7}}`` or ``<%= x %>``, or no
    letter or digit at all), as the end of a sentence about the name; None for a name a card could have."""
    junk = next((ch for ch in name if ch in _NEVER_IN_NAMES), None)
    if junk is not None:
        return f"contains {junk!r}, which no card name has"
    if not any(ch.isalnum() or ch == "_" for ch in name):
        return "has no letter or digit: no card is named so"
    return None


def is_comment(line: str) -> bool:
    """Whether a stripped line is a full-line comment (``//`` or ``#``)."""
    return line.startswith(_COMMENT_PREFIXES)


def comment_body(line: str) -> str:
    """The text of a comment line without its marker."""
    return line.lstrip("/#").strip()


def known_section(text: str) -> str | None:
    """The canonical section a header names (``"Sideboard"``, ``"Deck:"``, ``"Sideboard (15)"``...), else
    ``None``. Matching ignores case and surrounding whitespace."""
    if len(text) > _LONGEST_HEADER:
        return None
    key = _HEADER_TAIL.sub("", " ".join(text.split())).casefold()
    return _SECTION_ALIASES.get(key)


def header_text(text: str) -> str:
    """A header's own name, lowercased, without a trailing colon or card count: an unknown section's name."""
    return _HEADER_TAIL.sub("", " ".join(text.split())).lower()


def sideboard_prefixed(line: str) -> str | None:
    """For a stripped ``SB: 2 Name`` line, the text after ``SB:``; else ``None``."""
    if line[:3].casefold() == _SIDEBOARD_PREFIX:
        return line[3:].strip()
    return None


def sideboard_marked(lines: list[str]) -> bool:
    """Whether a file names its sideboard itself (an ``SB:`` line, a ``Sideboard`` header or a
    ``// Sideboard`` comment), so that its blank lines are layout rather than the start of the sideboard."""
    for raw in lines:
        line = raw.strip()
        if sideboard_prefixed(line) is not None:
            return True
        if known_section(comment_body(line) if is_comment(line) else line) == SIDEBOARD:
            return True
    return False
