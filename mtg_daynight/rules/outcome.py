"""What the rules decide after one event: an :class:`Outcome`, the actions the host must carry out in order, and the
trace.

Each action's docstring, and docs/host-integration.md (section 5), say what the host does with it:
:class:`EnterFace` (702.145b: entering transformed is a replacement, not a transform), :class:`DesignationChange`
(731.1, 702.145d/g, 731.2a/b, or an effect), :class:`Transform` (701.27, for 702.145b/c/e/f or another effect),
:class:`TransformRefused`, :class:`ChangeVetoed`, :class:`DoesNotEnter` (712.13a) and :class:`FaceDownRefused`
(712.16, 708.2b). :class:`FailedNotification` records a plugin whose ``daynight_changed`` raised once the change was
made: the change and the outcome stand.
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``), as in state.py.
import msgspec

from mtg_daynight.rules.designation import Designation, Side


class TraceLine(msgspec.Struct, frozen=True, gc=False):
    """One line of the trace: the rule behind a decision and what happened, e.g.
    ``731.2a: day -> night: previous active player P2 cast 0 spells in turn 6``."""

    rule: str
    text: str
    turn: int = 0

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class EnterFace(msgspec.Struct, frozen=True, gc=False, tag="enter"):
    """``permanent`` enters the battlefield with ``face`` up; ``replaced``: daybound's replacement did it."""

    permanent: str
    face: Side
    replaced: bool
    rule: str


class DesignationChange(msgspec.Struct, frozen=True, gc=False, tag="designation"):
    """The game's designation went from ``before`` to ``after``.

    ``during_untap_step``: it happened in the untap step, where no player gets priority, so abilities that
    trigger on it go on the stack at the beginning of the upkeep.
    """

    before: Designation
    after: Designation
    rule: str
    during_untap_step: bool

    @property
    def is_day_night_change(self) -> bool:
        """True for day -> night and night -> day (731.1a), False when it came from neither."""
        return self.before is not Designation.NEITHER


class Transform(msgspec.Struct, frozen=True, gc=False, tag="transform"):
    """Turn ``permanent`` over so that ``to`` is up (701.27). This is a real transform: it triggers
    "when this transforms" abilities."""

    permanent: str
    to: Side
    rule: str


class TransformRefused(msgspec.Struct, frozen=True, gc=False, tag="refused"):
    """An effect tried to transform ``permanent`` and nothing happens, because of ``rule``."""

    permanent: str
    rule: str
    reason: str


class ChangeVetoed(msgspec.Struct, frozen=True, gc=False, tag="vetoed"):
    """It would have become ``after``, but ``reason`` (an effect, reported through a veto hook) says it can't."""

    after: Designation
    rule: str
    reason: str


class DoesNotEnter(msgspec.Struct, frozen=True, gc=False, tag="not_entered"):
    """``permanent`` would enter the battlefield transformed, but the face it would show is an instant or sorcery
    face (712.13a): it does not enter. The host puts the card into its owner's graveyard instead (a token or a
    copy then ceases to exist). It is reported among the entering batch's first actions, like EnterFace."""

    permanent: str
    rule: str
    reason: str


class FaceDownRefused(msgspec.Struct, frozen=True, gc=False, tag="face_down_refused"):
    """An effect tried to turn ``permanent`` face down and nothing happens: double-faced permanents can't be
    turned face down (712.16) and a face-down permanent can't be turned face down again (708.2b). The host
    leaves it exactly as it was."""

    permanent: str
    rule: str
    reason: str


class FailedNotification(msgspec.Struct, frozen=True, gc=False):
    """A plugin's notification hook (``daynight_changed``) raised after the rules had committed the change it was
    told about. The change stands and the outcome is whole: the host carries it out as usual. ``plugin``: the
    plugin's registered name; ``hook``: the hook; ``error``: the exception's type and message."""

    plugin: str
    hook: str
    error: str


Action = EnterFace | DesignationChange | Transform | TransformRefused | ChangeVetoed | DoesNotEnter | FaceDownRefused


class Outcome(msgspec.Struct, frozen=True, gc=False):
    """Everything one event led to: the actions in order and the trace lines; ``failed_notifications``: the
    plugins whose notification of a change in this outcome raised (empty when every plugin took it), reported
    here and as a :class:`~mtg_daynight.errors.NotificationFailedWarning`, never by undoing or hiding the change."""

    actions: tuple[Action, ...] = ()
    trace: tuple[TraceLine, ...] = ()
    failed_notifications: tuple[FailedNotification, ...] = ()

    @property
    def transforms(self) -> tuple[Transform, ...]:
        """The transforms the host must carry out, in order."""
        return tuple(a for a in self.actions if isinstance(a, Transform))

    @property
    def entered(self) -> tuple[EnterFace, ...]:
        """The faces the entering permanents enter with."""
        return tuple(a for a in self.actions if isinstance(a, EnterFace))

    @property
    def changes(self) -> tuple[DesignationChange, ...]:
        """The designation changes, in order."""
        return tuple(a for a in self.actions if isinstance(a, DesignationChange))

    @property
    def refused(self) -> tuple[TransformRefused, ...]:
        """The transform requests the rules refused."""
        return tuple(a for a in self.actions if isinstance(a, TransformRefused))

    @property
    def vetoed(self) -> tuple[ChangeVetoed, ...]:
        """The designation changes an effect prevented."""
        return tuple(a for a in self.actions if isinstance(a, ChangeVetoed))

    @property
    def not_entered(self) -> tuple[DoesNotEnter, ...]:
        """The permanents that do not enter after all (712.13a): put them into their owners' graveyards."""
        return tuple(a for a in self.actions if isinstance(a, DoesNotEnter))

    @property
    def face_down_refused(self) -> tuple[FaceDownRefused, ...]:
        """The attempts to turn a permanent face down that did nothing (712.16, 708.2b)."""
        return tuple(a for a in self.actions if isinstance(a, FaceDownRefused))

    def face_of(self, permanent: str) -> Side | None:
        """The face ``permanent`` enters with, if this outcome gives it one (None for a permanent with nothing to do
        with day and night, which enters as the host said, and for one that does not enter, see
        :attr:`not_entered`)."""
        for action in self.actions:
            if isinstance(action, EnterFace) and action.permanent == permanent:
                return action.face
        return None


#: The outcome of an event that changes nothing anyone needs to act on.
NOTHING = Outcome()
