"""The day/night rules core: pure, deterministic code over plain data (no I/O, no pluggy, no globals).

Modules (docs/architecture.md has the table): :mod:`.designation` (731.1), :mod:`.permanents`, :mod:`.ledger` (the
731.2 tally), :mod:`.state` and :mod:`.saves`, :mod:`.outcome`, :mod:`.validate`, and :mod:`.game` (one transition
function per event).
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
