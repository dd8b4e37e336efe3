"""The server in-process: requests, batches, notifications, and every kind of bad message. A bad message gets the
JSON-RPC error it should, the server keeps serving, and no game's state changes."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from mtg_daynight.bridge.methods import METHODS, Session
from mtg_daynight.bridge.protocol import Limits
from mtg_daynight.bridge.server import Server
from mtg_daynight.facade import DayNight
from mtg_daynight.hookspecs import hookimpl

RUFFIAN = {"kind": "permanent", "id": "p1", "controller": "alice",
           "front": {"name": "Tavern Ruffian", "daybound": True},
           "back": {"name": "Tavern Smasher", "nightbound": True}}


def request(method: str, params: dict[str, Any] | None = None, id: int | str | None = 1, *,
            notification: bool = False) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if not notification:
        message["id"] = id
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode()


def ask(server: Server, line: bytes) -> Any:
    answer = server.handle(line)
    assert answer is not None, line
    assert b"\n" not in answer
    return json.loads(answer)


def result(server: Server, method: str, **params: Any) -> Any:
    answer = ask(server, request(method, params))
    assert "error" not in answer, answer
    return answer["result"]


def error(server: Server, line: bytes) -> dict[str, Any]:
    answer = ask(server, line)
    assert "result" not in answer, answer
    assert answer["jsonrpc"] == "2.0"
    return dict(answer["error"])


@pytest.fixture
def day_game(server: Server) -> Server:
    """Game g1 at day, turn 1, with p1 (Tavern Ruffian) on the battlefield."""
    result(server, "new_game", game="g1", players=["alice", "bob"])
    result(server, "untap_step", game="g1", turn=1, active="alice")
    result(server, "enter", game="g1", permanents=[RUFFIAN])
    return server


def saved(server: Server, game: str = "g1") -> str:
    value: str = result(server, "save", game=game)
    return value


def test_a_game_through_the_bridge_matches_the_facade(day_game: Server) -> None:
    outcome = result(day_game, "untap_step", game="g1", turn=2, active="bob")
    assert outcome["actions"] == [
        {"type": "designation", "before": "day", "after": "night", "rule": "731.2a", "during_untap_step": True},
        {"type": "transform", "permanent": "p1", "to": "back", "rule": "702.145b"},
    ]
    assert outcome["trace"][0]["rule"] == "731.2a"
    python = DayNight(autoload=False).new_game("g1", ["alice", "bob"])
    python.untap_step(1, "alice")
    from mtg_daynight import Face, Permanent

    python.enter(Permanent("p1", "alice", Face("Tavern Ruffian", daybound=True),
                           Face("Tavern Smasher", nightbound=True)))
    python.untap_step(2, "bob")
    assert saved(day_game).encode() == python.save()  # the same state, byte for byte


def test_save_and_load_continue_the_game(day_game: Server) -> None:
    data = saved(day_game)
    assert result(day_game, "load_game", game="copy", data=data) == {"game": "copy", "designation": "day"}
    assert result(day_game, "untap_step", game="copy", turn=2, active="bob")["actions"][0]["after"] == "night"
    assert result(day_game, "designation", game="g1") == "day"


def test_queries(day_game: Server) -> None:
    assert result(day_game, "face_of", game="g1", permanent="p1") == "front"
    assert result(day_game, "permanent", game="g1", permanent="p1")["card"]["front"]["name"] == "Tavern Ruffian"
    assert [line["rule"] for line in result(day_game, "trace", game="g1")] == ["731.2c", "702.145b", "702.145d"]
    assert result(day_game, "state", game="g1")["designation"] == "day"
    assert result(day_game, "game", game="g1") == {"game": "g1", "designation": "day"}


def test_one_server_serves_many_games(server: Server) -> None:
    for game in ("a", "b"):
        result(server, "new_game", game=game, players=["alice", "bob"])
        result(server, "untap_step", game=game, turn=1, active="alice")
    result(server, "enter", game="a", permanents=[RUFFIAN])
    assert result(server, "designation", game="a") == "day"
    assert result(server, "designation", game="b") == "neither"


def test_initialize_names_versions_plugins_and_methods(server: Server) -> None:
    info = result(server, "initialize", client="pytest")
    assert info["protocol_version"] == "1"
    assert info["library"] == "mtg-daynight"
    assert "daynight-rules" in [p["name"] for p in info["plugins"]]
    assert info["methods"] == list(METHODS)


def test_initialize_lists_the_variants_of_loaded_plugins() -> None:
    import mtg_daynight_werewolf_rule as house_rule

    daynight = DayNight(autoload=False)
    daynight.pm.register(house_rule, name="werewolf-house-rule")
    assert result(Server(Session(daynight)), "initialize")["variants"] == [house_rule.VARIANT]


def test_a_batch_answers_in_order_and_leaves_out_notifications(day_game: Server) -> None:
    line = "[" + ",".join([
        request("cast", {"game": "g1", "player": "alice", "spell": "Opt"}, id="a").decode(),
        request("designation", {"game": "g1"}, notification=True).decode(),
        request("designation", {"game": "g1"}, id=7).decode(),
    ]) + "]"
    answers = ask(day_game, line.encode())
    assert [a["id"] for a in answers] == ["a", 7]
    assert answers[1]["result"] == "day"


def test_notifications_are_carried_out_and_answered_by_nothing(day_game: Server) -> None:
    note = b'{"jsonrpc":"2.0","method":"cast","params":{"game":"g1","player":"alice","spell":"Opt"}}'
    assert day_game.handle(note) is None
    assert day_game.handle(b'{"jsonrpc":"2.0","method":"nope"}') is None  # errors too
    assert result(day_game, "state", game="g1")["turn"]["cast"] == {"alice": 1}


BAD_MESSAGES = [
    (b"{not json", -32700),
    (b'{"jsonrpc":"2.0","id":1,"method":"cast","params":{"game":"g1"', -32700),
    (b"[" * 100_000, -32700),
    (b'{"jsonrpc":"2.0","id":1,"method":"designation","params":{"game":"\xff"}}', -32700),  # not UTF-8
    (b'{"jsonrpc":"2.0","id":1,"method":"designation","params":{"game":"g1"}} {"jsonrpc":"2.0"}', -32700),
    (b'{"jsonrpc":"2.0","id":NaN,"method":"designation","params":{"game":"g1"}}', -32700),
    (b"\x00\x01", -32700),
    (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, -32700),
    (b"[[" * 50_000 + b"]]" * 50_000, -32700),  # valid JSON, but nested too deeply to parse
    (b'"just a string"', -32600),
    (b"42", -32600),
    (b"[]", -32600),
    (b'{"id":1,"method":"designation","params":{"game":"g1"}}', -32600),
    (b'{"jsonrpc":"1.0","id":1,"method":"designation","params":{"game":"g1"}}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"params":{"game":"g1"}}', -32600),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"designation","params":{"game":"g1"}}', -32600),
    (b'{"jsonrpc":"2.0","id":true,"method":"designation","params":{"game":"g1"}}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"designation","params":"g1"}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"designation","params":{"game":"g1"},"extra":1}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_stop","params":{"game":"g1"}}', -32601),
    (b'{"jsonrpc":"2.0","id":1,"method":"__init__","params":{}}', -32601),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_step","params":["g1",2,"bob"]}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_step","params":{"game":"g1","turn":"2","active":"bob"}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_step","params":{"game":"g1","active":"bob"}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_step","params":{"game":"g1","turn":2,"active":"bob","x":1}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"set_abilities","params":{"game":"g1","permanent":"p1","gained":["flying"]}}',
     -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"enter","params":{"game":"g1","permanents":[{"id":"p2"}]}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"become","params":{"game":"g1","to":"dusk","cause":"x"}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"untap_step","params":{"game":"g1","turn":1,"active":"alice"}}', -32001),
    (b'{"jsonrpc":"2.0","id":1,"method":"enter","params":{"game":"g1","permanents":[' + json.dumps(RUFFIAN).encode()
     + b"]}}", -32001),
    (b'{"jsonrpc":"2.0","id":1,"method":"leave","params":{"game":"g1","permanents":["p1","p9"]}}', -32001),
    (b'{"jsonrpc":"2.0","id":1,"method":"become","params":{"game":"g1","to":"neither","cause":"x"}}', -32001),
    (b'{"jsonrpc":"2.0","id":1,"method":"load_game","params":{"game":"g1","data":"{}"}}', -32001),
    (b'{"jsonrpc":"2.0","id":1,"method":"cast","params":{"game":"nope","player":"alice"}}', -32002),
    (b'{"jsonrpc":"2.0","id":1,"method":"remove_cant_become","params":{"game":"g1","effect":"x"}}', -32001),
]


@pytest.mark.parametrize(("line", "code"), BAD_MESSAGES, ids=lambda v: str(v)[:60] if isinstance(v, bytes) else v)
def test_bad_messages_get_their_error_and_change_nothing(day_game: Server, line: bytes, code: int) -> None:
    before = saved(day_game)
    failure = error(day_game, line)
    assert failure["code"] == code
    assert failure["data"]["type"] and failure["data"]["message"]
    assert saved(day_game) == before
    assert result(day_game, "designation", game="g1") == "day"  # and it keeps serving


def test_error_data_names_the_exception_and_says_where(day_game: Server) -> None:
    failure = error(day_game, request("leave", {"game": "g1", "permanents": ["p9"]}))
    assert failure["data"]["type"] == "BadEventError"
    assert "p9" in failure["data"]["message"]
    failure = error(day_game, request("untap_step", {"game": "g1", "turn": "2", "active": "bob"}))
    assert failure["data"] == {"type": "InvalidParams",
                               "message": "untap_step: Expected `int`, got `str` - at `$.params.turn`"}
    assert error(day_game, request("cast", {"game": "zz", "player": "a"}))["data"]["type"] == "UnknownGameError"


def test_the_id_of_an_invalid_request_is_echoed_when_readable(day_game: Server) -> None:
    answer = ask(day_game, b'{"jsonrpc":"2.0","id":"x1","method":5}')
    assert (answer["id"], answer["error"]["code"]) == ("x1", -32600)


def test_a_batch_mixing_good_and_bad_runs_every_good_one(day_game: Server) -> None:
    line = ("[" + ",".join([
        request("cast", {"game": "g1", "player": "alice"}, id=1).decode(),
        "5",
        '{"jsonrpc":"2.0","id":3,"method":"nope"}',
        request("leave", {"game": "g1", "permanents": ["p9"]}, id=4).decode(),
        request("untap_step", {"game": "g1", "turn": "x", "active": "bob"}, id=5).decode(),
        request("cast", {"game": "g1", "player": "alice"}, id=6).decode(),
    ]) + "]").encode()
    answers = ask(day_game, line)
    assert [(a["id"], a.get("error", {}).get("code")) for a in answers] == [
        (1, None), (None, -32600), (3, -32601), (4, -32001), (5, -32602), (6, None)]
    assert result(day_game, "state", game="g1")["turn"]["cast"] == {"alice": 2}


def test_a_plugin_crash_is_an_internal_error_and_the_server_goes_on(day_game: Server) -> None:
    class Broken:
        @hookimpl
        def daynight_forbid_change(self, game: str, state: object, after: object, cause: str) -> str | None:
            raise RuntimeError("boom")

    log = io.StringIO()
    day_game.log = log
    day_game.session.daynight.pm.register(Broken())
    failure = error(day_game, request("become", {"game": "g1", "to": "night", "cause": "x"}))
    assert (failure["code"], failure["data"]) == (-32603, {"type": "RuntimeError", "message": "RuntimeError: boom"})
    assert "boom" in log.getvalue()
    assert result(day_game, "face_of", game="g1", permanent="p1") == "front"


def test_a_huge_valid_message_is_served(day_game: Server) -> None:
    bears = [{"kind": "permanent", "id": f"b{i}", "controller": "bob", "front": {"name": "Grizzly Bears"}}
             for i in range(5000)]
    line = request("enter", {"game": "g1", "permanents": bears})
    assert len(line) > 400_000
    assert result(day_game, "enter", game="g1", permanents=bears) == {
        "actions": [], "trace": [], "failed_notifications": []}
    assert len(result(day_game, "state", game="g1")["permanents"]) == 5001


def test_serve_reads_lines_until_the_end_and_skips_an_oversized_one() -> None:
    server = Server(Session(DayNight(autoload=False)), limits=Limits(message_bytes=200))
    lines = [request("new_game", {"game": "g", "players": ["a"]}), b" ", b'{"x":"' + b"y" * 1000 + b'"}',
             request("designation", {"game": "g"}, id=2)]
    out = io.BytesIO()
    server.serve(io.BytesIO(b"\n".join(lines) + b"\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a.get("error", {}).get("code") for a in answers] == [None, -32600, None]
    assert "longer than 200 bytes" in answers[1]["error"]["data"]["message"]
    assert answers[2] == {"jsonrpc": "2.0", "id": 2, "result": "neither"}


def test_731_1_host_cant_become_effect_vetoes_night(day_game: Server) -> None:
    effect = "Angel of Eternal Dawn (p7) says it can't become night"
    assert result(day_game, "add_cant_become", game="g1", effect=effect, after="night") == {
        "actions": [], "trace": [], "failed_notifications": []}
    outcome = result(day_game, "become", to="night", game="g1", cause="an effect")
    assert outcome["actions"] == [{"type": "vetoed", "after": "night", "rule": "731.1", "reason": effect}]
    assert "731.1" in [line["rule"] for line in outcome["trace"]]
    assert error(day_game, request("add_cant_become", {"game": "g1", "effect": effect, "after": "night"}))["code"] \
        == -32001
    result(day_game, "remove_cant_become", game="g1", effect=effect)
    assert result(day_game, "become", to="night", game="g1", cause="an effect")["actions"][0]["after"] == "night"


def test_host_effects_are_per_game_and_end_with_the_game(day_game: Server) -> None:
    result(day_game, "add_cant_become", game="g1", effect="lock", after="night")
    result(day_game, "new_game", game="g2", players=["alice", "bob"])
    assert result(day_game, "become", to="night", game="g2", cause="x")["actions"][0]["type"] == "designation"
    result(day_game, "end", game="g1")
    assert day_game.session.effects.daynight_forbid_change("g1", None, "night", "") is None  # type: ignore[arg-type]
    assert error(day_game, request("add_cant_become", {"game": "g1", "effect": "lock", "after": "night"}))["code"] \
        == -32002


def test_731_1_an_effect_with_a_source_applies_while_the_source_is_there_phased_in_and_face_up(
        day_game: Server) -> None:
    effect = "Angel of Eternal Dawn (angel) says it can't become night"
    result(day_game, "add_cant_become", game="g1", effect=effect, after="night", source="angel")
    angel = {"kind": "permanent", "id": "angel", "controller": "bob", "front": {"name": "Angel of Eternal Dawn"}}
    night = {"game": "g1", "cause": "an effect"}

    def vetoed() -> bool:
        outcome = result(day_game, "become", to="night", **night)
        if outcome["actions"][0]["type"] == "vetoed":
            return True
        result(day_game, "become", game="g1", to="day", cause="undo")  # back to day for the next question
        return False

    assert not vetoed()  # not on the battlefield yet
    result(day_game, "enter", game="g1", permanents=[angel])
    assert vetoed()
    result(day_game, "phase_out", game="g1", permanents=["angel"])
    assert not vetoed()  # 702.26b
    result(day_game, "phase_in", game="g1", permanents=["angel"])
    result(day_game, "turn_face_down", game="g1", permanent="angel")
    assert not vetoed()  # 708.2
    result(day_game, "turn_face_up", game="g1", permanent="angel")
    assert vetoed()
    result(day_game, "leave", game="g1", permanents=["angel"])
    assert not vetoed()


def test_702_145g_nightbound_entering_with_the_effects_source_is_vetoed_in_the_same_batch(server: Server) -> None:
    result(server, "new_game", game="g", players=["a", "b"])
    result(server, "untap_step", game="g", turn=1, active="a")
    result(server, "add_cant_become", game="g", effect="the angel says no night", after="night", source="angel")
    wolf = {"kind": "permanent", "id": "w", "controller": "a", "front": {"name": "Fixture Night Wolf",
            "nightbound": True}, "back": {"name": "Fixture Day Wolf", "daybound": True}}
    angel = {"kind": "permanent", "id": "angel", "controller": "a", "front": {"name": "Angel of Eternal Dawn"}}
    outcome = result(server, "enter", game="g", permanents=[wolf, angel])
    assert outcome["actions"][-1] == {"type": "vetoed", "after": "night", "rule": "702.145g",
                                      "reason": "the angel says no night"}
    assert result(server, "designation", game="g") == "neither"


def test_the_python_client_raises_the_error_the_server_names() -> None:
    from mtg_daynight.bridge.protocol import ErrorData, ErrorObject
    from mtg_daynight.errors import BadSaveError, UnknownGameError
    from tests.bridge.client import BridgeError, raise_for

    with pytest.raises(BadSaveError, match="not a save"):
        raise_for(ErrorObject(-32001, "x", ErrorData("BadSaveError", "not a save")))
    with pytest.raises(UnknownGameError):
        raise_for(ErrorObject(-32002, "x", ErrorData("UnknownGameError", "g")))
    with pytest.raises(BridgeError, match="-32601"):
        raise_for(ErrorObject(-32601, "Method not found", ErrorData("MethodNotFound", "no method 'x'")))


def test_a_result_that_cannot_be_encoded_is_an_internal_error_not_a_crash() -> None:
    from mtg_daynight.bridge.methods import Method

    class Odd:
        def odd(self) -> object:
            """Return something JSON can't carry."""
            return object()

    server = Server(Session(DayNight(autoload=False)), {"odd": Method(Odd.odd, lambda session, params: Odd())},
                    log=io.StringIO())
    failure = error(server, request("odd"))
    assert (failure["code"], failure["data"]["type"]) == (-32603, "TypeError")


def test_701_27_the_same_restriction_named_twice_applies_until_both_end_through_the_bridge(day_game: Server) -> None:
    result(day_game, "add_restriction", game="g1", permanent="p1", restriction="Immerwolf")
    result(day_game, "add_restriction", game="g1", permanent="p1", restriction="Immerwolf")  # a second Immerwolf
    result(day_game, "become", game="g1", to="night", cause="an effect")
    result(day_game, "remove_restriction", game="g1", permanent="p1", restriction="Immerwolf")
    view = result(day_game, "permanent", game="g1", permanent="p1")
    assert view.get("face", "front") == "front" and view["restrictions"] == ["Immerwolf"]  # the other still applies
    outcome = result(day_game, "remove_restriction", game="g1", permanent="p1", restriction="Immerwolf")
    assert [action["type"] for action in outcome["actions"]] == ["transform"]
    assert error(day_game, request("remove_restriction", {"game": "g1", "permanent": "p1",
                                                          "restriction": "Immerwolf"}))["code"] == -32001


def test_702_145d_a_pending_veto_is_answered_by_pending_change_through_the_bridge(server: Server) -> None:
    result(server, "new_game", game="g1", players=["alice", "bob"])
    assert result(server, "pending_change", game="g1") is None
    result(server, "add_cant_become", game="g1", effect="Fixture Dusk", after="day")
    actions = result(server, "enter", game="g1", permanents=[RUFFIAN])["actions"]
    vetoed = [action for action in actions if action["type"] == "vetoed"]
    assert len(vetoed) == 1 and vetoed[0]["rule"] == "702.145d"
    result(server, "enter", game="g1", permanents=[{"kind": "permanent", "id": "b1", "controller": "alice",
                                                     "front": {"name": "Grizzly Bears"}}])
    assert result(server, "pending_change", game="g1") == vetoed[0]


def test_712_16_a_meld_card_through_the_bridge_cant_be_turned_face_down(server: Server) -> None:
    result(server, "new_game", game="g1", players=["alice", "bob"])
    result(server, "enter", game="g1", permanents=[{"kind": "permanent", "id": "g", "controller": "alice",
                                                     "front": {"name": "Gisela, the Broken Blade"}, "meld": True}])
    refused = result(server, "turn_face_down", game="g1", permanent="g")["actions"]
    assert [(action["type"], action["rule"]) for action in refused] == [("face_down_refused", "712.16")]
