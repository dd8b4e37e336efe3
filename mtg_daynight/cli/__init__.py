"""The ``mtg-daynight`` command line: argument parsing and printing only.

Each sub-command lives in its own module in this package and exposes ``register(subparsers)``, which adds its
parser and sets ``handler`` to a function ``(argparse.Namespace) -> int`` (the exit status).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from mtg_daynight import __version__
from mtg_daynight.errors import DayNightError

#: Sub-command modules, in the order ``--help`` lists them.
COMMAND_MODULES = ("demo", "simulate", "conformance", "carddata", "deck", "plugins")


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="mtg-daynight",
        description=(
            "Magic: The Gathering's day/night designation and the daybound/nightbound keywords: "
            "play the demo, run scenario files, check a host adapter, manage card data, scan decks."
        ),
    )
    parser.add_argument("--version", action="version", version=f"mtg-daynight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"mtg_daynight.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        status: int = handler(args)
    except DayNightError as error:
        print(f"mtg-daynight {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"mtg-daynight {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``mtg-daynight carddata list | head``): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
