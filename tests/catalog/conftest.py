"""Shared fixtures of the catalog tests: a FIXTURE snapshot in a temporary directory, and mod directories."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from catalog_fixture import write_fixture

from mtg_daynight.catalog import CardDatabase, load_database
from mtg_daynight.catalog.load import DatabaseCache


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A directory holding the FIXTURE snapshot."""
    directory = tmp_path / "data"
    write_fixture(directory)
    return directory


@pytest.fixture
def db(data_dir: Path) -> CardDatabase:
    """The FIXTURE snapshot's database, no mods (a private cache: nothing leaks between tests)."""
    return load_database(data_dir, default_mods=False, cache=DatabaseCache())


@pytest.fixture
def mods_dir(tmp_path: Path) -> Path:
    """An empty directory for mod files."""
    directory = tmp_path / "mods"
    directory.mkdir()
    return directory
