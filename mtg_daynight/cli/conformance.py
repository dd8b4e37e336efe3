"""``mtg-daynight conformance ADAPTER|--program CMD [FILE|DIR...]``: run the scenario library (or the given files and
directories) against an engine's adapter, in process or as a child process (options and exit status:
docs/conformance.md).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from mtg_daynight.catalog.names import json_text
from mtg_daynight.errors import DayNightError, InputFileError
from mtg_daynight.scenarios import DatabaseCards
from mtg_daynight.scenarios.conformance import dump_scenarios, load_factory, run_conformance
from mtg_daynight.scenarios.program import DEFAULT_TIMEOUT, AdapterProcess, run_program, schema
from mtg_daynight.scenarios.report import render_text, to_json, write_json

from .card_options import add_card_data_options, load_card_database, warn_mod_problems


def register(sub: Any) -> None:
    """Add the ``conformance`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "conformance",
        description="Run the scenario library (or the given scenario files and directories) against an engine adapter "
                    "(docs/conformance.md). Use 'mtg_daynight.scenarios:ReferenceAdapter' to see the reference.",
    )
    parser.add_argument("adapter", metavar="ADAPTER", nargs="?",
                        help="package.module:factory returning a fresh adapter (or use --program)")
    parser.add_argument("--program", metavar="CMD",
                        help="run the adapter as this command instead (its arguments in the same string): a child "
                             "process spoken to in JSON-RPC over stdin/stdout, in any language (docs/conformance.md)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"with --program: how long the process may take to answer one call (default "
                             f"{DEFAULT_TIMEOUT:g})")
    parser.add_argument("--schema", action="store_true",
                        help="print the JSON Schema of the --program protocol and exit")
    parser.add_argument("--dump", type=Path, metavar="DIR",
                        help="write every library scenario (or the given files) as a JSON file into DIR and exit")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="scenario files, or directories of them (default: the bundled library)")
    parser.add_argument("--path", action="append", default=[], metavar="DIR",
                        help="add DIR to sys.path first (the current directory is on it already, as for python -m)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results (JSON)")
    parser.add_argument("--strict", action="store_true",
                        help="also check mtg-daynight's trace text, cited rules and error messages (skipped "
                             "otherwise, and listed), and count skipped scenarios as failures")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each scenario's turn-by-turn trace")
    add_card_data_options(parser)
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    """Run the kit; with ``--json`` an error that stops the run (exit 2) is a JSON document on standard output."""
    try:
        return _conform(args)
    except DayNightError as error:
        if not args.json:
            raise
        write_json({"passed": False, "error": str(error), "status": 2})
        return 2


def _conform(args: argparse.Namespace) -> int:
    if args.schema:
        sys.stdout.write(json_text(msgspec.json.format(msgspec.json.encode(schema()), indent=2).decode()) + "\n")
        return 0
    files = args.files if args.program is None or args.adapter is None else [args.adapter, *args.files]
    database = load_card_database(args)
    warn_mod_problems(database, "conformance")
    cards = DatabaseCards(database)
    if args.dump is not None:
        written = dump_scenarios(args.dump, files, cards=cards)
        print(f"mtg-daynight conformance: wrote {len(written)} scenario files into {args.dump}", file=sys.stderr)
        return 0
    if args.program is None and args.adapter is None:
        raise InputFileError("name the adapter: ADAPTER (package.module:factory) or --program 'CMD ARGS'")
    started = time.perf_counter()
    if args.program is not None:
        if not args.timeout > 0:
            raise InputFileError("--timeout: a number of seconds above 0")
        process = AdapterProcess(args.program, timeout=args.timeout)
        try:
            results = run_program(process, files, cards=cards, strict=args.strict)
        finally:
            process.close()
    else:
        # the adapter's package is found from the current directory, as `python -m` finds it, and from each --path
        for directory in reversed([*args.path, os.getcwd()]):
            sys.path.insert(0, directory)
        results = run_conformance(load_factory(args.adapter), files, cards=cards, strict=args.strict)
    seconds = round(time.perf_counter() - started, 3)  # the kit's wall time: the engine's start-up included
    if args.json:
        write_json(to_json(results, []) | {"seconds": seconds,
                                           "mod_problems": msgspec.to_builtins(database.mod_problems)})
    else:
        render_text(results, [], sys.stdout, verbose=args.verbose)
        print(f"wall time: {seconds:.2f} s")
    allowed = ("pass",) if args.strict else ("pass", "skip")
    return 0 if all(r.status in allowed for r in results) else 1
