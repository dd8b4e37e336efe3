"""Deck-file readers: Forge ``.dck``, MTG Arena exports, MTGO ``.txt`` and ``.dek``, and plain card lists.

They turn a deck file into typed :class:`DeckEntry` values without looking any card up (a scan step resolves
:meth:`Deck.distinct_names` afterwards). Reading is pure and bounded (:mod:`mtg_daynight.decks.limits`); a
malformed file raises :class:`DeckFileError` listing every problem. See ``docs/decks.md``.
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
