"""Event patterns of an ``expect`` (``events`` / ``absent``): one row per kind of ``Seen`` record, its frozen file
syntax mapped to the record's fields (docs/scenarios.md, "Adding a verb"); matching and words are generic."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
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


class Field(msgspec.Struct, frozen=True):
    """One optional field of a pattern, the ``record`` field it is compared with (``values``: mapped), and its words
    (appended to the head if ``inline``, else in parentheses; a flag's: for true and for false)."""

    name: str
    type: Any
    record: str
    words: str | tuple[str, str] = "{}"
    inline: bool = False
    values: Mapping[object, object] | None = None


def _rule() -> Field:
    return Field("rule", str | None, "rule")


def _untap() -> Field:
    return Field("during_untap", bool | None, "during_untap_step", ("during the untap step",
                                                                    "not during the untap step"))


class Pattern(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of event patterns: ``count`` = exactly that many matches (default: at least one). A field left out of
    a pattern (None) matches anything."""

    #: The record kind matched, its key and the record field it is compared with, the head in words, other fields.
    kind: ClassVar[type[Any]]
    key: ClassVar[str]
    record: ClassVar[str]
    head: ClassVar[str]
    fields: ClassVar[tuple[Field, ...]]
    #: The field naming the object the pattern is about ("" when it names none): checked by the parser.
    names: ClassVar[str] = ""

    count: int | None = None

    def matches(self, seen: Seen) -> bool:
        """Whether one observed record matches (fields left out of the pattern match anything)."""
        if not isinstance(seen, self.kind) or getattr(self, self.key) != getattr(seen, self.record):
            return False
        for field in self.fields:
            wanted = getattr(self, field.name)
            if wanted is not None and (field.values or {}).get(wanted, wanted) != getattr(seen, field.record):
                return False
        return True

    def cited_rule(self) -> str | None:
        """The rule number the record must cite (``rule = "..."``; compared in strict mode only), or None."""
        rule: str | None = getattr(self, "rule", None)
        return rule

    def without_rule(self) -> Self:
        """The same pattern judging what happened only: its rule citation left out."""
        return msgspec.structs.replace(self, rule=None) if self.cited_rule() is not None else self

    def describe(self) -> str:
        """The pattern in words, e.g. ``transformed ruffian to back (702.145b)``."""
        text, extras = self.head.format(getattr(self, self.key)), []
        for field in self.fields:
            value = getattr(self, field.name)
            if value is None:
                continue
            words = field.words if isinstance(field.words, str) else field.words[0 if value else 1]
            if field.inline:
                text += words.format(value)
            elif words.format(value):
                extras.append(words.format(value))
        return text + (f" ({', '.join(extras)})" if extras else "")

    @classmethod
    def of(cls, seen: Any) -> Self:
        """The pattern that says ``seen`` (a record of this kind) in full, a false flag left out."""
        given: dict[str, Any] = {cls.key: getattr(seen, cls.record)}
        for field in cls.fields:
            value = getattr(seen, field.record)
            given[field.name] = next((k for k, v in (field.values or {}).items() if v == value), value)
            if isinstance(field.words, tuple) and value is False:
                given[field.name] = None
        return cls(**given)


def _pattern(key: str, key_type: Any, kind: type[Any], record: str, head: str, doc: str, *fields: Field,
             names: bool = True) -> type[Pattern]:
    """One kind of pattern in one row: its key compared with the ``record`` field of a ``kind``, and the rest."""
    spec: list[tuple[str, Any] | tuple[str, Any, Any]] = [(key, key_type)]
    spec += [(f.name, f.type, msgspec.field(default=None, name=f.name.rstrip("_"))) for f in fields]
    namespace = {"__doc__": doc, "kind": kind, "key": key, "record": record, "head": head, "fields": fields,
                 "names": key if names else ""}
    made = msgspec.defstruct(f"{key.title().replace('_', '')}Pattern", spec, bases=(Pattern,), module=__name__,
                             namespace=namespace, frozen=True, forbid_unknown_fields=True, kw_only=True)
    return typing.cast(type[Pattern], made)


def _derived(kind: type[Any]) -> type[Pattern]:
    """The pattern of a ``Seen`` record without a row: its tag is the key, compared with its first field."""
    first, *rest = msgspec.structs.fields(kind)
    tag = kind.__struct_config__.tag
    return _pattern(tag, first.type, kind, first.name, f"{tag} {{}}", f"""``{{ {tag} = ..., {', '.join(
        f.name for f in rest)} }}``: a :class:`{kind.__name__}` record.""",
        *(Field(f.name, f.type | None, f.name, f"{f.name} = {{}}") for f in rest),
        names=first.name in ("permanent", "source"))


EventPattern = Pattern

#: Event pattern kinds by their key, in the order they are recognised: the rows, then the :func:`_derived` ones.
PATTERNS: Final[dict[str, type[Pattern]]] = {p.key: p for p in (
    _pattern("entered", str, SeenEntered, "permanent", "entered {}", """``{ entered = "x", face = "back",
             transformed = true }``: x entered (transformed: entered transformed).""",
             Field("face", Side | None, "face", "{} face up"),
             Field("transformed", bool | None, "transformed", ("entered transformed", "not entered transformed")),
             Field("face_down", bool | None, "face_down", ("face down", "face up"))),
    _pattern("transformed", str, Transform, "permanent", "transformed {}", """``{ transformed = "x", to = "back",
             rule = "702.145b" }``: x transformed (a real transform).""",
             Field("to", Side | None, "to", " to {}", inline=True), _rule()),
    _pattern("refused", str, TransformRefused, "permanent", "refused transform of {}", """``{ refused = "x", rule =
             "702.145b" }``: a transform request for x was refused.""", _rule()),
    _pattern("became", Designation, DesignationChange, "after", "became {}", """``{ became = "night", from = "day",
             rule = "731.2a", during_untap = true }``: the designation changed.""",
             Field("from_", Designation | None, "before", " from {}", inline=True), _rule(), _untap(), names=False),
    _pattern("vetoed", Designation, ChangeVetoed, "after", "vetoed {}", """``{ vetoed = "night" }``: it would have
             become night, an effect said it can't.""", _rule(), names=False),
    _pattern("trigger", str, SeenTrigger, "source", "trigger of {}", """``{ trigger = "x", at = "upkeep" }``: x's
             day/night-changed trigger went on the stack.""",
             Field("at", Literal["upkeep", "now"] | None, "at", " at {}", inline=True)),
    _pattern("not_entered", str, DoesNotEnter, "permanent", "{} did not enter", """``{ not_entered = "x", rule =
             "712.13a" }``: x did not enter the battlefield (it went to the graveyard).""", _rule()),
    _pattern("not_face_down", str, FaceDownRefused, "permanent", "{} was not turned face down", """``{
             not_face_down = "x", rule = "712.16" }``: an effect tried to turn x face down and nothing happened.""",
             _rule()),
    _pattern("phased", str, SeenPhased, "permanent", "{} phased", """``{ phased = "x", to = "out", during_untap =
             true }``: x phased in or out (in 502.1, or by an effect).""",
             Field("to", Literal["in", "out"] | None, "phased_in", " {}", inline=True, values={"in": True,
                                                                                                "out": False}),
             _untap()),
)}
PATTERNS.update((p.key, p) for p in (_derived(kind) for kind in typing.get_args(Seen)
                                     if kind not in {p.kind for p in PATTERNS.values()}))

_BY_KIND: Final[dict[type[Any], type[Pattern]]] = {p.kind: p for p in PATTERNS.values()}

#: The line of the readable trace for what an engine did that the rules' trace does not say (phasing, and
#: day/night triggers: queued in the untap step for the upkeep, 502.4, or put on the stack at once).
ENGINE_LINES: Final[dict[type[Any], Callable[[Any], str]]] = {
    SeenPhased: lambda seen: (f"{'502.1' if seen.during_untap_step else '702.26'}: {seen.permanent} phases "
                              f"{'in' if seen.phased_in else 'out'} (engine)"),
    SeenTrigger: lambda seen: (
        f"502.4: {seen.source}'s day/night trigger was queued in the untap step and goes on the stack at the "
        "beginning of the upkeep (engine)" if seen.at == "upkeep"
        else f"731.1a: {seen.source}'s day/night trigger goes on the stack (engine)"),
}


def describe_seen(seen: Seen) -> str:
    """An observed record in words."""
    return _BY_KIND[type(seen)].of(seen).describe()


def engine_line(seen: Seen) -> str | None:
    """The readable trace's line for what the engine did that the rules' trace does not say, else None."""
    line = ENGINE_LINES.get(type(seen))
    return None if line is None else line(seen)
