"""The day/night rules core: pure, deterministic code over plain data (no I/O, no pluggy, no globals).

- :mod:`.designation`: Designation (neither/day/night, 731.1), Side, Keyword.
- :mod:`.permanents`: Face, Permanent (what a host reports), AbilityChange (one permanent's granted/lost
  keywords), Tracked (what the rules remember), PermanentView
  (a frozen copy of a Tracked, for hosts).
- :mod:`.ledger`: the spell ledger and the 731.2 tally.
- :mod:`.state`: GameState, the Policy protocol; :mod:`.saves`: save/load.
- :mod:`.outcome`: the actions a host must carry out, and the trace.
- :mod:`.game`: the transition functions, one per event.
"""

from __future__ import annotations

from .designation import Designation, Keyword, Side
from .ledger import Tally, TurnRecord, rules_tally
from .outcome import (
    NOTHING,
    Action,
    ChangeVetoed,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    FaceDownRefused,
    Outcome,
    TraceLine,
    Transform,
    TransformRefused,
)
from .permanents import AbilityChange, CardFaces, CardPermanent, Face, Permanent, PermanentView, Tracked
from .state import RULES_AS_WRITTEN, GameState, Policy, RulesAsWritten

__all__ = [
    "NOTHING",
    "RULES_AS_WRITTEN",
    "AbilityChange",
    "Action",
    "CardFaces",
    "CardPermanent",
    "ChangeVetoed",
    "Designation",
    "DesignationChange",
    "DoesNotEnter",
    "EnterFace",
    "Face",
    "FaceDownRefused",
    "GameState",
    "Keyword",
    "Outcome",
    "Permanent",
    "PermanentView",
    "Policy",
    "RulesAsWritten",
    "Side",
    "Tally",
    "TraceLine",
    "Tracked",
    "Transform",
    "TransformRefused",
    "TurnRecord",
    "rules_tally",
]
