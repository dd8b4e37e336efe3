"""731.1 and 731.1a: "it becomes day/night" effects, switches, vetoes (a plugin), the change notification."""

from __future__ import annotations

import pluggy
import pytest

from mtg_daynight import BadEventError, DayNight, Designation, DesignationChange, Side
from mtg_daynight.hookspecs import GameState, hookimpl
from mtg_daynight.manager import plugin_manager
from mtg_daynight.rules import ChangeVetoed

from .cards import werewolf

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER


class ForbidNight:
    """Test plugin: "it can't become night" (Angel of Eternal Dawn's shape), for one game only."""

    def __init__(self, game: str = "g1") -> None:
        self.game = game
        self.asked: list[tuple[Designation, str]] = []

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        self.asked.append((after, cause))
        if game == self.game and after is NIGHT:
            return "Angel of Eternal Dawn says it can't become night"
        return None


class Listener:
    """Test plugin: records every daynight_changed notification."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, DesignationChange, Designation]] = []

    @hookimpl
    def daynight_changed(self, game: str, change: DesignationChange, state: GameState) -> None:
        self.calls.append((game, change, state.designation))


def _dn(*plugins: object) -> DayNight:
    pm = plugin_manager(autoload=False)
    for plugin in plugins:
        pm.register(plugin)
    pm.check_pending()
    return DayNight(pm)


# -- effects ----------------------------------------------------------------------------------------------


def test_731_1_it_becomes_night_effect_at_any_time() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    g.cast("P1")
    outcome = g.become("night", "Bloodline Culling's effect")
    assert outcome.changes == (DesignationChange(DAY, NIGHT, "731.1", False),)
    assert g.face_of("w1") is Side.BACK


def test_731_1_it_becomes_day_effect_while_neither() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    outcome = g.become("day", "an effect")
    assert outcome.changes == (DesignationChange(NEITHER, DAY, "731.1", False),)


def test_731_1_becoming_what_it_already_is_does_nothing_and_reports_no_event() -> None:
    listener = Listener()
    g = _dn(listener).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    for _ in range(2):
        outcome = g.become("day", "an effect")
        assert outcome.actions == ()
        assert g.designation is DAY
    g.become("night", "an effect")
    assert g.become("night", "again").actions == ()
    assert [c.after for _, c, _ in listener.calls] == [NIGHT]
    assert g.face_of("w1") is Side.BACK


def test_731_1_switch_while_neither_makes_it_night() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    outcome = g.become("switch", "The Celestus")
    assert outcome.changes == (DesignationChange(NEITHER, NIGHT, "731.1", False),)


def test_731_1_switch_swaps_day_and_night() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.enter(werewolf("w1"))
    assert g.become("switch", "The Celestus").changes[0].after is NIGHT
    assert g.face_of("w1") is Side.BACK
    assert g.become("switch", "The Celestus").changes[0].after is DAY
    assert g.face_of("w1") is Side.FRONT


def test_731_1_no_effect_can_make_it_neither() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.become("day", "an effect")
    with pytest.raises(BadEventError, match="neither"):
        g.become(NEITHER, "a bogus effect")
    assert g.designation is DAY


# -- veto hook ---------------------------------------------------------------------------------------------


def test_veto_plugin_forbids_night_in_the_untap_step() -> None:
    veto = ForbidNight()
    g = _dn(veto).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    outcome = g.untap_step(2, "P2")  # would become night (731.2a)
    assert outcome.changes == ()
    assert outcome.vetoed == (ChangeVetoed(NIGHT, "731.2a", "Angel of Eternal Dawn says it can't become night"),)
    assert g.designation is DAY
    assert g.face_of("w1") is Side.FRONT
    assert veto.asked[-1] == (NIGHT, "previous active player P1 cast 0 spells in turn 1")


def test_veto_plugin_forbids_night_from_effects_and_switch_but_not_day() -> None:
    g = _dn(ForbidNight()).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    assert g.become("night", "Moonrise effect").vetoed[0].after is NIGHT
    assert g.become("switch", "The Celestus").vetoed[0].after is NIGHT
    assert g.designation is NEITHER
    assert g.become("day", "effect").changes[0].after is DAY


def test_veto_plugin_forbids_night_from_nightbound_702_145g() -> None:
    g = _dn(ForbidNight()).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    outcome = g.enter(werewolf("n1", face=Side.BACK))
    assert outcome.vetoed == (ChangeVetoed(NIGHT, "702.145g", "Angel of Eternal Dawn says it can't become night"),)
    assert g.designation is NEITHER


def test_veto_applies_only_to_the_game_it_names() -> None:
    dn = _dn(ForbidNight("g1"))
    g1, g2 = dn.new_game("g1", ["P1", "P2"]), dn.new_game("g2", ["P1", "P2"])
    assert g1.become("night", "effect").vetoed
    assert g2.become("night", "effect").changes[0].after is NIGHT


# -- notification (731.1a) ---------------------------------------------------------------------------------


def test_731_1a_changed_notification_only_for_day_to_night_and_night_to_day() -> None:
    listener = Listener()
    g = _dn(listener).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))  # neither -> day: not "night becomes day"
    g.become("day", "effect")  # already day: no change
    assert listener.calls == []
    g.become("night", "effect")
    g.cast("P1")
    g.cast("P1")
    g.untap_step(2, "P2")  # night -> day in the untap step
    g.untap_step(3, "P1")  # day -> night in the untap step
    assert [(game, c.before, c.after, c.during_untap_step, now) for game, c, now in listener.calls] == [
        ("g1", DAY, NIGHT, False, NIGHT),
        ("g1", NIGHT, DAY, True, DAY),
        ("g1", DAY, NIGHT, True, NIGHT),
    ]


def test_731_1a_no_notification_from_neither_to_night() -> None:
    listener = Listener()
    g = _dn(listener).new_game("g1", ["P1", "P2"])
    g.become("switch", "The Celestus")
    g.enter(werewolf("n1", face=Side.BACK))
    assert g.designation is NIGHT
    assert listener.calls == []


def test_731_1a_no_notification_when_vetoed() -> None:
    listener = Listener()
    g = _dn(ForbidNight(), listener).new_game("g1", ["P1", "P2"])
    g.become("day", "effect")
    g.become("night", "effect")
    assert listener.calls == []


def test_731_1a_notification_property_is_day_night_change() -> None:
    assert DesignationChange(DAY, NIGHT, "731.2a", True).is_day_night_change
    assert not DesignationChange(NEITHER, DAY, "702.145d", False).is_day_night_change


def test_veto_and_listener_plugins_pass_check_pending() -> None:
    dn = _dn(ForbidNight(), Listener())
    dn.pm.check_pending()

    class Typo:
        @hookimpl
        def daynight_chaged(self, game: str) -> None:  # misspelt hook: check_pending must catch it
            """Never called."""

    dn.pm.register(Typo())
    with pytest.raises(pluggy.PluginValidationError):
        dn.pm.check_pending()
