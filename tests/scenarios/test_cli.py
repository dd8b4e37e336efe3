"""`mtg-daynight simulate`, `demo` and `conformance`: exit codes, output, --json shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_daynight.cli import main
from mtg_daynight.cli.demo import play
from mtg_daynight.rules import Designation
from mtg_daynight.scenarios.report import Style

from .helpers import HEADER, write

PASSING = HEADER + """
[[turn]]
actions = [{ cast = "Tavern Ruffian", as = "ruffian" }, { expect = { designation = "day" } }]

[[turn]]

[[turn]]
expect = { designation = "night", faces = { ruffian = "back" } }
"""

FAILING = HEADER + """
[[turn]]
actions = [{ cast = "Tavern Ruffian", as = "ruffian" }]

[[turn]]
actions = [{ note = "B casts nothing" }, { expect = { designation = "night" } }]
"""


def test_simulate_passing_file_prints_trace_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(write(tmp_path, PASSING))]) == 0
    out = capsys.readouterr().out
    assert "702.145d: neither -> day" in out and "731.2a: day -> night" in out
    assert "PASS" in out and "1 scenario: 1 passed" in out


def test_simulate_failed_expectation_shows_expected_actual_and_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, FAILING)
    assert main(["simulate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}, turn 2, action 2 (expect): designation: expected night, got day" in out


def test_simulate_malformed_file_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, PASSING, "good.toml")
    bad = write(tmp_path, HEADER + '[[turn]]\nactions = [{ cast = "Nope" }]\n', "bad.toml")
    assert main(["simulate", str(good), str(bad)]) == 2
    captured = capsys.readouterr()
    [line] = captured.err.strip().splitlines()
    assert str(bad) in line and "action 1 (cast)" in line and "'Nope'" in line
    assert "Traceback" not in captured.err


def test_simulate_missing_file_and_no_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(tmp_path / "missing.toml")]) == 2
    assert "missing.toml: cannot read the scenario file" in capsys.readouterr().err
    assert main(["simulate"]) == 2
    assert "no scenario files given" in capsys.readouterr().err


def test_simulate_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    failing = write(tmp_path, FAILING, "failing.toml")
    bad = write(tmp_path, "nope [", "bad.toml")
    assert main(["simulate", "--json", str(write(tmp_path, PASSING)), str(failing), str(bad)]) == 2
    document = json.loads(capsys.readouterr().out)
    assert document["passed"] is False
    assert document["summary"] == {"scenarios": 3, "passed": 1, "failed": 1, "skipped": 0, "errors": 0,
                                   "malformed": 1, "checks_skipped": 0}
    ok, failed = document["scenarios"]
    assert ok["status"] == "pass" and ok["passed"] is True and ok["checks"] == 3
    assert {"file", "title", "rules", "status", "checks", "failures", "reason", "steps"} <= set(ok)
    untap = "731.2c: untap step of turn 1: it is neither day nor night, so there is no check"
    assert ok["steps"][0] == {"turn": 1, "label": "turn 1: A", "failed": False, "checks": [], "trace": [untap]}
    [failure] = failed["failures"]
    assert (failure["turn"], failure["action"], failure["verb"], failure["check"]) == (2, 2, "expect", "designation")
    assert (failure["expected"], failure["actual"]) == ("night", "day")
    assert failure["where"] == f"{failing}, turn 2, action 2 (expect)"
    assert document["malformed"][0]["file"] == str(bad) and "not valid TOML" in document["malformed"][0]["error"]


def test_simulate_library_and_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--library", "-q"]) == 0
    assert "scenarios: " in capsys.readouterr().out
    write(tmp_path, PASSING)
    assert main(["simulate", "-q", str(tmp_path)]) == 0


def test_expected_error_action(tmp_path: Path) -> None:
    text = (HEADER + '[[turn]]\nactions = [{ put = "Grizzly Bears", as = "b" }, { face_up = "b", error = "face down" },'
            ' { face_down = "b", error = "no such error" }]\n')
    assert main(["simulate", "-q", str(write(tmp_path, text))]) == 1


def test_demo_plays_day_and_night(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--no-color"]) == 0
    out = capsys.readouterr().out
    for needle in ("702.145d: neither -> day", "731.2a: day -> night", "731.2b: night -> day",
                   "enters transformed", "Moonmist tries to transform"):
        assert needle in out, needle
    assert "\x1b[" not in out


def test_demo_game_ends_consistent() -> None:
    import io

    host = play(io.StringIO(), Style(io.StringIO(), color=False))
    assert host.designation is Designation.DAY and host.turn == 6


def test_conformance_command_on_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "mtg_daynight.scenarios:ReferenceAdapter"]) == 0
    assert "scenarios: " in capsys.readouterr().out
    assert main(["conformance", "mtg_daynight.scenarios:ReferenceAdapter", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["passed"] is True


def test_conformance_bad_adapter_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "no_such_module_xyz:make"]) == 2
    assert "can't import" in capsys.readouterr().err
    assert main(["conformance", "nocolon"]) == 2


def test_simulate_refuses_a_fifo_instead_of_blocking_on_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert main(["simulate", str(fifo)]) == 2  # returns at once: nothing ever writes to the pipe
    assert "not a regular file" in capsys.readouterr().err
