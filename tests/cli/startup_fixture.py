"""What the start-up checks run commands against: a 60-card deck and FIXTURE card data. Shared by
tests/cli/test_import_graph.py and scripts/bench_startup.py.

The card data is the HAND-WRITTEN FIXTURE snapshot of tests/catalog/catalog_fixture.py (real card names, invented
ids). The deck is a deck list (real card names and counts), not card data.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import msgspec

from mtg_daynight import __version__
from mtg_daynight.importer.store import Store

_spec = importlib.util.spec_from_file_location(
    "catalog_fixture_for_startup", Path(__file__).parents[1] / "catalog" / "catalog_fixture.py"
)
assert _spec is not None and _spec.loader is not None
catalog_fixture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalog_fixture)

#: A 60-card Forge deck (plus a 15-card sideboard) of day/night cards and ordinary ones.
SIXTY_CARD_DECK = """\
[metadata]
Name=Gruul Werewolves (60)
[Main]
4 Tavern Ruffian // Tavern Smasher|MID|1
4 Reckless Stormseeker // Storm-Charged Slasher|MID|1
4 Kessig Naturalist // Lord of the Ulvenwald|MID
2 Tovolar, Dire Overlord // Tovolar, the Midnight Scourge|MID|1
2 Arlinn, the Pack's Hope // Arlinn, the Moon's Fury|MID|1
4 Outland Liberator // Frenzied Trapbreaker|MID|1
4 Brutal Cathar // Moonrage Brute|MID|1
4 Lightning Bolt|M11|1
2 Fire // Ice|MH2|1
4 Play with Fire|MID
4 Rockfall Vale|MID|1
4 Karplusan Forest|DMU|1
9 Mountain|MID|2
9 Forest|MID
[Sideboard]
3 Abrade|DMU
2 Unholy Heat|MH2|1
4 Duress|M21
3 Flame-Blessed Bolt|MID
3 Kessig Flamebreather|MID
"""

def write_deck(directory: Path) -> Path:
    """Write :data:`SIXTY_CARD_DECK` into ``directory``; return its path."""
    path = directory / "gruul-werewolves-60.dck"
    path.write_text(SIXTY_CARD_DECK, encoding="utf-8")
    return path


def write_card_data(directory: Path) -> Path:
    """Write the FIXTURE snapshot into ``directory`` with the importer's writer (its manifest naming this
    version of mtg-daynight); return the snapshot's path."""
    snapshot = catalog_fixture.fixture_snapshot()
    manifest = msgspec.structs.replace(snapshot.manifest, tool_version=__version__)
    return Store(directory).write_snapshot(msgspec.structs.replace(snapshot, manifest=manifest))
