"""The conformance kit: run the scenario library (or any scenario files) against an engine's adapter factory
(one fresh adapter per scenario), from ``mtg-daynight conformance`` or a pytest suite (docs/conformance.md)."""

from __future__ import annotations

import importlib
import json
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from mtg_daynight.atomicfile import write_atomic
from mtg_daynight.catalog.names import terminal_text
from mtg_daynight.errors import InputFileError
from mtg_daynight.scenarios import CardSource, library_files, load_scenario
from mtg_daynight.scenarios.adapter import Adapter
from mtg_daynight.scenarios.parse import scenario_paths
from mtg_daynight.scenarios.runner import Result, run_scenario

AdapterFactory = Callable[[], Adapter]


def load_factory(spec: str) -> AdapterFactory:
    """Import ``"package.module:callable"`` (a class or a function returning an adapter)."""
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise InputFileError(f"adapter {spec!r}: write it as 'package.module:factory'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise InputFileError(f"adapter {spec!r}: can't import {module_name!r}: {error}") from None
    except Exception as error:  # the adapter's own module failed as it was imported: say so in one line
        what = f"{type(error).__name__}: {error}"
        raise InputFileError(f"adapter {spec!r}: importing {module_name!r} raised {what}") from None
    factory = module
    for part in attribute.split("."):
        try:
            factory = getattr(factory, part)
        except AttributeError:
            raise InputFileError(f"adapter {spec!r}: {module_name!r} has no {attribute!r}") from None
    if not callable(factory):
        raise InputFileError(f"adapter {spec!r}: {attribute!r} is not callable")
    return factory


def conformance_cases(files: Sequence[str | Path] = ()) -> list[Path]:
    """The scenario files to run: ``files`` (a directory stands for its ``*.toml`` files, sorted), or the whole
    bundled library."""
    return scenario_paths(files) if files else library_files()


def run_conformance(
    factory: AdapterFactory, files: Sequence[str | Path] = (), *, cards: CardSource | None = None,
    strict: bool = False, on_scenario: Callable[[Path], None] | None = None,
) -> list[Result]:
    """Run every scenario on a fresh adapter from ``factory`` (``on_scenario(path)`` called before each); a
    malformed file raises InputFileError."""
    results = []
    for path in conformance_cases(files):
        if on_scenario is not None:
            on_scenario(path)
        results.append(run_scenario(load_scenario(path, cards=cards), _fresh(factory), strict=strict))
    return results


#: The version of the ``--dump`` files' layout.
DUMP_FORMAT = 1


def dump_scenarios(directory: Path, files: Sequence[str | Path] = (), *, cards: CardSource | None = None) -> list[Path]:
    """Write each scenario as ``DIRECTORY/<name>.json`` (docs/conformance.md, "The cases as JSON"); return the
    paths. A malformed file raises InputFileError before anything is written."""
    documents = []
    for path in conformance_cases(files):
        scenario = load_scenario(path, cards=cards)
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        document = {"format": DUMP_FORMAT, "file": Path(path).name, "players": list(scenario.players),
                    "cards": msgspec.to_builtins(scenario.cards, order="deterministic"), "scenario": raw}
        documents.append((directory / (Path(path).stem + ".json"), document))
    directory.mkdir(parents=True, exist_ok=True)
    for target, document in documents:
        write_atomic(target, (json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode())
    return [target for target, _ in documents]


def factory_name(factory: AdapterFactory) -> str:
    """``factory`` as ``module:qualified.name`` (what ``mtg-daynight conformance`` takes), or its ``repr``."""
    module, name = getattr(factory, "__module__", None), getattr(factory, "__qualname__", None)
    return f"{module}:{name}" if module and name else repr(factory)


def _fresh(factory: AdapterFactory) -> Adapter:
    """A fresh adapter from ``factory``; its failure (not Ctrl-C) is one :class:`InputFileError` line."""
    try:
        return factory()
    except RecursionError as error:
        what = f"it recursed without end ({type(error).__name__}: {error})"
    except (Exception, SystemExit) as error:
        what = f"it raised {type(error).__name__}" + (f": {error}" if str(error) else "")
    one_line = terminal_text(" ".join(what.split()))
    raise InputFileError(f"adapter factory {factory_name(factory)}: {one_line}") from None


def check_scenario(path: str | Path, factory: AdapterFactory, *, strict: bool = False) -> Result:
    """Run one scenario for a pytest test: AssertionError listing every failed check, ``pytest.skip`` for an
    unsupported action, else the result."""
    result = run_scenario(load_scenario(path), factory(), strict=strict)
    if result.status == "skip":
        import pytest

        pytest.skip(result.reason)
    if result.status != "pass":
        lines = [str(f) for f in result.failures] or [result.reason]
        raise AssertionError(f"{result.file}: {result.title}\n" + "\n".join(lines))
    return result
