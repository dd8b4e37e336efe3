"""The reference host's event log: what happened in the game, in order, for tests and scenarios to check.

Every entry has the turn number and the step it happened in, and a tag (``event``) when encoded as JSON. The
entries that record a rules decision carried out (:class:`Decision`: :class:`Transformed`, :class:`Refused`,
:class:`DesignationChanged`, :class:`Vetoed`, :class:`NotEntered`, :class:`FaceDownRefused`) take their tag from
the outcome action they carry out (one vocabulary: ``transform``, ``refused``, ``designation``, ``vetoed``,
``not_entered``, ``face_down_refused``), and give that action back with :meth:`~Decision.action`.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from mtg_daynight.reference.objects import Step, Zone
from mtg_daynight.rules import (
    ChangeVetoed,
    Designation,
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


#: The outcome actions a :class:`Decision` entry carries out.
Carried = DesignationChange | Transform | TransformRefused | ChangeVetoed | DoesNotEnter | FaceDownRefusedAction


class LogEntry(msgspec.Struct, frozen=True, tag_field="event", kw_only=True, gc=False):
    """Base of every log entry: when it happened."""

    turn: int
    step: Step


class Decision(LogEntry, frozen=True):
    """Base of the entries that record a rules decision the host carried out."""

    #: The kind of outcome action the entry carries out (its fields are among the entry's, under the same names).
    carries: ClassVar[type[Carried]]

    def action(self) -> Carried:
        """The outcome action this entry carried out."""
        return self.carries(**{name: getattr(self, name) for name in self.carries.__struct_fields__})


class TurnBegan(LogEntry, frozen=True, tag="turn"):
    """A turn began (``extra``: an extra turn; ``untap_step=False``: it began without an untap step)."""

    active: tuple[str, ...]
    extra: bool = False
    untap_step: bool = True


class StepBegan(LogEntry, frozen=True, tag="step"):
    """A step began (upkeep, main); the untap step is the turn's beginning."""


class PhasedOut(LogEntry, frozen=True, tag="phased_out"):
    """A permanent phased out (in the untap step's 502.1, or by an effect)."""

    permanent: str
    name: str


class PhasedIn(LogEntry, frozen=True, tag="phased_in"):
    """A permanent phased in."""

    permanent: str
    name: str


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

    permanent: str
    name: str
    controller: str
    face: Side
    transformed: bool = False
    face_down: bool = False
    token: bool = False
    rule: str = ""


class NotEntered(Decision, frozen=True, tag=_tag(DoesNotEnter)):
    """A permanent did not enter after all (712.13a: it would have entered transformed with an instant or sorcery
    back face); the card went to ``to`` (``None``: a token or copy ceased to exist)."""

    permanent: str
    name: str
    rule: str
    to: Zone | None
    reason: str = ""

    carries = DoesNotEnter


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

    permanent: str
    before: str
    after: str
    to: Side
    rule: str
    cause: str

    carries = Transform


class Refused(Decision, frozen=True, tag=_tag(TransformRefused)):
    """``cause`` tried to transform ``permanent``; nothing happened because of ``rule``."""

    permanent: str
    name: str
    rule: str
    reason: str
    cause: str

    carries = TransformRefused


class DesignationChanged(Decision, frozen=True, tag=_tag(DesignationChange)):
    """The game went from ``before`` to ``after`` (731.1; 731.1a when neither is NEITHER)."""

    before: Designation
    after: Designation
    rule: str
    during_untap_step: bool

    carries = DesignationChange


class Vetoed(Decision, frozen=True, tag=_tag(ChangeVetoed)):
    """It would have become ``after``; an effect said it can't."""

    after: Designation
    rule: str
    reason: str

    carries = ChangeVetoed


class TriggerPut(LogEntry, frozen=True, tag="trigger"):
    """A day/night-changed triggered ability of ``source`` went on the stack: ``at="upkeep"`` when the change
    happened during the untap step (no player gets priority there), else ``at="now"``."""

    source: str
    name: str
    effect: str
    change: str
    at: Literal["upkeep", "now"]


class TurnedFaceDown(LogEntry, frozen=True, tag="face_down"):
    """A permanent was turned face down."""

    permanent: str


class FaceDownRefused(Decision, frozen=True, tag=_tag(FaceDownRefusedAction)):
    """An effect tried to turn ``permanent`` face down and nothing happened (712.16, 708.2b)."""

    permanent: str
    name: str
    rule: str
    reason: str = ""

    carries = FaceDownRefusedAction


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
