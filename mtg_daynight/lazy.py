"""Public names of a package that import their module on first use (PEP 562).

Any ``import mtg_daynight.X`` runs ``mtg_daynight/__init__.py`` first, so a package that re-exports eagerly makes
every one of its sub-modules pay for everything it re-exports: the importer and the command line would load the
facade and pluggy. A package instead writes its re-exports as a table and lets this module load them::

    _EXPORTS = {"DayNight": "mtg_daynight.facade", ...}
    __getattr__ = lazy_exports(__name__, _EXPORTS)

(with the same names imported under ``if typing.TYPE_CHECKING:`` for type checkers and listed in ``__all__``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps each public name to the module (absolute, or
    relative to ``package`` when it starts with a dot) that defines it. A name is imported on first access and
    then kept in the package's namespace, so later look-ups cost nothing."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
