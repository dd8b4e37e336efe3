"""Day and night for python-mtg: the adapter between python-mtg's engine and the mtg-daynight rules.

::

    import mtg
    from mtg_daynight_python_mtg import attach

    g = mtg.Game({"alice": deck, "bob": deck}, seed=3)
    daynight = attach(g)                 # checks python-mtg's internals, wraps them once per process
    while not g.is_game_over():
        g.push(g.legal_moves[0])
        print(g.turn_number, daynight.designation, daynight.face_of("tavern_ruffian_tavern_smasher_3"))
    daynight.end()

The rules are decided by the mtg-daynight plugin (through :class:`mtg_daynight.DayNight`); the adapter only
reports python-mtg's turns, casts and zone changes and carries out what the rules answer. Importing this
module does not import python-mtg: :func:`attach` does.
"""

from __future__ import annotations

import itertools
from typing import Any

from mtg_daynight import DayNight, Designation, Side
from mtg_daynight.rules import GameState, TraceLine
from mtg_daynight_python_mtg import faces
from mtg_daynight_python_mtg.compat import PINNED_VERSION, EngineMismatchError, check_engine
from mtg_daynight_python_mtg.faces import State
from mtg_daynight_python_mtg.session import (
    GAME_ID_KEY,
    SESSION_KEY,
    SNAPSHOT_KEY,
    Reported,
    Session,
    rules_state,
    session_of,
    tally_key,
)

__all__ = [
    "PINNED_VERSION",
    "Attached",
    "EngineMismatchError",
    "Reported",
    "attach",
    "check_engine",
    "position_key",
]

_ids = itertools.count(1)


class Attached:
    """The day/night view of one attached python-mtg game (``mtg.Game``). Every read looks at the game's
    *current* position, so it stays right after ``push``, ``pop`` and ``copy``."""

    def __init__(self, game: Any, session: Session) -> None:
        self.mtg_game = game
        self.session = session

    def __repr__(self) -> str:
        return f"<day/night for python-mtg game {self.session.game.id!r}: {self.designation}>"

    def _synced(self) -> State:
        """The current position, after reporting what entered or left its battlefield since the adapter last
        looked (a permanent an unwrapped python-mtg function put onto the battlefield is noticed here)."""
        state: State = self.mtg_game.state
        session = session_of(state)
        if session is not None and not state.get("_loser"):
            session.restore(state)
            session.sync(state)
            session.store(state)
        return state

    @property
    def state(self) -> GameState:
        """The day/night rules' state of the current position."""
        return rules_state(self._synced())

    @property
    def designation(self) -> Designation:
        """Neither, day or night, in the current position."""
        return self.state.designation

    def face_of(self, permanent: str) -> Side:
        """The face ``permanent`` (a python-mtg card id) shows in the engine now."""
        return faces.face_up(self._synced(), permanent)

    def rules_face_of(self, permanent: str) -> Side:
        """The face the rules say ``permanent`` shows (equal to :meth:`face_of` on the battlefield)."""
        return self.state.permanents[permanent].face

    @property
    def trace(self) -> list[TraceLine]:
        """Every decision the rules made in this position's history, with its rule."""
        return self.state.trace

    @property
    def reported(self) -> list[Reported]:
        """Every event the adapter reported, in order (across all positions explored)."""
        return self.session.reported

    def key(self) -> tuple[Any, ...]:
        """A position key that includes day/night (see :func:`position_key`)."""
        return position_key(self.mtg_game)

    def end(self) -> None:
        """The game is over: the rules forget it (the python-mtg game is left as it is)."""
        self.session.end()


def attach(game: Any, daynight: DayNight | None = None, *, game_id: str | None = None) -> Attached:
    """Give a python-mtg ``mtg.Game`` day and night from now on.

    Checks python-mtg's internals (raises :class:`EngineMismatchError`), wraps them once per process, and
    starts a day/night game named ``game_id`` (default: a new ``"python-mtg-<n>"``) in ``daynight`` (default
    ``DayNight()``, which also loads installed mtg-daynight plugins). The battlefield is reported at once, and
    so are the current turn's untap step and the spells already cast in it if python-mtg has run that untap
    step (a position still in its untap step has it reported when python-mtg runs it): attach right after
    ``mtg.Game(...)``, or anywhere in turn 1. A game deserialised with ``mtg.Game.deserialize`` continues its
    stored day/night state.
    """
    from mtg_daynight_python_mtg import hooks

    hooks.install()
    from mtg.game import _name_from_slug  # type: ignore[import-untyped]

    state = game.state
    if session_of(state) is not None:
        raise EngineMismatchError("this python-mtg game already has day and night attached")
    daynight = daynight or DayNight()
    snapshot = state.get(SNAPSHOT_KEY)
    if snapshot is not None:
        gid = game_id or str(state.get(GAME_ID_KEY) or f"python-mtg-{next(_ids)}")
        handle = daynight.load_game(gid, str(snapshot).encode())
    else:
        gid = game_id or f"python-mtg-{next(_ids)}"
        players = tuple(sorted(row[0] for row in state.get("is_player", ())))
        handle = daynight.new_game(gid, players)
    session = Session(daynight, handle, _name_from_slug)
    state[SESSION_KEY] = session
    if snapshot is None:
        session.seed_turn(state)
    else:
        session.restore(state)
        session.sync(state)
    session.store(state)
    return Attached(game, session)


def position_key(game: Any) -> tuple[Any, ...]:
    """python-mtg's ``Game.key()`` plus what it leaves out: the designation, and the spells each player cast
    this turn (they decide the next untap step's check, 731.2). Faces are already in ``Game.key()``: a face
    change re-points the card's ``instance_of`` fact."""
    state = rules_state(game.state)
    return (game.key(), state.designation.value, tally_key(state))
