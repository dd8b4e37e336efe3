"""The host's "it can't become day/night" effects, for engines that cannot register a Python plugin.

:class:`HostEffects` is one veto plugin (``daynight_forbid_change``, 731.1) for every host: the bridge's
``add_cant_become`` / ``remove_cant_become`` (docs/bridge.md), the reference host's cards, and the cant-become-night
example plugin through :func:`source_applies`. The veto's reason is the effect's name. An effect with a ``source``
(Angel of Eternal Dawn) applies only while :func:`source_applies` says so, looked at when the question is asked, so it
is registered once; one without a source applies until it is removed. Effects belong to one game: they are not part of
``save`` (add them again after ``load_game``) and are dropped when the game ends.
"""

from __future__ import annotations

import pluggy

from mtg_daynight.errors import BadEventError, UnknownGameError
from mtg_daynight.hookspecs import hookimpl
from mtg_daynight.rules import Designation, GameState, Outcome
from mtg_daynight.rules.outcome import NOTHING

#: The name the bridge's effects plugin is registered under.
HOST_EFFECTS_PLUGIN_NAME = "bridge-host-effects"


def source_applies(state: GameState, source: str) -> bool:
    """Whether the static ability of permanent ``source`` applies now: the rules' ``state`` has it on the
    battlefield, phased in (702.26b) and face up (708.2: a face-down permanent has no abilities)."""
    tracked = state.permanents.get(source)
    return tracked is not None and not tracked.phased_out and not tracked.face_down


class HostEffects:
    """Per game: the host's effects that say it can't become day or night, by the host's name of the effect."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._hook = pm.hook
        self._effects: dict[str, dict[str, tuple[Designation, str]]] = {}

    def _check_game(self, game: str) -> None:
        if self._hook.daynight_game_state(game=game) is None:  # pragma: no cover - the rules plugin raises
            raise UnknownGameError(f"game {game!r} was never started (or has ended)")

    def add_cant_become(self, game: str, effect: str, after: Designation, source: str = "") -> Outcome:
        """The host's effect named ``effect`` says it can't become ``after`` (day or night) in ``game`` (731.1):
        changes to ``after`` are vetoed, with ``effect`` as the reason, until it is removed. ``source``: the
        permanent whose static ability it is; then it applies only while that permanent is on the battlefield,
        phased in and face up."""
        self._check_game(game)
        if after is Designation.NEITHER:
            raise BadEventError(f"game {game!r}: effect {effect!r}: it can't become 'day' or 'night'; not 'neither'")
        if not effect:
            raise BadEventError(f"game {game!r}: a can't-become effect needs a name")
        effects = self._effects.get(game, {})
        if effect in effects:
            raise BadEventError(f"game {game!r}: effect {effect!r} already applies (it says it can't become "
                                f"{effects[effect][0]})")
        self._effects.setdefault(game, {})[effect] = (after, source)
        return NOTHING

    def remove_cant_become(self, game: str, effect: str) -> Outcome:
        """The host's effect named ``effect`` no longer applies in ``game``: it stops vetoing. The outcome is
        empty; as for a Python host's veto plugin, reporting that the effect ended (so that the rules look again at
        once, 702.145d/g) is the facade's own event."""
        self._check_game(game)
        effects = self._effects.get(game, {})
        if effect not in effects:
            applying = ", ".join(map(repr, effects)) or "none"
            raise BadEventError(f"game {game!r}: effect {effect!r} does not apply (effects that apply: {applying})")
        del effects[effect]
        return NOTHING

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        """Veto ``after`` while one of the host's effects in ``game`` forbids it (731.1)."""
        for effect, (forbidden, source) in self._effects.get(game, {}).items():
            if forbidden is not after:
                continue
            if source and not source_applies(state, source):  # 702.26b, 708.2
                continue
            return effect
        return None

    @hookimpl
    def daynight_game_end(self, game: str) -> None:
        """Forget the game's effects."""
        self._effects.pop(game, None)
