"""The reference host playing through a ``mtg-daynight serve`` child process: every rules call is JSON.

:class:`RemoteDayNight` stands in for the facade. The host's own "it can't become night" cards, which a Python host
answers with a ``daynight_forbid_change`` plugin, are reported the way an engine in another language reports
such a static ability: ``add_cant_become`` with the permanent as its ``source``, before the permanent enters (the
server then applies it while the rules see that permanent on the battlefield, phased in and face up).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from mtg_daynight.reference import Card
from mtg_daynight.scenarios.adapter import Entering
from mtg_daynight.scenarios.reference_adapter import ReferenceAdapter
from tests.bridge.client import BridgeClient, RemoteDayNight


class _NoPlugins:
    """The reference host registers its veto plugin with ``daynight.pm``: over the bridge it is never asked (the
    adapter registers the same effects with the server instead)."""

    hook = SimpleNamespace(daynight_game_state=lambda game: game)  # every game exists for the unused local effects

    def register(self, plugin: Any, name: str) -> None:
        pass

    def unregister(self, plugin: Any) -> None:
        pass


class BridgedDayNight(RemoteDayNight):
    """The facade for the reference host, over the bridge."""

    def __init__(self, client: BridgeClient) -> None:
        super().__init__(client)
        self.pm = _NoPlugins()


class BridgeAdapter(ReferenceAdapter):
    """The reference adapter, its rules on a bridge server; reports can't-become abilities as bridge effects."""

    def __init__(self, client: BridgeClient, game_id: str) -> None:
        super().__init__(BridgedDayNight(client), game_id=game_id)  # type: ignore[arg-type]
        self._client = client
        self._game_id = game_id
        self._effects: dict[str, list[dict[str, str]]] = {}  # scenario name of the source -> its effects' params

    def _abilities(self, card: Card, permanent: str) -> None:
        for after in card.forbids:
            params = {"game": self._game_id, "effect": f"{card.name} ({permanent}) says it can't become {after}",
                      "after": after, "source": permanent}
            self._client.call("add_cant_become", params)
            self._effects.setdefault(permanent, []).append(params)

    def stop_forbidding(self, permanent: str) -> None:
        """Its ability stops applying: remove the effect, then the host reports ``veto_ended`` (the rules look
        again at once), as a Python host does once its veto hook stops answering."""
        for params in self._effects.pop(permanent, []):
            self._client.call("remove_cant_become", {"game": self._game_id, "effect": params["effect"]})
        super().stop_forbidding(permanent)  # type: ignore[misc]

    def cast(self, player: str, card: Card, name: str) -> None:
        """Cast (a permanent spell enters under the id ``name``)."""
        self._abilities(card, name)
        super().cast(player, card, name)

    def save_and_load(self) -> None:
        """Save and load back: the host ends the game first (loading never replaces a running game), and ending it
        drops the server's effects of the game, so they are added again, as an engine re-adds its static abilities
        after ``load_game``."""
        super().save_and_load()
        for effects in self._effects.values():
            for params in effects:
                self._client.call("add_cant_become", params)

    def put_onto_battlefield(self, cards: Sequence[Entering]) -> None:
        """Put cards onto the battlefield, their abilities registered first."""
        for entering in cards:
            self._abilities(entering.card, entering.name)
        super().put_onto_battlefield(cards)


_game_ids = itertools.count(1)


def bridge_adapter_factory(client: BridgeClient) -> Any:
    """A conformance-kit factory: a fresh adapter per scenario, each scenario its own game on one server."""

    def make_adapter() -> BridgeAdapter:
        return BridgeAdapter(client, f"scenario-{next(_game_ids)}")

    return make_adapter
