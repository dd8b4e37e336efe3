"""Building a plugin manager: the hookspecs, the built-in rules plugin, the card data the host chose, third-party
plugins, tracing. The environment switches (:data:`AUTOLOAD_ENV`, :data:`TRACE_ENV`) are described in
docs/host-integration.md, section 1.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Final

import msgspec
import pluggy

from mtg_daynight import hookspecs
from mtg_daynight.errors import PluginFailedError
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.plugin import RULES_PLUGIN_NAME, DayNightRules

if TYPE_CHECKING:
    from mtg_daynight.catalog.database import CardDatabase
    from mtg_daynight.catalog.plugin import CardDataPlugin

    #: What a host may pass as ``card_data`` (see :func:`install`).
    CardData = CardDataPlugin | CardDatabase | bool

#: The entry-point group third-party plugins register under (``[project.entry-points.mtg_daynight]``).
ENTRY_POINT_GROUP: Final = PROJECT
AUTOLOAD_ENV: Final = "MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD"
TRACE_ENV: Final = "MTG_DAYNIGHT_TRACE"


def call_each(pm: pluggy.PluginManager, hook: str, *, go_on: bool, **arguments: object) -> None:
    """Call ``hook``'s implementations one plugin at a time, in pluggy's order (pluggy's public
    ``subset_hook_caller``), so that one that raises is named: :class:`~mtg_daynight.errors.PluginFailedError`,
    the plugin's exception chained. The rules plugin's own errors (a game id in use) are raised as they are.
    ``go_on``: call the others first, then raise for the first that failed (a game's end reaches every plugin);
    otherwise stop at once."""
    implementations = getattr(pm.hook, hook).get_hookimpls()
    failed: PluginFailedError | None = None
    for implementation in reversed(implementations):  # pluggy calls the last registered (and tryfirst) first
        others = [i.plugin for i in implementations if i.plugin is not implementation.plugin]
        try:
            pm.subset_hook_caller(hook, remove_plugins=others)(**arguments)
        except Exception as error:
            if implementation.plugin_name == RULES_PLUGIN_NAME:
                raise
            failure = PluginFailedError(implementation.plugin_name, hook, error)
            failure.__cause__ = error
            if not go_on:
                raise failure  # noqa: B904 - chained above, so that the one kept for later is chained as well
            failed = failed or failure
    if failed is not None:
        raise failed


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no", "off")


def install(pm: pluggy.PluginManager, *, card_data: CardData = False) -> DayNightRules:
    """Add the hookspecs and the rules plugin to a plugin manager, once, and the card data ``card_data`` names;
    return the rules plugin. The manager must have been created with the project name ``"mtg_daynight"``.

    ``card_data`` chooses what answers ``daynight_card_faces`` (the faces of a :class:`~mtg_daynight.CardPermanent`),
    registered as ``"daynight-card-data"``: ``False`` (the default here) nothing; ``True`` a new
    :class:`~mtg_daynight.catalog.plugin.CardDataPlugin` over the default card database, read on the first question;
    a :class:`~mtg_daynight.catalog.CardDatabase` a new ``CardDataPlugin`` over it; a ``CardDataPlugin`` that plugin
    (docs/host-integration.md, section 1, has the table). A manager that already holds a plugin of that name (the
    host's own) keeps it: ``card_data`` then adds nothing.
    """
    if pm.project_name != PROJECT:
        raise ValueError(f"the plugin manager's project is {pm.project_name!r}; mtg-daynight needs {PROJECT!r}")
    rules = pm.get_plugin(RULES_PLUGIN_NAME)
    if not isinstance(rules, DayNightRules):
        pm.add_hookspecs(hookspecs)
        rules = DayNightRules(pm)
        pm.register(rules, name=RULES_PLUGIN_NAME)
    if card_data is not False:
        from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME, CardDataPlugin  # card data only when asked

        if pm.get_plugin(CARD_DATA_PLUGIN_NAME) is None:
            if card_data is True:
                plugin = CardDataPlugin()
            elif isinstance(card_data, CardDataPlugin):
                plugin = card_data
            else:
                plugin = CardDataPlugin(card_data)
            pm.register(plugin, name=CARD_DATA_PLUGIN_NAME)
    return rules


def plugin_manager(
    *, autoload: bool | None = None, trace: bool | None = None, card_data: CardData = True
) -> pluggy.PluginManager:
    """A ready plugin manager: hookspecs, the rules plugin, the card data ``card_data`` names (see :func:`install`;
    by default a card-data plugin of its own over the default card database), entry-point plugins (unless
    ``autoload`` is False or the environment turns autoloading off), checked with ``check_pending()``, traced when
    asked."""
    pm = pluggy.PluginManager(PROJECT)
    install(pm, card_data=card_data)
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


class PluginInfo(msgspec.Struct, frozen=True):
    """One loaded plugin: its registered name, the distribution that ships it, and its hooks."""

    name: str
    distribution: str | None
    version: str | None
    hooks: tuple[str, ...]


def plugin_infos(pm: pluggy.PluginManager) -> list[PluginInfo]:
    """The plugins registered with ``pm``, in registration order, with their distributions and hooks."""
    dists = {id(plugin): dist for plugin, dist in pm.list_plugin_distinfo()}
    infos = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        dist = dists.get(id(plugin))
        callers = pm.get_hookcallers(plugin) or []
        infos.append(
            PluginInfo(
                name=name,
                distribution=None if dist is None else dist.project_name,
                version=None if dist is None else dist.version,
                hooks=tuple(sorted(caller.name for caller in callers)),
            )
        )
    return infos


def enable_tracing(pm: pluggy.PluginManager) -> None:
    """Print every hook call (plugin, arguments) and its result to standard error."""
    pm.trace.root.setwriter(lambda message: sys.stderr.write("mtg-daynight trace: " + message))
    pm.enable_tracing()
