"""A house-rule variant for mtg-daynight: the original Innistrad werewolf rule.

The werewolves of Innistrad (2011) and Shadows over Innistrad transformed "if no spells were cast last turn"
and back "if a player cast two or more spells last turn": every player's spells counted, not only the active
player's as in 731.2a/b. Games that opt in with ``variants=("innistrad-werewolf",)`` count that way; every
other game keeps the Comprehensive Rules.
"""

from __future__ import annotations

from typing import Final

from mtg_daynight.hookspecs import GameState, Tally, TurnRecord, hookimpl

#: The name a game passes in ``variants`` to use this house rule.
VARIANT: Final = "innistrad-werewolf"


@hookimpl
def daynight_variants() -> list[str]:
    """This plugin offers one variant."""
    return [VARIANT]


@hookimpl
def daynight_spell_tally(game: str, state: GameState, turn: TurnRecord) -> Tally | None:
    """Count every player's spells of the previous turn, in games that opted into the variant."""
    if VARIANT not in state.variants:
        return None
    counts = list(turn.cast.values())
    return Tally(
        spells=sum(counts),
        most_by_one_player=max(counts, default=0),
        who="all players",
        rule="house rule innistrad-werewolf (instead of 731.2)",
    )
