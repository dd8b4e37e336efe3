"""``mtg-daynight conformance ADAPTER [FILE|DIR...]``: run the scenario library (or the given files and directories)
against an engine's adapter.

``ADAPTER`` is ``package.module:factory``, a zero-argument callable returning a fresh
:class:`~mtg_daynight.scenarios.adapter.Adapter` (one per scenario). ``--path DIR`` is added to ``sys.path``
first. ``--strict`` also checks mtg-daynight's own wording (trace text, cited rules, error messages) and counts
skipped scenarios as failures. Exit status: 0 when every scenario passed (skips allowed unless ``--strict``),
1 otherwise, 2 for a usage error or a malformed scenario file. See docs/conformance.md.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec

from mtg_daynight.scenarios import DatabaseCards
from mtg_daynight.scenarios.conformance import load_factory, run_conformance
from mtg_daynight.scenarios.report import render_text, to_json, write_json

from .card_options import add_card_data_options, load_card_database, warn_mod_problems


def register(sub: Any) -> None:
    """Add the ``conformance`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "conformance",
        description="Run the scenario library (or the given scenario files and directories) against an engine adapter "
                    "(docs/conformance.md). Use 'mtg_daynight.scenarios:ReferenceAdapter' to see the reference.",
    )
    parser.add_argument("adapter", metavar="ADAPTER", help="package.module:factory returning a fresh adapter")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="scenario files, or directories of them (default: the bundled library)")
    parser.add_argument("--path", action="append", default=[], metavar="DIR", help="add DIR to sys.path first")
    parser.add_argument("--json", action="store_true", help="print machine-readable results (JSON)")
    parser.add_argument("--strict", action="store_true",
                        help="also check mtg-daynight's trace text, cited rules and error messages (skipped "
                             "otherwise, and listed), and count skipped scenarios as failures")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each scenario's turn-by-turn trace")
    add_card_data_options(parser)
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    for directory in reversed(args.path):
        sys.path.insert(0, directory)
    factory = load_factory(args.adapter)
    database = load_card_database(args)
    warn_mod_problems(database, "conformance")
    results = run_conformance(factory, args.files, cards=DatabaseCards(database), strict=args.strict)
    if args.json:
        write_json(to_json(results, []) | {"mod_problems": msgspec.to_builtins(database.mod_problems)})
    else:
        render_text(results, [], sys.stdout, verbose=args.verbose)
    allowed = ("pass",) if args.strict else ("pass", "skip")
    return 0 if all(r.status in allowed for r in results) else 1
