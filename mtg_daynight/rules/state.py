"""One game's day/night state: the designation, the spell ledger, the permanents, the trace.

The state is plain data (a msgspec Struct): it round-trips through ``msgspec.json`` exactly, so a game in
progress can be saved, loaded and continued identically. Each game has its own state; nothing is global.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from mtg_daynight.rules.designation import Designation
from mtg_daynight.rules.ledger import Tally, TurnRecord, rules_tally
from mtg_daynight.rules.outcome import TraceLine
from mtg_daynight.rules.permanents import Tracked


class GameState(msgspec.Struct):
    """Everything the day/night rules remember about one game.

    - ``designation``: neither, day or night (730.1).
    - ``turn`` / ``previous``: the spell ledger of the current and the previous turn (728.2).
    - ``permanents``: every permanent the host reported on the battlefield, by id.
    - ``relevant``: the ids of those that have or could have daybound or nightbound, in the order they
      entered: becoming day or night looks only at these, so its cost does not grow with the battlefield.
    - ``variants``: house rules this game opted into (plugins that implement a variant check this).
    - ``trace``: every decision so far, with its rule.
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

    @property
    def turn_number(self) -> int:
        """The current turn's number, 0 before the first untap step."""
        return 0 if self.turn is None else self.turn.number


class Policy(Protocol):
    """What the rules ask of the world outside the core: how to count spells for the untap-step check, and
    whether an effect forbids a designation change. The plugin answers both through hooks; tests can pass
    any object with these two methods."""

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        """Count the spells of ``turn`` for the 728.2 check."""
        ...

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        """Return why it can't become ``after`` now, or None when nothing forbids it."""
        ...


class RulesAsWritten:
    """The Comprehensive Rules with no other effects: 728.2 counting, nothing forbids a change."""

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        """Count as 728.2a/b and 805 say."""
        return rules_tally(turn)

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        """Nothing forbids any change."""
        return None


RULES_AS_WRITTEN = RulesAsWritten()


def encode_state(state: GameState) -> bytes:
    """Serialise a game's state (JSON bytes)."""
    return msgspec.json.encode(state)


def decode_state(data: bytes) -> GameState:
    """Read a game's state written by :func:`encode_state`."""
    return msgspec.json.decode(data, type=GameState)
