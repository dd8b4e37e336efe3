"""The card database: the Scryfall snapshot's cards merged with community mod cards, and the lookups over them
(:meth:`CardDatabase.match`, :meth:`CardDatabase.suggest`). A database is immutable once built; build it with
:func:`CardDatabase.build` or load it through :func:`mtg_daynight.catalog.load_database` (cached per process).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Literal

import msgspec

from .model import CatalogCard, Clash, ClashKind, clash_kind
from .mods import LoadedMod, ModProblem
from .names import HandleKind, card_handles, name_key, split_faces
from .snapshot import CatalogSnapshot

MatchKind = Literal["id", "oracle_id", "name", "face", "printed"]

#: Default similarity (difflib ratio, 0..1) a suggestion needs.
SUGGEST_CUTOFF: Final = 0.6
#: Similarity (difflib ratio over normalised names) above which a name not in the data is a suspected typo.
TYPO_CUTOFF: Final = 0.8


class Match(msgspec.Struct, frozen=True):
    """A successful lookup: the card, how the query matched it, and the language of a printed-name match."""

    card: CatalogCard
    how: MatchKind
    lang: str | None = None


class Suggestion(msgspec.Struct, frozen=True):
    """A close match for a name: the name to write (``name``), the card's full English name, the similarity."""

    name: str
    card: str
    score: float


def merge(
    snapshot_cards: Sequence[CatalogCard], mods: Sequence[LoadedMod]
) -> tuple[tuple[CatalogCard, ...], tuple[Clash, ...]]:
    """Merge mod cards over the snapshot's cards, in order. A mod card with a handle
    (:func:`~mtg_daynight.catalog.names.card_handles`, of either kind) in common with a card already there is a
    :class:`Clash`, reported always; the mod card replaces the other only when it says ``override = true``,
    otherwise it is left out."""
    if not any(mod.cards for mod in mods):
        return tuple(snapshot_cards), ()
    cards: list[CatalogCard | None] = list(snapshot_cards)
    owners: dict[str, tuple[int, HandleKind]] = {}
    for index, card in enumerate(snapshot_cards):
        for key, kind in card_handles(card):
            owners.setdefault(key, (index, kind))
    clashes: list[Clash] = []
    for mod in mods:
        for entry in mod.cards:
            card = entry.card
            handles = card_handles(card)
            hits: dict[int, tuple[ClashKind, str]] = {}
            for key, kind in handles:
                owner = owners.get(key)
                if owner is not None and cards[owner[0]] is not None and owner[0] not in hits:
                    hits[owner[0]] = (clash_kind(kind, owner[1]), key)
            for index, (clash, key) in hits.items():
                other = cards[index]
                assert other is not None
                clashes.append(Clash(mod.path, card.name, other.name, other.origin, clash, key, won=entry.override))
            if hits and not entry.override:
                continue
            for index in hits:
                cards[index] = None
            cards.append(card)
            for key, kind in handles:
                owners[key] = (len(cards) - 1, kind)
    return tuple(c for c in cards if c is not None), tuple(clashes)


class CardDatabase:
    """Day/night cards (and the Day // Night helper card, and cards that mention day/night) by every handle.

    ``snapshot`` says where the Scryfall cards came from (None: no snapshot, only mod cards are known);
    ``mods`` lists the mod files merged in; ``clashes`` every mod card that collided with a known card;
    ``mod_problems`` every mod file that could not be loaded (left out; the others are merged).
    """

    def __init__(
        self,
        cards: Iterable[CatalogCard],
        *,
        snapshot: CatalogSnapshot | None = None,
        mods: Sequence[LoadedMod] = (),
        clashes: Sequence[Clash] = (),
        mod_problems: Sequence[ModProblem] = (),
    ) -> None:
        self.cards: tuple[CatalogCard, ...] = tuple(cards)
        self.snapshot = snapshot
        self.mods = tuple(mods)
        self.clashes = tuple(clashes)
        self.mod_problems = tuple(mod_problems)
        self._ids: dict[str, int] = {}
        self._oracle: dict[str, int] = {}
        self._names: dict[str, int] = {}
        self._faces: dict[str, int] = {}
        self._printed: dict[str, tuple[int, str]] = {}
        self._pool: dict[str, tuple[str, str]] = {}  # suggestion key -> (name to write, full English name)
        for index, card in enumerate(self.cards):
            for card_id in card.ids:
                self._ids.setdefault(card_id.strip().casefold(), index)
            if card.oracle_id:
                self._oracle.setdefault(card.oracle_id.strip().casefold(), index)
            full = name_key(card.name)
            self._names.setdefault(full, index)
            self._pool.setdefault(full, (card.name, card.name))
            for face in card.faces:
                key = name_key(face.name)
                self._faces.setdefault(key, index)
                if not card.helper:  # "Day" and "Night" alone would be suggested for far too many names
                    self._pool.setdefault(key, (face.name, card.name))
            for printed in card.printed_names:
                faces = split_faces(printed.name) if "/" in printed.name else ()  # no "/": no faces but itself
                for text in (printed.name, *faces):
                    key = name_key(text)
                    self._printed.setdefault(key, (index, printed.lang))
                    self._pool.setdefault(key, (text, card.name))
        self._pool_keys = sorted(self._pool, key=len)  # by length: the lengths a query can reach are one slice
        self._pool_lengths = [len(key) for key in self._pool_keys]

    @classmethod
    def build(
        cls, snapshot: CatalogSnapshot | None, mods: Sequence[LoadedMod] = (), problems: Sequence[ModProblem] = ()
    ) -> CardDatabase:
        """The database of ``snapshot``'s cards with ``mods`` merged over them (see :func:`merge`); ``problems``
        are the mod files that could not be loaded (:func:`~mtg_daynight.catalog.mods.read_mods`)."""
        cards, clashes = merge(() if snapshot is None else snapshot.cards, mods)
        return cls(cards, snapshot=snapshot, mods=mods, clashes=clashes, mod_problems=problems)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CatalogCard]:
        return iter(self.cards)

    @property
    def has_snapshot(self) -> bool:
        """Whether Scryfall card data was loaded (otherwise only mod cards are known)."""
        return self.snapshot is not None

    @property
    def helper(self) -> CatalogCard | None:
        """The Day // Night helper card, when the data has it."""
        return next((c for c in self.cards if c.helper), None)

    def match(self, query: str) -> Match | None:
        """Look ``query`` up by id, oracle id, full name, face name, then printed name; None when unknown."""
        text = query.strip()
        if not text:
            return None
        folded = text.casefold()
        if (index := self._ids.get(folded)) is not None:
            return Match(self.cards[index], "id")
        if (index := self._oracle.get(folded)) is not None:
            return Match(self.cards[index], "oracle_id")
        key = name_key(text)
        if (index := self._names.get(key)) is not None:
            return Match(self.cards[index], "name")
        if (index := self._faces.get(key)) is not None:
            return Match(self.cards[index], "face")
        if (hit := self._printed.get(key)) is not None:
            return Match(self.cards[hit[0]], "printed", hit[1])
        return None

    def lookup(self, query: str) -> CatalogCard | None:
        """The card ``query`` names (see :meth:`match`), or None."""
        found = self.match(query)
        return None if found is None else found.card

    def lacks_printed_names(self, suggestions: Iterable[Suggestion]) -> bool:
        """Whether none of the cards ``suggestions`` point to has a non-English printed name in the data (the
        bundled snapshot holds none of a double-faced card's): a name close to them may then be one of them in
        another language, not a typo."""
        return not any(card.printed_names for s in suggestions if (card := self.lookup(s.card)) is not None)

    def suggest(self, name: str, *, limit: int = 3, cutoff: float = SUGGEST_CUTOFF) -> tuple[Suggestion, ...]:
        """Close matches for ``name`` among every known name (English, faces, printed), best first: difflib's
        ratio over the normalised names, at least ``cutoff``. Only names that can reach it
        (:func:`within_reach`) are compared, so a name close to nothing (most of a deck) costs no difflib."""
        key = name_key(name)
        if not key:
            return ()
        shortest, longest = reachable_lengths(len(key), cutoff)
        first, last = bisect_left(self._pool_lengths, shortest), bisect_right(self._pool_lengths, longest)
        candidates = within_reach(key, self._pool_keys[first:last], cutoff)
        if not candidates:
            return ()
        import difflib  # only a name close to a known one needs it

        matcher = difflib.SequenceMatcher(b=key, autojunk=False)
        scored: list[tuple[float, str]] = []
        for candidate in candidates:
            matcher.set_seq1(candidate)
            if (score := matcher.ratio()) >= cutoff:
                scored.append((score, candidate))
        scored.sort(key=lambda item: (-item[0], item[1]))
        result: list[Suggestion] = []
        seen: set[str] = set()
        for score, candidate in scored:
            written, card = self._pool[candidate]
            if written in seen:
                continue
            seen.add(written)
            result.append(Suggestion(written, card, round(score, 3)))
            if len(result) == limit:
                break
        return tuple(result)


def reachable_lengths(size: int, cutoff: float) -> tuple[int, float]:
    """The shortest and longest length a string can have and still reach a difflib ratio of ``cutoff`` with a
    string of length ``size`` (its ``real_quick_ratio``, ``2 * min / total``, is at least ``cutoff``), rounded
    outwards."""
    if cutoff <= 0:
        return 0, math.inf
    return math.floor(size * cutoff / (2 - cutoff)), math.ceil(size * (2 - cutoff) / cutoff)


def within_reach(query: str, candidates: Iterable[str], cutoff: float) -> list[str]:
    """The ``candidates`` whose difflib ratio with ``query`` can reach ``cutoff``, in order. The ratio is
    ``2 * M / (len(a) + len(b))``, where the matched characters ``M`` are at most the characters the two strings
    have in common; each bound below is an upper bound of ``M``, tried from the cheapest: the shorter length
    (difflib's ``real_quick_ratio``), the candidate's characters that occur in ``query`` at all and the query's
    that occur in the candidate (one deleting ``translate`` each), and the multiset intersection of their
    characters (difflib's ``quick_ratio``). The ratio is computed as difflib does, so a candidate left out could
    never have scored ``cutoff``.

    For an ASCII ``query`` (most names) the two ``translate`` run on UTF-8 bytes, several times faster: a
    character beyond ASCII is encoded in bytes that are all beyond ASCII, so deleting the query's bytes deletes
    exactly the candidate's characters that occur in the query, and the other way round."""
    size = len(query)
    raw_query = query.encode() if query.isascii() else None
    foreign = str.maketrans("", "", query)  # deletes the characters of query: what is left cannot match
    counts: Counter[str] | None = None
    reachable: list[str] = []
    for candidate in candidates:
        total = size + len(candidate)
        if 2.0 * min(size, len(candidate)) / total < cutoff:
            continue
        if raw_query is None:
            shared = len(candidate) - len(candidate.translate(foreign))
        else:
            raw = candidate.encode()
            shared = len(raw) - len(raw.translate(None, raw_query))
        if 2.0 * shared / total < cutoff:
            continue
        if raw_query is None:
            reached = size - len(query.translate(str.maketrans("", "", candidate)))
        else:
            reached = size - len(raw_query.translate(None, raw))
        if 2.0 * reached / total < cutoff:
            continue
        counts = Counter(query) if counts is None else counts
        if 2.0 * (Counter(candidate) & counts).total() / total < cutoff:
            continue
        reachable.append(candidate)
    return reachable
