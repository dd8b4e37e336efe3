"""Cards as the reference host knows them: the printed faces, the kind, and the few abilities the host models."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from mtg_daynight.rules import Designation, Face, Side


class CardKind(StrEnum):
    """What a card becomes when it resolves: a permanent, or nothing (instant, sorcery)."""

    PERMANENT = "permanent"
    INSTANT = "instant"
    SORCERY = "sorcery"


class Card(msgspec.Struct, frozen=True, omit_defaults=True):
    """One card (or token definition).

    - ``front`` / ``back``: its faces; ``back`` is None for a single-faced card.
    - ``kind``: permanent (default), instant or sorcery.
    - ``phasing``: it has phasing (702.26): it phases out in its controller's untap step (502.1).
    - ``day_night_trigger``: the effect of a "whenever day becomes night or night becomes day" ability, or "".
    - ``forbids``: designations its static ability says the game can't become ("it can't become night").
    - ``meld``: a meld card, not a transforming double-faced card: it never transforms (712.9) and can't be turned
      face down (712.16).
    """

    front: Face
    back: Face | None = None
    kind: CardKind = CardKind.PERMANENT
    phasing: bool = False
    day_night_trigger: str = ""
    forbids: frozenset[Designation] = frozenset()
    meld: bool = False

    @property
    def name(self) -> str:
        """"Front // Back" for a double-faced card, else the front face's name."""
        return self.front.name if self.back is None else f"{self.front.name} // {self.back.name}"

    @property
    def is_permanent(self) -> bool:
        """Whether it becomes a permanent when it resolves."""
        return self.kind is CardKind.PERMANENT

    def face(self, side: Side) -> Face:
        """The face on ``side`` (the front face for a single-faced card)."""
        return self.back if side is Side.BACK and self.back is not None else self.front

    def single_faced(self, side: Side) -> Card:
        """A single-faced card with the face on ``side``: what a non-transforming copy of it copies."""
        return msgspec.structs.replace(self, front=self.face(side), back=None)
