"""What is wrong with a deck file: every problem found, not only the first (see ``docs/decks.md``, Errors)."""

from __future__ import annotations

from typing import Final

import msgspec

from mtg_daynight.errors import InputFileError

from .model import Deck, DeckEntry

MAX_PROBLEMS: Final = 100
"""A read stops after this many problems (a file that bad is not a deck list)."""


class DeckProblem(msgspec.Struct, frozen=True):
    """One problem of a deck file: its 1-based line (None for the whole file) and what was wrong."""

    line: int | None
    message: str


class DeckFileError(InputFileError):
    """A deck file could not be read, or has problems: ``problems`` lists each, in file order.

    ``str(error)`` is one line per problem, each naming the file (``source``) and the line. When only some lines
    were bad (not ``fatal``), ``partial`` is the deck of the good lines (with the deck's name, when the file gives
    one), so a caller can still scan those; ``entries`` and ``name`` carry them from a reader to
    :func:`~mtg_daynight.decks.parse_deck`, which builds ``partial``.
    """

    def __init__(
        self,
        source: str,
        problems: tuple[DeckProblem, ...],
        *,
        fatal: bool = False,
        entries: tuple[DeckEntry, ...] = (),
        name: str | None = None,
        partial: Deck | None = None,
    ) -> None:
        self.source = source
        self.problems = problems
        self.fatal = fatal
        self.entries = entries
        self.name = name
        self.partial = partial
        super().__init__("\n".join(self.lines()))

    def __reduce__(self) -> tuple[type[DeckFileError], tuple[str, tuple[DeckProblem, ...]], dict[str, object]]:
        state = {"fatal": self.fatal, "entries": self.entries, "name": self.name, "partial": self.partial}
        return (type(self), (self.source, self.problems), state)

    def lines(self) -> tuple[str, ...]:
        """One message per problem: ``deck.txt: line 3: ...``."""
        return tuple(
            f"{self.source}: line {p.line}: {p.message}" if p.line is not None else f"{self.source}: {p.message}"
            for p in self.problems
        )
