"""scripts/bench_import.py keeps running and keeps printing its figures (on a tiny generated file; the figures
themselves are measured by hand, never asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARGS = ("--cards", "400", "--reps", "1", "--blank-mib", "2")


@pytest.mark.bench
def test_bench_import_prints_the_import_against_the_bare_read(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "scripts/bench_import.py", *ARGS, "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=120,
    ).stdout
    for figure in ("read of the file (the baseline)", "| `import_file` |", "peak RSS, import of this file",
                   "| `import_file` of the blank-lines file |"):
        assert figure in out
    assert " day/night cards, " in out and " 1 helper; " in out
    assert list(tmp_path.glob("SYNTHETIC-*.jsonl.gz"))  # generated where asked, not in the repository
