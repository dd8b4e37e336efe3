"""One game's day/night state: the designation, the spell ledger, the permanents, the trace. It is plain data (a
msgspec Struct) that :mod:`.saves` writes and reads back exactly; each game has its own state, nothing is global.
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``): msgspec then
# reads them as they are, instead of evaluating strings when it builds a decoder (a save's, a bridge's).
from typing import Protocol

import msgspec

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
