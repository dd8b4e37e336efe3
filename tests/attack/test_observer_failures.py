"""An observer plugin's failure never loses a committed change: a ``daynight_changed`` implementation that raises
is reported in the Outcome (``failed_notifications``) and as a NotificationFailedWarning, the change stands, the
other observers are still told, and the bridge passes the report through."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mtg_daynight import DayNight, Designation
from mtg_daynight.bridge.methods import Session
from mtg_daynight.bridge.server import Server
from mtg_daynight.errors import NotificationFailedWarning
from mtg_daynight.hookspecs import hookimpl
from mtg_daynight.rules.outcome import DesignationChange, FailedNotification


class Broken:
    """An observer with a bug."""

    @hookimpl
    def daynight_changed(self, game: str, change: DesignationChange, state: Any) -> None:
        raise RuntimeError("observer bug")


class Listening:
    """An observer that works."""

    def __init__(self) -> None:
        self.heard: list[Designation] = []

    @hookimpl
    def daynight_changed(self, game: str, change: DesignationChange, state: Any) -> None:
        self.heard.append(change.after)


def _daynight() -> tuple[DayNight, Listening]:
    daynight = DayNight(autoload=False)
    listening = Listening()
    daynight.pm.register(listening, name="listening")
    daynight.pm.register(Broken(), name="broken")  # registered last: pluggy calls it first
    return daynight, listening


def test_a_raising_observer_leaves_the_change_and_the_outcome_whole() -> None:
    daynight, listening = _daynight()
    game = daynight.new_game("g", ["alice"])
    game.become("day", "Dawn effect")  # from neither: no daynight_changed (731.1a)
    with pytest.warns(NotificationFailedWarning, match="'broken': daynight_changed raised RuntimeError"):
        outcome = game.become("night", "Dusk effect")
    assert game.designation is Designation.NIGHT
    assert [c.after for c in outcome.changes] == [Designation.NIGHT]
    assert outcome.failed_notifications == (
        FailedNotification("broken", "daynight_changed", "RuntimeError: observer bug"),)
    assert listening.heard == [Designation.NIGHT]  # the other observer was told all the same


def test_the_untap_step_check_is_kept_when_an_observer_raises() -> None:
    daynight, _ = _daynight()
    game = daynight.new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    game.become("day", "Dawn effect")
    with pytest.warns(NotificationFailedWarning):
        outcome = game.untap_step(2, "bob")  # alice cast nothing: night (731.2a)
    assert game.designation is Designation.NIGHT and outcome.changes[0].rule == "731.2a"
    assert game.state.turn is not None and game.state.turn.number == 2
    assert len(outcome.failed_notifications) == 1


def test_the_bridge_answers_the_outcome_with_the_failed_notification() -> None:
    daynight, _ = _daynight()
    server = Server(Session(daynight))

    def call(method: str, **params: Any) -> Any:
        answer = server.handle(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode())
        assert answer is not None
        return json.loads(answer)["result"]

    call("new_game", game="g", players=["alice"])
    call("become", game="g", to="day", cause="Dawn effect")
    with pytest.warns(NotificationFailedWarning):
        result = call("become", game="g", to="night", cause="Dusk effect")
    assert result["failed_notifications"] == [
        {"plugin": "broken", "hook": "daynight_changed", "error": "RuntimeError: observer bug"}]
    assert call("designation", game="g") == "night"
