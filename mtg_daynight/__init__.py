"""mtg-daynight: Magic's day/night designation and the daybound/nightbound keywords for any game engine."""

from __future__ import annotations

__version__ = "0.1.0"
