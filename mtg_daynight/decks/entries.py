"""A per-parse collector of :class:`DeckEntry` values and of the problems found on the way, and
:func:`read_counted_lines`, the line loop the MTGO and plain formats share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .limits import MAX_ENTRIES
from .model import MAIN, SIDEBOARD, DeckEntry
from .problems import MAX_PROBLEMS, DeckFileError, DeckProblem
from .text import (
    check_line_length,
    clean_name,
    comment_body,
    fail,
    is_comment,
    known_section,
    sideboard_prefixed,
    split_count,
)


class EntryCollector:
    """Accumulates the entries and problems of one parse; made fresh for every file, never shared."""

    def __init__(self, source: str) -> None:
        self._source = source
        self._entries: list[DeckEntry] = []
        self._sections: set[str] = set()
        self._problems: list[DeckProblem] = []

    @contextmanager
    def line(self) -> Iterator[None]:
        """Read one line: a problem raised inside is recorded and the parse goes on after it; a fatal one (or
        the :data:`~mtg_daynight.decks.problems.MAX_PROBLEMS`-th) ends it with every problem so far."""
        try:
            yield
        except DeckFileError as error:
            if error.fatal:
                raise self.stop(error) from None
            self._problems.extend(error.problems)
            if len(self._problems) >= MAX_PROBLEMS:
                raise self.stop(fail(self._source, None, f"stopped after {MAX_PROBLEMS} problems")) from None

    def stop(self, error: DeckFileError) -> DeckFileError:
        """The fatal error listing every problem recorded so far, then ``error``'s."""
        return DeckFileError(self._source, (*self._problems, *error.problems), fatal=True)

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
            raise fail(self._source, line, f"too many card entries: the limit is {MAX_ENTRIES}", fatal=True)
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

    def result(self, name: str | None = None) -> tuple[tuple[DeckEntry, ...], str | None]:
        """The entries, in file order, and the deck's ``name`` (what the reader found, or None); raises
        :class:`DeckFileError` with every problem when there were any (and the good lines' entries, and
        ``name``: one bad line does not lose the deck's name)."""
        if self._problems:
            raise DeckFileError(self._source, tuple(self._problems), entries=tuple(self._entries), name=name)
        return tuple(self._entries), name


#: What a line without a count is to a format (:func:`read_counted_lines`): ``(section, one_copy)``, the section
#: it starts (or None) and whether it is one copy of a card named by the whole line.
Uncounted = Callable[[str, bool, int], tuple[str | None, bool]]


def read_counted_lines(
    lines: list[str], source: str, uncounted: Uncounted, *, blank_starts_sideboard: bool = False
) -> tuple[tuple[DeckEntry, ...], str | None]:
    """The entries of ``4 Name`` lines: comments (``//``, ``#``; one naming a known section starts it), ``SB:``
    sideboard lines and counted lines; a blank line after main-deck cards starts the sideboard when
    ``blank_starts_sideboard``. A line without a count goes to ``uncounted(line, sideboard_prefixed, number)``."""
    entries = EntryCollector(source)
    section: str = MAIN
    for number, raw in enumerate(lines, 1):
        with entries.line():
            check_line_length(raw, number, source)
            line = raw.strip()
            if not line:
                if blank_starts_sideboard and section == MAIN and entries.has(MAIN):
                    section = SIDEBOARD
                continue
            if is_comment(line):
                section = known_section(comment_body(line)) or section
                continue
            target = section
            sideboard_text = sideboard_prefixed(line)
            if sideboard_text is not None:
                line, target = sideboard_text, SIDEBOARD
            counted = split_count(line, number, source)
            if counted is not None:
                entries.add(counted[0], counted[1], target, number)
                continue
            named, one_copy = uncounted(line, sideboard_text is not None, number)
            section = named or section
            if one_copy:
                entries.add(1, line, target, number)
    return entries.result()
