"""Scenario files as data: msgspec Structs for the file, its cards, turns, actions, checks and event patterns.

The grammar is documented in docs/scenarios.md. Each action is a table whose *verb* key says what it is
(``cast``, ``put``, ``expect``...); :data:`VERBS` maps each verb to its Struct, in the order verbs are
recognised (so ``{ put = "X", face_down = true }`` is a ``put`` with a modifier, not a ``face_down``).
Every action also takes ``error`` (the action must fail with a message containing that text) and ``error_type``
(it must fail with an exception of that class, or of a class derived from it).
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from mtg_daynight.reference import Card, CardKind
from mtg_daynight.rules import Designation, Keyword, Side

# ---------------------------------------------------------------------------------------------------------------
# Cards and the header.


class FaceSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One face of an inline card."""

    name: str
    daybound: bool = False
    nightbound: bool = False
    instant_or_sorcery: bool = False


class CardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An inline card (``[cards."Name"]``). ``front`` defaults to a plain face named after the table key."""

    front: FaceSpec | None = None
    back: FaceSpec | None = None
    kind: CardKind = CardKind.PERMANENT
    phasing: bool = False
    day_night_trigger: str = ""
    forbids: tuple[Designation, ...] = ()
    fixture: bool = True
    note: str = ""


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ``[scenario]`` table. ``designation``: it is already day or night before turn 1 (an effect made it so
    before the game's first turn: 730.1)."""

    title: str
    players: tuple[str, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()
    rules: tuple[str, ...] = ()
    description: str = ""
    designation: Literal["day", "night"] | None = None


# ---------------------------------------------------------------------------------------------------------------
# Checks.


class _Pattern(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of event patterns: ``count`` = exactly that many matches (default: at least one)."""

    count: int | None = None


class EnteredPattern(_Pattern, frozen=True):
    """``{ entered = "x", face = "back", transformed = true }``: x entered (transformed: entered transformed)."""

    entered: str
    face: Side | None = None
    transformed: bool | None = None
    face_down: bool | None = None


class TransformedPattern(_Pattern, frozen=True):
    """``{ transformed = "x", to = "back", rule = "702.145b" }``: x transformed (a real transform)."""

    transformed: str
    to: Side | None = None
    rule: str | None = None


class RefusedPattern(_Pattern, frozen=True):
    """``{ refused = "x", rule = "702.145b" }``: a transform request for x was refused."""

    refused: str
    rule: str | None = None


class BecamePattern(_Pattern, frozen=True):
    """``{ became = "night", from = "day", rule = "728.2a", during_untap = true }``: the designation changed."""

    became: Designation
    from_: Designation | None = msgspec.field(default=None, name="from")
    rule: str | None = None
    during_untap: bool | None = None


class VetoedPattern(_Pattern, frozen=True):
    """``{ vetoed = "night" }``: it would have become night, an effect said it can't."""

    vetoed: Designation
    rule: str | None = None


class TriggerPattern(_Pattern, frozen=True):
    """``{ trigger = "x", at = "upkeep" }``: x's day/night-changed trigger went on the stack."""

    trigger: str
    at: Literal["upkeep", "now"] | None = None


class NotEnteredPattern(_Pattern, frozen=True):
    """``{ not_entered = "x", rule = "712.13a" }``: x did not enter the battlefield (it went to the graveyard)."""

    not_entered: str
    rule: str | None = None


class NotFaceDownPattern(_Pattern, frozen=True):
    """``{ not_face_down = "x", rule = "712.16" }``: an effect tried to turn x face down and nothing happened."""

    not_face_down: str
    rule: str | None = None


class PhasedPattern(_Pattern, frozen=True):
    """``{ phased = "x", to = "out", during_untap = true }``: x phased in or out (in 502.1, or by an effect)."""

    phased: str
    to: Literal["in", "out"] | None = None
    during_untap: bool | None = None


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


class PermanentCheck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What to check about one permanent; every field is optional. ``on_battlefield = false``: it is gone."""

    face: Side | None = None
    name: str | None = None
    tapped: bool | None = None
    counters: dict[str, int] | None = None
    phased_out: bool | None = None
    face_down: bool | None = None
    on_battlefield: bool | None = None


Scope = Literal["turn", "action", "game"]


class ChecksInput(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An ``expect`` table as read from the file (event patterns still raw tables); see :class:`Checks`."""

    designation: Designation | None = None
    faces: dict[str, Side] = {}
    names: dict[str, str] = {}
    permanents: dict[str, PermanentCheck] = {}
    gone: tuple[str, ...] = ()
    events: tuple[dict[str, Any], ...] = ()
    absent: tuple[dict[str, Any], ...] = ()
    trace: tuple[str, ...] = ()
    scope: Scope = "turn"
    no_events: bool = False


class Checks(msgspec.Struct, frozen=True):
    """The body of an ``expect``. ``scope`` says which events and trace lines ``events`` / ``absent`` / ``trace``
    look at: ``"turn"`` (default: since this turn began, its untap step included), ``"action"`` (the previous
    action only) or ``"game"``. ``no_events``: nothing at all happened in that scope (no event of any kind).
    Built by the parser from :class:`ChecksInput`."""

    designation: Designation | None = None
    faces: dict[str, Side] = {}
    names: dict[str, str] = {}
    permanents: dict[str, PermanentCheck] = {}
    gone: tuple[str, ...] = ()
    events: tuple[EventPattern, ...] = ()
    absent: tuple[EventPattern, ...] = ()
    trace: tuple[str, ...] = ()
    scope: Scope = "turn"
    no_events: bool = False


# ---------------------------------------------------------------------------------------------------------------
# Actions.


class _Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every action: ``error`` = this action must fail with a message containing the text;
    ``error_type`` = it must fail with an exception of this class (or a subclass), e.g. ``"BadEventError"``."""

    error: str | None = None
    error_type: str | None = None


class Cast(_Action, frozen=True):
    """``{ cast = "Card", by = "A", as = "x", resolve = true }``: cast it (counts for 728.2); by default it
    resolves at once."""

    cast: str
    by: str | None = None
    as_: str | None = msgspec.field(default=None, name="as")
    resolve: bool = True


class CopySpell(_Action, frozen=True):
    """``{ copy = "x", by = "A", as = "y", resolve = false }``: copy spell x on the stack without casting it."""

    copy: str
    by: str | None = None
    as_: str | None = msgspec.field(default=None, name="as")
    resolve: bool = False


class Put(_Action, frozen=True):
    """``{ put = "Card" | ["Card", ...], as = "x" | [...], controller = "A", transformed, face_down, token }``:
    put onto the battlefield without casting; a list enters simultaneously. ``transformed``: one flag for all,
    or a list with one flag per card."""

    put: str | tuple[str, ...]
    as_: str | tuple[str, ...] | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    transformed: bool | tuple[bool, ...] = False
    face_down: bool = False
    token: bool = False


class TokenCopy(_Action, frozen=True):
    """``{ token_copy = "x", as = "y", controller = "A", double_faced = true }``: a token copy of permanent x."""

    token_copy: str
    as_: str | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    double_faced: bool = True


class Resolve(_Action, frozen=True):
    """``{ resolve = true }`` (the top of the stack) or ``{ resolve = "all" }``."""

    resolve: bool | Literal["all", "top"]


class Leave(_Action, frozen=True):
    """``{ leave = "x", to = "graveyard" }``: x leaves the battlefield (to = graveyard or exile)."""

    leave: str
    to: Literal["graveyard", "exile"] = "graveyard"


class Return(_Action, frozen=True):
    """``{ return = "x", as = "y", controller = "A", transformed = false }``: card x (in a graveyard or exile)
    returns to the battlefield: a new object, named ``as`` (default: still x)."""

    return_: str = msgspec.field(name="return")
    as_: str | None = msgspec.field(default=None, name="as")
    controller: str | None = None
    transformed: bool = False


class PhaseOut(_Action, frozen=True):
    """``{ phase_out = "x" | ["x", "y"] }``: phase out by an effect (they phase in at their controller's next
    untap step, 502.1)."""

    phase_out: str | tuple[str, ...]


class PhaseIn(_Action, frozen=True):
    """``{ phase_in = "x" | [...] }``: phase in by an effect."""

    phase_in: str | tuple[str, ...]


class FaceUp(_Action, frozen=True):
    """``{ face_up = "x", face = "front" }``: turn face-down x face up."""

    face_up: str
    face: Side = Side.FRONT


class FaceDown(_Action, frozen=True):
    """``{ face_down = "x" }``: turn x face down."""

    face_down: str


class Restrict(_Action, frozen=True):
    """``{ restrict = "x", name = "..." }``: a "can't transform" effect starts applying to x."""

    restrict: str
    name: str = "can't transform"


class Unrestrict(_Action, frozen=True):
    """``{ unrestrict = "x", name = "..." }``: that effect ends."""

    unrestrict: str
    name: str = "can't transform"


class TransformRequest(_Action, frozen=True):
    """``{ transform = "x", cause = "Moonmist" }``: another effect asks to transform x."""

    transform: str
    cause: str = "an effect"


class Become(_Action, frozen=True):
    """``{ become = "day" | "night" | "switch", cause = "..." }``."""

    become: Literal["day", "night", "switch"]
    cause: str = "an effect"


class Abilities(_Action, frozen=True):
    """``{ abilities = "x", gained = ["daybound"], lost = [] }``: effects now grant / remove these (full sets)."""

    abilities: str
    gained: tuple[Keyword, ...] = ()
    lost: tuple[Keyword, ...] = ()


class Tap(_Action, frozen=True):
    """``{ tap = "x" }``."""

    tap: str


class Counters(_Action, frozen=True):
    """``{ counters = "x", kind = "+1/+1", add = 1 }``."""

    counters: str
    kind: str = "+1/+1"
    add: int = 1


class ExtraTurn(_Action, frozen=True):
    """``{ extra_turn = "A" }``: A takes an extra turn after this one (500.7: the most recent first)."""

    extra_turn: str


class EndVeto(_Action, frozen=True):
    """``{ end_veto = "x" }``: x's "it can't become day/night" ability stops applying (the host reports
    ``veto_ended``)."""

    end_veto: str


class LeaveGame(_Action, frozen=True):
    """``{ leave_game = "B" }``: B leaves the game (800.4a): the objects B owns leave with them, B's turns are
    taken out of the turn order."""

    leave_game: str


class SaveLoad(_Action, frozen=True):
    """``{ save_load = true }``: save the game and load it back; the game goes on from the loaded state."""

    save_load: Literal[True]


class Expect(_Action, frozen=True):
    """``{ expect = { ...checks... } }``."""

    expect: Checks


class Note(_Action, frozen=True):
    """``{ note = "text" }``: printed in the trace."""

    note: str


Action = (
    Cast | CopySpell | Put | TokenCopy | Resolve | Leave | Return | PhaseOut | PhaseIn | FaceUp | FaceDown | Restrict
    | Unrestrict | TransformRequest | Become | Abilities | Tap | Counters | ExtraTurn | EndVeto | LeaveGame | SaveLoad
    | Expect | Note
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


def verb_of(action: Action) -> str:
    """The verb of a parsed action."""
    return next(verb for verb, kind in VERBS.items() if type(action) is kind)


# ---------------------------------------------------------------------------------------------------------------
# The file.


class Turn(msgspec.Struct, frozen=True):
    """One ``[[turn]]``: who is active (checked), whether it is an extra turn, its actions, and ``expect``
    (checked after the actions). ``untap_step=False``: the turn begins without an untap step (Stasis)."""

    number: int
    active: tuple[str, ...]
    extra: bool
    actions: tuple[Action, ...]
    expect: Checks | None = None
    untap_step: bool = True


class Scenario(msgspec.Struct, frozen=True):
    """A parsed scenario: header, every card name it uses (resolved to a Card), and turns with their active players
    worked out. Every ``as``, ``by`` and ``controller`` left out in the file is filled in by the parser."""

    file: str
    header: Header
    groups: tuple[tuple[str, ...], ...]
    players: tuple[str, ...]
    cards: dict[str, Card]
    turns: tuple[Turn, ...]

    @property
    def title(self) -> str:
        """The scenario's title."""
        return self.header.title

    @property
    def shared_team_turns(self) -> bool:
        """Whether turns belong to teams (805)."""
        return bool(self.header.teams)
