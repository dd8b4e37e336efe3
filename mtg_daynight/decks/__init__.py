"""Deck-file readers: Forge ``.dck``, MTG Arena exports, MTGO ``.txt`` and ``.dek``, and plain card lists.

They turn a deck file into typed :class:`DeckEntry` values (count, name as written, section, optional set
and collector number, line) without looking any card up; a scan step resolves
:meth:`Deck.distinct_names` afterwards with whatever card database it has. Reading is pure and bounded
(see :mod:`mtg_daynight.decks.limits`); every malformed file raises
:class:`DeckFileError` (an :class:`~mtg_daynight.errors.InputFileError`) listing every problem, each naming the
file, the line and what was wrong. See ``docs/decks.md``.
"""

from __future__ import annotations

from .detect import detect_format
from .model import CANONICAL_SECTIONS, FORMATS, Deck, DeckEntry, DeckFormat
from .plain import to_plain
from .problems import DeckFileError, DeckProblem
from .read import parse_deck, read_deck

__all__ = [
    "CANONICAL_SECTIONS",
    "FORMATS",
    "Deck",
    "DeckEntry",
    "DeckFileError",
    "DeckFormat",
    "DeckProblem",
    "detect_format",
    "parse_deck",
    "read_deck",
    "to_plain",
]
