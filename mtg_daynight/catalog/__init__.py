"""The card database: the Scryfall snapshot of day/night cards merged with community mod files.

::

    from mtg_daynight.catalog import load_database

    db = load_database()                      # cached per process; works (empty) without a snapshot
    db.lookup("tavern ruffian")               # by either face's name, full name, id, oracle id, printed name
    db.suggest("Tavern Rufian")               # close matches
    db.clashes                                # mod cards that collided with a known card

The plugin :data:`card_data_plugin` answers the ``daynight_card_faces`` hook from it; :func:`scan_deck` reports
a deck's day/night cards. See docs/mods.md for mod files and docs/decks.md for deck scans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtg_daynight.lazy import lazy_exports

if TYPE_CHECKING:
    from .database import CardDatabase, Match, Suggestion, merge
    from .load import DEFAULT_CACHE, DatabaseCache, load_database
    from .model import CatalogCard, Clash, PrintedName
    from .mods import LoadedMod, ModEntry, default_mod_dirs, parse_mod, read_mod
    from .names import name_key
    from .plugin import CARD_DATA_PLUGIN_NAME, CardDataPlugin, card_data_plugin
    from .scan import DeckScan, ScanEntry, scan_deck

#: Where each public name lives. They are imported on first use, so that ``import mtg_daynight`` (which registers
#: the card-data plugin) does not load the database, mod and deck-scan code until a card is looked up.
_EXPORTS = {
    "CardDatabase": "database", "Match": "database", "Suggestion": "database", "merge": "database",
    "DEFAULT_CACHE": "load", "DatabaseCache": "load", "load_database": "load",
    "CatalogCard": "model", "Clash": "model", "PrintedName": "model",
    "LoadedMod": "mods", "ModEntry": "mods", "default_mod_dirs": "mods", "parse_mod": "mods", "read_mod": "mods",
    "name_key": "names",
    "CARD_DATA_PLUGIN_NAME": "plugin", "CardDataPlugin": "plugin", "card_data_plugin": "plugin",
    "DeckScan": "scan", "ScanEntry": "scan", "scan_deck": "scan",
}


__getattr__ = lazy_exports(__name__, {name: f".{module}" for name, module in _EXPORTS.items()})


__all__ = [
    "CARD_DATA_PLUGIN_NAME",
    "DEFAULT_CACHE",
    "CardDataPlugin",
    "CardDatabase",
    "CatalogCard",
    "Clash",
    "DatabaseCache",
    "DeckScan",
    "LoadedMod",
    "Match",
    "ModEntry",
    "PrintedName",
    "ScanEntry",
    "Suggestion",
    "card_data_plugin",
    "default_mod_dirs",
    "load_database",
    "merge",
    "name_key",
    "parse_mod",
    "read_mod",
    "scan_deck",
]
