"""What the rules decide after one event: the actions the host must carry out, and the trace.

Actions, in the order they happen:

- :class:`EnterFace`: the face a permanent enters with. ``replaced`` is True when daybound's replacement
  (702.145b) put it onto the battlefield back face up: it *entered transformed*, it did not transform, so
  "when this transforms" abilities must not trigger.
- :class:`DesignationChange`: the game became day or night (730.1, 702.145d/g, 728.2a/b, or an effect).
- :class:`Transform`: turn this permanent over (701.28) because of daybound or nightbound (702.145b/c/e/f),
  or because another effect asked and nothing forbade it.
- :class:`TransformRefused`: another effect asked to transform a permanent and the rules said no.
- :class:`ChangeVetoed`: it would have become day or night but an effect says it can't.
"""

from __future__ import annotations

import msgspec

from mtg_daynight.rules.designation import Designation, Side


class TraceLine(msgspec.Struct, frozen=True, gc=False):
    """One line of the trace: the rule behind a decision and what happened, e.g.
    ``728.2a: day -> night: previous active player P2 cast 0 spells in turn 6``."""

    rule: str
    text: str
    turn: int = 0

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class EnterFace(msgspec.Struct, frozen=True, tag="enter"):
    """``permanent`` enters the battlefield with ``face`` up; ``replaced``: daybound's replacement did it."""

    permanent: str
    face: Side
    replaced: bool
    rule: str


class DesignationChange(msgspec.Struct, frozen=True, tag="designation"):
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
        """True for day -> night and night -> day (728.1a), False when it came from neither."""
        return self.before is not Designation.NEITHER


class Transform(msgspec.Struct, frozen=True, tag="transform"):
    """Turn ``permanent`` over so that ``to`` is up (701.28). This is a real transform: it triggers
    "when this transforms" abilities."""

    permanent: str
    to: Side
    rule: str


class TransformRefused(msgspec.Struct, frozen=True, tag="refused"):
    """An effect tried to transform ``permanent`` and nothing happens, because of ``rule``."""

    permanent: str
    rule: str
    reason: str


class ChangeVetoed(msgspec.Struct, frozen=True, tag="vetoed"):
    """It would have become ``after``, but ``reason`` (an effect, reported through a veto hook) says it can't."""

    after: Designation
    rule: str
    reason: str


Action = EnterFace | DesignationChange | Transform | TransformRefused | ChangeVetoed


class Outcome(msgspec.Struct, frozen=True, gc=False):
    """Everything one event led to: the actions in order and the trace lines."""

    actions: tuple[Action, ...] = ()
    trace: tuple[TraceLine, ...] = ()

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

    def face_of(self, permanent: str) -> Side | None:
        """The face ``permanent`` enters with, if it entered in this outcome."""
        for action in self.actions:
            if isinstance(action, EnterFace) and action.permanent == permanent:
                return action.face
        return None


#: The outcome of an event that changes nothing anyone needs to act on.
NOTHING = Outcome()
