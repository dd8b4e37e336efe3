"""Game objects of the reference host: zones, steps, and one mutable record per object. A transform changes only
:attr:`GameObject.face` (701.27: not a zone change, not a new object); a zone change makes a new object (400.7).
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from mtg_daynight.reference.cards import Card
from mtg_daynight.rules import Face, Keyword, Side


class Zone(StrEnum):
    """The zones the reference host models (no library or hand: cards come from outside the game)."""

    STACK = "stack"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"


class Step(StrEnum):
    """Where the game is: before the first turn, or the untap, upkeep or main step of a turn."""

    BEFORE_GAME = "before game"
    UNTAP = "untap"
    UPKEEP = "upkeep"
    MAIN = "main"


class GameObject(msgspec.Struct, gc=False):
    """One object: a spell or ability on the stack, a permanent, or a card in a graveyard or exile. ``id`` is new
    on every zone change (400.7); ``ability``: a trigger on the stack (``card`` its source's); ``restrictions``:
    "can't transform" effects; ``forbids_ended``: its "it can't become day/night" ability no longer applies."""

    id: str
    card: Card
    owner: str
    controller: str
    zone: Zone
    face: Side = Side.FRONT
    token: bool = False
    copy: bool = False
    ability: str = ""
    tapped: bool = False
    counters: dict[str, int] = msgspec.field(default_factory=dict)
    sick: bool = False
    face_down: bool = False
    phased_out: bool = False
    restrictions: list[str] = msgspec.field(default_factory=list)
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    forbids_ended: bool = False

    @property
    def up(self) -> Face:
        """The face that is up."""
        return self.card.face(self.face)

    @property
    def name(self) -> str:
        """The name of the face that is up ("face-down permanent" while face down)."""
        if self.ability:
            return f"{self.up.name}'s trigger"
        return "face-down permanent" if self.face_down else self.up.name

    @property
    def transformed(self) -> bool:
        """A double-faced permanent with its back face up (701.27: "transformed permanent")."""
        return self.card.back is not None and self.face is Side.BACK
