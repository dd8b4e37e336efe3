"""Scenario actions: each verb declared once, a :func:`_verb` row or, with behaviour of its own, a class
(docs/scenarios.md, "Adding a verb")."""

from __future__ import annotations

import functools
import typing
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Final, Literal, Protocol, Self

import msgspec

from mtg_daynight.errors import InputFileError
from mtg_daynight.reference import Card
from mtg_daynight.rules import Face, Keyword, Side
from mtg_daynight.scenarios.adapter import Adapter, Entering, optional
from mtg_daynight.scenarios.checks import Checks

replace = msgspec.structs.replace


class Names(Protocol):
    """What an action's :meth:`~_Action.complete` asks of the parser (``where`` names the place in the file)."""

    def fail(self, where: str, message: str) -> InputFileError:
        """The error to raise for a problem at ``where``."""

    def lookup(self, name: str, where: str) -> Card:
        """The card called ``name`` (unknown: an error)."""

    def player(self, player: str, where: str, key: str) -> str:
        """``player``, checked to be one of the scenario's players (``key``: the key that named them)."""

    def define(self, alias: str | None, default: str, where: str) -> str:
        """A new object name: ``alias``, or a fresh one made from ``default``."""

    def use(self, alias: str, where: str) -> None:
        """Check that ``alias`` names an object defined so far."""

    def leaves_game(self, player: str, where: str) -> None:
        """``player`` leaves the game here (800.4a): later actions may not name them."""


class Mark(msgspec.Struct, frozen=True):
    """What a field names, for :meth:`_Action.complete` (``default``: a new name's format, or ``"active"``)."""

    kind: Literal["object", "objects", "player", "card", "new", "positive"]
    default: str = ""
    acting: bool = False
    leaves: bool = False


Obj = Annotated[str, Mark("object")]
Objs = Annotated[str | tuple[str, ...], Mark("objects")]
Actor = Annotated[str, Mark("player", "active", acting=True)]
CardName = Annotated[str, Mark("card")]
Positive = Annotated[int, Mark("positive")]


def _tuple(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value


@functools.cache
def _marks(kind: type[msgspec.Struct]) -> tuple[tuple[str, str, Mark], ...]:
    """The marked fields of an action type: (attribute, file key, mark), in order."""
    hints = typing.get_type_hints(kind, include_extras=True)
    return tuple((f.name, f.encode_name, mark) for f in msgspec.structs.fields(kind)
                 for mark in getattr(hints[f.name], "__metadata__", ()) if isinstance(mark, Mark))


class _Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every action: ``error`` = this action must fail with a message containing the text;
    ``error_type`` = it must fail with an exception of this class (or a subclass), e.g. ``"BadEventError"``."""

    error: str | None = None
    error_type: str | None = None

    #: The adapter method that plays the verb, its arguments, whether it is optional, and the verb in words.
    call: ClassVar[str] = ""
    args: ClassVar[tuple[str, ...]] = ()
    is_optional: ClassVar[bool] = False
    words: ClassVar[str] = ""

    @property
    def subject(self) -> object:
        """The value of the verb's own key (what the action is about)."""
        verb = verb_of(self)
        return getattr(self, next(f.name for f in msgspec.structs.fields(self) if f.encode_name == verb))

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the names this action uses and fill in what the file left out (``group``: the active players)."""
        changes: dict[str, object] = {}
        for name, key, mark in _marks(type(self)):
            value = getattr(self, name)
            if mark.kind in ("object", "objects"):
                for alias in _tuple(value):
                    names.use(alias, where)
                if mark.kind == "objects":
                    changes[name] = _tuple(value)
            elif mark.kind == "card":
                names.lookup(value, where)
            elif mark.kind == "player" and value is not None:
                changes[name] = names.player(value or (group[0] if mark.default else value), where, key)
                if mark.leaves:
                    names.leaves_game(value, where)
            elif mark.kind == "new":
                fields = {n: getattr(self, n) for n in self.__struct_fields__}
                changes[name] = names.define(value, mark.default.format_map(fields), where)
            elif mark.kind == "positive" and value < 1:
                raise names.fail(where, f"{key!r} must be at least 1")
        return replace(self, **changes)

    def acting(self) -> tuple[str, ...]:
        """The players who act (or gain a turn) in this action: none of them may have left the game."""
        return tuple(getattr(self, name) for name, _, mark in _marks(type(self)) if mark.acting)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Play the action on the adapter (``cards``: the scenario's cards by name)."""
        if self.call:
            method = optional(adapter, self.call) if self.is_optional else getattr(adapter, self.call)
            method(*(getattr(self, name) for name in self.args))

    def describe(self) -> str:
        """The action in words, e.g. ``A casts Tavern Ruffian (ruffian)``: by default, :attr:`words` filled in."""
        values = {name: getattr(self, name) for name in self.__struct_fields__}
        return self.words.format_map({k: ", ".join(v) if isinstance(v, tuple) else v for k, v in values.items()})


def _verb(verb: str, doc: str, call: str = "", words: str = "", *, optional: bool = False,
          args: tuple[str, ...] | None = None, **fields: Any) -> type[_Action]:
    """One verb in one row: its file syntax, adapter method, words, fields (type or (type, default)) and args."""
    spec = [(n, t[0], msgspec.field(default=t[1], name="as" if n == "as_" else n)) if isinstance(t, tuple)
            else (n, t) for n, t in fields.items()]
    namespace = {"__doc__": doc, "call": call, "words": words, "is_optional": optional,
                 "args": tuple(fields) if args is None else args}
    name = "".join(part.title() for part in verb.split("_"))
    kind = msgspec.defstruct(name, spec, bases=(_Action,), module=__name__, namespace=namespace, frozen=True,
                             forbid_unknown_fields=True, kw_only=True)
    return typing.cast(type[_Action], kind)


class Cast(_Action, frozen=True):
    """``{ cast = "Card", by = "A", as = "x", resolve = true }``: cast it (counts for 731.2); by default it
    resolves at once. ``by``: default the (first) active player; ``as``: default the card's name."""

    cast: CardName
    by: Actor = ""
    as_: Annotated[str | None, Mark("new", "{cast}")] = msgspec.field(default=None, name="as")
    resolve: bool = True

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.cast(self.by, cards[self.cast], self.as_ or self.cast)
        if self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        stays = "" if self.resolve else ", stays on the stack"
        return f"{self.by} casts {self.cast} ({self.as_}){stays}"


class CopySpell(_Action, frozen=True):
    """``{ copy = "x", by = "A", as = "y", resolve = false }``: copy spell x on the stack without casting it."""

    copy: Obj
    by: Actor = ""
    as_: Annotated[str | None, Mark("new", "copy of {copy}")] = msgspec.field(default=None, name="as")
    resolve: bool = False

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.copy_spell(self.by, self.copy, self.as_ or f"copy of {self.copy}")
        if self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        return f"{self.by} copies {self.copy} without casting it ({self.as_})"


class Put(_Action, frozen=True):
    """``{ put = "Card" | ["Card", ...], as = "x" | [...], controller = "A", transformed, face_down, token }``:
    put onto the battlefield without casting; a list enters simultaneously. ``transformed``: one flag for all,
    or a list with one flag per card. After parsing, ``put``, ``as`` and ``transformed`` are lists of the same
    length."""

    put: str | tuple[str, ...]
    as_: str | tuple[str, ...] | None = msgspec.field(default=None, name="as")
    controller: str = ""
    transformed: bool | tuple[bool, ...] = False
    face_down: bool = False
    token: bool = False

    @property
    def flags(self) -> tuple[bool, ...]:
        """One ``transformed`` flag per card."""
        if isinstance(self.transformed, bool):
            return (self.transformed,) * len(_tuple(self.put))
        return self.transformed

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        cards = _tuple(self.put)
        if not cards:
            raise names.fail(where, "'put' lists no cards")
        aliases: tuple[str | None, ...] = (None,) * len(cards) if self.as_ is None else _tuple(self.as_)
        if len(aliases) != len(cards):
            raise names.fail(where, f"'as' names {len(aliases)} permanents but 'put' has {len(cards)}")
        flags = self.flags
        if len(flags) != len(cards):
            raise names.fail(where, f"'transformed' has {len(flags)} flags but 'put' has {len(cards)} cards")
        for card_name, transformed in zip(cards, flags, strict=True):
            card = names.lookup(card_name, where)
            if transformed and card.back is None:
                raise names.fail(where, f"{card_name!r} can't enter transformed: it has no back face")
        done = tuple(names.define(a, n, where) for a, n in zip(aliases, cards, strict=True))
        controller = names.player(self.controller or group[0], where, "controller")
        return replace(self, put=cards, as_=done, controller=controller, transformed=flags)

    def acting(self) -> tuple[str, ...]:
        return (self.controller,)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.put_onto_battlefield([
            Entering(name, cards[card], self.controller, flag, self.face_down, self.token)
            for card, name, flag in zip(_tuple(self.put), _tuple(self.as_ or ()), self.flags, strict=True)
        ])

    def describe(self) -> str:
        names = ", ".join(f"{c} ({a})" for c, a in zip(_tuple(self.put), _tuple(self.as_ or ()), strict=False))
        flags = self.flags
        if len(set(flags)) > 1:
            names = ", ".join(f"{n} transformed" if f else n for n, f in zip(names.split(", "), flags, strict=False))
        how = [w for w, on in (("transformed", all(flags)), ("face down", self.face_down),
                               ("as a token", self.token)) if on]
        return f"put onto the battlefield under {self.controller}: {names}" + (f" ({', '.join(how)})" if how else "")


class Resolve(_Action, frozen=True):
    """``{ resolve = true }`` (the top of the stack) or ``{ resolve = "all" }``."""

    resolve: bool | Literal["all", "top"]

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        if self.resolve == "all":
            while adapter.stack_size():
                adapter.resolve()
        elif self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        return "resolve the whole stack" if self.resolve == "all" else "resolve the top of the stack"


class Return(_Action, frozen=True):
    """``{ return = "x", as = "y", controller = "A", transformed = false }``: card x (in a graveyard or exile)
    returns to the battlefield: a new object, named ``as`` (default: still x)."""

    return_: str = msgspec.field(name="return")
    as_: str | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    transformed: bool = False

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        names.use(self.return_, where)
        if self.controller is not None:
            names.player(self.controller, where, "controller")
        alias = self.return_ if self.as_ is None else names.define(self.as_, self.as_, where)
        return replace(self, as_=alias)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.return_to_battlefield(self.return_, self.controller, self.transformed, self.as_ or self.return_)

    def describe(self) -> str:
        return f"{self.return_} returns to the battlefield" + (" transformed" if self.transformed else "") + (
            f" ({self.as_})" if self.as_ != self.return_ else "")


class Become(_Action, frozen=True):
    """``{ become = "day" | "night" | "switch", cause = "..." }``."""

    become: Literal["day", "night", "switch"]
    cause: str = "an effect"

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.become(self.become, self.cause)

    def describe(self) -> str:
        what = "switches day and night" if self.become == "switch" else f"says it becomes {self.become}"
        return f"{self.cause} {what}"


class Abilities(_Action, frozen=True):
    """``{ abilities = "x", gained = ["daybound"], lost = [] }``: effects now grant / remove these (full sets)."""

    abilities: Obj
    gained: tuple[Keyword, ...] = ()
    lost: tuple[Keyword, ...] = ()

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        adapter.set_abilities(self.abilities, frozenset(self.gained), frozenset(self.lost))

    def describe(self) -> str:
        return f"{self.abilities} now gains [{', '.join(self.gained)}] and loses [{', '.join(self.lost)}]"


class AbilityChangeEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One permanent's entry in ``abilities_together``: ``{ permanent = "x", gained = [...], lost = [...] }``."""

    permanent: str
    gained: tuple[Keyword, ...] = ()
    lost: tuple[Keyword, ...] = ()


class AbilitiesTogether(_Action, frozen=True):
    """``{ abilities_together = [{ permanent = "x", gained = ["daybound"] }, { permanent = "y", ... }] }``: effects
    change these permanents' keywords at the same moment (Humility leaves the battlefield); each entry holds the
    full current sets. The host reports them in one ``set_abilities_batch`` event, so the rules look once
    (702.145d/g)."""

    abilities_together: tuple[AbilityChangeEntry, ...]

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        if not self.abilities_together:
            raise names.fail(where, "'abilities_together' needs at least one permanent")
        seen: set[str] = set()
        for entry in self.abilities_together:
            names.use(entry.permanent, where)
            if entry.permanent in seen:
                raise names.fail(where, f"'abilities_together' lists {entry.permanent!r} twice")
            seen.add(entry.permanent)
        return self

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        changes = [(e.permanent, frozenset(e.gained), frozenset(e.lost)) for e in self.abilities_together]
        optional(adapter, "set_abilities_batch")(changes)

    def describe(self) -> str:
        each = "; ".join(f"{e.permanent} gains [{', '.join(e.gained)}] and loses [{', '.join(e.lost)}]"
                         for e in self.abilities_together)
        return f"at the same moment: {each}"


class FaceSpec(Face, frozen=True, forbid_unknown_fields=True):
    """One face written in a scenario file, ``{ name, daybound, nightbound, instant_or_sorcery }``: an inline card's
    (``[cards]``), or the one ``back_face`` gives."""


class BackFace(_Action, frozen=True):
    """``{ back_face = "x", back = { name = "...", nightbound = true }, cause = "Werewhat" }``: an effect gives x,
    on the battlefield without a back face, that back face (Werewhat: the card it exiled becomes its back face).
    The host reports ``set_back_face``; at night a front-face-up daybound x then transforms at once (702.145c)."""

    back_face: Obj
    back: FaceSpec
    cause: str = "an effect"

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        back = self.back
        face = Face(back.name, back.daybound, back.nightbound, back.instant_or_sorcery)
        optional(adapter, "set_back_face")(self.back_face, face, self.cause)

    def describe(self) -> str:
        return f"{self.cause} makes {self.back.name} the back face of {self.back_face}"


class Expect(_Action, frozen=True):
    """``{ expect = { ...checks... } }``: evaluated by the runner (it plays nothing)."""

    expect: Checks
    words = "expect"


class Note(_Action, frozen=True):
    """``{ note = "text" }``: printed in the trace."""

    note: str
    words = "note: {note}"


Action = _Action

#: Actions by verb, in the order verbs are recognised.
VERBS: Final[dict[str, type[_Action]]] = {
    "cast": Cast,
    "copy": CopySpell,
    "put": Put,
    "token_copy": _verb(
        "token_copy", """``{ token_copy = "x", as = "y", controller = "A", double_faced = true }``: a token copy of
        permanent x.""", "token_copy",
        token_copy=Obj, controller=(Annotated[str | None, Mark("player")], None),
        as_=(Annotated[str | None, Mark("new", "token copy of {token_copy}")], None),
        double_faced=(bool, True)),
    "return": Return,
    "leave": _verb(
        "leave", """``{ leave = "x", to = "graveyard" }``: x leaves the battlefield (to = graveyard or exile).""",
        "leave", "{leave} leaves the battlefield for the {to}",
        leave=Obj, to=(Literal["graveyard", "exile"], "graveyard")),
    "phase_out": _verb(
        "phase_out", """``{ phase_out = "x" | ["x", "y"] }``: phase out by an effect (they phase in at their
        controller's next untap step, 502.1).""", "phase_out", "{phase_out} phase out", phase_out=Objs),
    "phase_in": _verb(
        "phase_in", """``{ phase_in = "x" | [...] }``: phase in by an effect.""", "phase_in", "{phase_in} phase in",
        phase_in=Objs),
    "face_up": _verb(
        "face_up", """``{ face_up = "x", face = "front" }``: turn face-down x face up.""", "turn_face_up",
        "{face_up} is turned face up ({face} face)", face_up=Obj, face=(Side, Side.FRONT)),
    "face_down": _verb(
        "face_down", """``{ face_down = "x" }``: turn x face down.""", "turn_face_down",
        "{face_down} is turned face down", face_down=Obj),
    "restrict": _verb(
        "restrict", """``{ restrict = "x", name = "..." }``: a "can't transform" effect starts applying to x.""",
        "add_restriction", "{name!r} starts applying to {restrict}", restrict=Obj, name=(str, "can't transform")),
    "unrestrict": _verb(
        "unrestrict", """``{ unrestrict = "x", name = "..." }``: that effect ends.""", "remove_restriction",
        "{name!r} stops applying to {unrestrict}", unrestrict=Obj, name=(str, "can't transform")),
    "transform": _verb(
        "transform", """``{ transform = "x", cause = "Moonmist" }``: another effect asks to transform x.""",
        "request_transform", "{cause} tries to transform {transform}", transform=Obj, cause=(str, "an effect")),
    "become": Become,
    "abilities": Abilities,
    "abilities_together": AbilitiesTogether,
    "back_face": BackFace,
    "additional_beginning_phase": _verb(
        "additional_beginning_phase", """``{ additional_beginning_phase = true }``: an additional beginning phase in
        this turn (500.8; Sphinx of the Second Sun): its untap step (502.1 phasing, the 502.2 check of the previous
        turn again, 502.3 untapping) and its upkeep; then the turn goes on in its main step.""",
        "additional_beginning_phase", "an additional beginning phase begins (untap step, upkeep)", optional=True,
        args=(), additional_beginning_phase=Literal[True]),
    "tap": _verb("tap", """``{ tap = "x" }``.""", "tap", "tap {tap}", tap=Obj),
    "counters": _verb(
        "counters", """``{ counters = "x", kind = "+1/+1", add = 1 }``.""", "add_counters",
        "put {add} {kind} counter(s) on {counters}", counters=Obj, kind=(str, "+1/+1"), add=(Positive, 1)),
    "extra_turn": _verb(
        "extra_turn", """``{ extra_turn = "A" }``: A takes an extra turn after this one (500.7: the most recent
        first).""", "take_extra_turn", "{extra_turn} will take an extra turn",
        extra_turn=Annotated[str, Mark("player", acting=True)]),
    "end_veto": _verb(
        "end_veto", """``{ end_veto = "x" }``: x's "it can't become day/night" ability stops applying (the host
        reports ``veto_ended``).""", "stop_forbidding",
        "{end_veto}'s \"it can't become day/night\" ability stops applying", optional=True, end_veto=Obj),
    "leave_game": _verb(
        "leave_game", """``{ leave_game = "B" }``: B leaves the game (800.4a): the objects B owns leave with them,
        B's turns are taken out of the turn order.""", "player_leaves", "{leave_game} leaves the game",
        optional=True, leave_game=Annotated[str, Mark("player", leaves=True)]),
    "save_load": _verb(
        "save_load", """``{ save_load = true }``: save the game and load it back; the game goes on from the loaded
        state.""", "save_and_load", "save the game and load it back", optional=True, args=(),
        save_load=Literal[True]),
    "resolve": Resolve,
    "expect": Expect,
    "note": Note,
}

_VERB_OF: Final[dict[type[_Action], str]] = {kind: verb for verb, kind in VERBS.items()}


def verb_of(action: _Action) -> str:
    """The verb of a parsed action."""
    return _VERB_OF[type(action)]
