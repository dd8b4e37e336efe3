"""The whole scenario library through real python-mtg games (mtg_daynight_python_mtg.conformance): every scenario
passes or is skipped with what python-mtg cannot express, and docs/engines/python-mtg.md counts those reasons as
this run does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

from mtg_daynight_python_mtg.conformance import PythonMtgAdapter, skip_table, summary  # noqa: E402

from mtg_daynight.scenarios import library_files  # noqa: E402
from mtg_daynight.scenarios.conformance import run_conformance  # noqa: E402

pytestmark = pytest.mark.python_mtg

DOC = Path(__file__).resolve().parents[3] / "docs" / "engines" / "python-mtg.md"


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    """One run of the library through python-mtg, by file name."""
    return {Path(r.file).name: r for r in run_conformance(PythonMtgAdapter)}


@pytest.mark.parametrize("path", library_files(), ids=lambda p: p.stem)
def test_scenario_through_python_mtg(path: Path, results: dict[str, Any]) -> None:
    result = results[path.name]
    if result.status == "skip":
        pytest.skip(result.reason)
    assert result.status == "pass", "\n".join([result.reason, *(str(f) for f in result.failures)])
    assert result.checks > 0


def test_the_docs_count_what_python_mtg_cannot_express(results: dict[str, Any]) -> None:
    ran = list(results.values())
    text = DOC.read_text(encoding="utf-8")
    regenerate = "regenerate with: python -m mtg_daynight_python_mtg.conformance"
    assert summary(ran) in text, regenerate
    assert skip_table(ran) in text, regenerate
    assert sum(r.status == "pass" for r in ran) >= 11
