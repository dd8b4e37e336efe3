"""``mtg-daynight simulate FILE...``: run scenario files on the reference host and check them (exit status and the
``--json`` document: docs/scenarios.md, "mtg-daynight simulate").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from mtg_daynight.catalog.names import terminal_text
from mtg_daynight.errors import DayNightError, InputFileError
from mtg_daynight.scenarios import (
    CardSource,
    DatabaseCards,
    ReferenceAdapter,
    library_files,
    load_scenario,
    run_scenario,
)
from mtg_daynight.scenarios.parse import scenario_paths
from mtg_daynight.scenarios.report import render_text, to_json, write_json
from mtg_daynight.scenarios.runner import Result

from .card_options import add_card_data_options, load_card_database, warn_mod_problems


def register(sub: Any) -> None:
    """Add the ``simulate`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        description="Run scenario files (TOML, see docs/scenarios.md) on the reference host: print a turn-by-turn "
                    "trace with rule citations and check every expectation. Exit 0 only if all held.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="scenario files, or directories of them")
    parser.add_argument("--library", action="store_true", help="also run the scenario library shipped with the package")
    parser.add_argument("--json", action="store_true", help="print machine-readable results (JSON) instead")
    add_card_data_options(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no turn-by-turn trace: statuses and failures only")
    parser.set_defaults(handler=_run)


def expand(files: Sequence[str], library: bool) -> list[Path]:
    """The scenario files to run: directories become their *.toml files (sorted), then the library's files."""
    return [*scenario_paths(files), *(library_files() if library else ())]


def run_files(
    paths: Sequence[Path], cards: CardSource | None = None
) -> tuple[list[Result], list[tuple[str, str]]]:
    """Load and run each file on a fresh reference host; return the results and the malformed files' errors.
    ``cards``: where names not defined in a file are looked up before the built-in table."""
    results: list[Result] = []
    malformed: list[tuple[str, str]] = []
    for path in paths:
        try:
            scenario = load_scenario(path, cards=cards)
        except DayNightError as error:
            malformed.append((str(path), str(error)))
            continue
        results.append(run_scenario(scenario, ReferenceAdapter()))
    return results, malformed


def _run(args: argparse.Namespace) -> int:
    paths = expand(args.files, args.library)
    if not paths:
        raise InputFileError("no scenario files given (name files or directories, or use --library)")
    database = load_card_database(args)
    warn_mod_problems(database, "simulate")
    results, malformed = run_files(paths, DatabaseCards(database))
    if args.json:
        write_json(to_json(results, malformed) | {"mod_problems": msgspec.to_builtins(database.mod_problems)})
    else:
        if results or not malformed:  # a lone malformed file is its error line, without an empty summary
            render_text(results, [], sys.stdout, verbose=not args.quiet)
        for _, message in malformed:
            print(f"mtg-daynight simulate: error: {terminal_text(message)}", file=sys.stderr)
    if malformed:
        return 2
    return 0 if all(r.status in ("pass",) for r in results) else 1
