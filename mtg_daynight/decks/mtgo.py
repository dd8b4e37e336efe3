"""MTGO text exports (``.txt``): ``4 Name`` lines, the sideboard after a blank line or as ``SB: 2 Name``.

Example::

    4 Tavern Ruffian
    4 Lightning Bolt
    20 Mountain

    2 Brutal Cathar

Every card line needs a count. A ``Sideboard`` (or ``Deck``, ``Commander``...) header line or a section
comment (``// Sideboard``) is accepted too; when the file marks its sideboard that way or with ``SB:``, blank
lines are only layout. Lines starting ``//`` or ``#`` are comments.
"""

from __future__ import annotations

from .entries import EntryCollector
from .model import MAIN, SIDEBOARD, DeckEntry
from .text import (
    check_line_length,
    comment_body,
    fail,
    is_comment,
    known_section,
    sideboard_marked,
    sideboard_prefixed,
    split_count,
)


def parse_mtgo(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of an MTGO text export: its entries (MTGO text carries no deck name)."""
    entries = EntryCollector(source)
    blank_starts_sideboard = not sideboard_marked(lines)
    section: str = MAIN
    for number, raw in enumerate(lines, 1):
        with entries.line():
            check_line_length(raw, number, source)
            line = raw.strip()
            if not line:
                if blank_starts_sideboard and section == MAIN and entries.has(MAIN):
                    section = SIDEBOARD
                continue
            if is_comment(line):
                named = known_section(comment_body(line))
                if named is not None:
                    section = named
                continue
            target = section
            sideboard_text = sideboard_prefixed(line)
            if sideboard_text is not None:
                line, target = sideboard_text, SIDEBOARD
            counted = split_count(line, number, source)
            if counted is not None:
                entries.add(counted[0], counted[1], target, number)
                continue
            named = known_section(line) if sideboard_text is None else None
            if named is None:
                raise fail(
                    source, number, f"expected a card line like '4 Card Name' or 'SB: 2 Card Name', got {line!r}"
                )
            section = named
    return entries.result()
