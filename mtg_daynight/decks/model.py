"""The typed results of reading a deck file: :class:`DeckEntry` and :class:`Deck`, frozen ``msgspec`` structs
(hashable, encoded straight to JSON by ``msgspec.json.encode``).
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

DeckFormat = Literal["forge", "arena", "mtgo", "dek", "plain"]
"""The deck file formats the readers accept (see ``docs/decks.md``)."""

FORMATS: Final[tuple[DeckFormat, ...]] = ("forge", "arena", "mtgo", "dek", "plain")
"""Every accepted value of the ``format=`` argument, in detection order."""

MAIN: Final = "main"
SIDEBOARD: Final = "sideboard"
COMMANDER: Final = "commander"
COMPANION: Final = "companion"
MAYBE: Final = "maybe"

CANONICAL_SECTIONS: Final[tuple[str, ...]] = (MAIN, SIDEBOARD, COMMANDER, COMPANION, MAYBE)
"""The section names the readers normalise to; any other section keeps its own lowercased text."""


class DeckEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One card line of a deck file: how many copies of which name, in which section.

    ``name`` is as written, tidied (:func:`~mtg_daynight.decks.text.clean_name`): case, accents, typos and
    non-English names are kept; resolving them is the caller's job. ``set_code`` (upper-cased) and
    ``collector_number`` are present only when the file gives them. ``line`` is the file's 1-based line.
    """

    count: int
    name: str
    section: str
    set_code: str | None = None
    collector_number: str | None = None
    line: int


class Deck(msgspec.Struct, frozen=True, kw_only=True):
    """A parsed deck file.

    ``path`` is the file path (or the ``source`` label given to :func:`parse_deck`), ``format`` the format
    it was read as, ``entries`` every card line in file order (repeated names are not merged), and ``name``
    the deck's own name where the format carries one (Forge ``Name=``, Arena ``About``/``Name``).
    """

    path: str
    format: DeckFormat
    entries: tuple[DeckEntry, ...]
    name: str | None = None

    def total(self, section: str | None = None) -> int:
        """The number of cards in ``section`` (every section when ``None``)."""
        return sum(e.count for e in self.entries if section is None or e.section == section)

    def sections(self) -> tuple[str, ...]:
        """The distinct sections of the entries, in the order they first appear."""
        return tuple(dict.fromkeys(e.section for e in self.entries))

    def distinct_names(self) -> tuple[str, ...]:
        """The distinct card names, in the order they first appear: what a name resolver has to look up."""
        return tuple(dict.fromkeys(e.name for e in self.entries))
