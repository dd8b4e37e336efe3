"""Deck scans: which cards of a parsed deck are day/night cards, which names are unknown, and whether the deck
needs the Day // Night helper card. Pure: it takes a :class:`~mtg_daynight.decks.Deck` and a database.

Each entry gets one :data:`Status`; the statuses, and why a name not in the data is never called "not a
day/night card", are in ``docs/decks.md`` (What is and is not checked). A deck needs the helper card when any
entry is ``day_night`` or ``mentions_day_night``; without a snapshot and without such an entry the answer is
None (unknown), not False.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from mtg_daynight.decks import Deck, DeckEntry

from .database import TYPO_CUTOFF, CardDatabase, MatchKind, Suggestion
from .model import CardKind, CatalogCard, DayNightUse

Status = CardKind | Literal["unknown", "not_in_data", "no_data"]
"""What a deck scan says of an entry: its card's :data:`~mtg_daynight.catalog.model.CardKind`, else ``unknown`` (a
suspected typo), ``not_in_data`` or ``no_data`` (no snapshot loaded)."""


class ScanEntry(msgspec.Struct, frozen=True, omit_defaults=True):
    """One deck line after the scan: as written, where, and what it resolved to; ``uses`` and ``forbids`` are what
    the card does with the designation, where the data says (:data:`~mtg_daynight.catalog.model.DayNightUse`).
    ``foreign_name_possible``: an unknown name whose suggested cards have no non-English names in the data, so it
    may be one of them in another language rather than a typo."""

    written: str
    count: int
    section: str
    line: int
    status: Status
    card: str | None = None
    matched_by: MatchKind | None = None
    lang: str | None = None
    keywords: tuple[str, ...] = ()
    uses: tuple[DayNightUse, ...] = ()
    forbids: tuple[str, ...] = ()
    community: bool = False
    suggestions: tuple[Suggestion, ...] = ()
    foreign_name_possible: bool = False


class DeckScan(msgspec.Struct, frozen=True):
    """A deck's scan: its file, format and name, every entry, and whether it needs the helper card
    (None: no day/night card found and no snapshot loaded, so nothing real was checked)."""

    path: str
    format: str
    deck_name: str | None
    entries: tuple[ScanEntry, ...]
    needs_helper_card: bool | None
    helper_reasons: tuple[str, ...]

    def with_status(self, *statuses: Status) -> tuple[ScanEntry, ...]:
        """The entries with one of ``statuses``, in file order."""
        return tuple(e for e in self.entries if e.status in statuses)

    @property
    def has_unknown(self) -> bool:
        """Whether any name is unknown (a suspected typo)."""
        return any(e.status == "unknown" for e in self.entries)


def _keywords(card: CatalogCard) -> tuple[str, ...]:
    words = []
    if any(f.daybound for f in card.faces):
        words.append("daybound")
    if any(f.nightbound for f in card.faces):
        words.append("nightbound")
    return tuple(words)


def _resolve(database: CardDatabase, entry: DeckEntry) -> ScanEntry:
    """The scan of ``entry``'s name (count, section and line are ``entry``'s)."""
    name = entry.name
    where = (name, entry.count, entry.section, entry.line)
    found = database.match(name)
    if found is not None:
        card = found.card
        return ScanEntry(
            *where, status=card.kind, card=card.name, matched_by=found.how, lang=found.lang,
            keywords=_keywords(card), uses=card.uses, forbids=tuple(str(d) for d in card.forbids),
            community=card.community,
        )
    close = database.suggest(name, cutoff=TYPO_CUTOFF)
    if close:
        foreign = database.lacks_printed_names(close)
        return ScanEntry(*where, status="unknown", suggestions=close, foreign_name_possible=foreign)
    return ScanEntry(*where, status="not_in_data" if database.has_snapshot else "no_data")


def scan_deck(deck: Deck, database: CardDatabase) -> DeckScan:
    """Scan ``deck`` against ``database`` (each distinct name is looked up once)."""
    cache: dict[str, ScanEntry] = {}
    entries = []
    for entry in deck.entries:
        template = cache.get(entry.name)
        if template is None:
            template = cache[entry.name] = _resolve(database, entry)
        entries.append(
            msgspec.structs.replace(template, count=entry.count, section=entry.section, line=entry.line)
        )
    reasons = tuple(
        dict.fromkeys(e.card for e in entries if e.card and e.status in ("day_night", "mentions_day_night"))
    )
    return DeckScan(
        path=deck.path,
        format=deck.format,
        deck_name=deck.name,
        entries=tuple(entries),
        needs_helper_card=True if reasons else (False if database.has_snapshot else None),
        helper_reasons=reasons,
    )
