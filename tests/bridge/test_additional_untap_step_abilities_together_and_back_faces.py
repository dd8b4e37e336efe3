"""The additional untap step (500.8, 502.2), abilities changed at the same moment (702.145d) and a back face given
after entering (712.9, 702.145c) through the bridge: same outcomes and saves as the Python facade, bad params refused
at every depth."""

from __future__ import annotations

from typing import Any

from mtg_daynight import DayNight, Face, Permanent
from mtg_daynight.bridge.server import Server
from mtg_daynight.rules import AbilityChange, Keyword, Side
from tests.bridge.test_server import RUFFIAN, error, request, result, saved


def _python_game() -> Any:
    return DayNight(autoload=False).new_game("g1", ["alice", "bob"])


def test_502_2_additional_untap_step_checks_the_previous_turn_through_the_bridge(server: Server) -> None:
    result(server, "new_game", game="g1", players=["alice", "bob"])
    result(server, "untap_step", game="g1", turn=1, active="alice")
    result(server, "untap_step", game="g1", turn=2, active="bob")
    result(server, "enter", game="g1", permanents=[RUFFIAN])
    result(server, "cast", game="g1", player="bob", spell="Opt")
    result(server, "cast", game="g1", player="bob", spell="Opt")
    outcome = result(server, "additional_untap_step", game="g1", turn=2)
    assert outcome["actions"] == [
        {"type": "designation", "before": "day", "after": "night", "rule": "731.2a", "during_untap_step": True},
        {"type": "transform", "permanent": "p1", "to": "back", "rule": "702.145b"},
    ]
    python = _python_game()
    python.untap_step(1, "alice")
    python.untap_step(2, "bob")
    python.enter(Permanent("p1", "alice", Face("Tavern Ruffian", daybound=True),
                           Face("Tavern Smasher", nightbound=True)))
    python.cast("bob", "Opt")
    python.cast("bob", "Opt")
    python.additional_untap_step(2)
    assert saved(server).encode() == python.save()
    assert error(server, request("additional_untap_step", {"game": "g1", "turn": 1}))["data"]["type"] == "BadEventError"


def test_702_145d_abilities_together_through_the_bridge(server: Server) -> None:
    result(server, "new_game", game="g1", players=["alice", "bob"])
    result(server, "untap_step", game="g1", turn=1, active="alice")
    brute = {"kind": "permanent", "id": "b", "controller": "alice",
             "front": {"name": "Brutal Cathar", "daybound": True},
             "back": {"name": "Moonrage Brute", "nightbound": True}, "face": "back", "lost": ["nightbound"]}
    result(server, "enter", game="g1", permanents=[brute, {**RUFFIAN, "lost": ["daybound"]}])
    assert result(server, "designation", game="g1") == "neither"
    outcome = result(server, "set_abilities_batch", game="g1", changes=[{"permanent": "b"}, {"permanent": "p1"}])
    assert outcome["actions"][0] == {"type": "designation", "before": "neither", "after": "day", "rule": "702.145d",
                                     "during_untap_step": False}
    assert outcome["actions"][1] == {"type": "transform", "permanent": "b", "to": "front", "rule": "702.145e"}
    python = _python_game()
    python.untap_step(1, "alice")
    python.enter(
        Permanent("b", "alice", Face("Brutal Cathar", daybound=True), Face("Moonrage Brute", nightbound=True),
                  face=Side.BACK, lost=frozenset({Keyword.NIGHTBOUND})),
        Permanent("p1", "alice", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True),
                  lost=frozenset({Keyword.DAYBOUND})),
    )
    python.set_abilities_batch([AbilityChange("b"), AbilityChange("p1")])
    assert saved(server).encode() == python.save()
    # Strict at every depth: a typo in a change is an invalid param, with its path.
    bad = error(server, request("set_abilities_batch", {"game": "g1", "changes": [{"permanent": "b", "gaind": []}]}))
    assert bad["code"] == -32602 and "changes[0]" in bad["data"]["message"]


def test_712_9_set_back_face_through_the_bridge(server: Server) -> None:
    result(server, "new_game", game="g1", players=["alice", "bob"])
    result(server, "untap_step", game="g1", turn=1, active="alice")
    werewhat = {"kind": "permanent", "id": "w", "controller": "alice", "front": {"name": "Werewhat", "daybound": True}}
    result(server, "enter", game="g1", permanents=[werewhat])
    result(server, "become", game="g1", to="night", cause="an effect")
    outcome = result(server, "set_back_face", game="g1", permanent="w",
                     back={"name": "Exiled Beast", "nightbound": True}, cause="Werewhat")
    assert outcome["actions"] == [{"type": "transform", "permanent": "w", "to": "back", "rule": "702.145c"}]
    assert result(server, "face_of", game="g1", permanent="w") == "back"
    bad = error(server, request("set_back_face", {"game": "g1", "permanent": "w", "cause": "x",
                                                  "back": {"name": "Beast", "nightbond": True}}))
    assert bad["code"] == -32602 and "back" in bad["data"]["message"]
    again = error(server, request("set_back_face", {"game": "g1", "permanent": "w", "cause": "x",
                                                    "back": {"name": "Beast"}}))
    assert again["data"]["type"] == "BadEventError" and "already has a back face" in again["data"]["message"]
