"""Attacks on the event boundary with values built to slip past cheap checks.

Seen failing on main (after the second-wave rules merge): ``untap_step(phased_in=X)`` with an object whose
``__eq__`` answers True to everything compared equal to ``()``, skipped validation and failed later with an
untyped ``TypeError`` (``object ... has no len()``).
"""

from __future__ import annotations

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
