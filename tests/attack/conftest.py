"""Shared helpers of the attack regression tests: the bundled snapshot as a base to damage, a CLI runner."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer.store import bundled_snapshot

Snap = dict[str, Any]


@pytest.fixture
def snapshot_json() -> Snap:
    """The bundled snapshot, decoded, to be altered by a test."""
    loaded: Snap = json.loads(bundled_snapshot().read_bytes())
    return loaded


def write_snapshot_dir(directory: Path, snapshot: Snap | bytes) -> Path:
    """Write ``snapshot`` as ``directory/daynight-cards.json``; return the directory."""
    directory.mkdir(parents=True, exist_ok=True)
    data = snapshot if isinstance(snapshot, bytes) else json.dumps(snapshot, ensure_ascii=False).encode()
    (directory / "daynight-cards.json").write_bytes(data)
    return directory


def run_cli(argv: list[str], timeout: float = 30.0) -> int:
    """``main(argv)`` in a thread, failing the test (rather than hanging it) when it does not return in time."""
    result: list[int] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(main(argv))
        except BaseException as error:  # reported to the test below
            errors.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"{argv} did not return within {timeout} s (blocked?)"
    if errors:
        raise errors[0]
    return result[0]


RunCli = Callable[[list[str]], int]
