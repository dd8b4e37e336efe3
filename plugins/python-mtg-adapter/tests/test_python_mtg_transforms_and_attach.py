"""python-mtg's own transforms reach the rules (Delver of Secrets: no daybound, no nightbound), attaching at any
point of turn 1 reports only the steps python-mtg has run, and a permanent an unwrapped python-mtg function put
onto the battlefield is noticed at the next read."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

import mtg  # noqa: E402
from mtg import driver  # noqa: E402
from mtg.engine import env  # noqa: E402
from mtg.engine import game as setup  # noqa: E402
from mtg_daynight_python_mtg import Attached, attach  # noqa: E402
from mtg_daynight_python_mtg.session import current_step  # noqa: E402

from mtg_daynight import DayNight, Side  # noqa: E402
from mtg_daynight.rules import Transform  # noqa: E402

pytestmark = pytest.mark.python_mtg

DELVER = "Delver of Secrets // Insectile Aberration"
_T = TypeVar("_T")


def _quiet(call: Callable[[], _T]) -> _T:
    with contextlib.redirect_stdout(io.StringIO()):
        return call()


@pytest.fixture(scope="module")
def before_turn_1() -> dict[str, Any]:
    """A python-mtg game state before turn 1's untap step: Delver of Secrets in A's hand, islands."""
    state = _quiet(lambda: setup.new_game({"A": [DELVER] + ["Island"] * 39, "B": ["Island"] * 40}, seed=1,
                                          starting_hands={"A": [DELVER]}))
    assert current_step(state) == "untap"
    return state


@pytest.fixture(scope="module")
def bears_before_turn_1() -> dict[str, Any]:
    """A python-mtg game state before turn 1's untap step, with Grizzly Bears and forests (a decision each
    turn). Not Delver: python-mtg 0.1.1 fires Delver's upkeep trigger from the hand and library too, and its
    transform re-fires it without end (docs/engines/python-mtg.md)."""
    deck = ["Grizzly Bears"] * 4 + ["Forest"] * 36
    state = _quiet(lambda: setup.new_game({"A": list(deck), "B": list(deck)}, seed=1))
    assert current_step(state) == "untap"
    return state


def _game(state: dict[str, Any]) -> mtg.Game:
    return _quiet(lambda: mtg.Game.from_state(driver.clone_state(state)))


def _delver(game: mtg.Game) -> str:
    return next(c for (p, c) in game.state["in_hand"] if c.startswith("delver"))


def _untap_steps(attached: Attached) -> list[str]:
    return [r.event for r in attached.reported if r.event.startswith("untap step")]


def test_701_27_pythons_own_transform_of_delver_reaches_the_rules(before_turn_1: dict[str, Any]) -> None:
    game = _game(before_turn_1)
    attached = attach(game, DayNight(autoload=False))
    delver = _delver(game)
    _quiet(lambda: driver._reanimate_one(game.state, "put", "A", "hand"))  # unwrapped: noticed at the next look
    _quiet(lambda: driver._transform(game.state, delver, "A"))
    assert attached.face_of(delver) is Side.BACK
    assert attached.rules_face_of(delver) is Side.BACK
    assert game.name(delver) == "Insectile Aberration"
    transforms = [a for r in attached.reported for a in r.outcome.actions if isinstance(a, Transform)]
    assert transforms == [Transform(delver, Side.BACK, "701.27")]
    attached.end()


def test_701_27_a_second_python_mtg_transform_turns_delver_front_face_up(before_turn_1: dict[str, Any]) -> None:
    """python-mtg's ``_transform`` only ever turns a card to its back face; the rules turn a back-face-up
    permanent front face up (701.27), and the adapter carries that out."""
    game = _game(before_turn_1)
    attached = attach(game, DayNight(autoload=False))
    delver = _delver(game)
    _quiet(lambda: driver._reanimate_one(game.state, "put", "A", "hand"))
    _quiet(lambda: driver._transform(game.state, delver, "A"))
    _quiet(lambda: driver._transform(game.state, delver, "A"))
    assert attached.face_of(delver) is Side.FRONT
    assert attached.rules_face_of(delver) is Side.FRONT
    assert game.name(delver) == DELVER
    attached.end()


def test_a_permanent_an_unwrapped_function_put_onto_the_battlefield_is_noticed_at_the_next_read(
    before_turn_1: dict[str, Any],
) -> None:
    game = _game(before_turn_1)
    attached = attach(game, DayNight(autoload=False))
    delver = _delver(game)
    assert delver not in attached.state.permanents
    _quiet(lambda: driver._reanimate_one(game.state, "put", "A", "hand"))  # no wrapped function runs
    assert delver in attached.state.permanents
    assert attached.reported[-1].event == f"entered: {delver}"
    attached.end()


@pytest.mark.parametrize("steps_run", [0, 1, 2, 3])
def test_502_2_attach_at_any_point_of_turn_1_reports_its_untap_step_once_and_only_once_run(
    bears_before_turn_1: dict[str, Any], steps_run: int,
) -> None:
    """``steps_run`` steps of turn 1 run before attaching (0: it still sits before its untap step)."""
    game = _game(bears_before_turn_1)
    for _ in range(steps_run):
        _quiet(lambda: env._advance_one(game.state))
    attached = attach(game, DayNight(autoload=False))
    assert _untap_steps(attached) == ([] if steps_run == 0 else ["untap step of turn 1 (A)"])
    assert attached.state.turn_number == (0 if steps_run == 0 else 1)
    game.push(game.legal_moves[0])  # python-mtg runs on to its next decision
    assert _untap_steps(attached)[:1] == ["untap step of turn 1 (A)"]
    assert attached.state.turn_number >= 1
    attached.end()
