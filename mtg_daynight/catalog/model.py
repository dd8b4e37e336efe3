"""What the card database holds: :class:`CatalogCard` (one card, from the snapshot or a mod file) and
:class:`Clash` (a mod card that collides with a card already known).

A card's faces are :class:`~mtg_daynight.rules.Face` values, so the rules plugin can use them as they are;
702.145a puts daybound on the front face and nightbound on the back face.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

from mtg_daynight.rules.designation import Designation
from mtg_daynight.rules.permanents import CardFaces, Face

Origin = Literal["scryfall", "community"]
"""Where a card comes from: the Scryfall snapshot, or a community mod file."""

DayNightUse = Literal["makes_day_night", "triggers_on_change", "forbids_change", "reads_day_night"]
"""What a card does with the designation (731.1) besides daybound/nightbound: makes it day or night ("it becomes
night"), triggers when it changes ("whenever day becomes night or night becomes day"), forbids a change ("it can't
become night"), or reads it ("if it's night"). The strings are shared with the importer's card kinds."""

#: Every :data:`DayNightUse`, in the order a card lists them.
DAY_NIGHT_USES: tuple[DayNightUse, ...] = ("makes_day_night", "triggers_on_change", "forbids_change", "reads_day_night")

#: Each :data:`DayNightUse` in words, for people.
USE_WORDS: dict[str, str] = {
    "makes_day_night": "makes it day or night",
    "triggers_on_change": "triggers when day/night changes",
    "forbids_change": "forbids a change",
    "reads_day_night": "reads day/night",
}

CardKind = Literal["helper", "day_night", "mentions_day_night", "reads_day_night", "other"]
"""What a card is for day/night, most specific first (:attr:`CatalogCard.kind`; a deck scan's status)."""


def make_face(name: str, keywords: Iterable[str], type_line: str = "") -> Face:
    """A card face for the rules: daybound/nightbound from its keywords (any case), and whether its type line
    makes it an instant or sorcery (a face that can never be turned up, 701.27)."""
    folded = {k.casefold() for k in keywords}
    types = type_line.casefold()
    return Face(
        name,
        daybound="daybound" in folded,
        nightbound="nightbound" in folded,
        instant_or_sorcery="instant" in types or "sorcery" in types,
    )


class PrintedName(msgspec.Struct, frozen=True):
    """A non-English printed name of a card: its language code (Scryfall's ``lang``) and the name."""

    lang: str
    name: str


class CatalogCard(msgspec.Struct, frozen=True, omit_defaults=True):
    """One card of the database.

    - ``name``: the full name, ``"Front // Back"`` for a double-faced card.
    - ``front`` / ``back``: its faces with their day/night keywords (``back`` is None for a single face).
    - ``oracle_id`` and ``ids`` (Scryfall printing ids): empty for community cards unless the mod gives an id.
    - ``printed_names``: non-English printed names where the data has them.
    - ``mentions_day_night``: the card refers to day or night without having daybound or nightbound (it makes
      it day or night, or triggers on the change): a deck with it needs the Day // Night helper card too.
    - ``uses``: what it does with the designation (:data:`DayNightUse`), where the data says (Forge scripts);
      ``forbids``: the designations an "it can't become day/night" ability of it forbids (731.1).
    - ``helper``: this is the Day // Night helper card itself (a double-faced token).
    - ``digital`` / ``playtest``: Scryfall's flags (an Alchemy card; a playtest card).
    - ``origin``: ``"scryfall"`` or ``"community"``; ``source`` is the file it came from.
    """

    name: str
    front: Face
    back: Face | None = None
    oracle_id: str | None = None
    ids: tuple[str, ...] = ()
    printed_names: tuple[PrintedName, ...] = ()
    mentions_day_night: bool = False
    uses: tuple[DayNightUse, ...] = ()
    forbids: tuple[Designation, ...] = ()
    helper: bool = False
    digital: bool = False
    playtest: bool = False
    origin: Origin = "scryfall"
    source: str = ""

    @property
    def faces(self) -> tuple[Face, ...]:
        """Its faces, front first."""
        return (self.front,) if self.back is None else (self.front, self.back)

    @property
    def day_night(self) -> bool:
        """Whether a face has daybound or nightbound (702.145a)."""
        return any(f.daybound or f.nightbound for f in self.faces)

    @property
    def needs_helper(self) -> bool:
        """Whether a deck with this card needs the Day // Night helper card to track the designation."""
        return self.day_night or self.mentions_day_night

    @property
    def kind(self) -> CardKind:
        """What the card is for day/night: the helper card; a daybound/nightbound card (702.145a); a card that
        makes it day or night or triggers on the change (``mentions_day_night``: a deck with it needs the helper
        card); a card that only reads the designation or forbids a change (``reads_day_night``: it cares about
        day/night, but cannot give the game a designation); or ``other``."""
        if self.helper:
            return "helper"
        if self.day_night:
            return "day_night"
        if self.mentions_day_night:
            return "mentions_day_night"
        return "reads_day_night" if self.uses else "other"

    @property
    def community(self) -> bool:
        """Whether it comes from a community mod file (fan-made, not a real card)."""
        return self.origin == "community"

    def card_faces(self) -> CardFaces:
        """The answer to the ``daynight_card_faces`` hook."""
        return CardFaces(self.name, self.front, self.back, day_night=self.day_night)


ClashKind = Literal["name", "id", "id-name", "name-id"]
"""What collides: the same name, the same id, the mod card's id is the other's name (``id-name``), or the mod
card's name is the other's id (``name-id``)."""

_CLASH_WORDS: dict[str, str] = {
    "name": "the same name",
    "id": "the same id",
    "id-name": "its id is the other card's name",
    "name-id": "its name is the other card's id",
}
_CLASH_KINDS: dict[tuple[str, str], ClashKind] = {
    ("name", "name"): "name", ("id", "id"): "id", ("id", "name"): "id-name", ("name", "id"): "name-id"
}


def clash_kind(mine: Literal["name", "id"], theirs: Literal["name", "id"]) -> ClashKind:
    """The :data:`ClashKind` of a mod card's handle of kind ``mine`` meeting a known card's of kind ``theirs``."""
    return _CLASH_KINDS[(mine, theirs)]


class Clash(msgspec.Struct, frozen=True):
    """A mod card that collides with a card already known (a real card or an earlier mod's).

    ``kind`` is what collides (:data:`ClashKind`: names, full, face or printed; ids; or an id and a name);
    ``key`` the colliding value (normalised);
    ``won`` is True when the mod card replaced the other because it says ``override = true``, False when it
    was left out and the earlier card kept.
    """

    mod_file: str
    mod_card: str
    existing: str
    existing_origin: Origin
    kind: ClashKind
    key: str
    won: bool

    def describe(self) -> str:
        """One line for a person."""
        what = "real card" if self.existing_origin == "scryfall" else "community card"  # snapshot: Scryfall or MTGJSON
        verdict = (
            "the mod card replaces it (override = true)" if self.won
            else "the mod card is ignored (set override = true to replace it)"
        )
        return (
            f"{self.mod_file}: {self.mod_card!r} clashes with the {what} {self.existing!r} "
            f"({_CLASH_WORDS[self.kind]}: {self.key!r}): {verdict}"
        )
