"""What the importer keeps of Scryfall card objects (:func:`classify`: the rules of docs/carddata.md, "What is
kept"), and the :class:`Folder` that folds the printings of each kept card into one record per oracle id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, TypedDict

import msgspec

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, Printing, ReadsCard, SnapshotFace
from mtg_daynight.importer.scryfall import Card, CardFace
from mtg_daynight.importer.snapshot import check_card_text, escape_text

DAYBOUND = "Daybound"
NIGHTBOUND = "Nightbound"
HELPER_LAYOUT = "double_faced_token"
HELPER_FACE_NAMES = ("Day", "Night")
HELPER_NAME = " // ".join(HELPER_FACE_NAMES)
#: The Day // Night helper card's Scryfall oracle id (the same in every printing: tmid, tvow).
HELPER_ORACLE_ID = "84142407-ba98-497d-bbc8-39176aa67c02"
#: The layouts the helper card has had: Scryfall's and MTGJSON 5.2's, and MTGJSON 5.1's.
TOKEN_LAYOUTS = frozenset({HELPER_LAYOUT, "token"})
#: Layouts that are never cards a player puts in a deck.
EXCLUDED_LAYOUTS = frozenset({"art_series", "token", "emblem", "double_faced_token"})
REVERSIBLE_LAYOUT = "reversible_card"

Kind = Literal["daynight", "mentions", "reads", "helper"]

#: A card that mentions day/night: it makes it day or night, or triggers when day becomes night or night becomes
#: day (case-insensitive, whole words: not "daylight", "Nightmare"). It confirms bulk.py's loose needles.
MENTION_PATTERN = re.compile(r"\bbecomes (?:day|night)\b", re.IGNORECASE)
#: A card that reads day/night (731.1: "if it's night", "as long as it's day", "if it's neither day nor night"),
#: case-insensitive, whole words; asked only of cards that neither have daybound/nightbound nor mention day/night.
READS_PATTERN = re.compile(r"\bit(?:'s|\u2019s| is) (?:neither day nor night|day|night)\b", re.IGNORECASE)


def _has_keyword(keywords: Iterable[str], *wanted: str) -> bool:
    """True when ``keywords`` hold one of ``wanted`` (compared casefolded)."""
    folded = {keyword.casefold() for keyword in wanted}
    return any(keyword.casefold() in folded for keyword in keywords)


def _matches(card: Card, pattern: re.Pattern[str]) -> bool:
    """True when the oracle text of ``card`` or of one of its faces matches ``pattern``."""
    texts = [card.oracle_text, *(face.oracle_text for face in card.card_faces or ())]
    return any(pattern.search(text or "") for text in texts)


def all_keywords(card: Card) -> list[str]:
    """Card-level keywords plus any face-level ones (Scryfall has none today), without duplicates."""
    seen: dict[str, None] = dict.fromkeys(card.keywords)
    for face in card.card_faces or ():
        seen.update(dict.fromkeys(face.keywords or ()))
    return list(seen)


def card_oracle_id(card: Card) -> str | None:
    """The oracle id of ``card``; reversible printings carry it on their faces only."""
    return card.oracle_id or next((face.oracle_id for face in card.card_faces or () if face.oracle_id), None)


def is_helper(card: Card) -> bool:
    """True for the Day // Night helper card: its oracle id, or its name or faces with a token layout or, whatever
    the layout, the helper's text; never an ``art_series`` object."""
    if card.layout == "art_series":
        return False
    if card_oracle_id(card) == HELPER_ORACLE_ID:
        return True
    if tuple(face.name for face in card.card_faces or ()) != HELPER_FACE_NAMES and card.name != HELPER_NAME:
        return False
    return card.layout in TOKEN_LAYOUTS or _matches(card, MENTION_PATTERN)


def classify(card: Card) -> Kind | None:
    """What the importer keeps of ``card``, or None. Daybound or nightbound wins over a reminder text mentioning
    night; making it day wins over reading it (The Celestus mentions day/night)."""
    if is_helper(card):
        return "helper"
    if card.layout in EXCLUDED_LAYOUTS or card.object != "card":
        return None
    if _has_keyword(all_keywords(card), DAYBOUND, NIGHTBOUND):
        return "daynight"
    if _matches(card, MENTION_PATTERN):
        return "mentions"
    return "reads" if _matches(card, READS_PATTERN) else None


def _printing(card: Card) -> Printing:
    faces = card.card_faces or ()
    uris = [card.image_uris, *(face.image_uris for face in faces)]
    face_printed = tuple(face.printed_name for face in faces if face.printed_name)
    return Printing(
        id=card.id,
        set=card.set,
        collector_number=card.collector_number,
        lang=card.lang,
        printed_name=card.printed_name if card.printed_name is not None else " // ".join(face_printed) or None,
        face_printed_names=face_printed,
        released_at=card.released_at,
        layout=card.layout,
        set_type=card.set_type,
        digital=card.digital,
        playtest="playtest" in card.promo_types,
        games=tuple(card.games),
        promo_types=tuple(card.promo_types),
        frame_effects=tuple(card.frame_effects),
        image_uris=tuple(u.normal for u in uris if u is not None and u.normal is not msgspec.UNSET),
    )


def _face_from(face: Card | CardFace, keywords: tuple[str, ...]) -> SnapshotFace:
    """A record's face from a card face, or from a single-faced card (which has the same fields)."""
    return SnapshotFace(
        name=face.name,
        mana_cost=face.mana_cost or "",
        type_line=face.type_line or "",
        oracle_text=face.oracle_text or "",
        keywords=keywords,
        power=face.power,
        toughness=face.toughness,
        loyalty=face.loyalty,
        defense=face.defense,
        colors=tuple(face.colors) if face.colors is not None else None,
    )


def _raw_faces(card: Card) -> list[Card | CardFace]:
    """The faces of a card object; a single-faced card is its own face, a reversible card its first face."""
    if not card.card_faces:
        return [card]
    return [card.card_faces[0]] if card.layout == REVERSIBLE_LAYOUT else [*card.card_faces]


def _mentions(text: str, keyword: str) -> bool:
    """True when ``text`` names ``keyword`` as a whole word, case-insensitive."""
    return re.search(r"(?<![\w-])" + re.escape(keyword) + r"(?![\w-])", text, re.IGNORECASE) is not None


def faces_with_keywords(card: Card) -> tuple[tuple[SnapshotFace, ...], str | None, str | None]:
    """The faces of ``card`` with keywords attached, and the names of its daybound and nightbound faces.

    A source that lists keywords per face (MTGJSON) is followed as it is. Otherwise Daybound goes to the front
    face, Nightbound to the back face (the second face, or the only face of a single-faced card that has
    Nightbound but not Daybound), any other keyword to each face whose oracle text mentions it.
    """
    raw = _raw_faces(card)
    if card.card_faces and any(face.keywords is not None for face in raw):
        faces = tuple(_face_from(face, tuple(face.keywords or ())) for face in raw)
        day = next((f.name for f in faces if _has_keyword(f.keywords, DAYBOUND)), None)
        night = next((f.name for f in faces if _has_keyword(f.keywords, NIGHTBOUND)), None)
        return faces, day, night
    keywords = all_keywords(card)
    day_index = 0 if _has_keyword(keywords, DAYBOUND) else None
    night_index = None
    if _has_keyword(keywords, NIGHTBOUND) and (len(raw) >= 2 or day_index is None):
        night_index = 1 if len(raw) >= 2 else 0
    per_face: list[list[str]] = [[] for _ in raw]
    for keyword in keywords:
        if _has_keyword((keyword,), DAYBOUND):
            places = [day_index] if day_index is not None else []
        elif _has_keyword((keyword,), NIGHTBOUND):
            places = [night_index] if night_index is not None else []
        else:
            places = [i for i, face in enumerate(raw) if _mentions(face.oracle_text or "", keyword)]
        for i in places:
            per_face[i].append(keyword)
    faces = tuple(_face_from(face, tuple(kw)) for face, kw in zip(raw, per_face, strict=True))
    day_name = faces[day_index].name if day_index is not None else None
    night_name = faces[night_index].name if night_index is not None else None
    return faces, day_name, night_name


_LEADING_DIGITS = re.compile(r"\d+")


def printing_sort_key(p: Printing) -> tuple[str, str, tuple[int, str], str, str]:
    """Printings sort by release date, set, collector number (numerically), language and id."""
    digits = _LEADING_DIGITS.match(p.collector_number)
    number = (int(digits.group()) if digits else 1 << 30, p.collector_number)
    return (p.released_at or "", p.set, number, p.lang, p.id)


def _representative_key(card: Card) -> tuple[bool, bool, bool, str, str]:
    # English, non-reversible, non-digital printings first; then the earliest; ties broken by id.
    return (card.lang != "en", card.layout == REVERSIBLE_LAYOUT, card.digital, card.released_at or "9999", card.id)


class _Group:
    """The printings of one card folded so far, and the representative one (the least :func:`_representative_key`)
    that gives the record its name, layout and faces."""

    __slots__ = ("best", "printings")

    def __init__(self, card: Card) -> None:
        self.best = card
        self.printings: dict[tuple[str, str], Printing] = {(card.id, card.lang): _printing(card)}

    def add(self, card: Card) -> None:
        if _representative_key(card) < _representative_key(self.best):
            self.best = card
        self.printings.setdefault((card.id, card.lang), _printing(card))


class Folded(NamedTuple):
    """What :meth:`Folder.build` returns: the sorted records of each kind."""

    cards: tuple[DayNightCard, ...]
    helpers: tuple[HelperCard, ...]
    mentions: tuple[MentionCard, ...]
    reads: tuple[ReadsCard, ...] = ()


def _by_name(record: DayNightCard | HelperCard | MentionCard | ReadsCard) -> tuple[str, str]:
    return record.name, record.oracle_id or ""


@dataclass
class Folder:
    """Accumulates card objects and builds the sorted records; the result does not depend on their order."""

    cards: dict[str, _Group] = field(default_factory=dict)
    helpers: dict[str, _Group] = field(default_factory=dict)
    mentions: dict[str, _Group] = field(default_factory=dict)
    reads: dict[str, _Group] = field(default_factory=dict)
    #: printing id -> (oracle id or name, card name) of every card kept, to catch one id on two cards
    owners: dict[str, tuple[str, str]] = field(default_factory=dict)

    def add(self, card: Card) -> Kind | None:
        """Fold one card object in; return what it was kept as (or None).

        Raises :class:`CardFileError` when a kept card's names or texts hold control, bidi-override or escape
        characters (:func:`~mtg_daynight.importer.snapshot.check_card_text`), when it has no oracle id (the
        helper excepted), or when its printing id was already seen on a card with another oracle id.
        """
        kind = classify(card)
        if kind is None:
            return None
        check_card_text(card)
        oracle_id = card_oracle_id(card)
        key = oracle_id or card.name
        if card.id and (previous := self.owners.setdefault(card.id, (key, card.name)))[0] != key:
            raise CardFileError(
                f"printing id {card.id} is on two different cards: '{escape_text(previous[1])}' (oracle id "
                f"{previous[0]}) and '{escape_text(card.name)}' (oracle id {key})"
            )
        if kind != "helper" and oracle_id is None:
            raise CardFileError(f"card '{escape_text(card.name)}' (id {card.id}) has no oracle_id")
        table = {"daynight": self.cards, "mentions": self.mentions, "reads": self.reads, "helper": self.helpers}[kind]
        if key in table:
            table[key].add(card)
        else:
            table[key] = _Group(card)
        return kind

    def build(self) -> Folded:
        """Build the sorted day/night card, helper, mention and reads records."""
        cards = []
        for oracle_id, group in self.cards.items():
            _, day, night = faces_with_keywords(group.best)
            keywords = tuple(all_keywords(group.best))
            cards.append(DayNightCard(oracle_id=oracle_id, daybound_face=day, nightbound_face=night,
                                      keywords=keywords, **_card_fields(group)))
        helpers = [
            HelperCard(
                name=group.best.name,
                oracle_id=card_oracle_id(group.best),
                layout=group.best.layout,
                faces=tuple(_face_from(f, ()) for f in _raw_faces(group.best)),
                printings=tuple(sorted(group.printings.values(), key=printing_sort_key)),
            )
            for group in self.helpers.values()
        ]
        mentions = [MentionCard(oracle_id=key, **_card_fields(group)) for key, group in self.mentions.items()]
        reads = [ReadsCard(oracle_id=key, **_card_fields(group)) for key, group in self.reads.items()]
        return Folded(tuple(sorted(cards, key=_by_name)), tuple(sorted(helpers, key=_by_name)),
                      tuple(sorted(mentions, key=_by_name)), tuple(sorted(reads, key=_by_name)))


class _CardFields(TypedDict):
    name: str
    layout: str
    faces: tuple[SnapshotFace, ...]
    printings: tuple[Printing, ...]
    digital: bool
    playtest: bool


def _card_fields(group: _Group) -> _CardFields:
    """The fields every card record shares: name (a reversible card's: its first face's), layout, faces, sorted
    printings, and digital / playtest when every printing is."""
    printings = tuple(sorted(group.printings.values(), key=printing_sort_key))
    card = group.best
    faces = faces_with_keywords(card)[0]
    return {
        "name": card.name if card.layout != REVERSIBLE_LAYOUT else faces[0].name,
        "layout": card.layout,
        "faces": faces,
        "printings": printings,
        "digital": all(p.digital for p in printings),
        "playtest": all(p.playtest for p in printings),
    }
