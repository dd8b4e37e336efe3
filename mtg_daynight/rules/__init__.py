"""The day/night rules core: pure, deterministic code over plain data (no I/O, no pluggy, no globals).

- :mod:`.designation`: Designation (neither/day/night, 731.1), Side, Keyword.
- :mod:`.permanents`: Face, Permanent (what a host reports), AbilityChange (one permanent's granted/lost
  keywords), Tracked (what the rules remember), PermanentView
  (a frozen copy of a Tracked, for hosts).
- :mod:`.ledger`: the spell ledger and the 731.2 tally.
- :mod:`.state`: GameState, the Policy protocol, save/load.
- :mod:`.outcome`: the actions a host must carry out, and the trace.
- :mod:`.game`: the transition functions, one per event.
- :mod:`.events`: events as data, and ``apply``.

Each public name below loads its module on first use (PEP 562, see :mod:`mtg_daynight.lazy`): a deck scan, which
holds cards (``Face``, ``CardFaces``, ``Designation``) but plays nothing, does not load the game's state, ledger
and outcomes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtg_daynight.lazy import lazy_exports

#: The public names, each with the module that defines it: the one list (``__all__`` derives from it; the imports
#: for type checkers below must name the same, which tests/rules/test_public_api.py checks).
_EXPORTS = {
    "Designation": ".designation",
    "Keyword": ".designation",
    "Side": ".designation",
    "Tally": ".ledger",
    "TurnRecord": ".ledger",
    "rules_tally": ".ledger",
    "NOTHING": ".outcome",
    "Action": ".outcome",
    "ChangeVetoed": ".outcome",
    "DesignationChange": ".outcome",
    "DoesNotEnter": ".outcome",
    "EnterFace": ".outcome",
    "FaceDownRefused": ".outcome",
    "Outcome": ".outcome",
    "TraceLine": ".outcome",
    "Transform": ".outcome",
    "TransformRefused": ".outcome",
    "AbilityChange": ".permanents",
    "CardFaces": ".permanents",
    "CardPermanent": ".permanents",
    "Face": ".permanents",
    "Permanent": ".permanents",
    "PermanentView": ".permanents",
    "Tracked": ".permanents",
    "RULES_AS_WRITTEN": ".state",
    "GameState": ".state",
    "Policy": ".state",
    "RulesAsWritten": ".state",
}

if TYPE_CHECKING:
    from .designation import Designation as Designation
    from .designation import Keyword as Keyword
    from .designation import Side as Side
    from .ledger import Tally as Tally
    from .ledger import TurnRecord as TurnRecord
    from .ledger import rules_tally as rules_tally
    from .outcome import NOTHING as NOTHING
    from .outcome import Action as Action
    from .outcome import ChangeVetoed as ChangeVetoed
    from .outcome import DesignationChange as DesignationChange
    from .outcome import DoesNotEnter as DoesNotEnter
    from .outcome import EnterFace as EnterFace
    from .outcome import FaceDownRefused as FaceDownRefused
    from .outcome import Outcome as Outcome
    from .outcome import TraceLine as TraceLine
    from .outcome import Transform as Transform
    from .outcome import TransformRefused as TransformRefused
    from .permanents import AbilityChange as AbilityChange
    from .permanents import CardFaces as CardFaces
    from .permanents import CardPermanent as CardPermanent
    from .permanents import Face as Face
    from .permanents import Permanent as Permanent
    from .permanents import PermanentView as PermanentView
    from .permanents import Tracked as Tracked
    from .state import RULES_AS_WRITTEN as RULES_AS_WRITTEN
    from .state import GameState as GameState
    from .state import Policy as Policy
    from .state import RulesAsWritten as RulesAsWritten

__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = list(_EXPORTS)
