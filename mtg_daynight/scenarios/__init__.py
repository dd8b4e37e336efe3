"""Scenario files: a TOML description of a game and what must happen in it (docs/scenarios.md), and the
conformance kit: everything an engine's adapter needs is importable from here (docs/conformance.md).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mtg_daynight.reference import Card, CardKind
from mtg_daynight.scenarios import adapter
from mtg_daynight.scenarios.adapter import *  # noqa: F403  (the Protocol and its records: adapter.__all__)
from mtg_daynight.scenarios.cards import (
    BUILTIN,
    ORDINARY_CARDS,
    BundledCards,
    CardCatalog,
    CardSource,
    DatabaseCards,
    TableCards,
)
from mtg_daynight.scenarios.model import Scenario
from mtg_daynight.scenarios.parse import load_scenario, parse_scenario
from mtg_daynight.scenarios.reference_adapter import ReferenceAdapter
from mtg_daynight.scenarios.runner import Failure, Result, SkippedCheck, run_scenario


def library_dir() -> Path:
    """The directory of the bundled scenario library."""
    return Path(str(resources.files("mtg_daynight.scenarios") / "library"))


def library_files() -> list[Path]:
    """The bundled scenario files, sorted by name."""
    return sorted(library_dir().glob("*.toml"))


__all__ = [
    "BUILTIN", "ORDINARY_CARDS", "BundledCards", "Card", "CardCatalog", "CardKind", "CardSource", "DatabaseCards",
    "Failure", "ReferenceAdapter", "Result", "Scenario", "SkippedCheck", "TableCards", "library_dir", "library_files",
    "load_scenario", "parse_scenario", "run_scenario",
]
__all__ += adapter.__all__
