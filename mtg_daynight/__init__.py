"""mtg-daynight: Magic's day/night designation and the daybound/nightbound keywords for any game engine.

The names a host needs::

    from mtg_daynight import DayNight, Face, Permanent, Side, Designation

``DayNight`` wraps a pluggy plugin manager that has the rules plugin; ``DayNight().new_game(...)`` gives a
:class:`Game` whose methods are the events a host reports. See docs/host-integration.md.
"""

from __future__ import annotations

__version__ = "0.1.0"

from mtg_daynight.errors import BadEventError, DayNightError, InputFileError, UnknownGameError
from mtg_daynight.facade import DayNight, Game, RulesPluginMissingError
from mtg_daynight.manager import ENTRY_POINT_GROUP, install, plugin_manager
from mtg_daynight.plugin import DayNightRules, hookimpl
from mtg_daynight.rules import (
    CardFaces,
    CardPermanent,
    ChangeVetoed,
    Designation,
    DesignationChange,
    EnterFace,
    Face,
    GameState,
    Keyword,
    Outcome,
    Permanent,
    Side,
    Tally,
    TraceLine,
    Transform,
    TransformRefused,
    TurnRecord,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "BadEventError",
    "CardFaces",
    "CardPermanent",
    "ChangeVetoed",
    "DayNight",
    "DayNightError",
    "DayNightRules",
    "Designation",
    "DesignationChange",
    "EnterFace",
    "Face",
    "Game",
    "GameState",
    "InputFileError",
    "Keyword",
    "Outcome",
    "Permanent",
    "RulesPluginMissingError",
    "Side",
    "Tally",
    "TraceLine",
    "Transform",
    "TransformRefused",
    "TurnRecord",
    "UnknownGameError",
    "__version__",
    "hookimpl",
    "install",
    "plugin_manager",
]
