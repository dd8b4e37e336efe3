"""The reference host's event log: what happened in the game, in order, each entry with its turn, step and tag
(``event``). A :class:`Decision` holds the outcome action it carried out and takes its tag from it."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import msgspec

from mtg_daynight.reference.objects import Step, Zone
from mtg_daynight.rules import ChangeVetoed, DesignationChange, DoesNotEnter, Side, Transform, TransformRefused
from mtg_daynight.rules import FaceDownRefused as FaceDownRefusedAction
from mtg_daynight.rules.outcome import Action


def _tag(action: type[Action]) -> str:
    tag = action.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


class LogEntry(msgspec.Struct, frozen=True, tag_field="event", kw_only=True, gc=False):
    """Base of every log entry: when it happened."""

    #: The tag of the kit's ``Seen`` record this entry is observed as ("" for none), its fields among the entry's.
    observed_as: ClassVar[str] = ""

    turn: int
    step: Step


class Decision(LogEntry, frozen=True):
    """A rules decision the host carried out: ``action``, whose fields read as the entry's own (``entry.rule``)."""

    def __getattr__(self, name: str) -> Any:
        if name == "action":
            raise AttributeError(name)
        return getattr(self.action, name)


class TurnBegan(LogEntry, frozen=True, tag="turn"):
    """A turn began (``extra``: an extra turn; ``untap_step=False``: it began without an untap step)."""

    active: tuple[str, ...]
    extra: bool = False
    untap_step: bool = True


class StepBegan(LogEntry, frozen=True, tag="step"):
    """A step began (upkeep, main); the untap step is the turn's beginning."""


class _Phased(LogEntry, frozen=True):
    observed_as = "phased"
    phased_in: ClassVar[bool]

    permanent: str
    name: str

    @property
    def during_untap_step(self) -> bool:
        """Whether it phased in the untap step (502.1), not by an effect."""
        return self.step is Step.UNTAP


class PhasedOut(_Phased, frozen=True, tag="phased_out"):
    """A permanent phased out (in the untap step's 502.1, or by an effect)."""

    phased_in = False


class PhasedIn(_Phased, frozen=True, tag="phased_in"):
    """A permanent phased in."""

    phased_in = True


class SpellCast(LogEntry, frozen=True, tag="cast"):
    """A spell went on the stack: cast (``cast=True``) or a copy that was not cast."""

    spell: str
    name: str
    player: str
    cast: bool = True


class Resolved(LogEntry, frozen=True, tag="resolved"):
    """A spell or triggered ability resolved."""

    object: str
    name: str


class Entered(LogEntry, frozen=True, tag="entered"):
    """A permanent entered with ``face`` up (``transformed``: 702.145b, not a transform; ``rule``: "" for none)."""

    observed_as = "entered"

    permanent: str
    name: str
    controller: str
    face: Side
    transformed: bool = False
    face_down: bool = False
    token: bool = False
    rule: str = ""


class NotEntered(Decision, frozen=True, tag=_tag(DoesNotEnter)):
    """A permanent did not enter after all (712.13a); the card went to ``to`` (``None``: it ceased to exist)."""

    action: DoesNotEnter
    name: str
    to: Zone | None


class Left(LogEntry, frozen=True, tag="left"):
    """An object left the battlefield or stack for ``to`` (``None``: it ceased to exist), as ``new_id`` there."""

    object: str
    name: str
    to: Zone | None
    new_id: str | None = None


class Transformed(Decision, frozen=True, tag=_tag(Transform)):
    """A permanent transformed (701.27) from ``before`` to ``after``; ``cause``: daybound, nightbound or an effect."""

    action: Transform
    before: str
    after: str
    cause: str


class Refused(Decision, frozen=True, tag=_tag(TransformRefused)):
    """``cause`` tried to transform ``permanent`` (``name``); nothing happened because of ``rule``."""

    action: TransformRefused
    name: str
    cause: str


class DesignationChanged(Decision, frozen=True, tag=_tag(DesignationChange)):
    """The game went from ``before`` to ``after`` (731.1; 731.1a when neither is NEITHER)."""

    action: DesignationChange


class Vetoed(Decision, frozen=True, tag=_tag(ChangeVetoed)):
    """It would have become ``after``; an effect said it can't."""

    action: ChangeVetoed


class TriggerPut(LogEntry, frozen=True, tag="trigger"):
    """A day/night-changed trigger of ``source`` went on the stack, ``at`` the upkeep (502.4) or ``now``."""

    observed_as = "trigger"

    source: str
    name: str
    effect: str
    change: str
    at: Literal["upkeep", "now"]


class TurnedFaceDown(LogEntry, frozen=True, tag="face_down"):
    """A permanent was turned face down."""

    permanent: str


class FaceDownRefused(Decision, frozen=True, tag=_tag(FaceDownRefusedAction)):
    """An effect tried to turn ``permanent`` (``name``) face down and nothing happened (712.16, 708.2b)."""

    action: FaceDownRefusedAction
    name: str


class TurnedFaceUp(LogEntry, frozen=True, tag="face_up"):
    """A permanent was turned face up with ``face`` up."""

    permanent: str
    name: str
    face: Side


class RestrictionChanged(LogEntry, frozen=True, tag="restriction"):
    """A "can't transform" effect started (``applies=True``) or ended on a permanent."""

    permanent: str
    restriction: str
    applies: bool


class AbilitiesSet(LogEntry, frozen=True, tag="abilities"):
    """Effects now grant / remove these day/night keywords."""

    permanent: str
    gained: tuple[str, ...]
    lost: tuple[str, ...]


class VetoEnded(LogEntry, frozen=True, tag="veto_ended"):
    """A permanent's "it can't become day/night" ability stopped applying (reported with ``veto_ended``)."""

    permanent: str
    name: str


class PlayerLeft(LogEntry, frozen=True, tag="player_left"):
    """A player left the game (800.4a); the objects they owned left with them."""

    player: str


class Reported(LogEntry, frozen=True, tag="reported"):
    """The host reported the facade's event ``kind`` with ``arguments`` through its generic ``report``."""

    kind: str
    arguments: dict[str, object]


class Reloaded(LogEntry, frozen=True, tag="reloaded"):
    """The rules' state was saved and loaded back (``size`` bytes)."""

    size: int


Event = (
    TurnBegan | StepBegan | PhasedOut | PhasedIn | SpellCast | Resolved | Entered | NotEntered | Left | Transformed
    | Refused | DesignationChanged | Vetoed | TriggerPut | TurnedFaceDown | FaceDownRefused | TurnedFaceUp
    | RestrictionChanged | AbilitiesSet | VetoEnded | PlayerLeft | Reported | Reloaded
)
