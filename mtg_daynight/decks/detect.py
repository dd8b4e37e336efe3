"""Telling the deck formats apart from a file's content and, as a hint, its extension.

The rules, in order (the first that applies wins), are listed in ``docs/decks.md`` (Detection).
"""

from __future__ import annotations

import re
from typing import Final

from .arena import has_set_suffix
from .limits import MAX_LINE_CHARS
from .model import DeckFormat
from .text import is_comment, known_section, sideboard_prefixed

# Patterns of content detection only: compiled on first use (re caches them), not when the extension decides.
_FORGE_HEADER = r"\[[^\[\]]+\]"
_COUNTED = r"[0-9]+\s+\S.*"
_ARENA_HEADERS: Final = frozenset({"deck", "companion", "about"})
_EXTENSIONS: Final[dict[str, DeckFormat]] = {".dek": "dek", ".dck": "forge"}


def detect_format(text: str, lines: list[str], suffix: str = "") -> DeckFormat:
    """The format of a deck whose text is ``text`` (split into ``lines``), from a file ending ``suffix``."""
    by_extension = _EXTENSIONS.get(suffix.lower())
    if by_extension == "dek" or text.lstrip().startswith("<"):
        return "dek"
    if by_extension == "forge":
        return "forge"
    stripped = [line[: MAX_LINE_CHARS + 1].strip() for line in lines]
    cards = [line for line in stripped if line and not is_comment(line)]
    if any(re.fullmatch(_FORGE_HEADER, line) or ("|" in line and re.fullmatch(_COUNTED, line)) for line in cards):
        return "forge"
    if any(has_set_suffix(line) for line in cards):
        return "arena"
    if any(line.casefold() in _ARENA_HEADERS for line in cards) and all(_arena_line(line) for line in cards):
        return "arena"
    if cards and all(_mtgo_line(line) for line in cards):
        return "mtgo"
    return "plain"


def _arena_line(line: str) -> bool:
    """Whether a stripped, non-comment line fits an Arena export without set codes: a counted card, a header or
    an ``About`` block's ``Name ...``."""
    return (
        re.fullmatch(_COUNTED, line) is not None
        or known_section(line) is not None
        or line.casefold() in _ARENA_HEADERS
        or line[:5].casefold() == "name "
    )


def _mtgo_line(line: str) -> bool:
    """Whether a stripped, non-comment line fits an MTGO text export: ``4 Name``, ``SB: 4 Name`` or a header."""
    sideboard_text = sideboard_prefixed(line)
    if sideboard_text is not None:
        return re.fullmatch(_COUNTED, sideboard_text) is not None
    return re.fullmatch(_COUNTED, line) is not None or known_section(line) is not None
