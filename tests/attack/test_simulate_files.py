"""Attacks on `mtg-daynight simulate` with hostile scenario files.

Seen failing on main: TOML nested 100,000 deep (arrays, or inline tables 5,000 deep) ended in a RecursionError
traceback; a FIFO or /dev/zero given as the scenario file blocked for ever.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import run_cli


@pytest.mark.parametrize("text", ["a = " + "[" * 100_000 + "]" * 100_000, "x = " + "{a = " * 5000 + "1" + "}" * 5000],
                         ids=["arrays", "inline tables"])
def test_deeply_nested_scenario_toml_is_one_line_not_a_recursion_traceback(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "deep.toml"
    scenario.write_text(text + "\n")
    assert run_cli(["simulate", str(scenario)]) == 2
    err = capsys.readouterr().err
    assert "nested too deeply" in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_scenario_that_is_not_a_regular_file_is_refused_not_read_for_ever(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.toml"
    if kind == "fifo":
        os.mkfifo(scenario)
    else:
        scenario.symlink_to("/dev/zero")
    assert run_cli(["simulate", str(scenario)], timeout=20) == 2
    assert "not a regular file" in capsys.readouterr().err
