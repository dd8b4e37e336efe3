"""A scenario that checks nothing is an error (its file and a one-line reason, in `simulate` and in the kit, exit
status not 0), and a scenario's own text (a 10 MB title, long names) is bounded in what is printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_daynight.cli import main
from mtg_daynight.errors import InputFileError
from mtg_daynight.scenarios import ReferenceAdapter, parse_scenario, run_scenario
from mtg_daynight.scenarios.report import MAX_TEXT_CHARS, MAX_TITLE_CHARS, bounded

from .helpers import CHECK, HEADER, write

NOTHING = HEADER + '[[turn]]\nactions = [{ put = "Tavern Ruffian", as = "r" }]\n[[turn]]\nexpect = { scope = "game" }\n'
REFERENCE = "mtg_daynight.scenarios:ReferenceAdapter"


def test_a_scenario_without_a_check_is_refused_with_its_file_and_why() -> None:
    with pytest.raises(InputFileError) as raised:
        parse_scenario(NOTHING, "nothing.toml")
    message = str(raised.value)
    assert message.startswith("nothing.toml: it checks nothing") and "\n" not in message


@pytest.mark.parametrize("argv", [["simulate"], ["conformance", REFERENCE], ["conformance", REFERENCE, "--json"]])
def test_simulate_and_the_kit_fail_a_scenario_that_checks_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    path = write(tmp_path, NOTHING, "nothing.toml")
    assert main([*argv, str(path)]) == 2
    out, err = capsys.readouterr()
    if "--json" in argv:  # the error is the JSON document on standard output (docs/conformance.md)
        assert err == "" and f"{path}: it checks nothing" in json.loads(out)["error"]
    else:
        assert err.strip().count("\n") == 0 and f"{path}: it checks nothing" in err


def test_an_action_that_must_fail_is_a_check() -> None:
    text = HEADER + '[[turn]]\nactions = [{ put = "Grizzly Bears", as = "b" }, { face_up = "b", error_type = "X" }]\n'
    result = run_scenario(parse_scenario(text, "e.toml"), ReferenceAdapter(), strict=False)
    assert result.status == "pass" and result.checks == 1


def test_an_expect_whose_checks_make_no_check_is_an_error_when_run() -> None:
    text = HEADER + '[[turn]]\nactions = [{ put = "Grizzly Bears", as = "b" }]\nexpect = { permanents = { b = {} } }\n'
    result = run_scenario(parse_scenario(text, "empty.toml"), ReferenceAdapter())
    assert result.status == "error" and result.checks == 0 and "checks nothing" in result.reason


def test_a_scenario_of_strict_checks_only_is_skipped_by_default_and_passes_in_strict_mode() -> None:
    text = HEADER + '[[turn]]\nexpect = { trace = ["731.2c"] }\n'
    default = run_scenario(parse_scenario(text, "s.toml"), ReferenceAdapter(), strict=False)
    assert default.status == "skip" and "strict mode only" in default.reason and default.skipped_checks
    assert run_scenario(parse_scenario(text, "s.toml"), ReferenceAdapter()).status == "pass"


def test_a_ten_megabyte_title_is_bounded_in_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    title = "T" * (10 << 20)
    path = write(tmp_path, f'[scenario]\ntitle = "{title}"\nplayers = ["A", "B"]\n[[turn]]\n{CHECK}')
    assert main(["simulate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and len(out) < 4 * MAX_TITLE_CHARS + 2000
    assert main(["simulate", "--json", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    shown = document["scenarios"][0]["title"]
    assert len(shown) <= MAX_TITLE_CHARS and shown.startswith("TTT") and " ... " in shown


def test_a_long_name_is_bounded_in_the_trace_and_in_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "n" * 100_000
    path = write(tmp_path, HEADER + f'[[turn]]\nactions = [{{ put = "Grizzly Bears", as = "{name}" }}]\n{CHECK}')
    assert main(["simulate", str(path)]) == 0
    assert max(map(len, capsys.readouterr().out.splitlines())) <= MAX_TEXT_CHARS + 20
    bad = write(tmp_path, HEADER + f'[[turn]]\nactions = [{{ tap = "{name}" }}]\n{CHECK}', "bad.toml")
    assert main(["simulate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "unknown name" in err and len(err) <= MAX_TEXT_CHARS + 100


def test_bounded_keeps_the_start_and_the_end() -> None:
    assert bounded("short") == "short"
    cut = bounded("a" * 600 + "b" * 600, 101)
    assert len(cut) <= 101 and cut.startswith("a") and cut.endswith("b") and " ... " in cut
