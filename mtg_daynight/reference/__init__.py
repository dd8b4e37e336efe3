"""The reference host: a small in-memory engine that is the executable specification of the hook contract.

It is not a game (no mana, no combat, no library or hand): it models exactly what the day/night rules touch, and
carries out every :class:`~mtg_daynight.Outcome` the way the contract says. Engine authors: read
:mod:`mtg_daynight.reference.host` as the model adapter.

Public API (stable)::

    from mtg_daynight.reference import ReferenceHost, Card, CardKind, Zone, Step, log
    from mtg_daynight import Face, Side, Designation

    ruffian = Card(Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
    host = ReferenceHost(["A", "B"])            # or ReferenceHost(teams=[["A", "B"], ["C", "D"]]) (805)
    host.begin_turn()                           # turn 1 (A): untap (502.1 phasing, 502.2 check, 502.3), upkeep, main
    spell = host.cast("A", ruffian)             # on the stack, front face up; counts for 731.2
    host.resolve()                              # enters: it becomes day (702.145d); returns the id
    host.begin_turn()                           # turn 2 (B) casts nothing...
    host.begin_turn()                           # turn 3: night (731.2a); Ruffian transforms (702.145b)
    host.permanent(spell).face                  # Side.BACK: same object, counters/tapped/sickness kept
    host.events(log.Transformed)[0].rule        # '702.145b': the Transform outcome action's (entry.action)

Every other event it models is a method of :class:`ReferenceHost`. Errors: :class:`IllegalActionError` (nothing
changes), :class:`HostContractError` (a rules bug); the rules' :class:`~mtg_daynight.BadEventError` propagates.
"""

from __future__ import annotations

from mtg_daynight.reference import log
from mtg_daynight.reference.cards import Card, CardKind
from mtg_daynight.reference.errors import HostContractError, IllegalActionError
from mtg_daynight.reference.host import ReferenceHost
from mtg_daynight.reference.objects import GameObject, Step, Zone

__all__ = ["Card", "CardKind", "GameObject", "HostContractError", "IllegalActionError", "ReferenceHost", "Step", "Zone",
           "log"]
