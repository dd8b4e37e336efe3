"""The public names of ``mtg_daynight`` and ``mtg_daynight.catalog`` (loaded on first use: one table per package,
``_EXPORTS``, from which ``__all__`` derives; the imports for type checkers name exactly the same, from the same
modules; each name loads) and of ``mtg_daynight.rules`` (plain imports)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGES = ["mtg_daynight", "mtg_daynight.catalog"]


def _type_checking_imports(package: str) -> dict[str, str]:
    """The names imported under ``if TYPE_CHECKING:`` in the package's __init__, with their (relative) modules."""
    path = Path(importlib.import_module(package).__file__ or "")
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), ast.dump(statement)
                for alias in statement.names:
                    assert alias.asname == alias.name, "re-export as 'from .x import Name as Name'"
                    found[alias.name] = "." * statement.level + (statement.module or "")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_the_type_checking_imports_are_the_exports_table(package: str) -> None:
    module = importlib.import_module(package)
    assert _type_checking_imports(package) == module._EXPORTS
    assert sorted(set(module.__all__) - {"__version__"}) == sorted(module._EXPORTS)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_loads_from_its_module(package: str) -> None:
    module = importlib.import_module(package)
    for name, where in module._EXPORTS.items():
        assert getattr(module, name) is getattr(importlib.import_module(where, package), name)


def test_every_name_of_the_rules_all_is_there() -> None:
    import mtg_daynight.rules as rules

    assert all(hasattr(rules, name) for name in rules.__all__) and len(set(rules.__all__)) == len(rules.__all__)


def test_a_host_needs_few_names() -> None:
    """The top level is what a host needs; plugin-author types and manager internals live in their modules."""
    import mtg_daynight

    assert len(mtg_daynight.__all__) <= 20
    for internal in ("install", "plugin_manager", "ENTRY_POINT_GROUP", "DayNightRules", "hookimpl", "GameState"):
        assert internal not in mtg_daynight.__all__
        with pytest.raises(AttributeError):
            getattr(mtg_daynight, internal)


def test_plugin_authors_find_the_marker_and_types_beside_the_specs() -> None:
    from mtg_daynight import hookspecs
    from mtg_daynight.rules import GameState, Tally, TurnRecord

    assert hookspecs.GameState is GameState and hookspecs.Tally is Tally and hookspecs.TurnRecord is TurnRecord
    assert hookspecs.hookimpl.project_name == hookspecs.PROJECT
