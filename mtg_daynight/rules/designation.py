"""The game's day/night designation (731.1: neither at first, then exactly one of day and night for good; 731.1a:
"day becomes night" means losing one and gaining the other), the face that is up, and the two keywords.
"""

from __future__ import annotations

from enum import StrEnum


class Designation(StrEnum):
    """Neither, day or night: the designation the game itself has (731.1)."""

    NEITHER = "neither"
    DAY = "day"
    NIGHT = "night"


class Side(StrEnum):
    """Which face of a permanent is up: its front face or its back face (712, 701.27)."""

    FRONT = "front"
    BACK = "back"

    @property
    def other(self) -> Side:
        """The face a transform would turn up (701.27)."""
        return Side.BACK if self is Side.FRONT else Side.FRONT


class Keyword(StrEnum):
    """The two keyword abilities this library implements (702.145)."""

    DAYBOUND = "daybound"
    NIGHTBOUND = "nightbound"

