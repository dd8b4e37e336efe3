"""Scenario files: a TOML description of a game and what must happen in it (docs/scenarios.md).

- :func:`load_scenario` / :func:`parse_scenario`: read and check a file (:class:`~mtg_daynight.InputFileError`
  names the file, turn, action and key on any problem).
- :func:`run_scenario`: play it on an :class:`Adapter` (the reference host's is :class:`ReferenceAdapter`).
- :func:`library_files`: the scenario library shipped with the package (one file per rule and ruling).
- :class:`CardSource`: the seam through which a card database supplies cards by name.

Everything an engine's conformance adapter needs is importable from here: :class:`Adapter`, :class:`Unsupported`,
:class:`Entering`, :class:`PermanentView`, the :data:`Seen` records (the rules' outcome actions plus
:class:`SeenEntered`, :class:`SeenTrigger` and :class:`SeenPhased`), and the reference host's :class:`Card` and
:class:`CardKind` (re-exported from :mod:`mtg_daynight.reference`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mtg_daynight.reference import Card, CardKind
from mtg_daynight.scenarios.adapter import (
    Adapter,
    Entering,
    PermanentView,
    Seen,
    SeenEntered,
    SeenPhased,
    SeenTrigger,
    Unsupported,
)
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
    "BUILTIN",
    "ORDINARY_CARDS",
    "Adapter",
    "BundledCards",
    "Card",
    "CardCatalog",
    "CardKind",
    "CardSource",
    "DatabaseCards",
    "Entering",
    "Failure",
    "PermanentView",
    "ReferenceAdapter",
    "Result",
    "Scenario",
    "Seen",
    "SeenEntered",
    "SeenPhased",
    "SeenTrigger",
    "SkippedCheck",
    "TableCards",
    "Unsupported",
    "library_dir",
    "library_files",
    "load_scenario",
    "parse_scenario",
    "run_scenario",
]
