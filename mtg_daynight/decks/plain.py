"""Plain card lists: ``4 Name``, ``4x Name`` or just ``Name`` (one copy), one per line; and the writer
:func:`to_plain` that produces them.

Example::

    // Werewolves
    4x Tavern Ruffian // Tavern Smasher
    Arlinn, the Pack's Hope
    20 Mountain

    Sideboard:
    2 Brutal Cathar

Blank lines are ignored. Lines starting ``//`` or ``#`` are comments, except that a comment naming a known
section (``// Sideboard``) starts it. A line that is a known section name (``Sideboard``, ``Sideboard:``,
``Sideboard (15)``, ``Commander``, ``Maybeboard``...) starts that section; ``SB: 2 Name`` is a sideboard card.
Any other line without a count that ends with ``:`` or ``(N)`` (``Creatures (20)``, ``Lands:``) is a category
heading from a deck site and is skipped without changing the section, and so is a line without a count that
has no letter or digit (``-----``, ``***``: a rule between groups). A name that itself starts with a
number (``1996 World Champion``) needs an explicit count.
"""

from __future__ import annotations

import re

from .entries import EntryCollector
from .model import MAIN, SIDEBOARD, Deck, DeckEntry
from .text import (
    check_line_length,
    comment_body,
    is_comment,
    known_section,
    sideboard_prefixed,
    split_count,
)

# A category heading of a plain list ("Creatures:", "Lands (24)"): compiled on first use (re caches it).
_CATEGORY_HEADING = r"(?::|\(\s*[0-9]{1,4}\s*\))$"


def parse_plain(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of a plain card list: its entries (plain lists carry no deck name)."""
    entries = EntryCollector(source)
    section: str = MAIN
    for number, raw in enumerate(lines, 1):
        with entries.line():
            check_line_length(raw, number, source)
            line = raw.strip()
            if not line:
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
            if sideboard_text is None:
                named = known_section(line)
                if named is not None:
                    section = named
                    continue
                if re.search(_CATEGORY_HEADING, line) or not any(ch.isalnum() for ch in line):
                    continue  # a deck site's category heading, or a rule of dashes or stars between groups
            entries.add(1, line, target, number)
    return entries.result()


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
