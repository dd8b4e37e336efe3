"""Building a plugin manager: the hookspecs, the built-in rules plugin, third-party plugins, tracing.

Environment variables:

- ``MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD=1``: do not load plugins from the ``mtg_daynight`` entry-point group.
- ``MTG_DAYNIGHT_TRACE=1``: print every hook call and its result to standard error.
"""

from __future__ import annotations

import os
import sys
from typing import Final

import pluggy

from mtg_daynight import hookspecs
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME, card_data_plugin
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.plugin import RULES_PLUGIN_NAME, DayNightRules

#: The entry-point group third-party plugins register under (``[project.entry-points.mtg_daynight]``).
ENTRY_POINT_GROUP: Final = PROJECT
AUTOLOAD_ENV: Final = "MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD"
TRACE_ENV: Final = "MTG_DAYNIGHT_TRACE"


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no", "off")


def install(pm: pluggy.PluginManager) -> DayNightRules:
    """Add the hookspecs, the rules plugin and the card-data plugin (which answers ``daynight_card_faces``
    from the snapshot and mod files, loaded on the first question) to a plugin manager, once; return the
    rules plugin.

    The manager must have been created with the project name ``"mtg_daynight"``.
    """
    if pm.project_name != PROJECT:
        raise ValueError(f"the plugin manager's project is {pm.project_name!r}; mtg-daynight needs {PROJECT!r}")
    existing = pm.get_plugin(RULES_PLUGIN_NAME)
    if isinstance(existing, DayNightRules):
        return existing
    pm.add_hookspecs(hookspecs)
    rules = DayNightRules(pm)
    pm.register(rules, name=RULES_PLUGIN_NAME)
    if pm.get_plugin(CARD_DATA_PLUGIN_NAME) is None:  # a host may have registered its own card data
        pm.register(card_data_plugin, name=CARD_DATA_PLUGIN_NAME)
    return rules


def plugin_manager(*, autoload: bool | None = None, trace: bool | None = None) -> pluggy.PluginManager:
    """A ready plugin manager: hookspecs, the rules plugin, entry-point plugins (unless ``autoload`` is False or
    the environment turns autoloading off), checked with ``check_pending()``, traced when asked."""
    pm = pluggy.PluginManager(PROJECT)
    install(pm)
    if autoload is None:
        autoload = not _env_flag(AUTOLOAD_ENV)
    if autoload:
        pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    pm.check_pending()
    if trace is None:
        trace = _env_flag(TRACE_ENV)
    if trace:
        enable_tracing(pm)
    return pm


def enable_tracing(pm: pluggy.PluginManager) -> None:
    """Print every hook call (plugin, arguments) and its result to standard error."""
    pm.trace.root.setwriter(lambda message: sys.stderr.write("mtg-daynight trace: " + message))
    pm.enable_tracing()
