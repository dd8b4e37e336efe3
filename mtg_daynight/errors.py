"""The typed errors every part of mtg-daynight raises.

Each error says what was wrong and where. The CLI prints ``str(error)`` on one line and exits non-zero;
library callers catch the class they care about.
"""

from __future__ import annotations


class DayNightError(Exception):
    """Base class of every error mtg-daynight raises on purpose."""


class BadEventError(DayNightError, ValueError):
    """A host reported an event that cannot happen in the game as the plugin knows it.

    The plugin's state is left exactly as it was before the event.
    """


class BadSaveError(BadEventError):
    """Bytes given to ``load_game`` are not a saved game, or describe a state the rules could never reach.

    The message says what is wrong and where (the field, the permanent). Nothing is loaded.
    """


class RulesPluginMissingError(DayNightError):
    """A hook got no answer: the rules plugin is not registered with this plugin manager."""


class UnknownGameError(DayNightError, KeyError):
    """A hook was called for a game that was never started (or has ended)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class UnknownPermanentError(DayNightError, KeyError):
    """A query named a permanent the rules do not know: it never entered, or it has left the battlefield."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown permanent"


class InputFileError(DayNightError):
    """A file given to mtg-daynight (scenario, deck, mod, card data) is malformed.

    The message names the file and the offending key, line or field.
    """


class PluginFailedError(DayNightError):
    """A plugin's ``daynight_game_start`` or ``daynight_game_end`` implementation raised. ``plugin`` names it,
    ``hook`` the hook; the plugin's own exception is chained (``__cause__``)."""

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        super().__init__(f"plugin {plugin!r}: {hook} raised {type(error).__name__}: {error}")
        self.plugin = plugin
        self.hook = hook


class NotificationFailedWarning(UserWarning):
    """A plugin's notification hook (``daynight_changed``) raised after the rules had committed the change it was
    told about. The change stands; the event's Outcome lists the failure in ``failed_notifications``."""
