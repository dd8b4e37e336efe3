"""Every scenario of the bundled library passes on the reference host, through the conformance kit too."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.scenarios import ReferenceAdapter, library_files, load_scenario, run_scenario
from mtg_daynight.scenarios.conformance import check_scenario, run_conformance

LIBRARY = library_files()


def test_library_has_one_scenario_per_rule() -> None:
    assert len(LIBRARY) >= 30
    cited = {rule for path in LIBRARY for rule in load_scenario(path).header.rules}
    for rule in ("731.1", "731.1a", "731.2a", "731.2b", "731.2c", "702.145b", "702.145c", "702.145d", "702.145e",
                 "702.145g", "701.27", "502.1", "805"):
        assert rule in cited, rule


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_library_scenario_passes_on_reference_host(path: Path) -> None:
    result = run_scenario(load_scenario(path), ReferenceAdapter())
    assert result.status == "pass", [str(f) for f in result.failures] or result.reason
    assert result.checks > 0


@pytest.mark.parametrize("path", LIBRARY[:3], ids=[p.stem for p in LIBRARY[:3]])
def test_check_scenario_helper_for_pytest(path: Path) -> None:
    assert check_scenario(path, ReferenceAdapter).passed


def test_conformance_kit_passes_on_reference_host() -> None:
    results = run_conformance(ReferenceAdapter)
    assert len(results) == len(LIBRARY)
    assert [r.file for r in results if r.status != "pass"] == []
