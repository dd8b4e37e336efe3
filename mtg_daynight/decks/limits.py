"""The size limits every deck reader enforces, so that a hostile or mistaken file cannot cost much: far above a
real deck list (a few kilobytes, a few hundred lines), far below anything that could hurt."""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 1024 * 1024
"""Largest deck file :func:`read_deck` reads (1 MiB); for :func:`parse_deck` the same number of characters."""

MAX_LINES: Final = 20_000
"""Most lines a deck file may have."""

MAX_LINE_CHARS: Final = 1_000
"""Longest line of a line-based format (Forge, Arena, MTGO text, plain); ``.dek`` XML is not line-limited."""

MAX_ENTRIES: Final = 5_000
"""Most card entries one deck may have."""

MAX_NAME_CHARS: Final = 200
"""Longest card name (the longest real one is 141 characters)."""

MIN_COUNT: Final = 1
MAX_COUNT: Final = 999
"""Every entry's count must be within ``MIN_COUNT..MAX_COUNT``."""
