"""Pure functions that pick the day/night cards out of Scryfall card objects and fold them into records.

* A card object is a day/night card when its (card-level) keywords contain Daybound or Nightbound.
* Otherwise it *mentions day/night* when the oracle text of the card or of any face matches
  :data:`MENTION_PATTERN` (it makes it day or night, or triggers when day becomes night or night becomes
  day): kept as a :class:`~mtg_daynight.importer.records.MentionCard`.
* Otherwise it *reads day/night* when that text matches :data:`READS_PATTERN` (it only checks whether it is
  day or night: "if it's night"): kept as a :class:`~mtg_daynight.importer.records.ReadsCard`. Such a card
  cares about day/night but can't make it either, so it does not make a deck need the helper card.
* The Day // Night helper card is kept as a :class:`~mtg_daynight.importer.records.HelperCard`. It is found by
  its oracle id, or by its name and faces ("Day // Night": Day, Night) with the helper's text, whatever its
  layout says (``double_faced_token`` on Scryfall and in MTGJSON 5.2, ``token`` in MTGJSON 5.1).
* art_series objects, tokens and emblems are left out.
* Printings of one card (other sets, languages, reversible printings, digital and playtest printings) are
  folded into one record keyed by oracle id; digital-only and playtest cards are kept and flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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

#: What makes a card one that mentions day/night (case-insensitive, whole words, so "daylight", "Nightmare",
#: "nightfall" do not count). The scanner's loose needles (:data:`~mtg_daynight.importer.bulk.MENTION_NEEDLES`)
#: find the candidate lines; this confirms them on the decoded oracle text. Oracle text uses ASCII apostrophes.
MENTION_PATTERN = re.compile(
    r"\bbecomes (?:day|night)\b", re.IGNORECASE
)


#: What makes a card one that reads day/night (it checks the designation, 731.1: "if it's night", "as long as
#: it's day", "if it's neither day nor night"), case-insensitive, whole words. Checked only on cards that neither
#: have daybound/nightbound nor mention day/night. The scanner's needles
#: (:data:`~mtg_daynight.importer.bulk.READS_NEEDLES`) find the candidate lines.
READS_PATTERN = re.compile(r"\bit(?:'s|\u2019s| is) (?:neither day nor night|day|night)\b", re.IGNORECASE)

def _has_keyword(keywords: Iterable[str], wanted: str) -> bool:
    folded = wanted.casefold()
    return any(k.casefold() == folded for k in keywords)


_DAYNIGHT_FOLDED = frozenset({DAYBOUND.casefold(), NIGHTBOUND.casefold()})


def _is_daynight(keywords: Iterable[str]) -> bool:
    """True when ``keywords`` hold Daybound or Nightbound (compared casefolded, like :func:`_has_keyword`)."""
    return any(k.casefold() in _DAYNIGHT_FOLDED for k in keywords)


def all_keywords(card: Card) -> list[str]:
    """Card-level keywords plus any face-level ones (Scryfall has none today), without duplicates."""
    seen: dict[str, None] = dict.fromkeys(card.keywords)
    for face in card.card_faces or ():
        seen.update(dict.fromkeys(face.keywords or ()))
    return list(seen)


def is_helper(card: Card) -> bool:
    """True for the Day // Night helper card: its oracle id (:data:`HELPER_ORACLE_ID`), or its name and faces
    with a token layout (MTGJSON 5.1 says ``token``, later builds and Scryfall ``double_faced_token``) or, whatever
    the layout, the helper's text (it makes it day or night); never an ``art_series`` object."""
    if card.layout == "art_series":
        return False
    if card_oracle_id(card) == HELPER_ORACLE_ID:
        return True
    faces = tuple(f.name for f in card.card_faces or ())
    if faces != HELPER_FACE_NAMES and card.name != HELPER_NAME:
        return False
    return card.layout in TOKEN_LAYOUTS or mentions_day_night(card)


def _texts(card: Card) -> Iterator[str]:
    """The oracle texts of ``card`` and of its faces."""
    yield card.oracle_text or ""
    for face in card.card_faces or ():
        yield face.oracle_text or ""


def mentions_day_night(card: Card) -> bool:
    """True when the oracle text of ``card`` or of one of its faces matches :data:`MENTION_PATTERN`."""
    return any(MENTION_PATTERN.search(text) for text in _texts(card))


def reads_day_night(card: Card) -> bool:
    """True when the oracle text of ``card`` or of one of its faces matches :data:`READS_PATTERN`."""
    return any(READS_PATTERN.search(text) for text in _texts(card))


def classify(card: Card) -> Kind | None:
    """Say what the importer keeps of ``card``: a day/night card, a card that mentions day/night, one that
    reads day/night, the helper card, or nothing. A card with daybound or nightbound is a day/night card even
    though its reminder text mentions night; one that makes it day and also reads it (The Celestus) mentions
    day/night."""
    if is_helper(card):
        return "helper"
    if card.layout in EXCLUDED_LAYOUTS or card.object != "card":
        return None
    faces = card.card_faces
    if _is_daynight(card.keywords) or (faces and any(_is_daynight(face.keywords or ()) for face in faces)):
        return "daynight"
    if mentions_day_night(card):
        return "mentions"
    if reads_day_night(card):
        return "reads"
    return None


def card_oracle_id(card: Card) -> str | None:
    """The oracle id of ``card``; reversible printings carry it on their faces only."""
    if card.oracle_id:
        return card.oracle_id
    for face in card.card_faces or ():
        if face.oracle_id:
            return face.oracle_id
    return None


def _is_playtest(card: Card) -> bool:
    return "playtest" in card.promo_types


def _printing(card: Card) -> Printing:
    faces = card.card_faces or ()
    images: list[str] = []
    for uris in (card.image_uris, *(face.image_uris for face in faces)):
        if uris is not None and uris.normal is not msgspec.UNSET:
            images.append(uris.normal)
    face_printed = tuple(f.printed_name for f in faces if f.printed_name)
    printed = card.printed_name
    if printed is None and face_printed:
        printed = " // ".join(face_printed)
    return Printing(
        id=card.id,
        set=card.set,
        collector_number=card.collector_number,
        lang=card.lang,
        printed_name=printed,
        face_printed_names=face_printed,
        released_at=card.released_at,
        layout=card.layout,
        set_type=card.set_type,
        digital=card.digital,
        playtest=_is_playtest(card),
        games=tuple(card.games),
        promo_types=tuple(card.promo_types),
        frame_effects=tuple(card.frame_effects),
        image_uris=tuple(images),
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
    if card.card_faces and card.layout != REVERSIBLE_LAYOUT:
        return [*card.card_faces]
    if card.card_faces:
        return [card.card_faces[0]]
    return [card]


def _mentions(text: str, keyword: str) -> bool:
    """True when ``text`` names ``keyword`` as a whole word, case-insensitive."""
    return re.search(r"(?<![\w-])" + re.escape(keyword) + r"(?![\w-])", text, re.IGNORECASE) is not None


def faces_with_keywords(card: Card) -> tuple[tuple[SnapshotFace, ...], str | None, str | None]:
    """Build the faces of ``card`` with keywords attached, and name its daybound and nightbound faces.

    Daybound goes to the front face, Nightbound to the back face (the second face, or the only face of a
    single-faced card that has Nightbound but not Daybound). Any other keyword goes to each face whose oracle
    text mentions it; a keyword no face mentions stays card-level only (in ``DayNightCard.keywords``).
    """
    raw = _raw_faces(card)
    if card.card_faces and any(face.keywords is not None for face in raw):
        return _faces_with_own_keywords(raw)
    keywords = all_keywords(card)
    folded = {keyword.casefold() for keyword in keywords}
    day_index = 0 if DAYBOUND.casefold() in folded else None
    night_index = None
    if NIGHTBOUND.casefold() in folded and (len(raw) >= 2 or day_index is None):
        night_index = 1 if len(raw) >= 2 else 0
    per_face: list[list[str]] = [[] for _ in raw]
    for keyword in keywords:
        kind = keyword.casefold()
        if kind == DAYBOUND.casefold():
            places = [day_index] if day_index is not None else []
        elif kind == NIGHTBOUND.casefold():
            places = [night_index] if night_index is not None else []
        else:
            places = [i for i, face in enumerate(raw) if _mentions(face.oracle_text or "", keyword)]
        for i in places:
            per_face[i].append(keyword)
    faces = tuple(_face_from(face, tuple(kw)) for face, kw in zip(raw, per_face, strict=True))
    day_name = faces[day_index].name if day_index is not None else None
    night_name = faces[night_index].name if night_index is not None else None
    return faces, day_name, night_name


def _faces_with_own_keywords(raw: list[Card | CardFace]) -> tuple[tuple[SnapshotFace, ...], str | None, str | None]:
    """Faces whose source lists keywords per face (MTGJSON): each face keeps exactly its own keywords, and the
    daybound / nightbound face is the first face that has the keyword; nothing is guessed."""
    faces = tuple(_face_from(face, tuple(face.keywords or ())) for face in raw)
    day = next((f.name for f in faces if _has_keyword(f.keywords, DAYBOUND)), None)
    night = next((f.name for f in faces if _has_keyword(f.keywords, NIGHTBOUND)), None)
    return faces, day, night


_LEADING_DIGITS = re.compile(r"\d+")


def _collector_key(number: str) -> tuple[int, str]:
    match = _LEADING_DIGITS.match(number)
    return (int(match.group()) if match else 1 << 30, number)


def printing_sort_key(p: Printing) -> tuple[str, str, tuple[int, str], str, str]:
    """Printings sort by release date, set, collector number (numerically), language and id."""
    return (p.released_at or "", p.set, _collector_key(p.collector_number), p.lang, p.id)


def _representative_key(card: Card) -> tuple[bool, bool, bool, str, str]:
    # English, non-reversible, non-digital printings first; then the earliest; ties broken by id.
    return (card.lang != "en", card.layout == REVERSIBLE_LAYOUT, card.digital, card.released_at or "9999", card.id)


class _Group:
    """The printings of one card folded so far, and its representative printing (the least
    :func:`_representative_key`), from which :meth:`Folder.build` takes the record's name, layout and faces."""

    __slots__ = ("best", "printings")

    def __init__(self, card: Card) -> None:
        self.best = card
        self.printings: dict[tuple[str, str], Printing] = {(card.id, card.lang): _printing(card)}

    def add(self, card: Card) -> None:
        if _representative_key(card) < _representative_key(self.best):
            self.best = card
        self.printings.setdefault((card.id, card.lang), _printing(card))

    def sorted_printings(self) -> tuple[Printing, ...]:
        """The printings in :func:`printing_sort_key` order."""
        return tuple(sorted(self.printings.values(), key=printing_sort_key))


class Folded(NamedTuple):
    """What :meth:`Folder.build` returns: the sorted records of each kind."""

    cards: tuple[DayNightCard, ...]
    helpers: tuple[HelperCard, ...]
    mentions: tuple[MentionCard, ...]
    reads: tuple[ReadsCard, ...] = ()


@dataclass
class Folder:
    """Accumulates card objects (in any order) and builds the sorted records.

    The result does not depend on the order the objects arrive in.
    """

    cards: dict[str, _Group] = field(default_factory=dict)
    helpers: dict[str, _Group] = field(default_factory=dict)
    mentions: dict[str, _Group] = field(default_factory=dict)
    reads: dict[str, _Group] = field(default_factory=dict)
    #: printing id -> (oracle id or name, card name) of every card kept, to catch one id on two cards
    owners: dict[str, tuple[str, str]] = field(default_factory=dict)

    def add(self, card: Card) -> Kind | None:
        """Fold one card object in; return what it was kept as (or None).

        Raises :class:`CardFileError` when a kept card's names or texts hold control, bidi-override or escape
        characters (:func:`~mtg_daynight.importer.snapshot.check_card_text`), or when its printing id was already
        seen on a card with another oracle id (one id must name one card).
        """
        kind = classify(card)
        if kind is None:
            return None
        check_card_text(card)
        oracle_id = card_oracle_id(card)
        owner = (oracle_id or card.name, card.name)
        if card.id:
            previous = self.owners.setdefault(card.id, owner)
            if previous[0] != owner[0]:
                raise CardFileError(
                    f"printing id {card.id} is on two different cards: '{escape_text(previous[1])}' (oracle id "
                    f"{previous[0]}) and '{escape_text(card.name)}' (oracle id {owner[0]})"
                )
        if kind == "helper":
            key = owner[0]
            table = self.helpers
        else:
            if oracle_id is None:
                raise CardFileError(f"card '{escape_text(card.name)}' (id {card.id}) has no oracle_id")
            key = oracle_id
            table = {"daynight": self.cards, "mentions": self.mentions, "reads": self.reads}[kind]
        group = table.get(key)
        if group is None:
            table[key] = _Group(card)
        else:
            group.add(card)
        return kind

    def build(self) -> Folded:
        """Build the sorted day/night card, helper, mention and reads records."""
        cards = []
        for oracle_id, group in self.cards.items():
            _, day, night = faces_with_keywords(group.best)
            keywords = tuple(all_keywords(group.best))
            card = DayNightCard(
                oracle_id=oracle_id, daybound_face=day, nightbound_face=night, keywords=keywords, **_card_fields(group)
            )
            cards.append(card)
        helpers = [
            HelperCard(
                name=group.best.name,
                oracle_id=card_oracle_id(group.best),
                layout=group.best.layout,
                faces=tuple(_face_from(f, ()) for f in _raw_faces(group.best)),
                printings=group.sorted_printings(),
            )
            for group in self.helpers.values()
        ]
        mentions = [MentionCard(oracle_id=key, **_card_fields(group)) for key, group in self.mentions.items()]
        cards.sort(key=lambda c: (c.name, c.oracle_id))
        helpers.sort(key=lambda h: (h.name, h.oracle_id or ""))
        mentions.sort(key=lambda m: (m.name, m.oracle_id))
        reads = sorted(
            (ReadsCard(oracle_id=key, **_card_fields(group)) for key, group in self.reads.items()),
            key=lambda r: (r.name, r.oracle_id),
        )
        return Folded(tuple(cards), tuple(helpers), tuple(mentions), tuple(reads))


class _CardFields(TypedDict):
    name: str
    layout: str
    faces: tuple[SnapshotFace, ...]
    printings: tuple[Printing, ...]
    digital: bool
    playtest: bool


def _card_fields(group: _Group) -> _CardFields:
    """The fields a day/night card record and a mention record share: name, layout, faces, sorted printings, and
    digital/playtest when every printing is."""
    printings = group.sorted_printings()
    card = group.best
    faces = faces_with_keywords(card)[0]
    return {
        "name": card.name if card.layout != REVERSIBLE_LAYOUT else faces[0].name,  # a reversible card: its first face
        "layout": card.layout,
        "faces": faces,
        "printings": printings,
        "digital": all(p.digital for p in printings),
        "playtest": all(p.playtest for p in printings),
    }
