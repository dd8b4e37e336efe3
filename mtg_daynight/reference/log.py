"""The reference host's event log: what happened in the game, in order, for tests and scenarios to check.

Every entry has the turn number and the step it happened in, and a tag (``event``) when encoded as JSON. The
entries that record a rules decision carried out (:class:`Decision`: :class:`Transformed`, :class:`Refused`,
:class:`DesignationChanged`, :class:`Vetoed`, :class:`NotEntered`, :class:`FaceDownRefused`) hold the outcome
action itself (``action``, whose fields read as the entry's own: ``entry.rule``) and take their tag from it (one
vocabulary: ``transform``, ``refused``, ``designation``, ``vetoed``, ``not_entered``, ``face_down_refused``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import msgspec

from mtg_daynight.reference.objects import Step, Zone
from mtg_daynight.rules import (
    ChangeVetoed,
    DesignationChange,
    DoesNotEnter,
    Side,
    Transform,
    TransformRefused,
)
from mtg_daynight.rules import (
    FaceDownRefused as FaceDownRefusedAction,
)
from mtg_daynight.rules.outcome import Action


def _tag(action: type[Action]) -> str:
    """The outcome action's tag: the log says what the rules said, in the rules' words."""
    tag = action.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


class LogEntry(msgspec.Struct, frozen=True, tag_field="event", kw_only=True, gc=False):
    """Base of every log entry: when it happened."""

    #: The tag of the conformance kit's ``Seen`` record this entry is observed as ("" for none): the record's fields
    #: are among the entry's (mtg_daynight.scenarios.adapter, "What seen() reports" in docs/conformance.md).
    observed_as: ClassVar[str] = ""

    turn: int
    step: Step


class Decision(LogEntry, frozen=True):
    """Base of the entries that record a rules decision the host carried out: ``action``, the outcome action, whose
    fields read as the entry's own (``entry.rule`` is ``entry.action.rule``) unless the entry has one of that
    name."""

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
    """A permanent entered the battlefield with ``face`` up; ``transformed``: it entered transformed (702.145b),
    which is not a transform; ``rule``: the rule behind the face ("" when day/night had no say)."""

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
    """A permanent (``name``) did not enter after all (712.13a: it would have entered transformed with an instant
    or sorcery back face); the card went to ``to`` (``None``: a token or copy ceased to exist)."""

    action: DoesNotEnter
    name: str
    to: Zone | None


class Left(LogEntry, frozen=True, tag="left"):
    """An object left the battlefield (or the stack) for ``to`` (``None``: a token or copy ceased to exist);
    ``new_id``: its id in the new zone."""

    object: str
    name: str
    to: Zone | None
    new_id: str | None = None


class Transformed(Decision, frozen=True, tag=_tag(Transform)):
    """A permanent transformed (701.27) from ``before`` to ``after`` (face names), ``to`` being up now; ``cause``:
    daybound, nightbound, or the other effect the rules allowed."""

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
    """A day/night-changed triggered ability of ``source`` went on the stack: ``at="upkeep"`` when the change
    happened during the untap step (no player gets priority there), else ``at="now"``."""

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
    """The host reported the facade's event ``kind`` (a :class:`~mtg_daynight.Game` method) with ``arguments``
    through its one generic path (:meth:`~mtg_daynight.reference.ReferenceHost.report`)."""

    kind: str
    arguments: dict[str, object]


class Reloaded(LogEntry, frozen=True, tag="reloaded"):
    """The rules' state was saved and loaded back (``size`` bytes), and the game went on from the loaded state."""

    size: int


Event = (
    TurnBegan | StepBegan | PhasedOut | PhasedIn | SpellCast | Resolved | Entered | NotEntered | Left | Transformed
    | Refused | DesignationChanged | Vetoed | TriggerPut | TurnedFaceDown | FaceDownRefused | TurnedFaceUp
    | RestrictionChanged | AbilitiesSet | VetoEnded | PlayerLeft | Reported | Reloaded
)
