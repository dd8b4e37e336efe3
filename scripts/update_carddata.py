#!/usr/bin/env python3
"""Update the day/night card-data snapshot: for maintainers' cron jobs and CI.

Runs the same update as ``mtg-daynight carddata update`` (same options, parsed by the same parser), then prints
the status of the snapshot it updated (``--data-dir DIR`` and ``--data-dir=DIR`` alike, else
``$MTG_DAYNIGHT_DATA_DIR``, else the user data directory). With ``--quiet`` it prints nothing when nothing changed
and one line when something did, and no status (for cron, which mails any output). Exit status: 0 when the
snapshot was updated or is already up to date, 2 on any error, 3 when the server could not be reached (offline);
the previous snapshot is kept on any failure.

    python scripts/update_carddata.py                       # default_cards into the user data directory
    python scripts/update_carddata.py --data-dir carddata   # ... into the checkout's carddata/
    python scripts/update_carddata.py --bulk-type all_cards --data-dir=/srv/carddata --quiet
    python scripts/update_carddata.py --from-file default-cards.jsonl.gz --force

Scryfall regenerates bulk files every 12-24 hours: run this at most once a day. An unchanged upstream costs
one request (the ETag check) and no download. Run by a Python without mtg-daynight's dependencies or its
``carddata`` extra, it says in one line what to install and exits 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run from a checkout without installing: make the repository importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from mtg_daynight.cli import build_parser, main, missing_install
except ModuleNotFoundError as error:  # not even the package: this script was copied out of its checkout
    print(f"update_carddata.py: error: mtg-daynight is not installed in this Python, {sys.executable} (no module "
          f"{error.name!r}): in the mtg-daynight clone, run {sys.executable} -m pip install -e '.[carddata]'",
          file=sys.stderr)
    sys.exit(2)


def run(argv: list[str]) -> int:
    """Run the update with ``argv`` (the update options), then show the status of the snapshot it wrote."""
    args = build_parser("carddata").parse_args(["carddata", "update", *argv])  # a bad option exits 2 here
    status = main(["carddata", "update", *argv])
    if status != 0 or args.quiet:
        return status
    data_dir = [] if args.data_dir is None else [f"--data-dir={args.data_dir}"]
    return main(["carddata", "status", *data_dir])


if __name__ == "__main__":
    try:
        sys.exit(run(sys.argv[1:]))
    except ModuleNotFoundError as error:  # while building the parser (main() reports its own, the same way)
        hint = missing_install(error, "carddata")
        if hint is None:
            raise
        print(f"update_carddata.py: error: {hint}", file=sys.stderr)
        sys.exit(2)
