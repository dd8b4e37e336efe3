"""Example card plugin: abilities that trigger "whenever day becomes night or night becomes day".

Brimstone Vandal's shape: "Whenever day becomes night or night becomes day, Brimstone Vandal deals 1 damage
to each opponent." The plugin listens to ``daynight_changed`` (fired only for day <-> night, 731.1a, never when
it first becomes day or night from neither) and queues one trigger per such permanent on the battlefield
(phased in and face up). A change during the untap step triggers nothing at once: no player gets priority
there, so the trigger goes on the stack at the beginning of the upkeep (``at_upkeep=True``).

The host drains the queue with :meth:`DayNightTriggers.take` after each outcome and puts the triggers on
the stack its own way. Triggers are kept per game and dropped when the game ends.
"""

from __future__ import annotations

from typing import Final

import msgspec

from mtg_daynight import DesignationChange
from mtg_daynight.hookspecs import GameState, hookimpl

#: Cards with such a trigger, by front-face name, and what the trigger does (for the host and the trace).
TRIGGERS: Final[dict[str, str]] = {
    "Brimstone Vandal": "deals 1 damage to each opponent",
}


class Trigger(msgspec.Struct, frozen=True):
    """One triggered ability waiting to be put on the stack."""

    source: str
    card: str
    controller: str
    effect: str
    change: str
    at_upkeep: bool


class DayNightTriggers:
    """Queues day <-> night triggers per game."""

    def __init__(self, triggers: dict[str, str] | None = None) -> None:
        self.cards = dict(TRIGGERS if triggers is None else triggers)
        self._pending: dict[str, list[Trigger]] = {}

    @hookimpl
    def daynight_changed(self, game: str, change: DesignationChange, state: GameState) -> None:
        """Day became night or night became day: queue a trigger for each such permanent."""
        for permanent in state.permanents.values():
            effect = self.cards.get(permanent.card.front.name)
            if effect is None or permanent.phased_out or permanent.face_down:
                continue
            self._pending.setdefault(game, []).append(
                Trigger(
                    source=permanent.id,
                    card=permanent.card.front.name,
                    controller=permanent.card.controller,
                    effect=effect,
                    change=f"{change.before} -> {change.after}",
                    at_upkeep=change.during_untap_step,
                )
            )

    @hookimpl
    def daynight_game_end(self, game: str) -> None:
        """Forget the game's pending triggers."""
        self._pending.pop(game, None)

    def take(self, game: str) -> list[Trigger]:
        """Return and clear the triggers waiting in ``game``."""
        return self._pending.pop(game, [])


#: The instance the entry point registers.
plugin = DayNightTriggers()
