#!/usr/bin/env python3
"""Update the day/night card-data snapshot: for maintainers' cron jobs and CI.

Runs the same update as ``mtg-daynight carddata update`` (same options), then prints the status. Exit status:
0 when the snapshot was updated or is already up to date, 2 on any error, 3 when the server could not be reached
(offline); the previous snapshot is kept on any failure.

    python scripts/update_carddata.py                       # default_cards into the user data directory
    python scripts/update_carddata.py --data-dir carddata   # ... into the checkout's carddata/
    python scripts/update_carddata.py --bulk-type all_cards --data-dir /srv/carddata
    python scripts/update_carddata.py --from-file default-cards.jsonl.gz --force

Scryfall regenerates bulk files every 12-24 hours: run this at most once a day. An unchanged upstream costs
one request (the ETag check) and no download.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run from a checkout without installing: make the repository importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtg_daynight.cli import main


def run(argv: list[str]) -> int:
    """Run the update with ``argv`` (the update options), then show the status."""
    status = main(["carddata", "update", *argv])
    if status != 0:
        return status
    data_dir = []
    if "--data-dir" in argv:
        data_dir = ["--data-dir", argv[argv.index("--data-dir") + 1]]
    return main(["carddata", "status", *data_dir])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
