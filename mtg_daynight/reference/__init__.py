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
    host.events(log.Transformed)                # [Transformed(turn=3, step='untap', rule='702.145b', ...)]

ReferenceHost(players=("A", "B"), *, teams=None, daynight=None, game_id="reference", variants=())
    Reading: ``designation``, ``turn``, ``step`` (:class:`Step`), ``active``, ``players``, ``groups``,
    ``trace`` (the rules' TraceLines), ``log`` / ``events(*kinds)`` (:mod:`.log` entries), ``objects``,
    ``stack`` (ids, top last), ``obj(id)``, ``permanent(id)``, ``battlefield()``, ``check()`` (host vs rules
    disagreements: empty list when consistent), ``next_active()``, ``game`` (the facade Game), ``daynight``.
    Turns: ``begin_turn(active=None, *, extra=False, untap_step=True) -> int`` (``untap_step=False``: a turn
    without an untap step, Stasis), ``additional_beginning_phase() -> int`` (an additional beginning phase in
    this turn, 500.8: its untap step's 502.2 check looks at the previous turn again), ``take_extra_turn(player)``,
    ``player_leaves(player)`` (800.4a).
    Spells: ``cast(player, card) -> id``, ``copy_spell(player, spell) -> id`` (not cast), ``resolve() -> id``,
    ``resolve_all() -> [id]``.
    Battlefield: ``put_onto_battlefield(card, controller, *, transformed=False, face_down=False, token=False)``,
    ``put_many([(card, controller), ...], ...)`` (simultaneous), ``create_token_copy(of, controller=None, *,
    double_faced=True)``, ``move(id, "graveyard" | "exile", *, id=None) -> new id | None``, ``return_to_battlefield(id,
    controller=None, *, transformed=False) -> new id``, ``phase_out(*ids)``, ``phase_in(*ids)``,
    ``turn_face_down(id) -> bool`` (False: 712.16 / 708.2b, nothing happened), ``turn_face_up(id)`` (front face
    up, 712.15a), ``set_abilities(id, *, gained=(), lost=())``, ``set_abilities_batch([AbilityChange, ...])``
    (several at the same moment), ``set_back_face(id, face, cause)`` (Werewhat), ``stop_forbidding(id)`` (its
    "it can't become day/night" ability stops applying: ``veto_ended``), ``save_and_reload() -> bytes``,
    ``add_restriction(id, name)``, ``remove_restriction(id, name)``, ``request_transform(id, cause) -> bool``,
    ``become("day" | "night" | "switch", cause)``, ``tap(id)``, ``untap(id)``, ``add_counters(id, kind, n)``,
    ``end()``. Every method that makes an object also takes ``id=`` to choose its id (default ``oN``).

Errors: :class:`IllegalActionError` for impossible actions (nothing changes); :class:`HostContractError` when an
outcome cannot be carried out (a rules bug); the rules' own :class:`~mtg_daynight.BadEventError` propagates
unchanged (the host validates first, so its state is untouched then too).
"""

from __future__ import annotations

from mtg_daynight.reference import log
from mtg_daynight.reference.cards import Card, CardKind
from mtg_daynight.reference.errors import HostContractError, IllegalActionError
from mtg_daynight.reference.host import ReferenceHost
from mtg_daynight.reference.objects import GameObject, Step, Zone

__all__ = [
    "Card",
    "CardKind",
    "GameObject",
    "HostContractError",
    "IllegalActionError",
    "ReferenceHost",
    "Step",
    "Zone",
    "log",
]
