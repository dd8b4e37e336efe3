"""The card-data options every command that reads cards shares (``deck scan``, ``simulate``, ``conformance``), so
that ``--data-dir``, ``--mods``, ``--no-default-mods`` and ``--strict-mods`` mean the same everywhere (docs/mods.md,
docs/decks.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtg_daynight.catalog import CardDatabase, load_database
from mtg_daynight.catalog.names import terminal_text


def add_card_data_options(parser: argparse.ArgumentParser) -> None:
    """Add the four card-data options to ``parser``."""
    parser.add_argument(
        "--data-dir", type=Path, metavar="DIR",
        help="directory holding the card data snapshot (default: $MTG_DAYNIGHT_DATA_DIR, else as for "
        "'mtg-daynight carddata'); a directory without one means no card data",
    )
    parser.add_argument(
        "--mods", type=Path, action="append", default=[], metavar="DIR",
        help="also merge the mod files of DIR and its subfolders: *.toml mod files and *.txt Forge card scripts "
        "(repeatable; DIR must exist)",
    )
    parser.add_argument(
        "--no-default-mods", action="store_true",
        help="skip the default mod directories (carddata/custom/ of a checkout, the user's custom/)",
    )
    parser.add_argument(
        "--strict-mods", action="store_true",
        help="a mod file that cannot be loaded stops the command (exit 2) instead of being left out with a warning",
    )


def load_card_database(args: argparse.Namespace) -> CardDatabase:
    """The card database the options in ``args`` name (cached per process; see ``load_database``, which also
    says what ``strict_mods`` does)."""
    return load_database(
        args.data_dir, args.mods, default_mods=not args.no_default_mods, strict_mods=args.strict_mods
    )


def warn_mod_problems(database: CardDatabase, command: str) -> None:
    """One warning on standard error for each mod file ``database`` left out."""
    for problem in database.mod_problems:
        message = f"mtg-daynight {command}: warning: {problem.describe()}: this mod file is left out " \
                  "(--strict-mods: stop instead)"
        print(terminal_text(message), file=sys.stderr)
