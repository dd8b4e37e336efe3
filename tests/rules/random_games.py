"""A seeded random driver of whole games through the facade, for golden and determinism tests.

It plays turns with casts, copies, entries (every fixture kind in ``cards.py``), departures, phasing, face-down
and face-up, granted and lost keywords, restrictions, transform requests and effects that make it day or night.
Events are picked blindly: one the rules refuse (``BadEventError``) is recorded as refused, with the error's
message, and the game goes on. The transcript holds every event, every action of its outcome (as JSON) and every
trace line (``str``), so two implementations with the same transcript agree on every outcome, every action and
every trace line; tests/rules/goldens.py keeps the transcripts of a few seeds as readable golden files.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from mtg_daynight import BadEventError, DayNight, Game, Outcome, Permanent

from . import cards

PLAYERS = ("P1", "P2", "P3")
KINDS = ("werewolf", "nightbound_up", "curse", "arlinn", "single_faced_copy", "werewhat", "plain", "delver")


def _permanent(rng: random.Random, pid: str) -> Permanent:
    kind = rng.choice(KINDS)
    controller = rng.choice(PLAYERS)
    card: Permanent = getattr(cards, kind)(pid, controller)
    if rng.random() < 0.1:
        card = Permanent(card.id, card.controller, card.front, card.back, card.face, True)  # face down
    if rng.random() < 0.1:
        card = Permanent(card.id, card.controller, card.front, card.back, card.face,
                         restrictions=frozenset({"Immerwolf", "Essence Flux"}))
    return card


_JSON = msgspec.json.Encoder(order="deterministic")  # sets sorted: the same text whatever the hash seed


def _call(call: Callable[..., Outcome], args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """How an event call reads in a transcript: ``untap_step(2, 'P3', phased_in=['p1'])``."""
    def show(value: Any) -> str:
        return _JSON.encode(value).decode() if isinstance(value, msgspec.Struct) else repr(value)

    shown = [show(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items() if v]
    return f"{call.__name__}({', '.join(shown)})"


def play(seed: int, turns: int, *, daynight: DayNight | None = None) -> tuple[Game, str]:
    """Play ``turns`` random turns of game ``g<seed>``; return the game and the transcript of every event."""
    rng = random.Random(seed)
    game = (daynight or DayNight(autoload=False, card_data=False)).new_game(f"g{seed}", PLAYERS)
    lines: list[str] = []
    serial = 0

    def run(label: str, call: Callable[..., Outcome], *args: Any, **kwargs: Any) -> None:
        lines.append(f"  {label}: {_call(call, args, kwargs)}")
        try:
            outcome = call(*args, **kwargs)
        except BadEventError as error:
            lines.append(f"    refused: {error}")
            return
        assert isinstance(outcome, Outcome)
        for action in outcome.actions:
            lines.append(f"    action: {_JSON.encode(action).decode()}")
        for line in outcome.trace:
            lines.append(f"    {line}")

    for turn in range(1, turns + 1):
        ids = list(game.state.permanents)
        phased_in = [i for i in ids if rng.random() < 0.05]
        phased_out = [i for i in ids if rng.random() < 0.05 and i not in phased_in]
        active = PLAYERS[turn % len(PLAYERS)]
        lines.append(f"turn {turn}")
        run("untap", game.untap_step, turn, active, phased_in=phased_in, phased_out=phased_out)
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            player = rng.choice(PLAYERS)
            if rng.random() < 0.1:
                run("copy", game.copy_spell, player, "Opt")
            else:
                run("cast", game.cast, player, "Opt")
        for _ in range(rng.choice((0, 1, 1, 2))):
            ids = list(game.state.permanents) or ["none"]
            pick = rng.choice(ids)
            roll = rng.random()
            if roll < 0.3:
                batch = []
                for _ in range(rng.choice((1, 1, 2, 3))):
                    serial += 1
                    batch.append(_permanent(rng, f"p{serial}"))
                run("enter", game.enter, *batch)
            elif roll < 0.4:
                run("leave", game.leave, pick)
            elif roll < 0.5:
                run("phase", game.phase_out if rng.random() < 0.5 else game.phase_in, pick)
            elif roll < 0.6:
                if rng.random() < 0.5:
                    run("face", game.turn_face_down, pick)
                else:
                    run("face", game.turn_face_up, pick)
            elif roll < 0.7:
                gained = rng.sample(("daybound", "nightbound"), rng.choice((0, 0, 1)))
                lost = rng.sample(("daybound", "nightbound"), rng.choice((0, 0, 1)))
                run("abilities", game.set_abilities, pick, gained=gained, lost=lost)
            elif roll < 0.8:
                name = rng.choice(("Immerwolf", "Essence Flux"))
                run("restrict", game.add_restriction if rng.random() < 0.5 else game.remove_restriction, pick, name)
            elif roll < 0.9:
                run("transform", game.request_transform, pick, "Moonmist")
            else:
                to = rng.choice(("day", "night", "switch"))
                run("become", game.become, to, "The Celestus")
    return game, "\n".join(lines) + "\n"
