"""The built-in card-database plugin: answers ``daynight_card_faces`` from the card database.

A host that names a permanent by card identity only (:class:`~mtg_daynight.CardPermanent`) gets its faces and
keywords from here; a card the data holds without daybound/nightbound is answered ``day_night=False``, a name it
does not hold None: the rules plugin then refuses the event as an "unknown card" (the host must describe the
permanent with :class:`~mtg_daynight.Permanent` and its faces), with :meth:`CardDataPlugin.explain`'s verdict
(``daynight_unknown_card``). A host registers one by choice (``DayNight(card_data=...)``, see
``docs/host-integration.md``); each manager gets an instance of its own, which locates and loads the default
database on the first question and keeps it for the manager's life, so building a plugin manager costs nothing
and a card costs a lookup. A snapshot imported (or a mod file changed) afterwards is seen by a new manager
(a new :class:`~mtg_daynight.DayNight`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from mtg_daynight.hookspecs import hookimpl
from mtg_daynight.rules.permanents import CardFaces

if TYPE_CHECKING:
    from .database import CardDatabase

#: The name the card-database plugin is registered under.
CARD_DATA_PLUGIN_NAME: Final = "daynight-card-data"


class CardDataPlugin:
    """Answers ``daynight_card_faces`` from a card database (the default one unless given)."""

    def __init__(
        self,
        database: CardDatabase | None = None,
        *,
        data_dir: Path | str | None = None,
        mod_dirs: Sequence[Path | str] = (),
    ) -> None:
        self._database = database  # given, or loaded on the first question and kept
        self._data_dir = data_dir
        self._mod_dirs = tuple(mod_dirs)

    @property
    def database(self) -> CardDatabase:
        """The database this plugin answers from: when not given, located and loaded (through the process cache)
        on the first question, then kept for this plugin's life."""
        if self._database is None:
            from .load import load_database  # the database code loads with the first question, not at import

            self._database = load_database(self._data_dir, self._mod_dirs)
        return self._database

    @hookimpl(trylast=True)
    def daynight_card_faces(self, card: str) -> CardFaces | None:
        """The card's faces and keywords; None for a card the data does not hold."""
        found = self.database.lookup(card)
        return None if found is None else found.card_faces()

    @hookimpl(trylast=True)
    def daynight_unknown_card(self, card: str) -> str | None:
        """Why the card data does not know ``card``: :meth:`explain`'s verdict."""
        return self.explain(card)

    def explain(self, card: str) -> str:
        """Why ``card`` is or is not known, in one line (for a host's error message): a known card; no card data
        loaded; a suspected typo (with suggestions); or not a day/night card (the verdicts of a deck scan)."""
        from .database import TYPO_CUTOFF

        database = self.database
        found = database.lookup(card)
        if found is not None:
            kind = "a day/night card" if found.day_night else "known, not a daybound/nightbound card"
            return f"{card!r} is {found.name} ({kind}, {found.origin})"
        suggestions = database.suggest(card)
        hint = f"; did you mean {', '.join(repr(s.name) for s in suggestions)}?" if suggestions else ""
        if not database.has_snapshot:
            return (
                f"{card!r} is unknown: no card data is loaded (no snapshot in the data directory), only community "
                f"mod cards are known{hint}"
            )
        if any(s.score >= TYPO_CUTOFF for s in suggestions):
            foreign = database.lacks_printed_names(suggestions)
            other = " (or a name in another language, which the card data does not hold for it)" if foreign else ""
            return f"{card!r} is not in the card data: a typo{other}{hint}"
        return (
            f"{card!r} is not a day/night card: the card data holds only day/night cards, all of them, and it is "
            "neither one of them nor close to one (whether it is a real card was not checked)"
        )
