"""scripts/bench_import.py keeps running and keeps printing every figure (on a tiny generated file; the figures
themselves are measured by hand, never asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.bench
def test_bench_import_prints_every_figure_against_the_bare_igzip_read(tmp_path: Path) -> None:
    pytest.importorskip("isal")
    out = subprocess.run(
        [
            sys.executable,
            "scripts/bench_import.py",
            "--cards",
            "400",
            "--reps",
            "1",
            "--skip-json",
            "--skip-update",  # it generates its file in bench-data/ (scripts/bench_update.py has no --dir)
            "--dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=120,
    ).stdout
    for figure in (
        "bare isal igzip read (1 CPU; the baseline)",
        "our import, default",
        "our import, pure-Python scanner (engine='re')",
        "decompression alone, fed chunks as a download is",
        "(others busy: ",
        "CPUs idle over the last second",
        "fingerprint SYNTHETIC-default_cards-400.jsonl.gz",
        "our import / bare igzip read:",
        "peak RSS, import of this file",
        "== start-up (scripts/bench_startup.py, ",
        "mtg-daynight deck scan (60 cards)",
    ):
        assert figure in out
    assert " day/night cards, " in out and " 1 helper, " in out
    assert list(tmp_path.glob("SYNTHETIC-*.jsonl.gz"))  # generated where asked, not in the repository
