"""``python -m mtg_daynight`` runs the command line."""

import sys

from mtg_daynight.cli import main

sys.exit(main())
