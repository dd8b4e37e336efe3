"""The Node.js example engine (plugins/bridge-client-node/conformance-adapter.js, its rules from ``mtg-daynight
serve``) passes the whole scenario library through ``conformance --program``, in default and strict mode, and its
answers are the Python reference adapter process's, request for request; bad requests get JSON-RPC errors, and
a ``serve`` that exits stops the run with a clear error. Skipped where ``node`` is not installed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_daynight.scenarios import library_files

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "plugins" / "bridge-client-node" / "conformance-adapter.js"
NODE = shutil.which("node")
KIT = [sys.executable, "-m", "mtg_daynight", "conformance"]

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js ('node') is not installed on this machine")


def _program() -> str:
    assert NODE is not None
    return f"{NODE} {ADAPTER} {sys.executable} -m mtg_daynight serve"


def _run(*options: str) -> dict[str, object]:
    done = subprocess.run([*KIT, "--program", _program(), "--json", *options], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    document: dict[str, object] = json.loads(done.stdout)
    return document


def test_the_node_engine_passes_the_whole_library_through_program() -> None:
    summary = _run()["summary"]
    assert summary == {"scenarios": 71, "passed": 71, "failed": 0, "skipped": 0, "errors": 0, "malformed": 0,
                       "checks_skipped": 98}
    assert len(library_files()) == 71


def test_the_node_engine_passes_the_whole_library_in_strict_mode() -> None:
    summary = _run("--strict")["summary"]
    assert summary == {"scenarios": 71, "passed": 71, "failed": 0, "skipped": 0, "errors": 0, "malformed": 0,
                       "checks_skipped": 0}


def test_bad_requests_get_json_rpc_errors_and_the_game_goes_on() -> None:
    assert NODE is not None
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocol": 1}},
        "not json",
        {"jsonrpc": "2.0", "id": 2, "method": "toString", "params": {}},
        {"jsonrpc": "2.0", "id": 3, "method": "start", "params": {"players": ["A", "B"], "teams": None}},
        {"jsonrpc": "2.0", "id": 4, "method": "turn_face_up", "params": {"permanent": "bears", "face": "front"}},
        {"jsonrpc": "2.0", "id": 5, "method": "begin_turn", "params": {"turn": 1, "active": ["A"], "extra": False}},
        {"jsonrpc": "2.0", "id": 6, "method": "leave", "params": {"permanent": "bears", "to": "graveyard"}},
        {"jsonrpc": "2.0", "id": 7, "method": "report", "params": {"event": "end", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 8, "method": "designation", "params": {}},
        {"jsonrpc": "2.0", "id": 9, "method": "finish", "params": {}},
    ]
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    done = subprocess.run([NODE, str(ADAPTER), sys.executable, "-m", "mtg_daynight", "serve"], input=text,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, None, 2, 3, 4, 5, 6, 7, 8, 9]
    assert answers[1]["error"]["code"] == -32700
    assert answers[2]["error"]["code"] == -32601  # an Object.prototype name is no method
    assert answers[4]["error"]["data"] == {"type": "IllegalActionError"}
    assert "no object 'bears'" in answers[4]["error"]["message"]
    assert answers[5]["result"] == []
    assert answers[6]["error"]["data"] == {"type": "IllegalActionError"}
    assert answers[7]["error"]["message"] == "report: 'end' is not an event"  # refused before the game ended
    assert answers[8]["result"] == "neither"
    assert answers[9]["result"] == []


TEE = """\
import subprocess, sys
with open(sys.argv[1], "w", encoding="utf-8") as log:
    child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for line in sys.stdin.buffer:
        child.stdin.write(line)
        child.stdin.flush()
        answer = child.stdout.readline()
        log.write("--> " + line.decode() + "<-- " + answer.decode())
        sys.stdout.buffer.write(answer)
        sys.stdout.flush()
"""


def _transcript(tmp_path: Path, name: str, program: str) -> list[str]:
    tee, log = tmp_path / "tee.py", tmp_path / f"{name}.jsonl"
    tee.write_text(TEE, encoding="utf-8")
    done = subprocess.run([*KIT, "--program", f"{sys.executable} {tee} {log} {program}", "--strict"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return log.read_text(encoding="utf-8").splitlines()


def test_the_node_engine_answers_every_request_as_the_python_reference_host_does(tmp_path: Path) -> None:
    node = _transcript(tmp_path, "node", _program())
    python = _transcript(tmp_path, "python", f"{sys.executable} -m mtg_daynight.scenarios.adapter_process")
    assert len(node) == len(python) > 2000
    # The same requests, the same answers (Seen records, views, traces, error messages); only the name differs.
    differ = [(n, p) for n, p in zip(node, python, strict=True) if n != p]
    assert [json.loads(n[4:])["id"] for n, _ in differ] == [1]


def test_a_serve_command_that_exits_stops_the_run_with_a_clear_error() -> None:
    one = ROOT / "mtg_daynight" / "scenarios" / "library" / "731.2a-day-becomes-night.toml"
    assert NODE is not None
    program = f"{NODE} {ADAPTER} {sys.executable} -c 'import sys; sys.exit(3)'"
    done = subprocess.run([*KIT, "--program", program, str(one)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "conformance-adapter: " in done.stderr and "it exited (status 3)" in done.stderr
    assert "731.2a-day-becomes-night.toml, start: it exited (status 1) without answering" in done.stderr
