"""``mtg-daynight plugins``: list the plugins a plugin manager loads, with their versions and hooks."""

from __future__ import annotations

import argparse
import json
from typing import Any

import msgspec

from mtg_daynight.manager import AUTOLOAD_ENV, ENTRY_POINT_GROUP, TRACE_ENV, PluginInfo, plugin_infos, plugin_manager


def loaded_plugins(*, autoload: bool | None = None) -> list[PluginInfo]:
    """The plugins a default plugin manager loads (built-in first, then entry points by name)."""
    return plugin_infos(plugin_manager(autoload=autoload, trace=False))


def register(sub: Any) -> None:
    """Add the ``plugins`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "plugins",
        description=(
            f"List the plugins mtg-daynight loads: the built-in rules plugin and every plugin installed under the "
            f"'{ENTRY_POINT_GROUP}' entry-point group. Set {AUTOLOAD_ENV}=1 to load no third-party plugin, "
            f"{TRACE_ENV}=1 to print every hook call."
        ),
    )
    parser.add_argument(
        "--json", action="store_true", help="print a JSON array of {name, distribution, version, hooks}"
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    infos = loaded_plugins()
    if args.json:
        print(json.dumps([msgspec.to_builtins(info) for info in infos], indent=2))
        return 0
    for info in infos:
        origin = "built in" if info.distribution is None else f"{info.distribution} {info.version}"
        print(f"{info.name}  ({origin})")
        for hook in info.hooks:
            print(f"    {hook}")
    return 0
