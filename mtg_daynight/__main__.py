"""``python -m mtg_daynight`` runs the command line."""

from mtg_daynight.cli import run

run()
