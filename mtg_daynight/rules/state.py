"""One game's day/night state: the designation, the spell ledger, the permanents, the trace.

The state is plain data (a msgspec Struct): it round-trips through ``msgspec.json`` exactly, so a game in
progress can be saved, loaded and continued identically. Each game has its own state; nothing is global.
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``): msgspec then
# reads them as they are, instead of evaluating strings when it builds a decoder (a save's, a bridge's).
from typing import Any, Protocol

import msgspec

from mtg_daynight.errors import BadSaveError
from mtg_daynight.rules.designation import Designation
from mtg_daynight.rules.ledger import Tally, TurnRecord, rules_tally
from mtg_daynight.rules.outcome import TraceLine
from mtg_daynight.rules.permanents import CardFaces, Tracked


class GameState(msgspec.Struct):
    """Everything the day/night rules remember about one game.

    - ``designation``: neither, day or night (731.1).
    - ``turn`` / ``previous``: the spell ledger of the current and the previous turn (731.2).
    - ``permanents``: every permanent the host reported on the battlefield, by id.
    - ``relevant``: the ids of those that have or could have daybound or nightbound, in the order they
      entered: becoming day or night looks only at these, so its cost does not grow with the battlefield.
    - ``variants``: house rules this game opted into (plugins that implement a variant check this).
    - ``trace``: every decision so far, with its rule.
    - ``left``: players who left the game (800.4a), in the order they left; the ledger may still name them.
    """

    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...] = ()
    designation: Designation = Designation.NEITHER
    turn: TurnRecord | None = None
    previous: TurnRecord | None = None
    permanents: dict[str, Tracked] = msgspec.field(default_factory=dict)
    relevant: dict[str, bool] = msgspec.field(default_factory=dict)
    trace: list[TraceLine] = msgspec.field(default_factory=list)
    left: tuple[str, ...] = ()

    @property
    def turn_number(self) -> int:
        """The current turn's number, 0 before the first untap step."""
        return 0 if self.turn is None else self.turn.number


class Policy(Protocol):
    """What the rules ask of the world outside the core: how to count spells for the untap-step check, whether an
    effect forbids a designation change, and what the card data says of a card a host names by identity only
    (a ``CardPermanent``). The plugin answers all three through hooks; tests can pass any object with these three
    methods."""

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        """Count the spells of ``turn`` for the 731.2 check."""
        ...

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        """Return why it can't become ``after`` now, or None when nothing forbids it."""
        ...

    def card_faces(self, card: str) -> CardFaces | str:
        """The card data's faces of ``card`` (a Scryfall id, an oracle id or a name), or why the card data cannot
        describe it (the core refuses the event with that reason)."""
        ...


class RulesAsWritten:
    """The Comprehensive Rules with no other effects: 731.2 counting, nothing forbids a change, no card data."""

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        """Count as 731.2a/b and 805 say."""
        return rules_tally(turn)

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        """Nothing forbids any change."""
        return None

    def card_faces(self, card: str) -> CardFaces | str:
        """No card data: every card is unknown."""
        return unknown_card(card)


def unknown_card(card: str) -> str:
    """Why a card data that holds only day/night cards cannot describe ``card``, when nothing says better."""
    return f"{card!r} is not in the card data (it holds day/night cards only)"


RULES_AS_WRITTEN = RulesAsWritten()


def _save_form() -> type[msgspec.Struct]:
    """The struct a save is written as: GameState's fields, in order, with ``permanents`` as a list (each
    record names its own id) and ``relevant`` as a list of ids, so that the sorted encoding below keeps the
    order both have in play (entry order decides the order of transforms and of later plugins' iterations).
    Built from GameState's own fields, so a field added there is saved without touching this code."""
    as_lists: dict[str, Any] = {"permanents": list[Tracked], "relevant": list[str]}
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for info in msgspec.structs.fields(GameState):
        if info.name in as_lists:
            fields.append((info.name, as_lists[info.name], msgspec.field(default_factory=list)))
        elif info.default is not msgspec.NODEFAULT:
            fields.append((info.name, info.type, info.default))
        elif info.default_factory is not msgspec.NODEFAULT:
            fields.append((info.name, info.type, msgspec.field(default_factory=info.default_factory)))
        else:
            fields.append((info.name, info.type))
    return msgspec.defstruct("SavedGame", fields)


_SAVED = _save_form()
_ENCODER = msgspec.json.Encoder(order="deterministic")
_DECODER = msgspec.json.Decoder(_SAVED)


def encode_state(state: GameState) -> bytes:
    """Serialise a game's state (JSON bytes), deterministically: the same state gives the same bytes whatever
    the hash seed (sets are written sorted; so are the spell counts of a turn, by player), and
    ``encode_state(decode_state(data)) == data``."""
    values = {name: getattr(state, name) for name in state.__struct_fields__}
    values["permanents"] = list(state.permanents.values())
    values["relevant"] = list(state.relevant)
    return _ENCODER.encode(_SAVED(**values))


def decode_state(data: bytes) -> GameState:
    """Read a game's state written by :func:`encode_state` and check its integrity.

    Raises :class:`~mtg_daynight.errors.BadSaveError` naming what is wrong and where: not JSON, a field of the
    wrong type, or a state the rules could never have reached (an index naming a permanent that does not exist,
    a permanent filed under another id, an unknown player...).
    """
    from mtg_daynight.rules.validate import check_state  # validate reads this module's types

    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise BadSaveError(f"not a saved mtg-daynight game: expected bytes, got {type(data).__name__}")
    try:
        saved = _DECODER.decode(data)
    except msgspec.DecodeError as error:
        raise BadSaveError(f"not a saved mtg-daynight game: {error}") from None
    values = {name: getattr(saved, name) for name in saved.__struct_fields__}
    permanents: list[Tracked] = values["permanents"]
    values["permanents"] = {tracked.card.id: tracked for tracked in permanents}
    if len(values["permanents"]) != len(permanents):
        raise BadSaveError("saved game: permanents: an id is listed twice")
    relevant: list[str] = values["relevant"]
    values["relevant"] = dict.fromkeys(relevant, True)
    if len(values["relevant"]) != len(relevant):
        raise BadSaveError("saved game: relevant: an id is listed twice")
    state = GameState(**values)
    check_state(state)
    return state
