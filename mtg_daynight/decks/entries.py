"""A per-parse collector of :class:`DeckEntry` values that enforces the entry limit."""

from __future__ import annotations

from .limits import MAX_ENTRIES
from .model import DeckEntry
from .text import clean_name, fail


class EntryCollector:
    """Accumulates the entries of one parse; made fresh for every file, never shared."""

    def __init__(self, source: str) -> None:
        self._source = source
        self._entries: list[DeckEntry] = []
        self._sections: set[str] = set()

    def add(
        self,
        count: int,
        raw_name: str,
        section: str,
        line: int,
        set_code: str | None = None,
        collector_number: str | None = None,
    ) -> None:
        """Tidy ``raw_name`` and record one entry, failing once the deck has too many entries."""
        if len(self._entries) >= MAX_ENTRIES:
            raise fail(self._source, line, f"too many card entries: the limit is {MAX_ENTRIES}")
        self._entries.append(
            DeckEntry(
                count=count,
                name=clean_name(raw_name, line, self._source),
                section=section,
                set_code=set_code.upper() if set_code else None,
                collector_number=collector_number or None,
                line=line,
            )
        )
        self._sections.add(section)

    def has(self, section: str) -> bool:
        """Whether any entry so far is in ``section``."""
        return section in self._sections

    def result(self) -> tuple[DeckEntry, ...]:
        """The entries, in file order."""
        return tuple(self._entries)
