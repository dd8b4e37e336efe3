"""Cards for scenarios: where a name used in a scenario file comes from (docs/scenarios.md, ``[cards."Name"]``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Protocol

from mtg_daynight.reference import Card, CardKind
from mtg_daynight.rules import Face

if TYPE_CHECKING:
    from mtg_daynight.catalog import CardDatabase


class CardSource(Protocol):
    """Anything that can turn a card name into a :class:`~mtg_daynight.reference.Card` (or None if unknown)."""

    def lookup(self, name: str) -> Card | None:
        """The card called ``name`` (front face name, back face name or "Front // Back"), or None."""


#: Real cards the scenarios use that are not day/night cards (so the day/night card data does not hold them): a
#: transforming card without day/night, plain spells and a plain permanent.
ORDINARY_CARDS: Final[Mapping[str, Card]] = {
    card.name: card
    for card in (
        Card(Face("Delver of Secrets"), Face("Insectile Aberration")),  # transforms, no day/night
        Card(Face("Lightning Bolt"), kind=CardKind.INSTANT),
        Card(Face("Moonmist"), kind=CardKind.INSTANT),
        Card(Face("Grizzly Bears")),
    )
}


class TableCards:
    """A :class:`CardSource` over a mapping of cards; a card is found by its full name, its front face's name or
    its back face's name, ignoring case."""

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self._by_name: dict[str, Card] = {}
        for key, card in cards.items():
            names = [key, card.name, card.front.name] + ([card.back.name] if card.back else [])
            for name in names:
                self._by_name.setdefault(name.casefold(), card)

    def lookup(self, name: str) -> Card | None:
        return self._by_name.get(name.casefold())

    def __len__(self) -> int:
        return len(set(map(id, self._by_name.values())))


class CardCatalog:
    """Several sources asked in order; the first that knows a name wins."""

    def __init__(self, *sources: CardSource) -> None:
        self.sources = sources

    def lookup(self, name: str) -> Card | None:
        for source in self.sources:
            card = source.lookup(name)
            if card is not None:
                return card
        return None


class DatabaseCards:
    """A :class:`CardSource` over the project's card database: its faces and ``forbids`` (a veto, 731.1), never the
    Day // Night helper card (docs/scenarios.md, "Cards from mod files")."""

    def __init__(self, database: CardDatabase) -> None:
        self._database = database

    def lookup(self, name: str) -> Card | None:
        found = self._database.lookup(name)
        if found is None or found.helper:
            return None
        kind = CardKind.INSTANT if found.front.instant_or_sorcery else CardKind.PERMANENT
        return Card(found.front, found.back, kind, forbids=frozenset(found.forbids))


class BundledCards:
    """A :class:`CardSource` over the card-data snapshot bundled in the package (loaded on first use, no mods)."""

    def __init__(self) -> None:
        self._cards: DatabaseCards | None = None

    def lookup(self, name: str) -> Card | None:
        if self._cards is None:
            from mtg_daynight.catalog import load_database
            from mtg_daynight.importer.store import bundled_snapshot

            self._cards = DatabaseCards(load_database(bundled_snapshot().parent, default_mods=False))
        return self._cards.lookup(name)


#: The built-in cards: the bundled snapshot's day/night cards, then :data:`ORDINARY_CARDS`.
BUILTIN: Final = CardCatalog(BundledCards(), TableCards(ORDINARY_CARDS))
