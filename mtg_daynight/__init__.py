"""mtg-daynight: Magic's day/night designation and the daybound/nightbound keywords for any game engine.

The names a host needs::

    from mtg_daynight import DayNight, Face, Permanent, Side, Designation

``DayNight`` wraps a pluggy plugin manager that has the rules plugin; ``DayNight().new_game(...)`` gives a
:class:`Game` whose methods are the events a host reports. See docs/host-integration.md.

The names below are the rules and the facade; each loads its module on first use (see :mod:`mtg_daynight.lazy`),
so that ``import mtg_daynight.importer.importer`` or ``mtg-daynight --help`` does not load the rules, the facade or
pluggy.
"""

from __future__ import annotations

__version__ = "0.1.0"

from mtg_daynight.lazy import TYPE_CHECKING, lazy_exports

if TYPE_CHECKING:
    from mtg_daynight.errors import (
        BadEventError,
        BadSaveError,
        DayNightError,
        InputFileError,
        UnknownGameError,
        UnknownPermanentError,
    )
    from mtg_daynight.facade import DayNight, Game, RulesPluginMissingError
    from mtg_daynight.manager import ENTRY_POINT_GROUP, install, plugin_manager
    from mtg_daynight.plugin import DayNightRules, hookimpl
    from mtg_daynight.rules import (
        CardFaces,
        CardPermanent,
        ChangeVetoed,
        Designation,
        DesignationChange,
        DoesNotEnter,
        EnterFace,
        Face,
        FaceDownRefused,
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

#: Where each public name lives.
_EXPORTS = {
    "BadEventError": ".errors", "DayNightError": ".errors", "InputFileError": ".errors", "UnknownGameError": ".errors",
    "BadSaveError": ".errors", "UnknownPermanentError": ".errors",
    "DayNight": ".facade", "Game": ".facade", "RulesPluginMissingError": ".facade",
    "ENTRY_POINT_GROUP": ".manager", "install": ".manager", "plugin_manager": ".manager",
    "DayNightRules": ".plugin", "hookimpl": ".plugin",
    "CardFaces": ".rules", "CardPermanent": ".rules", "ChangeVetoed": ".rules", "Designation": ".rules",
    "DesignationChange": ".rules", "EnterFace": ".rules", "Face": ".rules", "GameState": ".rules",
    "DoesNotEnter": ".rules", "FaceDownRefused": ".rules",
    "Keyword": ".rules", "Outcome": ".rules", "Permanent": ".rules", "Side": ".rules", "Tally": ".rules",
    "TraceLine": ".rules", "Transform": ".rules", "TransformRefused": ".rules", "TurnRecord": ".rules",
}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "ENTRY_POINT_GROUP",
    "BadEventError",
    "BadSaveError",
    "CardFaces",
    "CardPermanent",
    "ChangeVetoed",
    "DayNight",
    "DayNightError",
    "DayNightRules",
    "Designation",
    "DesignationChange",
    "DoesNotEnter",
    "EnterFace",
    "Face",
    "FaceDownRefused",
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
    "UnknownPermanentError",
    "__version__",
    "hookimpl",
    "install",
    "plugin_manager",
]
