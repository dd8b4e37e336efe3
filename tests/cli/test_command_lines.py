"""Command lines as users type them: options anywhere among the file arguments of ``simulate``, ``conformance``
and ``deck scan``, and ``conformance`` given a directory of scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.cli import main

SCENARIO = """\
[scenario]
title = "{title}"
players = ["A", "B"]

[[turn]]
actions = [{{ cast = "Tavern Ruffian", as = "ruffian" }}, {{ expect = {{ designation = "day" }} }}]
"""

DECK = "4 Tavern Ruffian\n4 Lightning Bolt\n"
REFERENCE = "mtg_daynight.scenarios:ReferenceAdapter"


def _scenarios(directory: Path, *titles: str) -> list[str]:
    directory.mkdir(exist_ok=True)
    paths = []
    for title in titles:
        path = directory / f"{title}.toml"
        path.write_text(SCENARIO.format(title=title), encoding="utf-8")
        paths.append(str(path))
    return paths


def _json(capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(capsys.readouterr().out)


def _titles(document: Any) -> list[str]:
    return [scenario["title"] for scenario in document["scenarios"]]


def test_simulate_runs_every_file_when_an_option_stands_between_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _scenarios(tmp_path, "first", "second")
    assert main(["simulate", first, "--json", second]) == 0
    assert _titles(_json(capsys)) == ["first", "second"]
    assert main(["simulate", first, "-q", second, "--json"]) == 0
    assert _titles(_json(capsys)) == ["first", "second"]


def test_conformance_takes_options_between_its_adapter_and_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _scenarios(tmp_path, "first", "second")
    assert main(["conformance", REFERENCE, first, "--json", second, "--strict"]) == 0
    assert _titles(_json(capsys)) == ["first", "second"]
    assert main(["conformance", "--json", REFERENCE, first]) == 0
    assert _titles(_json(capsys)) == ["first"]


def test_conformance_runs_the_scenario_files_of_a_directory_sorted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "mine"
    _scenarios(directory, "b-second", "a-first")
    (directory / "notes.txt").write_text("not a scenario", encoding="utf-8")
    assert main(["conformance", REFERENCE, str(directory), "--json"]) == 0
    assert _titles(_json(capsys)) == ["a-first", "b-second"]


def test_conformance_given_a_directory_without_scenarios_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["conformance", REFERENCE, str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no *.toml scenario files in this directory" in err and str(empty) in err


def test_deck_scan_reads_every_file_when_an_option_stands_between_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    for path in (first, second):
        path.write_text(DECK, encoding="utf-8")
    assert main(["deck", "scan", str(first), "--json", "--no-default-mods", str(second)]) == 0
    assert [deck["path"] for deck in _json(capsys)["decks"]] == [str(first), str(second)]


def test_an_unknown_option_among_the_files_is_still_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (first,) = _scenarios(tmp_path, "first")
    with pytest.raises(SystemExit) as exit:
        main(["simulate", first, "--no-such-option", first])
    assert exit.value.code == 2
    assert "unrecognized arguments: --no-such-option" in capsys.readouterr().err
