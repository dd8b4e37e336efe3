"""Saving and loading a game's state: deterministic JSON bytes, and the integrity check on every load.

A save holds the :class:`~mtg_daynight.rules.state.GameState` as it is (731.1: the designation; 731.2: the
spell ledger of this turn and the previous one; every permanent's record), so a game in progress can be saved,
loaded and continued identically.
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``), as in state.py.
from typing import Any

import msgspec

from mtg_daynight.errors import BadSaveError
from mtg_daynight.rules.permanents import Tracked
from mtg_daynight.rules.state import GameState
from mtg_daynight.rules.validate import check_state


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
