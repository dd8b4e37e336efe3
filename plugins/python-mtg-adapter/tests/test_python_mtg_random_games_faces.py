"""A property of random python-mtg games with day and night attached: after every move, every permanent on the
battlefield shows the face the rules record (``face_of == rules_face_of``), whoever transformed it: the
day/night rules (werewolves) or python-mtg's own transform effects (cards without daybound or nightbound that
transform by an activated ability: Civilized Scholar, Grizzled Angler, Chalice of Life).

Games are short (three moves, the policy passing about a third of the time) so that 200 of them stay fast: they
start from mid-game positions that python-mtg's own driver functions set up, with transforming cards and a
daybound werewolf on the battlefield and lands to pay for the rest. Half the positions sit before turn 1's untap
step, half in its end step (so the next move makes it night). The library shuffles follow PYTHONHASHSEED
(docs/engines/python-mtg.md), so the draws vary between runs: the property holds for every game.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

import mtg  # noqa: E402
from mtg import driver  # noqa: E402
from mtg.engine import env  # noqa: E402
from mtg.engine import game as setup  # noqa: E402
from mtg_daynight_python_mtg import attach, faces  # noqa: E402
from mtg_daynight_python_mtg.session import current_step  # noqa: E402

from mtg_daynight import DayNight  # noqa: E402
from mtg_daynight.rules import Transform  # noqa: E402

pytestmark = pytest.mark.python_mtg

SCHOLAR = "Civilized Scholar // Homicidal Brute"  # {T}: ... transform (python-mtg's own transform)
ANGLER = "Grizzled Angler // Grisly Anglerfish"  # {T}: ... transform
CHALICE = "Chalice of Life // Chalice of Death"  # {T}: ... transform (an artifact, cast from hand)
RUFFIAN = "Tavern Ruffian // Tavern Smasher"  # daybound
TAMER = "Hound Tamer // Untamed Pup"  # daybound, cast from hand
HAND = [SCHOLAR, ANGLER, RUFFIAN, TAMER, CHALICE, "Lightning Bolt"]
DECK = HAND + ["Island", "Forest", "Mountain"] * 4
ON_THE_BATTLEFIELD = ("civilized_scholar", "grizzled_angler", "tavern_ruffian")
GAMES = 200
MOVES = 3
_T = TypeVar("_T")


def _quiet(call: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    with contextlib.redirect_stdout(io.StringIO()):
        return call(*args, **kwargs)


def _position(first: dict[str, Any], seed: int) -> dict[str, Any]:
    """``first`` reshuffled by ``seed``, with each player's transformers, a werewolf and five lands put onto the
    battlefield by python-mtg (``_put_land_in_play`` moves a given card from hand), none summoning sick; an odd
    seed runs python-mtg's turn loop on to turn 1's end step."""
    state: dict[str, Any] = driver.clone_state(first)
    state["_seed"] = seed
    state.pop("_rng", None)
    for player in ("alice", "bob"):
        _quiet(driver._shuffle_library, state, player)
        cards = sorted(c for (p, c) in state["in_hand"] if p == player and c.startswith(ON_THE_BATTLEFIELD))
        lands = [c for c in state["_lib_order"][player] if c.split("_")[0] in ("island", "forest", "mountain")][:5]
        for land in lands:
            state["in_library"].discard((player, land))
            state["_lib_order"][player].remove(land)
            state["in_hand"].add((player, land))
        for card in cards + lands:
            _quiet(driver._put_land_in_play, state, player, card)
    state["_sick"] = set()
    if seed % 2:
        while current_step(state) != "end":
            _quiet(env._advance_one, state)
    return state


def test_701_27_face_of_is_rules_face_of_after_every_move_of_200_random_games() -> None:
    first = _quiet(setup.new_game, {"alice": list(DECK), "bob": list(DECK)}, seed=0,
                   starting_hands={"alice": HAND, "bob": HAND})
    positions = [_position(first, seed) for seed in range(4)]
    daynight = DayNight(autoload=False)
    violations: list[str] = []
    moves = engine_transforms = day_night_transforms = 0
    for number in range(GAMES):
        game = _quiet(mtg.Game.from_state, driver.clone_state(positions[number % len(positions)]))
        attached = attach(game, daynight, game_id=f"random-{number}")
        rng = random.Random(number)
        for _ in range(MOVES):
            if game.is_game_over():
                break
            options = game.legal_moves
            move = game.priority.skip() if rng.random() < 0.3 else rng.choice(options)
            _quiet(game.push, move, checked=False)
            moves += 1
            rules = attached.state
            violations += [f"game {number}, move {moves}: {c} shows {faces.face_up(game.state, c)}, the rules say "
                           f"{rules.permanents[c].face}" for c in game.battlefield_ids()
                           if faces.face_up(game.state, c) is not rules.permanents[c].face]
        for reported in attached.reported:
            turned = sum(isinstance(a, Transform) for a in reported.outcome.actions)
            if "python-mtg transform" in reported.event:
                engine_transforms += turned
            else:
                day_night_transforms += turned
        attached.end()
    assert violations == []
    assert moves >= 2 * GAMES
    assert engine_transforms > 0 and day_night_transforms > 0  # both kinds of transform were played
