"""Attacks on the JSON-RPC bridge's edges: what the server refuses, and what it will not answer at any size.

Seen failing on main: unknown members below the top of ``params`` were dropped (``"daybond": true`` entered a
permanent without daybound, ``"face_dwon": true`` entered it face up); ``load_game`` replaced a running game;
``new_game`` took a variant no plugin offers; a turn of 2^64 was echoed in the trace (unreadable in Java, Go, Rust)
and a turn of 4,300 digits made the game unsaveable; a batch of 20,000 ``save`` calls drove the server to 2.5 GB;
a 4 MB batch of bare ``1`` elements produced a 0.36 GB error answer; ``"\\ud800"`` (valid JSON text) was answered
-32700 with id null. Every hostile input here is built by the test, at the size of the documented limit (or
against a smaller limit injected into the server).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from mtg_daynight.bridge.methods import Session
from mtg_daynight.bridge.protocol import (
    MAX_BATCH_BYTES,
    MAX_BATCH_REQUESTS,
    MAX_ERROR_MESSAGE_CHARS,
    MAX_SAFE_INTEGER,
    MAX_TURN,
    Limits,
)
from mtg_daynight.bridge.server import Server
from mtg_daynight.facade import DayNight

RUFFIAN = {"kind": "permanent", "id": "p1", "controller": "alice",
           "front": {"name": "Tavern Ruffian", "daybound": True},
           "back": {"name": "Tavern Smasher", "nightbound": True}}


def line(method: str, params: dict[str, Any], id: Any = 1) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
    if id is not ...:
        message["id"] = id
    return json.dumps(message).encode()


def ask(server: Server, message: bytes) -> Any:
    answer = server.handle(message)
    assert answer is not None, message
    return json.loads(answer)


def ok(server: Server, method: str, **params: Any) -> Any:
    answer = ask(server, line(method, params))
    assert "result" in answer, answer
    return answer["result"]


def save(server: Server) -> str:
    saved: str = ok(server, "save", game="g")
    return saved


def started(limits: Limits = Limits()) -> Server:  # noqa: B008 - immutable
    """A server (no entry-point plugins) with game g at turn 1, neither day nor night."""
    server = Server(Session(DayNight(autoload=False)), limits=limits)
    ok(server, "new_game", game="g", players=["alice", "bob"])
    ok(server, "untap_step", game="g", turn=1, active="alice")
    return server


def refused(server: Server, message: bytes, code: int) -> dict[str, Any]:
    """Send ``message``; assert it is answered ``code`` and that the game did not change; return the answer."""
    before = save(server)
    answer = ask(server, message)
    assert answer["error"]["code"] == code, answer
    assert save(server) == before
    return dict(answer)


# -- unknown members at every depth ---------------------------------------------------------------------------

@pytest.mark.parametrize(("permanent", "path"), [
    ({**RUFFIAN, "front": {"name": "Tavern Ruffian", "daybond": True}}, "$.params.permanents[0].front.daybond"),
    ({**RUFFIAN, "back": {"name": "Tavern Smasher", "nitebound": True}}, "$.params.permanents[0].back.nitebound"),
    ({**RUFFIAN, "face_dwon": True}, "$.params.permanents[0].face_dwon"),
    ({"kind": "card", "id": "p1", "controller": "alice", "card": "Tavern Ruffian", "face_dwon": True},
     "$.params.permanents[0].face_dwon"),
    ({**RUFFIAN, "front": {"name": "Tavern Ruffian", "day bound": True}},
     '$.params.permanents[0].front["day bound"]'),
])
def test_702_145b_an_unknown_member_at_any_depth_is_refused_with_its_path(permanent: dict[str, Any],
                                                                          path: str) -> None:
    server = started()
    answer = refused(server, line("enter", {"game": "g", "permanents": [permanent]}), -32602)
    assert answer["id"] == 1
    assert answer["error"]["data"]["message"].endswith(f"at `{path}`")
    assert ok(server, "enter", game="g", permanents=[RUFFIAN])["actions"][-1]["after"] == "day"  # 702.145d


def test_an_unknown_param_is_refused_with_its_path() -> None:
    answer = refused(started(), line("cast", {"game": "g", "player": "alice", "spel": "Opt"}), -32602)
    assert answer["error"]["data"]["message"] == "cast: unknown member `spel` - at `$.params.spel`"


# -- integers every client reads exactly ------------------------------------------------------------------------

@pytest.mark.parametrize("turn", [b"0", b"-1", b"%d" % (MAX_TURN + 1), b"%d" % 2**64, b"1" + b"0" * 4300],
                         ids=["0", "-1", "2^31", "2^64", "4301 digits"])
def test_a_turn_outside_1_to_2_31_minus_1_is_refused_with_its_path(turn: bytes) -> None:
    server = started()
    message = b'{"jsonrpc":"2.0","id":3,"method":"untap_step","params":{"game":"g","turn":%s,"active":"bob"}}' % turn
    answer = refused(server, message, -32602)
    assert answer["id"] == 3
    assert answer["error"]["data"]["message"].endswith("at `$.params.turn`")


def test_the_highest_turn_is_played_and_saved() -> None:
    server = started()
    ok(server, "untap_step", game="g", turn=MAX_TURN, active="bob")
    assert json.loads(save(server))["turn"]["number"] == MAX_TURN


@pytest.mark.parametrize("request_id", [MAX_SAFE_INTEGER + 1, -MAX_SAFE_INTEGER - 1, 2**64])
def test_an_id_javascript_cannot_read_exactly_is_refused_and_not_echoed(request_id: int) -> None:
    answer = refused(started(), line("designation", {"game": "g"}, request_id), -32600)
    assert answer["id"] is None
    assert "$.id" in answer["error"]["data"]["message"]


@pytest.mark.parametrize("request_id", [MAX_SAFE_INTEGER, -MAX_SAFE_INTEGER])
def test_the_largest_safe_ids_are_echoed(request_id: int) -> None:
    assert ask(started(), line("designation", {"game": "g"}, request_id)) == {
        "jsonrpc": "2.0", "id": request_id, "result": "neither"}


# -- games: ids in use, variants --------------------------------------------------------------------------------

def test_load_game_refuses_an_id_in_use_and_says_to_end_it_first() -> None:
    server = started()
    ok(server, "enter", game="g", permanents=[RUFFIAN])
    data = save(server)
    ok(server, "new_game", game="other", players=["alice"])
    other = ok(server, "save", game="other")
    answer = refused(server, line("load_game", {"game": "g", "data": other}), -32001)
    assert "end it first" in answer["error"]["message"]
    assert ok(server, "face_of", game="g", permanent="p1") == "front"  # its permanents are still there
    ok(server, "end", game="g")
    assert ok(server, "load_game", game="g", data=other) == {"game": "g", "designation": "neither"}
    ok(server, "end", game="g")
    assert ok(server, "load_game", game="g", data=data) == {"game": "g", "designation": "day"}


def test_new_game_refuses_a_variant_no_loaded_plugin_offers() -> None:
    server = started()
    answer = ask(server, line("new_game", {"game": "h", "players": ["a"], "variants": ["innistrad-werewolf"]}))
    assert answer["error"]["code"] == -32001  # the rules refuse it (BadEventError), as for a Python host
    assert "no loaded plugin offers the variant 'innistrad-werewolf' (offered: none)" in (
        answer["error"]["data"]["message"])
    assert ask(server, line("game", {"game": "h"}))["error"]["code"] == -32002  # not started


def test_new_game_takes_a_variant_a_loaded_plugin_offers() -> None:
    import mtg_daynight_werewolf_rule as house_rule

    daynight = DayNight(autoload=False)
    daynight.pm.register(house_rule, name="werewolf-house-rule")
    server = Server(Session(daynight))
    ok(server, "new_game", game="h", players=["a"], variants=[house_rule.VARIANT])
    assert ok(server, "state", game="h")["variants"] == [house_rule.VARIANT]


# -- strings that are not valid Unicode -----------------------------------------------------------------------

@pytest.mark.parametrize(("params", "path"), [
    ('{"game":"g","player":"\\ud800"}', "$.params.player"),
    ('{"game":"g","player":"alice","spell":"Opt \\udfff"}', "$.params.spell"),
    ('{"game":"g","player":"alice","\\ud800":1}', "$.params (the name of a member)"),
])
def test_a_lone_surrogate_is_invalid_params_with_the_request_id_and_path(params: str, path: str) -> None:
    message = b'{"jsonrpc":"2.0","id":"c1","method":"cast","params":' + params.encode() + b"}"
    answer = refused(started(), message, -32602)
    assert answer["id"] == "c1"
    assert answer["error"]["data"]["message"] == (
        f"cast: a string that is not valid Unicode (a lone surrogate escape) - at `{path}`")


def test_a_lone_surrogate_deep_in_an_entering_permanent_names_its_path() -> None:
    message = line("enter", {"game": "g", "permanents": [RUFFIAN]}, 4).replace(b"Tavern Smasher", b"\\udc00")
    answer = refused(started(), message, -32602)
    assert answer["id"] == 4
    assert answer["error"]["data"]["message"].endswith("at `$.params.permanents[0].back.name`")


def test_a_lone_surrogate_in_a_batch_fails_its_request_only() -> None:
    server = started()
    bad = b'{"jsonrpc":"2.0","id":7,"method":"cast","params":{"game":"g","player":"\\ud800"}}'
    answers = json.loads(server.handle(b"[" + bad + b"," + line("cast", {"game": "g", "player": "bob"}, 8) + b"]")
                         or b"")
    assert [a["id"] for a in answers] == [7, 8]
    assert answers[0]["error"]["code"] == -32602
    assert answers[1]["result"] == {"actions": [], "trace": [], "failed_notifications": []}


def test_a_lone_surrogate_elsewhere_is_an_invalid_request_and_a_notification_gets_no_answer() -> None:
    server = started()
    in_id = b'{"jsonrpc":"2.0","id":"\\ud800","method":"designation","params":{"game":"g"}}'
    assert refused(server, in_id, -32600)["id"] is None  # an id that cannot be echoed
    in_method = b'{"jsonrpc":"2.0","id":5,"method":"cast\\ud800","params":{"game":"g"}}'
    assert refused(server, in_method, -32600)["id"] == 5
    notification = b'{"jsonrpc":"2.0","method":"cast","params":{"game":"g","player":"\\ud800"}}'
    before = save(server)
    assert server.handle(notification) is None
    assert save(server) == before


def test_a_surrogate_pair_is_a_character_not_an_error() -> None:
    server = started()
    message = line("cast", {"game": "g", "player": "alice", "spell": "\U0001F600"})  # sent as "\\ud83d\\ude00"
    assert b"\\ud83d\\ude00" in message
    assert ask(server, message)["result"] == {"actions": [], "trace": [], "failed_notifications": []}


# -- bounded answers ------------------------------------------------------------------------------------------

def test_a_batch_of_more_than_max_batch_requests_is_refused_whole_before_it_runs() -> None:
    server = started()
    cast = line("cast", {"game": "g", "player": "alice"})
    answer = refused(server, b"[" + b",".join([cast] * (MAX_BATCH_REQUESTS + 1)) + b"]", -32600)
    assert answer["id"] is None and "MAX_BATCH_REQUESTS" in answer["error"]["data"]["message"]
    assert len(ask(server, b"[" + b",".join([cast] * MAX_BATCH_REQUESTS) + b"]")) == MAX_BATCH_REQUESTS


def test_a_batch_of_bare_ones_gets_one_short_error() -> None:
    server = started()
    for count in (MAX_BATCH_REQUESTS + 1, MAX_BATCH_BYTES // 2 + 1):  # too many; too many bytes
        batch = b"[" + b",".join([b"1"] * count) + b"]"
        answer = server.handle(batch) or b""
        assert len(answer) < 400, answer[:400]
        assert json.loads(answer)["error"]["code"] == -32600
    assert ok(server, "designation", game="g") == "neither"


def test_a_batch_longer_than_max_batch_bytes_is_refused_before_it_is_decoded() -> None:
    server = started()
    name = "x" * MAX_BATCH_BYTES
    answer = refused(server, b"[" + line("cast", {"game": "g", "player": "alice", "spell": name}) + b"]", -32600)
    assert "MAX_BATCH_BYTES" in answer["error"]["data"]["message"]


def test_a_save_longer_than_the_answer_limit_is_an_error_naming_the_limit_and_the_server_goes_on() -> None:
    server = started(Limits(answer_bytes=1000))
    bears = [{"kind": "permanent", "id": f"b{i}", "controller": "bob", "front": {"name": "Grizzly Bears"}}
             for i in range(40)]
    ok(server, "enter", game="g", permanents=bears)
    for method in ("save", "state"):
        answer = ask(server, line(method, {"game": "g"}, 9))
        assert (answer["id"], answer["error"]["code"]) == (9, -32003)
        assert "over the limit of 1,000 bytes for one answer (MAX_ANSWER_BYTES)" in answer["error"]["data"]["message"]
    assert ok(server, "designation", game="g") == "neither"


def test_a_batch_stops_carrying_out_requests_once_its_answers_reach_the_limit() -> None:
    server = started(Limits(answer_bytes=2000))
    before = save(server)
    saves = [line("save", {"game": "g"}, n) for n in range(len(before) * 2 // 1000 + 10)]
    batch = b"[" + b",".join([*saves, line("cast", {"game": "g", "player": "alice"}, "cast")]) + b"]"
    out = io.BytesIO()
    server.serve(io.BytesIO(batch + b"\n" + line("designation", {"game": "g"}, "next") + b"\n"), out)
    first, second = out.getvalue().splitlines()
    answers = json.loads(first)
    assert answers[0]["result"] == before and len(first) < 2 * 2000
    assert answers[-1]["id"] == "cast" and answers[-1]["error"]["code"] == -32003
    assert "not carried out" in answers[-1]["error"]["data"]["message"]
    assert json.loads(second)["result"] == "neither"  # the server goes on
    assert save(server) == before  # the cast was not carried out: no spell in the ledger


def test_an_error_message_is_bounded_and_keeps_its_path() -> None:
    server = started()
    member = "m" * (MAX_BATCH_BYTES // 4)
    answer = refused(server, line("cast", {"game": "g", "player": "alice", member: 1}), -32602)
    message = answer["error"]["data"]["message"]
    assert len(message) <= MAX_ERROR_MESSAGE_CHARS and message.startswith("cast: unknown member")
    assert message.endswith("m`")
