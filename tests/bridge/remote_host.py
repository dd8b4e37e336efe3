"""The reference host playing through a ``mtg-daynight serve`` child process: every rules call is JSON.

:class:`RemoteDayNight` stands in for the facade; the host's own "it can't become night" cards (which a Python
host answers with a ``daynight_forbid_change`` plugin) become the bridge's ``add_cant_become`` /
``remove_cant_become`` calls, sent before each event as the host's battlefield says, the way an engine in another
language would report its static abilities.
"""

from __future__ import annotations

import itertools
from typing import Any

from mtg_daynight.bridge.client import BridgeClient, RemoteDayNight, RemoteGame
from mtg_daynight.rules import Designation
from mtg_daynight.scenarios.reference_adapter import ReferenceAdapter

#: Reading methods: they change nothing, so the effects need no update first.
_QUERIES = frozenset({"designation", "trace", "state", "face_of", "permanent", "save", "game"})


class HostPlugins:
    """What the reference host registers with ``daynight.pm``: kept here, asked before every event."""

    def __init__(self) -> None:
        self.plugins: dict[str, Any] = {}

    def register(self, plugin: Any, name: str) -> None:
        self.plugins[name] = plugin

    def unregister(self, plugin: Any) -> None:
        self.plugins = {k: v for k, v in self.plugins.items() if v is not plugin}


class SyncedGame(RemoteGame):
    """A remote game that reports the host's can't-become effects to the server before each event."""

    def __init__(self, client: BridgeClient, game: str, host_plugins: HostPlugins) -> None:
        super().__init__(client, game)
        self._host_plugins = host_plugins
        self._applying: dict[str, Designation] = {}

    def _call(self, name: str, params: dict[str, Any]) -> Any:
        if name not in _QUERIES and name != "end":
            self._sync()
        return super()._call(name, params)

    def _sync(self) -> None:
        wanted: dict[str, Designation] = {}
        for plugin in self._host_plugins.plugins.values():
            for after in (Designation.DAY, Designation.NIGHT):
                reason = plugin.daynight_forbid_change(game=self.id, state=None, after=after, cause="")
                if reason:
                    wanted[reason] = after
        calls: list[tuple[str, dict[str, Any]]] = [
            ("remove_cant_become", {"game": self.id, "effect": effect})
            for effect, after in self._applying.items() if wanted.get(effect) != after
        ] + [
            ("add_cant_become", {"game": self.id, "effect": effect, "after": after})
            for effect, after in wanted.items() if self._applying.get(effect) != after
        ]
        if calls:
            for result in self.client.batch(calls):
                if isinstance(result, Exception):
                    raise result
            self._applying = wanted


class SyncedDayNight(RemoteDayNight):
    """The facade for the reference host, over the bridge."""

    def __init__(self, client: BridgeClient) -> None:
        super().__init__(client)
        self.pm = HostPlugins()

    def new_game(self, game: str, players: Any, *, variants: Any = ()) -> RemoteGame:
        self.client.call("new_game", {"game": game, "players": list(players), "variants": list(variants)})
        return SyncedGame(self.client, game, self.pm)


_game_ids = itertools.count(1)


def bridge_adapter_factory(client: BridgeClient) -> Any:
    """A conformance-kit factory: a fresh reference adapter per scenario, each its own game on one server."""

    def make_adapter() -> ReferenceAdapter:
        return ReferenceAdapter(SyncedDayNight(client), game_id=f"scenario-{next(_game_ids)}")  # type: ignore[arg-type]

    return make_adapter
