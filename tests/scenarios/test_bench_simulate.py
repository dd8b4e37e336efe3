"""scripts/bench_simulate.py keeps running and printing its figures (a tiny run on generated files; the figures
themselves are measured by hand, never asserted). Opt-in: ``python -m pytest -m bench``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.bench
def test_bench_simulate_prints_the_cost_per_turn_of_each_size() -> None:
    out = subprocess.run([sys.executable, "scripts/bench_simulate.py", "--turns", "10", "--repeat", "1"],
                         capture_output=True, text=True, cwd=ROOT, check=True, timeout=120).stdout
    for size in ("10 turns", "100 turns", "1,000 turns"):
        assert size in out
    assert "x per-turn cost" in out and "the largest file's per-turn cost is" in out
    assert not list(ROOT.glob("turns*.toml"))  # generated in a temporary directory, never in the repository
