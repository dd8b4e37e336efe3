"""MTG Arena exports: ``4 Name (SET) 123`` lines under optional ``Deck``/``Sideboard``/``Commander``/
``Companion``/``About`` headers; the format, headerless exports included, is in ``docs/decks.md``.
"""

from __future__ import annotations

import re

from .entries import EntryCollector
from .model import MAIN, SIDEBOARD, DeckEntry
from .text import (
    check_line_length,
    comment_body,
    header_text,
    is_comment,
    known_section,
    sideboard_marked,
    split_count,
)

# Patterns of Arena exports only: compiled on first use (re caches them), not by a scan of a Forge deck.
# A set code has at least one letter, so "Creatures (20)" is not a card of set "20".
_SET_SUFFIX = r"\s\(((?=[0-9_]{0,7}[A-Za-z])[A-Za-z0-9_]{1,8})\)(?:\s+(\S{1,20}))?$"
_FINISH_MARK = r"\s+\*[A-Za-z]{1,2}\*$"
_ABOUT = "about"


def split_arena_card(rest: str) -> tuple[str, str | None, str | None]:
    """Split ``"Name (SET) 123"`` into its name, set code and collector number (either may be ``None``)."""
    rest = re.sub(_FINISH_MARK, "", " ".join(rest.split()))
    match = re.search(_SET_SUFFIX, rest)
    if match is None:
        return rest, None, None
    return rest[: match.start()], match.group(1), match.group(2)


def has_set_suffix(line: str) -> bool:
    """Whether a line ends with an Arena-style ``(SET)`` or ``(SET) 123``."""
    return re.search(_SET_SUFFIX, re.sub(_FINISH_MARK, "", " ".join(line.split()))) is not None


def parse_arena(lines: list[str], source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the lines of an Arena export: its entries and its ``About``/``Name`` (or ``None``)."""
    entries = EntryCollector(source)
    blank_starts_sideboard = not sideboard_marked(lines)
    section: str = MAIN
    in_about = False
    deck_name: str | None = None
    for number, raw in enumerate(lines, 1):
        with entries.line():
            check_line_length(raw, number, source)
            line = raw.strip()
            if not line:
                in_about = False
                if blank_starts_sideboard and section == MAIN and entries.has(MAIN):
                    section = SIDEBOARD
                continue
            if is_comment(line):
                named = known_section(comment_body(line))
                if named is not None:
                    section, in_about = named, False
                continue
            counted = split_count(line, number, source)
            if counted is not None:
                in_about = False
                name, set_code, collector_number = split_arena_card(counted[1])
                entries.add(counted[0], name, section, number, set_code, collector_number)
                continue
            if line.casefold() == _ABOUT:
                in_about = True
                continue
            if in_about:
                key, _, value = line.partition(" ")
                if key.casefold() == "name":
                    deck_name = " ".join(value.split()) or None
                continue
            named = known_section(line)
            if named is not None:
                section = named
            elif has_set_suffix(line):
                name, set_code, collector_number = split_arena_card(line)
                entries.add(1, name, section, number, set_code, collector_number)
            else:
                section = header_text(line)
    return entries.result(deck_name)
