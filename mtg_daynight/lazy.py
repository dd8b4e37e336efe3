"""Public names of a package that import their module on first use (PEP 562).

Any ``import mtg_daynight.X`` runs ``mtg_daynight/__init__.py`` first, so a package that re-exports eagerly makes
every one of its sub-modules pay for everything it re-exports: the importer and the command line would load the
facade and pluggy. A package instead writes its re-exports as a table and lets this module load them::

    _EXPORTS = {"DayNight": "mtg_daynight.facade", ...}
    __getattr__ = lazy_exports(__name__, _EXPORTS)

(with the same names imported under ``if TYPE_CHECKING:`` for type checkers and listed in ``__all__``).

:data:`TYPE_CHECKING` is :data:`typing.TYPE_CHECKING` without importing :mod:`typing` (a quarter of the time of
``mtg-daynight --help``): False when run, True for type checkers, which treat any ``TYPE_CHECKING`` so.
:class:`Protocol` is :class:`typing.Protocol` for type checkers and plain :class:`object` when run, so a module
on a start-up path can define a protocol (a class only annotations use) without importing :mod:`typing`.
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any
    from typing import Protocol as Protocol
else:
    Protocol = object


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
