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


def test_the_adapter_module_is_found_in_the_current_directory_as_python_m_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mtg_daynight.cli import main
    from mtg_daynight.scenarios.conformance import library_files

    package = tmp_path / "cwd_game"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "daynight_adapter.py").write_text(
        "from mtg_daynight.scenarios import ReferenceAdapter as MyAdapter\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    # as under the mtg-daynight program, whose sys.path starts with its own directory, not the current one
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
    [scenario] = [p for p in library_files() if p.name == "731.1-game-starts-neither.toml"]
    try:
        assert main(["conformance", "cwd_game.daynight_adapter:MyAdapter", str(scenario)]) == 0  # no --path .
    finally:
        for name in ("cwd_game", "cwd_game.daynight_adapter"):
            sys.modules.pop(name, None)
    assert "1 passed" in capsys.readouterr().out


def test_with_json_an_error_is_a_json_document_on_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from mtg_daynight.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["conformance", "no_such_game.daynight_adapter:MyAdapter", "--json"]) == 2
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out) == {
        "passed": False,
        "error": "adapter 'no_such_game.daynight_adapter:MyAdapter': can't import 'no_such_game.daynight_adapter': "
                 "No module named 'no_such_game'",
        "status": 2,
    }
