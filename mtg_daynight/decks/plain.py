"""Plain card lists: ``4 Name``, ``4x Name`` or just ``Name`` (one copy), one per line (format:
``docs/decks.md``); and the writer :func:`to_plain` that produces them.
"""

from __future__ import annotations

import re

from .entries import read_counted_lines
from .model import MAIN, Deck, DeckEntry
from .text import known_section

# A category heading of a plain list ("Creatures:", "Lands (24)"): compiled on first use (re caches it).
_CATEGORY_HEADING = r"(?::|\(\s*[0-9]{1,4}\s*\))$"


def _uncounted(line: str, prefixed: bool, number: int) -> tuple[str | None, bool]:
    """A plain list's line without a count: a section name, a category heading or rule (skipped), else one copy."""
    if prefixed:
        return None, True
    named = known_section(line)
    if named is not None:
        return named, False
    if re.search(_CATEGORY_HEADING, line) or not any(ch.isalnum() for ch in line):
        return None, False  # a deck site's category heading, or a rule of dashes or stars between groups
    return None, True


def parse_plain(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of a plain card list: its entries (plain lists carry no deck name)."""
    return read_counted_lines(lines, source, _uncounted)


def to_plain(deck: Deck) -> str:
    """Write ``deck`` as a plain list that :func:`parse_deck` reads back to the same counts, names and sections.

    Each section's entries follow a ``// Section`` comment line (none before main-deck entries that come
    first); set codes and collector numbers are not written.
    """
    out: list[str] = []
    section = MAIN
    for entry in deck.entries:
        if entry.section != section:
            section = entry.section
            out.append(f"// {section.title()}")
        out.append(f"{entry.count} {entry.name}")
    return "\n".join(out) + "\n" if out else ""
