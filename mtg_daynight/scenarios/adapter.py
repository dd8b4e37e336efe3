"""The adapter Protocol: scenario actions in terms of an engine, and what the scenario runner observes (how to
write one: docs/conformance.md). A method marked "Optional." may be left out: its scenarios are skipped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

import msgspec

from mtg_daynight.reference import Card
from mtg_daynight.rules import (
    ChangeVetoed,
    Designation,
    DesignationChange,
    DoesNotEnter,
    Face,
    FaceDownRefused,
    Keyword,
    Side,
    TraceLine,
    Transform,
    TransformRefused,
)

#: What the package exports (mtg_daynight.scenarios re-exports it).
__all__ = ["Adapter", "Entering", "PermanentView", "Seen", "SeenEntered", "SeenPhased", "SeenTrigger", "Unsupported"]


class Unsupported(NotImplementedError):
    """The engine cannot do this action: the scenario is skipped."""


class Entering(msgspec.Struct, frozen=True):
    """One card entering in a ``put_onto_battlefield`` batch."""

    name: str
    card: Card
    controller: str
    transformed: bool = False
    face_down: bool = False
    token: bool = False


class PermanentView(msgspec.Struct, frozen=True):
    """What the engine shows of one permanent on the battlefield. ``None`` for what the engine cannot report
    (a check on it then fails with "not reported")."""

    face: Side
    name: str
    tapped: bool | None = None
    counters: dict[str, int] | None = None
    phased_out: bool | None = None
    face_down: bool | None = None


class SeenEntered(msgspec.Struct, frozen=True, tag="entered"):
    """A permanent entered with ``face`` up (every permanent that enters, whether the rules chose its face or not).

    ``transformed`` means *replaced*: daybound's replacement (702.145b, ``EnterFace.replaced``) made it enter
    transformed, back face up; it is not a transform. False when it entered with the face it was going to have
    anyway (a card put onto the battlefield transformed by an effect enters back face up with ``transformed``
    False). ``face_down``: it entered face down."""

    permanent: str
    face: Side
    transformed: bool
    face_down: bool = False


class SeenTrigger(msgspec.Struct, frozen=True, tag="trigger"):
    """A day/night-changed trigger of ``source`` went on the stack, ``at`` the upkeep or at once."""

    source: str
    at: Literal["upkeep", "now"]


class SeenPhased(msgspec.Struct, frozen=True, tag="phased"):
    """``permanent`` phased in (``phased_in=True``) or out, in 502.1 (``during_untap_step=True``) or by an
    effect."""

    permanent: str
    phased_in: bool
    during_untap_step: bool


#: What an engine reports it did, in order: the rules' outcome actions (objects renamed to the scenario's names)
#: and the ``Seen*`` records of its own doings (docs/conformance.md, "What seen() reports").
Seen = (
    SeenEntered | Transform | TransformRefused | DesignationChange | ChangeVetoed | SeenTrigger | DoesNotEnter
    | FaceDownRefused | SeenPhased
)

def optional(adapter: Adapter, method: str) -> Callable[..., None]:
    """The adapter's method ``method`` (one marked "Optional."); left out: :class:`Unsupported`."""
    found: Callable[..., None] | None = getattr(adapter, method, None)
    if found is None:
        raise Unsupported(f"the adapter has no {method}()")
    return found


class Adapter(Protocol):
    """An engine, as the scenario runner drives it: one adapter object plays one scenario (one game)."""

    def start(self, players: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None) -> None:
        """Start the game: players in turn order; ``teams`` for shared team turns (805), else None."""

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Play turn ``turn`` of ``active`` (a player, or a whole team) up to its main step."""

    def begin_turn_without_untap_step(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Optional. Play turn ``turn`` of ``active`` up to its main step, skipping its untap step (Stasis): report
        ``untap_step_skipped`` instead of ``untap_step``; no phasing, nothing untaps."""

    def additional_beginning_phase(self) -> None:
        """Optional. An additional beginning phase in the current turn (500.8): play its untap step (502.1 phasing,
        report ``additional_untap_step``, 502.3 untapping) and its upkeep, and stop in the main step again."""

    def cast(self, player: str, card: Card, name: str) -> None:
        """``player`` casts ``card`` (it goes on the stack; it counts for 731.2); call it ``name``."""

    def copy_spell(self, player: str, spell: str, name: str) -> None:
        """``player`` copies spell ``spell`` (on the stack) without casting it; call the copy ``name``."""

    def resolve(self) -> None:
        """Resolve the top of the stack (a permanent spell enters the battlefield)."""

    def stack_size(self) -> int:
        """How many objects are on the stack."""

    def put_onto_battlefield(self, cards: Sequence[Entering]) -> None:
        """Put these cards onto the battlefield at the same time, without casting them."""

    def token_copy(self, of: str, controller: str | None, name: str, double_faced: bool) -> None:
        """Create a token copy of permanent ``of`` (``double_faced=False``: a single-faced copy of the face up)."""

    def leave(self, permanent: str, to: Literal["graveyard", "exile"]) -> None:
        """The permanent leaves the battlefield for ``to``; the card keeps its name there."""

    def return_to_battlefield(self, card: str, controller: str | None, transformed: bool, name: str) -> None:
        """Card ``card`` (graveyard or exile) returns to the battlefield as a new object called ``name``."""

    def phase_out(self, permanents: Sequence[str]) -> None:
        """These permanents phase out (an effect)."""

    def phase_in(self, permanents: Sequence[str]) -> None:
        """These permanents phase in (an effect)."""

    def turn_face_down(self, permanent: str) -> None:
        """Turn the permanent face down."""

    def turn_face_up(self, permanent: str, face: Side) -> None:
        """Turn the face-down permanent face up with ``face`` up."""

    def set_abilities(self, permanent: str, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        """Effects now grant / remove these day/night keywords (the full sets)."""

    def set_abilities_batch(self, changes: Sequence[tuple[str, frozenset[Keyword], frozenset[Keyword]]]) -> None:
        """Optional. Effects change these permanents' day/night keywords at the same moment (permanent, gained,
        lost: the full sets of each): report them in one ``set_abilities_batch`` event and carry out its
        outcome."""

    def set_back_face(self, permanent: str, back: Face, cause: str) -> None:
        """Optional. An effect (``cause``) gives the permanent the back face ``back`` (Werewhat): report
        ``set_back_face`` and carry out its outcome."""

    def add_restriction(self, permanent: str, restriction: str) -> None:
        """A "can't transform" effect starts applying to the permanent."""

    def remove_restriction(self, permanent: str, restriction: str) -> None:
        """That effect ends."""

    def request_transform(self, permanent: str, cause: str) -> None:
        """Another effect (``cause``) asks to transform the permanent."""

    def become(self, to: Literal["day", "night", "switch"], cause: str) -> None:
        """An effect says it becomes day, night, or switches."""

    def stop_forbidding(self, permanent: str) -> None:
        """Optional. The permanent's "it can't become day/night" ability (``Card.forbids``) stops applying: report
        ``veto_ended`` once your veto hook no longer gives its reason, and carry out the outcome."""

    def player_leaves(self, player: str) -> None:
        """Optional. ``player`` leaves the game (800.4a): the objects they own leave (report ``leave`` for the
        permanents, one batch), then report ``player_left``; their turns leave the turn order."""

    def save_and_load(self) -> None:
        """Optional. Save the game (``Game.save()``) and load it back (``DayNight.load_game``); go on from it."""

    def report(self, event: str, **arguments: object) -> None:
        """Optional. Report the facade's event ``event`` (a method of :class:`~mtg_daynight.Game`, e.g.
        ``"veto_ended"``) with these keyword ``arguments`` (objects named by the scenario's names: map them to
        your ids) and carry out its outcome. The one path of every scenario verb that only reports an event
        (docs/scenarios.md, "Adding a verb")."""

    def tap(self, permanent: str) -> None:
        """Tap the permanent."""

    def add_counters(self, permanent: str, kind: str, amount: int) -> None:
        """Put counters on the permanent."""

    def take_extra_turn(self, player: str) -> None:
        """``player`` will take an extra turn after this one (the runner then calls begin_turn for it)."""

    def designation(self) -> Designation:
        """Neither, day or night, as the engine shows it."""

    def view(self, permanent: str) -> PermanentView | None:
        """The permanent called ``permanent``, or None if it is not on the battlefield."""

    def seen(self) -> Sequence[Seen]:
        """Everything that happened so far, in order (the runner slices it by turn and action)."""

    def trace(self) -> Sequence[TraceLine]:
        """The rules' trace so far (``game.trace`` of the facade)."""

    def finish(self) -> None:
        """The scenario is over (end the game, release resources)."""
