"""Shared helpers for the deck-reader tests."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    """The directory of sample deck files."""
    return FIXTURES
