"""Attacks on the event boundary with values built to slip past cheap checks.

Seen failing once: ``untap_step(phased_in=X)`` with an object whose
``__eq__`` answers True to everything compared equal to ``()``, skipped validation and failed later with an
untyped ``TypeError`` (``object ... has no len()``).
"""

from __future__ import annotations

import contextlib

import pytest

from mtg_daynight import DayNight, DayNightError, Face, Permanent


class EqualToEverything:
    """A hostile value: equal to anything, hashable, not a collection."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@pytest.mark.parametrize("argument", ["phased_in", "phased_out"])
def test_502_1_untap_step_phasing_argument_equal_to_everything_is_a_typed_error(argument: str) -> None:
    game = DayNight(autoload=False).new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    game.enter(Permanent("w", "alice", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True)))
    before = game.save()
    with pytest.raises(DayNightError, match=argument):
        game.untap_step(2, "bob", **{argument: EqualToEverything()})
    assert game.save() == before
    game.untap_step(2, "bob")  # the game goes on


class HashBomb(str):
    """A hostile value: a str subclass whose hash raises."""

    def __hash__(self) -> int:
        raise RuntimeError("hash")


@pytest.mark.parametrize("event", ["face", "become", "game", "save", "end"])
def test_str_subclass_whose_hash_raises_is_a_typed_error_at_every_lookup(event: str) -> None:
    daynight = DayNight(autoload=False)
    game = daynight.new_game("g", ["alice"])
    game.untap_step(1, "alice")
    game.enter(Permanent("w", "alice", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True)))
    before = game.save()
    hook = daynight.pm.hook
    calls = {
        "face": lambda: game.turn_face_up(HashBomb("w")),
        "become": lambda: game.become(HashBomb("night"), "effect"),  # type: ignore[arg-type]
        "game": lambda: hook.daynight_leave(game=HashBomb("g"), permanents=()),
        "save": lambda: hook.daynight_save_game(game=HashBomb("g")),
        "end": lambda: hook.daynight_game_end(game=HashBomb("g")),
    }
    with contextlib.suppress(DayNightError):  # a typed error or an outcome; a RuntimeError fails the test
        calls[event]()
    assert game.save() == before or event in ("face", "become")  # a valid outcome may change the game
    DayNight(autoload=False).load_game("g", game.save())
