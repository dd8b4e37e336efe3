"""Hypothesis throws arbitrary lines at the server: random bytes, random JSON, and requests for real methods with
random params. Whatever comes, the server answers with a well-formed JSON-RPC response line (or nothing, for a
notification), never raises, and a request that failed leaves the game exactly as it was."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_daynight.bridge.methods import METHODS, Session
from mtg_daynight.bridge.server import Server
from mtg_daynight.facade import DayNight

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
NAMES = st.sampled_from(["g1", "p1", "alice", "bob", "nope", "", "day", "night", "front", "daybound"])
PARAM = st.one_of(NAMES, st.integers(-3, 5), st.lists(NAMES, max_size=3), JSON)
PARAM_NAMES = sorted({name for m in METHODS.values() for name in m.params.__struct_fields__} | {"x"})


@st.composite
def requests(draw: Any) -> bytes:
    method = draw(st.sampled_from([*METHODS, "nope"]))
    fields = METHODS[method].params.__struct_fields__ if method in METHODS else ()
    params = {name: draw(PARAM) for name in fields if draw(st.integers(0, 4))}  # mostly the method's own params
    params.update(draw(st.dictionaries(st.sampled_from(PARAM_NAMES), PARAM, max_size=2 if draw(st.booleans()) else 0)))
    if draw(st.integers(0, 3)):
        params["game"] = "g1"
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
    if draw(st.integers(0, 9)):
        message["id"] = draw(st.integers(0, 100) | st.text(max_size=3))
    line = json.dumps(message)
    if not draw(st.integers(0, 19)):
        cut = draw(st.integers(0, len(line)))
        line = line[:cut]
    return line.encode()


LINES = st.one_of(
    requests(),
    st.lists(requests(), min_size=1, max_size=4).map(lambda items: b"[" + b",".join(items) + b"]"),
    JSON.map(lambda value: json.dumps(value).encode()),
    st.binary(max_size=64),
)


def _fresh() -> Server:
    server = Server(Session(DayNight(autoload=False)))
    for line in (b'{"jsonrpc":"2.0","id":1,"method":"new_game","params":{"game":"g1","players":["alice","bob"]}}',
                 b'{"jsonrpc":"2.0","id":2,"method":"untap_step","params":{"game":"g1","turn":1,"active":"alice"}}'):
        assert b'"result"' in (server.handle(line) or b"")
    return server


def _save(server: Server) -> bytes | None:
    answer = json.loads(server.handle(b'{"jsonrpc":"2.0","id":0,"method":"save","params":{"game":"g1"}}') or b"")
    return answer.get("result")  # type: ignore[no-any-return]  # None once a fuzzed 'end' ended the game


def _requests_in(line: bytes) -> int:
    """How many requests a line holds (a batch: its elements; anything else: one)."""
    try:
        value = json.loads(line)
    except ValueError:
        return 1
    return len(value) if isinstance(value, list) and value else 1


def _check_response(response: Any) -> bool:
    """True for a success; asserts the shape of a JSON-RPC 2.0 response."""
    assert isinstance(response, dict) and response["jsonrpc"] == "2.0" and "id" in response
    assert ("result" in response) != ("error" in response)
    if "error" in response:
        error = response["error"]
        assert isinstance(error["code"], int) and error["message"]
        assert error["data"]["type"] and isinstance(error["data"]["message"], str)
        if error["code"] == -32603:  # nothing the fuzzer sends may be a bug, except (on main, until the facade
            # raises UnknownPermanentError for it) a query of a permanent the rules do not know
            assert error["data"]["type"] == "KeyError", error
        return False
    return True


@_SETTINGS
@given(lines=st.lists(LINES, min_size=1, max_size=6))
def test_arbitrary_lines_never_crash_the_server_and_failures_change_nothing(lines: list[bytes]) -> None:
    server = _fresh()
    for line in lines:
        before = _save(server)
        answer = server.handle(line)
        if answer is None:
            continue
        assert b"\n" not in answer
        decoded = json.loads(answer)
        responses = decoded if isinstance(decoded, list) else [decoded]
        assert responses, "an empty array is never an answer"
        succeeded = [_check_response(r) for r in responses]
        if not any(succeeded) and len(responses) == _requests_in(line):  # every request failed, none was a
            assert _save(server) == before, line                        # notification (those are carried out)
