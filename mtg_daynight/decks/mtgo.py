"""MTGO text exports (``.txt``): ``4 Name`` lines, the sideboard after a blank line or as ``SB: 2 Name``
(format: ``docs/decks.md``).
"""

from __future__ import annotations

from .entries import read_counted_lines
from .model import DeckEntry
from .text import fail, known_section, sideboard_marked


def parse_mtgo(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of an MTGO text export: its entries (MTGO text carries no deck name)."""

    def uncounted(line: str, prefixed: bool, number: int) -> tuple[str | None, bool]:
        named = None if prefixed else known_section(line)  # a section header; any other line needs a count
        if named is None:
            raise fail(source, number, f"expected a card line like '4 Card Name' or 'SB: 2 Card Name', got {line!r}")
        return named, False

    return read_counted_lines(lines, source, uncounted, blank_starts_sideboard=not sideboard_marked(lines))
