"""Events as data: one msgspec Struct per kind of event a host reports, and :func:`apply` to run one.

The hooks take plain arguments (they are the fast path); these structs serve replays, property tests,
save files and any host that would rather queue events than call functions.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from mtg_daynight.rules import game
from mtg_daynight.rules.designation import Designation, Keyword
from mtg_daynight.rules.outcome import Outcome
from mtg_daynight.rules.permanents import Permanent
from mtg_daynight.rules.state import RULES_AS_WRITTEN, GameState, Policy


class UntapStep(msgspec.Struct, frozen=True, tag="untap_step"):
    """A turn begins: 502.1 phasing, then the 502.2 day/night check."""

    turn: int
    active: tuple[str, ...]
    phased_in: tuple[str, ...] = ()
    phased_out: tuple[str, ...] = ()


class UntapStepSkipped(msgspec.Struct, frozen=True, tag="untap_step_skipped"):
    """A turn begins without an untap step (Stasis): no 502.1 phasing, no 502.2 check."""

    turn: int
    active: tuple[str, ...]


class SpellCast(msgspec.Struct, frozen=True, tag="spell_cast"):
    """A player cast a spell (``cast=False``: a copy put on the stack without being cast)."""

    player: str
    cast: bool = True
    spell: str = ""


class Enter(msgspec.Struct, frozen=True, tag="enter"):
    """Permanents enter the battlefield simultaneously."""

    permanents: tuple[Permanent, ...]


class Leave(msgspec.Struct, frozen=True, tag="leave"):
    """Permanents leave the battlefield."""

    permanents: tuple[str, ...]


class Phase(msgspec.Struct, frozen=True, tag="phase"):
    """Permanents phase in (``phased_in=True``) or out outside the untap step."""

    permanents: tuple[str, ...]
    phased_in: bool


class TurnFaceDown(msgspec.Struct, frozen=True, tag="turn_face_down"):
    """A permanent is turned face down."""

    permanent: str


class TurnFaceUp(msgspec.Struct, frozen=True, tag="turn_face_up"):
    """A face-down permanent is turned face up."""

    permanent: str


class SetAbilities(msgspec.Struct, frozen=True, tag="set_abilities"):
    """Effects now grant and remove these day/night keywords."""

    permanent: str
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()


class AddRestriction(msgspec.Struct, frozen=True, tag="add_restriction"):
    """A host "can't transform" effect starts applying."""

    permanent: str
    restriction: str


class RemoveRestriction(msgspec.Struct, frozen=True, tag="remove_restriction"):
    """A host "can't transform" effect ends."""

    permanent: str
    restriction: str


class RequestTransform(msgspec.Struct, frozen=True, tag="request_transform"):
    """Another effect asks to transform a permanent."""

    permanent: str
    cause: str


class Become(msgspec.Struct, frozen=True, tag="become"):
    """An effect says it becomes day or night, or switches."""

    to: Literal["day", "night", "switch"]
    cause: str


class VetoEnded(msgspec.Struct, frozen=True, tag="veto_ended"):
    """An "it can't become day/night" effect ended: 702.145d/g look again."""

    cause: str


class PlayerLeft(msgspec.Struct, frozen=True, tag="player_left"):
    """A player left the game (800.4a)."""

    player: str


Event = (
    UntapStep | UntapStepSkipped | SpellCast | Enter | Leave | Phase | TurnFaceDown | TurnFaceUp | SetAbilities
    | AddRestriction | RemoveRestriction | RequestTransform | Become | VetoEnded | PlayerLeft
)


def apply(state: GameState, event: Event, policy: Policy = RULES_AS_WRITTEN) -> Outcome:
    """Run one event against ``state`` (see :mod:`mtg_daynight.rules.game` for each kind)."""
    match event:
        case UntapStep():
            return game.untap_step(state, event.turn, event.active, phased_in=event.phased_in,
                                   phased_out=event.phased_out, policy=policy)
        case UntapStepSkipped():
            return game.untap_step_skipped(state, event.turn, event.active)
        case SpellCast():
            return game.spell_cast(state, event.player, cast=event.cast, spell=event.spell)
        case Enter():
            return game.enter(state, event.permanents, policy=policy)
        case Leave():
            return game.leave(state, event.permanents, policy=policy)
        case Phase():
            return game.phase(state, event.permanents, phased_in=event.phased_in, policy=policy)
        case TurnFaceDown():
            return game.turn_face_down(state, event.permanent, policy=policy)
        case TurnFaceUp():
            return game.turn_face_up(state, event.permanent, policy=policy)
        case SetAbilities():
            return game.set_abilities(state, event.permanent, gained=event.gained, lost=event.lost,
                                      policy=policy)
        case AddRestriction():
            return game.add_restriction(state, event.permanent, event.restriction)
        case RemoveRestriction():
            return game.remove_restriction(state, event.permanent, event.restriction, policy=policy)
        case RequestTransform():
            return game.request_transform(state, event.permanent, event.cause, policy=policy)
        case Become():
            to: Designation | Literal["switch"] = "switch" if event.to == "switch" else Designation(event.to)
            return game.become(state, to, event.cause, policy=policy)
        case VetoEnded():
            return game.veto_ended(state, event.cause, policy=policy)
        case PlayerLeft():
            return game.player_left(state, event.player)
