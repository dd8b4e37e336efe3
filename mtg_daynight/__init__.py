"""mtg-daynight: Magic's day/night designation and the daybound/nightbound keywords for any game engine.

``DayNight().new_game(...)`` gives a :class:`Game` whose methods are the events a host reports. docs/host-integration.md
says how to use them and where every other name lives (hookspecs, rules, errors, manager).

Each public name below loads its module on first use (PEP 562, see :mod:`mtg_daynight.lazy`), so that
``import mtg_daynight.importer.bulk`` or ``mtg-daynight --help`` does not load the rules, the facade or pluggy.
"""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING

from mtg_daynight.lazy import lazy_exports

#: The public names, each with the module that defines it: the one list (``__all__`` derives from it; the imports
#: for type checkers below must name the same, which tests/rules/test_public_api.py checks).
_EXPORTS = {
    "DayNight": ".facade",
    "Game": ".facade",
    "Designation": ".rules",
    "Side": ".rules",
    "Keyword": ".rules",
    "Face": ".rules",
    "Permanent": ".rules",
    "CardPermanent": ".rules",
    "PermanentView": ".rules",
    "Outcome": ".rules",
    "EnterFace": ".rules",
    "DoesNotEnter": ".rules",
    "Transform": ".rules",
    "DesignationChange": ".rules",
    "DayNightError": ".errors",
    "BadEventError": ".errors",
    "UnknownGameError": ".errors",
    "UnknownPermanentError": ".errors",
}

if TYPE_CHECKING:
    from .errors import BadEventError as BadEventError
    from .errors import DayNightError as DayNightError
    from .errors import UnknownGameError as UnknownGameError
    from .errors import UnknownPermanentError as UnknownPermanentError
    from .facade import DayNight as DayNight
    from .facade import Game as Game
    from .rules import CardPermanent as CardPermanent
    from .rules import Designation as Designation
    from .rules import DesignationChange as DesignationChange
    from .rules import DoesNotEnter as DoesNotEnter
    from .rules import EnterFace as EnterFace
    from .rules import Face as Face
    from .rules import Keyword as Keyword
    from .rules import Outcome as Outcome
    from .rules import Permanent as Permanent
    from .rules import PermanentView as PermanentView
    from .rules import Side as Side
    from .rules import Transform as Transform

__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["__version__", *_EXPORTS]
