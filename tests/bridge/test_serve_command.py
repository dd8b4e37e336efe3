"""``mtg-daynight serve`` as a real child process: stdout carries nothing but responses, entry-point plugins load
as in Python, the end of input ends it with status 0."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from mtg_daynight.manager import AUTOLOAD_ENV, TRACE_ENV
from tests.bridge.client import SERVE_COMMAND, BridgeClient

SHIPPED = Path(__file__).resolve().parents[2] / "docs" / "bridge-schema.json"
RUFFIAN = {"kind": "permanent", "id": "p1", "controller": "a", "front": {"name": "Tavern Ruffian", "daybound": True},
           "back": {"name": "Tavern Smasher", "nightbound": True}}


def _run(lines: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(SERVE_COMMAND, input=("\n".join(lines) + "\n").encode(), capture_output=True,
                          env={**os.environ, **env}, timeout=60, check=False)


def test_schema_option_prints_the_shipped_schema() -> None:
    done = subprocess.run([*SERVE_COMMAND, "--schema"], capture_output=True, timeout=60, check=True)
    assert done.stdout == SHIPPED.read_bytes()


def test_stdout_carries_only_responses_and_logs_go_to_stderr() -> None:
    lines = [
        '{"jsonrpc":"2.0","id":1,"method":"new_game","params":{"game":"g","players":["a","b"]}}',
        "this is not json",
        '{"jsonrpc":"2.0","id":2,"method":"untap_step","params":{"game":"g","turn":1,"active":"a"}}',
        '{"jsonrpc":"2.0","method":"cast","params":{"game":"g","player":"a"}}',
        '{"jsonrpc":"2.0","id":3,"method":"designation","params":{"game":"g"}}',
    ]
    done = _run(lines, {TRACE_ENV: "1", AUTOLOAD_ENV: "1"})  # the hook trace is written while serving
    assert done.returncode == 0
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a["id"] for a in answers] == [1, None, 2, 3]
    assert answers[1]["error"]["code"] == -32700
    assert answers[3]["result"] == "neither"
    assert b"mtg-daynight trace:" in done.stderr
    assert b"mtg-daynight serve: JSON-RPC 2.0 protocol 1" in done.stderr


def test_entry_point_plugins_load_as_in_python() -> None:
    env = {k: v for k, v in os.environ.items() if k != AUTOLOAD_ENV}
    with BridgeClient(env=env) as client:
        names = [p["name"] for p in client.call("initialize")["plugins"]]
        assert "cant-become-night" in names  # installed from plugins/ (plugins/requirements.txt)
        client.call("new_game", {"game": "g", "players": ["a", "b"]})
        client.call("untap_step", {"game": "g", "turn": 1, "active": "a"})
        client.call("enter", {"game": "g", "permanents": [
            RUFFIAN, {**RUFFIAN, "id": "p2", "front": {"name": "Angel of Eternal Dawn"}, "back": None}]})
        outcome = client.call("become", {"game": "g", "to": "night", "cause": "an effect"})
        assert outcome["actions"][0]["type"] == "vetoed"
        assert "Angel of Eternal Dawn" in outcome["actions"][0]["reason"]


def test_the_end_of_input_ends_the_server() -> None:
    with BridgeClient(env={**os.environ, AUTOLOAD_ENV: "1"}) as client:
        assert client.call("initialize", {"client": "pytest"})["protocol_version"] == "1"
    assert client.process.returncode == 0


NOISY_SERVER = """
import os, sys
from mtg_daynight.bridge import methods
from mtg_daynight.cli import main
from mtg_daynight.hookspecs import hookimpl

class Noisy:
    @hookimpl
    def daynight_game_start(self, game, players, variants):
        print("noise from print")
        os.write(1, b"noise written to file descriptor 1\\n")

original = methods.Session.__init__
def patched(self, daynight=None):
    original(self, daynight)
    self.daynight.pm.register(Noisy())
methods.Session.__init__ = patched
sys.exit(main(["serve"]))
"""


def test_what_a_plugin_prints_goes_to_stderr_not_into_the_protocol() -> None:
    line = '{"jsonrpc":"2.0","id":1,"method":"new_game","params":{"game":"g","players":["a"]}}\n'
    done = subprocess.run([sys.executable, "-c", NOISY_SERVER], input=line.encode(), capture_output=True,
                          env={**os.environ, AUTOLOAD_ENV: "1"}, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    expected = '{"jsonrpc":"2.0","id":1,"result":{"game":"g","designation":"neither"}}'
    assert done.stdout.decode().splitlines() == [expected]
    assert b"noise from print" in done.stderr
    assert b"noise written to file descriptor 1" in done.stderr


def test_the_process_survives_deep_huge_and_broken_messages() -> None:
    new_game = b'{"jsonrpc":"2.0","id":1,"method":"new_game","params":{"game":"g","players":["a"]}}'
    designation = b'{"jsonrpc":"2.0","id":2,"method":"designation","params":{"game":"g"}}'
    lines = [new_game, b"[" * 200_000, b'{"a":' * 200_000, b'["' + b"x" * (17 * 1024 * 1024) + b'"]',
             b"\xff\xfe\x00", b"[" + b",".join([designation] * 1000) + b"]", designation]
    done = subprocess.run(SERVE_COMMAND, input=b"\n".join(lines) + b"\n", capture_output=True, timeout=120,
                          env={**os.environ, AUTOLOAD_ENV: "1"}, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    codes = [a["error"]["code"] if isinstance(a, dict) and "error" in a else None for a in answers]
    assert codes == [None, -32700, -32700, -32600, -32700, None, None]
    assert len(answers[5]) == 1000
    assert answers[-1]["result"] == "neither"
