"""Fixtures for the bridge tests: servers in-process (fast, exact) and as child processes (the real thing)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from mtg_daynight.bridge.methods import Session
from mtg_daynight.bridge.server import Server
from mtg_daynight.facade import DayNight
from mtg_daynight.manager import AUTOLOAD_ENV
from tests.bridge.client import BridgeClient


@pytest.fixture
def server() -> Server:
    """An in-process server without entry-point plugins (what docs/bridge.md's transcripts use)."""
    return Server(Session(DayNight(autoload=False)))


@pytest.fixture(scope="session")
def child() -> Iterator[BridgeClient]:
    """One ``mtg-daynight serve`` child process for the whole run, without entry-point plugins."""
    client = BridgeClient(env={**os.environ, AUTOLOAD_ENV: "1"})
    yield client
    assert client.close() == 0
