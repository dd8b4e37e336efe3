"""``mtg-daynight plugins``: not built yet (placeholder so the command list is fixed)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    """Add the ``plugins`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser("plugins", help="(not built yet)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    print("mtg-daynight plugins: not built yet")
    return 2
