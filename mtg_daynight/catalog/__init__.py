"""The card database: the Scryfall snapshot of day/night cards merged with community mod files.

::

    from mtg_daynight.catalog import load_database

    db = load_database()                      # cached per process; works (empty) without a snapshot
    db.lookup("tavern ruffian")               # by either face's name, full name, id, oracle id, printed name
    db.suggest("Tavern Rufian")               # close matches
    db.clashes                                # mod cards that collided with a known card

A :class:`CardDataPlugin` answers the ``daynight_card_faces`` hook from it (``DayNight(card_data=...)`` registers
one); :func:`scan_deck` reports a deck's day/night cards. See docs/mods.md for mod files and docs/decks.md for
deck scans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtg_daynight.lazy import lazy_exports

#: The public names, each with the module that defines it: the one list (``__all__`` derives from it; the imports
#: for type checkers below must name the same, which tests/rules/test_public_api.py checks). They are imported on
#: first use, so that a plugin manager with card data does not load the database, mod and deck-scan code until a
#: card is looked up. Everything else (the cache, mod parsing, name keys...) stays in its module.
_EXPORTS = {
    "load_database": ".load",
    "CardDatabase": ".database",
    "CatalogCard": ".model",
    "CardDataPlugin": ".plugin",
    "scan_deck": ".scan",
    "DeckScan": ".scan",
    "ScanEntry": ".scan",
}

if TYPE_CHECKING:
    from .database import CardDatabase as CardDatabase
    from .load import load_database as load_database
    from .model import CatalogCard as CatalogCard
    from .plugin import CardDataPlugin as CardDataPlugin
    from .scan import DeckScan as DeckScan
    from .scan import ScanEntry as ScanEntry
    from .scan import scan_deck as scan_deck

__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = [*_EXPORTS]
