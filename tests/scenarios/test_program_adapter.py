"""The conformance kit driving an adapter process (``conformance --program``): the reference adapter passes the
whole library through it as in process; a process that hangs, crashes, writes garbage or leaves a grandchild is a
clear error naming the method and the scenario, and no process is left behind; the schema and the dump."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from mtg_daynight.cli import main
from mtg_daynight.scenarios import library_files
from mtg_daynight.scenarios.program import METHODS, AdapterProcess, AdapterProcessError, run_program, schema

ROOT = Path(__file__).resolve().parents[2]
PYTHON_ADAPTER = f"{sys.executable} -m mtg_daynight.scenarios.adapter_process"
ONE = str(ROOT / "mtg_daynight/scenarios/library/731.2a-day-becomes-night.toml")


def _fake(tmp_path: Path, body: str) -> str:
    """A command running a small Python adapter process: it answers initialize, then does ``body``."""
    script = tmp_path / "fake_adapter.py"
    script.write_text(
        "import json, os, subprocess, sys, time\n"
        "request = json.loads(sys.stdin.readline())\n"
        "print(json.dumps({'jsonrpc': '2.0', 'id': request['id'], 'result': {'protocol': 1, 'name': 'fake'}}),"
        " flush=True)\n"
        "request = json.loads(sys.stdin.readline())\n" + body,
        encoding="utf-8",
    )
    return f"{sys.executable} {script}"


def _gone(pid: int) -> bool:
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_the_reference_adapter_passes_the_whole_library_as_a_program(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--program", PYTHON_ADAPTER, "--json", "--no-default-mods"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["passed"] and len(document["scenarios"]) == len(library_files())
    assert {entry["status"] for entry in document["scenarios"]} == {"pass"}


def test_in_process_and_program_give_the_same_results() -> None:
    from mtg_daynight.scenarios import ReferenceAdapter
    from mtg_daynight.scenarios.conformance import run_conformance

    process = AdapterProcess(PYTHON_ADAPTER)
    try:
        through = run_program(process, [ONE])
    finally:
        process.close()
    (direct,) = run_conformance(ReferenceAdapter, [ONE])
    assert [(r.status, [str(f) for f in r.failures]) for r in through] == [(direct.status, [])]
    assert through[0].steps == direct.steps  # the same trace and the same checks, step by step


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("time.sleep(60)\n", "start: no answer within 1 s (--timeout)"),
        ("sys.exit(3)\n", "start: it exited (status 3) without answering"),
        ("print('hello', flush=True)\ntime.sleep(60)\n", "start: it wrote b'hello\\n', not a JSON-RPC answer"),
        ("print(json.dumps({'jsonrpc': '2.0', 'id': 99, 'result': []}), flush=True)\ntime.sleep(60)\n",
         "start: the answer has id 99"),
    ],
    ids=["hangs", "exits", "garbage", "wrong-id"],
)
def test_a_failing_adapter_process_is_one_clear_error_naming_method_and_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, said: str
) -> None:
    assert main(["conformance", "--program", _fake(tmp_path, body), "--timeout", "1", ONE, "--no-default-mods"]) == 2
    err = capsys.readouterr().err
    assert said in err and "731.2a-day-becomes-night.toml" in err
    assert "Traceback" not in err


def test_no_process_is_left_behind_when_the_adapter_hangs_with_a_grandchild(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    body = (f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
            f"open({str(pid_file)!r}, 'w').write(str(child.pid))\ntime.sleep(60)\n")
    process = AdapterProcess(_fake(tmp_path, body), timeout=1)
    with pytest.raises(AdapterProcessError, match="start: no answer within 1 s"):
        run_program(process, [ONE])
    assert _gone(int(pid_file.read_text())) and _gone(process._process.pid)


def test_an_unsupported_method_skips_the_scenario(tmp_path: Path) -> None:
    body = ("while request:\n"
            "    answer = {'jsonrpc': '2.0', 'id': request['id']}\n"
            "    if request['method'] == 'begin_turn':\n"
            "        answer['error'] = {'code': -32004, 'message': 'no turns here'}\n"
            "    else:\n"
            "        queries = {'designation': 'neither', 'stack_size': 0, 'view': None}\n"
            "        answer['result'] = queries.get(request['method'], [])\n"
            "    print(json.dumps(answer), flush=True)\n"
            "    line = sys.stdin.readline()\n"
            "    request = json.loads(line) if line else None\n")
    process = AdapterProcess(_fake(tmp_path, body))
    try:
        (result,) = run_program(process, [ONE])
    finally:
        process.close()
    assert result.status == "skip" and "no turns here" in result.reason


def test_the_shipped_schema_is_the_one_the_code_derives(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    shipped = json.loads((ROOT / "docs/conformance-schema.json").read_text(encoding="utf-8"))
    assert printed == shipped == schema(), "run: mtg-daynight conformance --schema > docs/conformance-schema.json"
    assert set(printed["methods"]) == {"initialize", *METHODS} and "seen" not in printed["methods"]


def test_every_method_is_in_the_docs_table() -> None:
    doc = (ROOT / "docs/conformance.md").read_text(encoding="utf-8")
    table = doc[doc.index("| method | params | answer |"):doc.index("**Seen records**")]
    missing = [name for name in ["initialize", *METHODS] if f"`{name}`" not in table]
    assert not missing, f"docs/conformance.md does not describe {missing}"


def test_dump_writes_every_library_scenario_as_stable_json(tmp_path: Path) -> None:
    assert main(["conformance", "--dump", str(tmp_path / "cases"), "--no-default-mods"]) == 0
    written = sorted((tmp_path / "cases").glob("*.json"))
    assert [p.stem for p in written] == sorted(p.stem for p in library_files())
    case = json.loads((tmp_path / "cases" / "731.2a-day-becomes-night.json").read_text(encoding="utf-8"))
    assert case["format"] == 1 and "731.2a" in case["scenario"]["scenario"]["rules"]
    assert case["scenario"]["turn"] and case["players"]
    before = [p.read_bytes() for p in written]
    assert main(["conformance", "--dump", str(tmp_path / "cases"), "--no-default-mods"]) == 0
    assert [p.read_bytes() for p in written] == before
