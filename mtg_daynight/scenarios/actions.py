"""Scenario actions: one Struct per verb, each carrying its own behaviour (how a verb is written:
docs/scenarios.md, "Adding a verb").

Each action is a table whose *verb* key says what it is; :data:`VERBS` maps each verb to its Struct, in the order
verbs are recognised (so ``{ put = "X", face_down = true }`` is a ``put`` with a modifier, not a ``face_down``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Literal, Protocol, Self

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
        ...

    def lookup(self, name: str, where: str) -> Card:
        """The card called ``name`` (unknown: an error)."""
        ...

    def player(self, player: str, where: str, key: str) -> str:
        """``player``, checked to be one of the scenario's players (``key``: the key that named them)."""
        ...

    def define(self, alias: str | None, default: str, where: str) -> str:
        """A new object name: ``alias``, or a fresh one made from ``default``."""
        ...

    def use(self, alias: str, where: str) -> None:
        """Check that ``alias`` names an object defined so far."""
        ...

    def leaves_game(self, player: str, where: str) -> None:
        """``player`` leaves the game here (800.4a): later actions may not name them."""
        ...


def _tuple(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value


class _Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every action: ``error`` = this action must fail with a message containing the text;
    ``error_type`` = it must fail with an exception of this class (or a subclass), e.g. ``"BadEventError"``."""

    error: str | None = None
    error_type: str | None = None

    #: The adapter method that plays the verb ("" = it plays nothing), its arguments (attribute names, in order),
    #: whether the method is one of the adapter's optional ones, and the verb in words (a format string over the
    #: attributes). A verb whose play and words these say needs no perform or describe of its own.
    call: ClassVar[str] = ""
    args: ClassVar[tuple[str, ...]] = ()
    is_optional: ClassVar[bool] = False
    words: ClassVar[str] = ""

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the names this action uses and fill in what the file left out (``group``: the active players)."""
        return self

    def acting(self) -> tuple[str, ...]:
        """The players who act (or gain a turn) in this action: none of them may have left the game."""
        return ()

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Play the action on the adapter (``cards``: the scenario's cards by name): by default, :attr:`call`
        with :attr:`args`."""
        if self.call:
            method = optional(adapter, self.call) if self.is_optional else getattr(adapter, self.call)
            method(*(getattr(self, name) for name in self.args))

    def describe(self) -> str:
        """The action in words, e.g. ``A casts Tavern Ruffian (ruffian)``: by default, :attr:`words` filled in."""
        return self.words.format_map({name: getattr(self, name) for name in self.__struct_fields__})


class _OnOne(_Action, frozen=True):
    """An action on one object named so far (its verb key, a field of the same name, names it)."""

    @property
    def target(self) -> str:
        """The object the action is about."""
        name: str = getattr(self, verb_of(self))
        return name

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the name."""
        names.use(self.target, where)
        return self


class Cast(_Action, frozen=True):
    """``{ cast = "Card", by = "A", as = "x", resolve = true }``: cast it (counts for 731.2); by default it
    resolves at once. ``by``: default the (first) active player; ``as``: default the card's name."""

    cast: str
    by: str = ""
    as_: str | None = msgspec.field(default=None, name="as")
    resolve: bool = True

    @property
    def name(self) -> str:
        """The spell's name in the scenario."""
        return self.as_ or self.cast

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the card and player; name the spell."""
        names.lookup(self.cast, where)
        by = names.player(self.by or group[0], where, "by")
        return replace(self, by=by, as_=names.define(self.as_, self.cast, where))

    def acting(self) -> tuple[str, ...]:
        """The caster."""
        return (self.by,)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Cast, then resolve unless told not to."""
        adapter.cast(self.by, cards[self.cast], self.name)
        if self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        """In words."""
        stays = "" if self.resolve else ", stays on the stack"
        return f"{self.by} casts {self.cast} ({self.as_}){stays}"


class CopySpell(_Action, frozen=True):
    """``{ copy = "x", by = "A", as = "y", resolve = false }``: copy spell x on the stack without casting it."""

    copy: str
    by: str = ""
    as_: str | None = msgspec.field(default=None, name="as")
    resolve: bool = False

    @property
    def name(self) -> str:
        """The copy's name in the scenario."""
        return self.as_ or f"copy of {self.copy}"

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the spell and player; name the copy."""
        names.use(self.copy, where)
        by = names.player(self.by or group[0], where, "by")
        return replace(self, by=by, as_=names.define(self.as_, f"copy of {self.copy}", where))

    def acting(self) -> tuple[str, ...]:
        """The player who copies."""
        return (self.by,)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Copy, then resolve if told to."""
        adapter.copy_spell(self.by, self.copy, self.name)
        if self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        """In words."""
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
        """Check the cards, names and flags (as many of each); name every permanent."""
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
        """The controller."""
        return (self.controller,)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """One simultaneous batch."""
        adapter.put_onto_battlefield([
            Entering(name, cards[card], self.controller, flag, self.face_down, self.token)
            for card, name, flag in zip(_tuple(self.put), _tuple(self.as_ or ()), self.flags, strict=True)
        ])

    def describe(self) -> str:
        """In words."""
        names = ", ".join(f"{c} ({a})" for c, a in zip(_tuple(self.put), _tuple(self.as_ or ()), strict=False))
        flags = self.flags
        if len(set(flags)) > 1:
            names = ", ".join(f"{n} transformed" if f else n for n, f in zip(names.split(", "), flags, strict=False))
        how = [w for w, on in (("transformed", all(flags)), ("face down", self.face_down),
                               ("as a token", self.token)) if on]
        return f"put onto the battlefield under {self.controller}: {names}" + (f" ({', '.join(how)})" if how else "")


class TokenCopy(_Action, frozen=True):
    """``{ token_copy = "x", as = "y", controller = "A", double_faced = true }``: a token copy of permanent x."""

    token_copy: str
    as_: str | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    double_faced: bool = True

    @property
    def name(self) -> str:
        """The token's name in the scenario."""
        return self.as_ or f"token copy of {self.token_copy}"

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the original and controller; name the token."""
        names.use(self.token_copy, where)
        if self.controller is not None:
            names.player(self.controller, where, "controller")
        return replace(self, as_=names.define(self.as_, f"token copy of {self.token_copy}", where))
    call = "token_copy"
    args = ("token_copy", "controller", "name", "double_faced")


class Resolve(_Action, frozen=True):
    """``{ resolve = true }`` (the top of the stack) or ``{ resolve = "all" }``."""

    resolve: bool | Literal["all", "top"]

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Resolve the top, or everything."""
        if self.resolve == "all":
            while adapter.stack_size():
                adapter.resolve()
        elif self.resolve:
            adapter.resolve()

    def describe(self) -> str:
        """In words."""
        return "resolve the whole stack" if self.resolve == "all" else "resolve the top of the stack"


class Leave(_OnOne, frozen=True):
    """``{ leave = "x", to = "graveyard" }``: x leaves the battlefield (to = graveyard or exile)."""

    leave: str
    to: Literal["graveyard", "exile"] = "graveyard"
    call = "leave"
    args = ("leave", "to")
    words = "{leave} leaves the battlefield for the {to}"


class Return(_Action, frozen=True):
    """``{ return = "x", as = "y", controller = "A", transformed = false }``: card x (in a graveyard or exile)
    returns to the battlefield: a new object, named ``as`` (default: still x)."""

    return_: str = msgspec.field(name="return")
    as_: str | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    transformed: bool = False

    @property
    def name(self) -> str:
        """The new object's name in the scenario."""
        return self.as_ or self.return_

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the card and controller; name the new object."""
        names.use(self.return_, where)
        if self.controller is not None:
            names.player(self.controller, where, "controller")
        alias = self.return_ if self.as_ is None else names.define(self.as_, self.as_, where)
        return replace(self, as_=alias)

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """Return it."""
        adapter.return_to_battlefield(self.return_, self.controller, self.transformed, self.name)

    def describe(self) -> str:
        """In words."""
        return f"{self.return_} returns to the battlefield" + (" transformed" if self.transformed else "") + (
            f" ({self.as_})" if self.as_ != self.return_ else "")


class _OnSome(_Action, frozen=True):
    """An action on one or several objects named so far (its verb key, a field of the same name, names them)."""

    @property
    def targets(self) -> tuple[str, ...]:
        """The objects the action is about."""
        value: str | tuple[str, ...] = getattr(self, verb_of(self))
        return _tuple(value)

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check every name."""
        for alias in self.targets:
            names.use(alias, where)
        return replace(self, **{verb_of(self): self.targets})


class PhaseOut(_OnSome, frozen=True):
    """``{ phase_out = "x" | ["x", "y"] }``: phase out by an effect (they phase in at their controller's next
    untap step, 502.1)."""

    phase_out: str | tuple[str, ...]
    call = "phase_out"
    args = ("targets",)

    def describe(self) -> str:
        """In words."""
        return f"{', '.join(self.targets)} phase out"


class PhaseIn(_OnSome, frozen=True):
    """``{ phase_in = "x" | [...] }``: phase in by an effect."""

    phase_in: str | tuple[str, ...]
    call = "phase_in"
    args = ("targets",)

    def describe(self) -> str:
        """In words."""
        return f"{', '.join(self.targets)} phase in"


class FaceUp(_OnOne, frozen=True):
    """``{ face_up = "x", face = "front" }``: turn face-down x face up."""

    face_up: str
    face: Side = Side.FRONT
    call = "turn_face_up"
    args = ("face_up", "face")
    words = "{face_up} is turned face up ({face} face)"


class FaceDown(_OnOne, frozen=True):
    """``{ face_down = "x" }``: turn x face down."""

    face_down: str
    call = "turn_face_down"
    args = ("face_down",)
    words = "{face_down} is turned face down"


class Restrict(_OnOne, frozen=True):
    """``{ restrict = "x", name = "..." }``: a "can't transform" effect starts applying to x."""

    restrict: str
    name: str = "can't transform"
    call = "add_restriction"
    args = ("restrict", "name")
    words = "{name!r} starts applying to {restrict}"


class Unrestrict(_OnOne, frozen=True):
    """``{ unrestrict = "x", name = "..." }``: that effect ends."""

    unrestrict: str
    name: str = "can't transform"
    call = "remove_restriction"
    args = ("unrestrict", "name")
    words = "{name!r} stops applying to {unrestrict}"


class TransformRequest(_OnOne, frozen=True):
    """``{ transform = "x", cause = "Moonmist" }``: another effect asks to transform x."""

    transform: str
    cause: str = "an effect"
    call = "request_transform"
    args = ("transform", "cause")
    words = "{cause} tries to transform {transform}"


class Become(_Action, frozen=True):
    """``{ become = "day" | "night" | "switch", cause = "..." }``."""

    become: Literal["day", "night", "switch"]
    cause: str = "an effect"

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """The effect says so."""
        adapter.become(self.become, self.cause)

    def describe(self) -> str:
        """In words."""
        what = "switches day and night" if self.become == "switch" else f"says it becomes {self.become}"
        return f"{self.cause} {what}"


class Abilities(_OnOne, frozen=True):
    """``{ abilities = "x", gained = ["daybound"], lost = [] }``: effects now grant / remove these (full sets)."""

    abilities: str
    gained: tuple[Keyword, ...] = ()
    lost: tuple[Keyword, ...] = ()

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """The effects change."""
        adapter.set_abilities(self.abilities, frozenset(self.gained), frozenset(self.lost))

    def describe(self) -> str:
        """In words."""
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
        """Check every name, each listed once."""
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
        """The effects change, all at once."""
        changes = [(e.permanent, frozenset(e.gained), frozenset(e.lost)) for e in self.abilities_together]
        optional(adapter, "set_abilities_batch")(changes)

    def describe(self) -> str:
        """In words."""
        each = "; ".join(f"{e.permanent} gains [{', '.join(e.gained)}] and loses [{', '.join(e.lost)}]"
                         for e in self.abilities_together)
        return f"at the same moment: {each}"


class BackFaceEntry(Face, frozen=True, forbid_unknown_fields=True):
    """The face ``back_face`` gives: ``{ name, daybound, nightbound, instant_or_sorcery }``, as in ``[cards]``."""


class BackFace(_OnOne, frozen=True):
    """``{ back_face = "x", back = { name = "...", nightbound = true }, cause = "Werewhat" }``: an effect gives x,
    on the battlefield without a back face, that back face (Werewhat: the card it exiled becomes its back face).
    The host reports ``set_back_face``; at night a front-face-up daybound x then transforms at once (702.145c)."""

    back_face: str
    back: BackFaceEntry
    cause: str = "an effect"

    def perform(self, adapter: Adapter, cards: Mapping[str, Card]) -> None:
        """The effect gives it the face."""
        back = self.back
        face = Face(back.name, back.daybound, back.nightbound, back.instant_or_sorcery)
        optional(adapter, "set_back_face")(self.back_face, face, self.cause)

    def describe(self) -> str:
        """In words."""
        return f"{self.cause} makes {self.back.name} the back face of {self.back_face}"


class AdditionalBeginningPhase(_Action, frozen=True):
    """``{ additional_beginning_phase = true }``: an additional beginning phase in this turn (500.8; Sphinx of the
    Second Sun): its untap step (502.1 phasing, the 502.2 check of the previous turn again, 502.3 untapping) and
    its upkeep; then the turn goes on in its main step."""

    additional_beginning_phase: Literal[True]
    call = "additional_beginning_phase"
    is_optional = True
    words = "an additional beginning phase begins (untap step, upkeep)"


class Tap(_OnOne, frozen=True):
    """``{ tap = "x" }``."""

    tap: str
    call = "tap"
    args = ("tap",)
    words = "tap {tap}"


class Counters(_OnOne, frozen=True):
    """``{ counters = "x", kind = "+1/+1", add = 1 }``."""

    counters: str
    kind: str = "+1/+1"
    add: int = 1

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the name and the amount."""
        names.use(self.counters, where)
        if self.add < 1:
            raise names.fail(where, "'add' must be at least 1")
        return self
    call = "add_counters"
    args = ("counters", "kind", "add")
    words = "put {add} {kind} counter(s) on {counters}"


class ExtraTurn(_Action, frozen=True):
    """``{ extra_turn = "A" }``: A takes an extra turn after this one (500.7: the most recent first)."""

    extra_turn: str

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the player."""
        names.player(self.extra_turn, where, "extra_turn")
        return self

    def acting(self) -> tuple[str, ...]:
        """Who takes the turn."""
        return (self.extra_turn,)
    call = "take_extra_turn"
    args = ("extra_turn",)
    words = "{extra_turn} will take an extra turn"


class EndVeto(_OnOne, frozen=True):
    """``{ end_veto = "x" }``: x's "it can't become day/night" ability stops applying (the host reports
    ``veto_ended``)."""

    end_veto: str
    call = "stop_forbidding"
    args = ("end_veto",)
    is_optional = True
    words = "{end_veto}'s \"it can't become day/night\" ability stops applying"


class LeaveGame(_Action, frozen=True):
    """``{ leave_game = "B" }``: B leaves the game (800.4a): the objects B owns leave with them, B's turns are
    taken out of the turn order."""

    leave_game: str

    def complete(self, names: Names, where: str, group: tuple[str, ...]) -> Self:
        """Check the player is still in the game and not the last one."""
        names.player(self.leave_game, where, "leave_game")
        names.leaves_game(self.leave_game, where)
        return self
    call = "player_leaves"
    args = ("leave_game",)
    is_optional = True
    words = "{leave_game} leaves the game"


class SaveLoad(_Action, frozen=True):
    """``{ save_load = true }``: save the game and load it back; the game goes on from the loaded state."""

    save_load: Literal[True]
    call = "save_and_load"
    is_optional = True
    words = "save the game and load it back"


class Expect(_Action, frozen=True):
    """``{ expect = { ...checks... } }``: evaluated by the runner (it plays nothing)."""

    expect: Checks
    call = ""
    words = "expect"


class Note(_Action, frozen=True):
    """``{ note = "text" }``: printed in the trace."""

    note: str
    call = ""
    words = "note: {note}"


Action = (
    Cast | CopySpell | Put | TokenCopy | Resolve | Leave | Return | PhaseOut | PhaseIn | FaceUp | FaceDown | Restrict
    | Unrestrict | TransformRequest | Become | Abilities | AbilitiesTogether | BackFace | AdditionalBeginningPhase | Tap
    | Counters | ExtraTurn | EndVeto | LeaveGame | SaveLoad | Expect | Note
)

#: Actions by verb, in the order verbs are recognised.
VERBS: Final[dict[str, type[_Action]]] = {
    "cast": Cast,
    "copy": CopySpell,
    "put": Put,
    "token_copy": TokenCopy,
    "return": Return,
    "leave": Leave,
    "phase_out": PhaseOut,
    "phase_in": PhaseIn,
    "face_up": FaceUp,
    "face_down": FaceDown,
    "restrict": Restrict,
    "unrestrict": Unrestrict,
    "transform": TransformRequest,
    "become": Become,
    "abilities": Abilities,
    "abilities_together": AbilitiesTogether,
    "back_face": BackFace,
    "additional_beginning_phase": AdditionalBeginningPhase,
    "tap": Tap,
    "counters": Counters,
    "extra_turn": ExtraTurn,
    "end_veto": EndVeto,
    "leave_game": LeaveGame,
    "save_load": SaveLoad,
    "resolve": Resolve,
    "expect": Expect,
    "note": Note,
}

_VERB_OF: Final[dict[type[_Action], str]] = {kind: verb for verb, kind in VERBS.items()}


def verb_of(action: _Action) -> str:
    """The verb of a parsed action."""
    return _VERB_OF[type(action)]
