"""702.145d/g with 731.1: while a "can't become day/night" effect stops the change, it stays pending. The event
that first tries it reports ``ChangeVetoed``; ``Game.pending_change()`` (hook ``daynight_pending_change``; the
bridge's ``pending_change``, tested in tests/bridge/test_server.py) answers the same at any later moment, asking
the veto again and changing nothing."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, Face, Permanent, Side
from mtg_daynight.hookspecs import GameState, hookimpl
from mtg_daynight.rules import ChangeVetoed

RUFFIAN = Face("Tavern Ruffian", daybound=True)
SMASHER = Face("Tavern Smasher", nightbound=True)
BEAR = Face("Grizzly Bears")


class CantBecomeDay:
    """A "can't become day" effect while ``active``."""

    active = True

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        return "Fixture Dusk says it can't become day" if self.active and after is Designation.DAY else None


def test_702_145d_a_vetoed_change_stays_pending_and_is_answered_at_any_later_moment() -> None:
    effect = CantBecomeDay()
    daynight = DayNight(autoload=False)
    daynight.pm.register(effect)
    game = daynight.new_game("g1", ["P1", "P2"])
    game.untap_step(1, "P1")
    assert game.pending_change() is None  # nothing to change yet
    first = game.enter(Permanent("w1", "P1", RUFFIAN, SMASHER))
    assert first.vetoed == (ChangeVetoed(Designation.DAY, "702.145d", "Fixture Dusk says it can't become day"),)
    later = game.enter(Permanent("b1", "P1", BEAR))
    game.cast("P1")
    assert game.designation is Designation.NEITHER and later.vetoed == ()  # this event did not try the change
    assert game.pending_change() == first.vetoed[0]  # still pending after an event that reports nothing
    before = game.save()
    effect.active = False
    assert game.pending_change() is None  # the veto no longer holds: nothing pending (until veto_ended changes it)
    assert game.save() == before  # asking changed nothing
    assert game.veto_ended("Fixture Dusk left").changes[0].after is Designation.DAY
    assert game.pending_change() is None


def test_702_145g_a_nightbound_change_stopped_by_a_veto_is_pending_too() -> None:
    class CantBecomeNight:
        @hookimpl
        def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
            return "no night" if after is Designation.NIGHT else None

    daynight = DayNight(autoload=False)
    daynight.pm.register(CantBecomeNight())
    game = daynight.new_game("g1", ["P1", "P2"])
    game.enter(Permanent("w1", "P1", RUFFIAN, SMASHER, face=Side.BACK))
    assert game.pending_change() == ChangeVetoed(Designation.NIGHT, "702.145g", "no night")
