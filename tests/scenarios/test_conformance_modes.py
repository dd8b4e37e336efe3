"""The kit's two modes: by default it judges an engine by what happened and skips (and reports) the checks of
mtg-daynight's own wording (trace text, cited rules, error messages and classes); strict mode, and ``simulate``,
make every check."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from mtg_daynight.cli import main
from mtg_daynight.rules import TraceLine
from mtg_daynight.scenarios import ReferenceAdapter, library_files, parse_scenario, run_scenario
from mtg_daynight.scenarios.adapter import Seen
from mtg_daynight.scenarios.conformance import run_conformance

from .helpers import HEADER, write

WORDING = HEADER + """
[[turn]]
actions = [
  { put = "Tavern Ruffian", as = "r" },
  { expect = { designation = "day", events = [{ became = "day", rule = "999.9" }], """ \
    """absent = [{ became = "night", rule = "731.2a" }], trace = ["no such words"] } },
  { face_up = "r", error = "no such message", error_type = "KeyError" },
]
"""


def test_default_mode_skips_wording_checks_and_says_which_and_why() -> None:
    result = run_scenario(parse_scenario(WORDING, "s.toml"), ReferenceAdapter(), strict=False)
    assert result.status == "pass", [str(f) for f in result.failures]
    skipped = {(s.kind, s.check, s.turn, s.action) for s in result.skipped_checks}
    assert skipped == {
        ("rule", "event became day cites 999.9", 1, 2),
        ("rule", "no event became night (731.2a)", 1, 2),
        ("trace", "trace has 'no such words'", 1, 2),
        ("error", "fails with an error containing 'no such message' and a KeyError", 1, 3),
    }
    assert all(s.why.startswith("strict mode only: ") for s in result.skipped_checks)


def test_strict_mode_makes_the_wording_checks() -> None:
    result = run_scenario(parse_scenario(WORDING, "s.toml"), ReferenceAdapter(), strict=True)
    assert result.skipped_checks == []
    assert [f.check for f in result.failures] == ["event became day (999.9)", "trace has 'no such words'", "error"]


def test_simulate_checks_everything_by_default() -> None:
    assert run_scenario(parse_scenario(WORDING, "s.toml"), ReferenceAdapter()).status == "fail"


def test_default_mode_still_judges_what_happened() -> None:
    text = HEADER + """
[[turn]]
actions = [
  { put = "Tavern Ruffian", as = "r" },
  { expect = { designation = "night", events = [{ became = "night", rule = "702.145d" }], faces = { r = "back" } } },
  { put = "Grizzly Bears", as = "b", error = "anything" },
]
"""
    result = run_scenario(parse_scenario(text, "s.toml"), ReferenceAdapter(), strict=False)
    assert [f.check for f in result.failures] == ["designation", "face of r", "event became night", "error"]


class OwnWordingAdapter(ReferenceAdapter):
    """Another engine on the same rules: it writes no trace of ours and cites rules its own way."""

    def seen(self) -> list[Seen]:
        return [msgspec.structs.replace(s, rule="engine's own") if hasattr(s, "rule") else s
                for s in super().seen()]

    def trace(self) -> Sequence[TraceLine]:
        return ()


def test_an_engine_with_its_own_wording_passes_by_default_and_fails_strict() -> None:
    default = run_conformance(OwnWordingAdapter)
    assert [r.file for r in default if r.status != "pass"] == []
    strict = run_conformance(OwnWordingAdapter, strict=True)
    assert [r.file for r in strict if r.status != "pass"]


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
def test_reference_adapter_passes_the_library_in_both_modes(strict: bool) -> None:
    results = run_conformance(ReferenceAdapter, strict=strict)
    assert len(results) == len(library_files())
    assert [r.file for r in results if r.status != "pass"] == []
    assert any(r.skipped_checks for r in results) is not strict


def test_conformance_report_lists_skipped_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write(tmp_path, WORDING))
    assert main(["conformance", "mtg_daynight.scenarios:ReferenceAdapter", path]) == 0
    out = capsys.readouterr().out
    assert "Checks skipped (strict mode only" in out
    assert f"{path}, turn 1, action 2 (expect): trace has 'no such words'" in out
    assert "it looks for mtg-daynight's own trace text (1)" in out
    last, wall = out.rstrip().splitlines()[-2:]
    assert last == "1 scenario: 1 passed; 4 checks skipped (strict mode only)"
    assert wall.startswith("wall time: ") and wall.endswith(" s")  # the kit's wall time, last
    assert main(["conformance", "mtg_daynight.scenarios:ReferenceAdapter", path, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["summary"]["checks_skipped"] == 4
    [scenario] = document["scenarios"]
    trace = next(s for s in scenario["skipped_checks"] if s["kind"] == "trace")
    assert trace["why"] == "strict mode only: it looks for mtg-daynight's own trace text"
    assert trace["where"] == f"{path}, turn 1, action 2 (expect)"


def test_conformance_strict_fails_on_wording(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write(tmp_path, WORDING))
    assert main(["conformance", "mtg_daynight.scenarios:ReferenceAdapter", path, "--strict", "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["summary"]["checks_skipped"] == 0 and document["summary"]["failed"] == 1
