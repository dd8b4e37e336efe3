"""Forge ``.dck`` files: INI-like ``[sections]``, ``Key=Value`` metadata and ``N Name|SET|art`` card lines
(format: ``docs/decks.md``).
"""

from __future__ import annotations

import re

from .entries import EntryCollector
from .model import MAIN, DeckEntry
from .text import check_line_length, fail, header_text, is_comment, known_section, split_count

_METADATA = "metadata"
_SET_CODE = re.compile(r"[A-Za-z0-9_-]{1,12}")


def parse_forge(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of a Forge deck: its entries and its ``Name=`` (or ``None``)."""
    entries = EntryCollector(source)
    section: str = MAIN
    deck_name: str | None = None
    for number, raw in enumerate(lines, 1):
        with entries.line():
            check_line_length(raw, number, source)
            line = raw.strip()
            if not line or is_comment(line):
                continue
            if line.startswith("[") and line.endswith("]"):
                header = line[1:-1].strip()
                if not header:
                    raise fail(source, number, "empty section header []")
                section = _METADATA if header.casefold() == _METADATA else known_section(header) or header_text(header)
                continue
            if line.startswith("["):
                raise fail(source, number, f"section header {line!r} has no closing ']'")
            if section == _METADATA:
                key, sep, value = line.partition("=")
                if not sep:
                    raise fail(source, number, f"expected Key=Value in [metadata], got {line!r}")
                if key.strip().casefold() == "name":
                    deck_name = " ".join(value.split()) or None
                continue
            counted = split_count(line, number, source)
            count, rest = counted if counted is not None else (1, line)
            name, *fields = rest.split("|")
            set_code = fields[0].strip() if fields else None
            if set_code and _SET_CODE.fullmatch(set_code) is None:
                raise fail(source, number, f"set code {set_code!r} is not 1 to 12 letters and digits")
            collector_number: str | None = None
            for field in fields[1:]:
                field = field.strip()
                if len(field) > 2 and field.startswith("[") and field.endswith("]"):
                    collector_number = field[1:-1].strip()
            name = name.strip()
            if name.endswith("+"):
                name = name[:-1]
            entries.add(count, name, section, number, set_code, collector_number)
    return entries.result(deck_name)
