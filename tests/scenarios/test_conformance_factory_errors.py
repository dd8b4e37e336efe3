"""An adapter factory that fails (recurses without end, raises, exits) is one error line naming the factory and
what went wrong, exit status 2, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ADAPTERS = '''
import sys

def recurses():
    return recurses()

def raises():
    raise ValueError("no engine here\\nsecond line")

def exits():
    sys.exit(3)
'''


@pytest.mark.parametrize(
    ("factory", "what"),
    [
        ("recurses", "it recursed without end (RecursionError: maximum recursion depth exceeded"),
        ("raises", "it raised ValueError: no engine here second line"),
        ("exits", "it raised SystemExit: 3"),
    ],
)
def test_a_failing_adapter_factory_is_one_line_naming_it(tmp_path: Path, factory: str, what: str) -> None:
    (tmp_path / "failing_adapters.py").write_text(ADAPTERS, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mtg_daynight", "conformance", "--path", str(tmp_path),
         f"failing_adapters:{factory}"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"mtg-daynight conformance: error: adapter factory failing_adapters:{factory}: {what}")
    assert "Traceback" not in done.stderr
