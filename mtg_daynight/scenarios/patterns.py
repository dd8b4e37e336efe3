"""Event patterns of an ``expect`` (``events = [...]`` / ``absent = [...]``): one Struct per kind, with its own
behaviour (how a pattern class is written: docs/scenarios.md, "Adding a verb"). The pattern's key (``entered``,
``became``...) is scenario file syntax; the records it matches are the
:data:`~mtg_daynight.scenarios.adapter.Seen` records, tagged with the rules' outcome vocabulary.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal, Self

import msgspec

from mtg_daynight.rules import (
    ChangeVetoed,
    Designation,
    DesignationChange,
    DoesNotEnter,
    FaceDownRefused,
    Side,
    Transform,
    TransformRefused,
)
from mtg_daynight.scenarios.adapter import Seen, SeenEntered, SeenPhased, SeenTrigger


def _same(wanted: object, actual: object) -> bool:
    """A field left out of a pattern (None) matches anything."""
    return wanted is None or wanted == actual


def _with(head: str, *extras: str | None) -> str:
    shown = [e for e in extras if e]
    return head + (f" ({', '.join(shown)})" if shown else "")


def _untap(during: bool | None) -> str | None:
    if during is None:
        return None
    return "during the untap step" if during else "not during the untap step"


class _Pattern(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of event patterns: ``count`` = exactly that many matches (default: at least one)."""

    #: The kind of record this pattern matches.
    kind: ClassVar[type[Any]]
    #: The field naming the object the pattern is about ("" when it names none): checked by the parser.
    names: ClassVar[str] = ""

    count: int | None = None

    def matches(self, seen: Seen) -> bool:
        """Whether one observed record matches (fields left out of the pattern match anything)."""
        return isinstance(seen, self.kind) and self._fits(seen)

    #: The pattern's fields and the record's field each is compared with; the first (the pattern's key) must be
    #: equal, the others only when the pattern gives them.
    compare: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: A record of this kind in words: a format string over ``seen`` (the record).
    seen_words: ClassVar[str] = ""

    def _fits(self, seen: Any) -> bool:
        (key, field), *rest = self.compare
        return getattr(self, key) == getattr(seen, field) and all(
            _same(getattr(self, mine), getattr(seen, theirs)) for mine, theirs in rest)

    def cited_rule(self) -> str | None:
        """The rule number the record must cite (``rule = "..."``), or None: mtg-daynight's own citation, which
        conformance runs compare only in strict mode."""
        rule: str | None = getattr(self, "rule", None)
        return rule

    def without_rule(self) -> Self:
        """The same pattern judging what happened only: its rule citation left out."""
        return msgspec.structs.replace(self, rule=None) if self.cited_rule() is not None else self

    def describe(self) -> str:
        """The pattern in words, e.g. ``transformed ruffian to back (702.145b)``."""
        raise NotImplementedError

    @classmethod
    def describe_seen(cls, seen: Any) -> str:
        """A record of this pattern's kind in words."""
        return cls.seen_words.format(seen=seen)


class EnteredPattern(_Pattern, frozen=True):
    """``{ entered = "x", face = "back", transformed = true }``: x entered (transformed: entered transformed)."""

    kind = SeenEntered
    compare = (("entered", "permanent"), ("face", "face"), ("transformed", "transformed"), ("face_down", "face_down"))
    names = "entered"

    entered: str
    face: Side | None = None
    transformed: bool | None = None
    face_down: bool | None = None

    def describe(self) -> str:
        """In words."""
        return _with(
            f"entered {self.entered}",
            None if self.face is None else f"{self.face} face up",
            None if self.transformed is None else ("entered transformed" if self.transformed
                                                   else "not entered transformed"),
            None if self.face_down is None else ("face down" if self.face_down else "face up"),
        )

    @staticmethod
    def describe_seen(seen: SeenEntered) -> str:
        """In words."""
        how = ", entered transformed" if seen.transformed else ""
        return f"entered {seen.permanent} ({seen.face} face up{how}{', face down' if seen.face_down else ''})"


class TransformedPattern(_Pattern, frozen=True):
    """``{ transformed = "x", to = "back", rule = "702.145b" }``: x transformed (a real transform)."""

    kind = Transform
    seen_words = "transformed {seen.permanent} to {seen.to} ({seen.rule})"
    compare = (("transformed", "permanent"), ("to", "to"), ("rule", "rule"))
    names = "transformed"

    transformed: str
    to: Side | None = None
    rule: str | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"transformed {self.transformed}" + (f" to {self.to}" if self.to else ""), self.rule)


class RefusedPattern(_Pattern, frozen=True):
    """``{ refused = "x", rule = "702.145b" }``: a transform request for x was refused."""

    kind = TransformRefused
    seen_words = "refused transform of {seen.permanent} ({seen.rule})"
    compare = (("refused", "permanent"), ("rule", "rule"))
    names = "refused"

    refused: str
    rule: str | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"refused transform of {self.refused}", self.rule)


class BecamePattern(_Pattern, frozen=True):
    """``{ became = "night", from = "day", rule = "731.2a", during_untap = true }``: the designation changed."""

    kind = DesignationChange
    compare = (("became", "after"), ("from_", "before"), ("rule", "rule"), ("during_untap", "during_untap_step"))

    became: Designation
    from_: Designation | None = msgspec.field(default=None, name="from")
    rule: str | None = None
    during_untap: bool | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"became {self.became}" + (f" from {self.from_}" if self.from_ else ""), self.rule,
                     _untap(self.during_untap))

    @staticmethod
    def describe_seen(seen: DesignationChange) -> str:
        """In words."""
        untap = ", during the untap step" if seen.during_untap_step else ""
        return f"became {seen.after} from {seen.before} ({seen.rule}{untap})"


class VetoedPattern(_Pattern, frozen=True):
    """``{ vetoed = "night" }``: it would have become night, an effect said it can't."""

    kind = ChangeVetoed
    seen_words = "vetoed {seen.after} ({seen.rule})"
    compare = (("vetoed", "after"), ("rule", "rule"))

    vetoed: Designation
    rule: str | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"vetoed {self.vetoed}", self.rule)


class TriggerPattern(_Pattern, frozen=True):
    """``{ trigger = "x", at = "upkeep" }``: x's day/night-changed trigger went on the stack."""

    kind = SeenTrigger
    seen_words = "trigger of {seen.source} at {seen.at}"
    compare = (("trigger", "source"), ("at", "at"))
    names = "trigger"

    trigger: str
    at: Literal["upkeep", "now"] | None = None

    def describe(self) -> str:
        """In words."""
        return f"trigger of {self.trigger}" + (f" at {self.at}" if self.at else "")


class NotEnteredPattern(_Pattern, frozen=True):
    """``{ not_entered = "x", rule = "712.13a" }``: x did not enter the battlefield (it went to the graveyard)."""

    kind = DoesNotEnter
    seen_words = "{seen.permanent} did not enter ({seen.rule})"
    compare = (("not_entered", "permanent"), ("rule", "rule"))
    names = "not_entered"

    not_entered: str
    rule: str | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"{self.not_entered} did not enter", self.rule)


class NotFaceDownPattern(_Pattern, frozen=True):
    """``{ not_face_down = "x", rule = "712.16" }``: an effect tried to turn x face down and nothing happened."""

    kind = FaceDownRefused
    seen_words = "{seen.permanent} was not turned face down ({seen.rule})"
    compare = (("not_face_down", "permanent"), ("rule", "rule"))
    names = "not_face_down"

    not_face_down: str
    rule: str | None = None

    def describe(self) -> str:
        """In words."""
        return _with(f"{self.not_face_down} was not turned face down", self.rule)


class PhasedPattern(_Pattern, frozen=True):
    """``{ phased = "x", to = "out", during_untap = true }``: x phased in or out (in 502.1, or by an effect)."""

    kind = SeenPhased
    names = "phased"

    phased: str
    to: Literal["in", "out"] | None = None
    during_untap: bool | None = None

    def _fits(self, seen: SeenPhased) -> bool:
        to = None if self.to is None else self.to == "in"
        return (self.phased == seen.permanent and _same(to, seen.phased_in)
                and _same(self.during_untap, seen.during_untap_step))

    def describe(self) -> str:
        """In words."""
        return _with(f"{self.phased} phased" + (f" {self.to}" if self.to else ""), _untap(self.during_untap))

    @staticmethod
    def describe_seen(seen: SeenPhased) -> str:
        """In words."""
        return f"{seen.permanent} phased {'in' if seen.phased_in else 'out'}" + (
            " (during the untap step)" if seen.during_untap_step else "")


EventPattern = (
    EnteredPattern | TransformedPattern | RefusedPattern | BecamePattern | VetoedPattern | TriggerPattern
    | NotEnteredPattern | NotFaceDownPattern | PhasedPattern
)

#: Event pattern kinds by their key, in the order they are recognised.
PATTERNS: Final[dict[str, type[_Pattern]]] = {
    "entered": EnteredPattern,
    "transformed": TransformedPattern,
    "refused": RefusedPattern,
    "became": BecamePattern,
    "vetoed": VetoedPattern,
    "trigger": TriggerPattern,
    "not_entered": NotEnteredPattern,
    "not_face_down": NotFaceDownPattern,
    "phased": PhasedPattern,
}

_BY_KIND: Final[dict[type[Any], type[_Pattern]]] = {p.kind: p for p in PATTERNS.values()}


def describe_seen(seen: Seen) -> str:
    """An observed record in words."""
    return _BY_KIND[type(seen)].describe_seen(seen)
