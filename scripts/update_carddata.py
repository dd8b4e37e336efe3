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
one request (the ETag check) and no download.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run from a checkout without installing: make the repository importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtg_daynight.cli import build_parser, main


def run(argv: list[str]) -> int:
    """Run the update with ``argv`` (the update options), then show the status of the snapshot it wrote."""
    args = build_parser("carddata").parse_args(["carddata", "update", *argv])  # a bad option exits 2 here
    status = main(["carddata", "update", *argv])
    if status != 0 or args.quiet:
        return status
    data_dir = [] if args.data_dir is None else [f"--data-dir={args.data_dir}"]
    return main(["carddata", "status", *data_dir])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
