"""The Node.js example client (plugins/bridge-client-node/) plays a short game through ``mtg-daynight serve`` and
checks every outcome; skipped where ``node`` is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mtg_daynight.manager import AUTOLOAD_ENV
from tests.bridge.client import SERVE_COMMAND

EXAMPLE = Path(__file__).resolve().parents[2] / "plugins" / "bridge-client-node" / "example-game.js"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js ('node') is not installed on this machine")
def test_node_client_plays_a_game_through_the_bridge() -> None:
    assert NODE is not None
    done = subprocess.run([NODE, str(EXAMPLE), *SERVE_COMMAND], capture_output=True, text=True, timeout=120,
                          env={**os.environ, AUTOLOAD_ENV: "1"}, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "731.2a: day -> night in the untap step" in done.stdout
    assert done.stdout.rstrip().endswith("turn 3: day; every check passed")
