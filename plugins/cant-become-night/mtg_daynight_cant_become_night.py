"""Example card plugin: a static ability "it can't become night" (the shape of Angel of Eternal Dawn).

While a permanent with one of the names in :data:`FORBIDDERS` is on the battlefield (phased in, face up), the
plugin vetoes every change to night through ``daynight_forbid_change``: the untap-step check (731.2a),
nightbound while neither (702.145g), and effects that say it becomes night (731.1). Nothing happens instead,
and the trace says why. Leaving, phasing out or being turned face down ends the restriction: the same test
(:func:`~mtg_daynight.effects.source_applies`) as the host effects of the bridge and the reference host.
"""

from __future__ import annotations

from typing import Final

from mtg_daynight import Designation
from mtg_daynight.effects import source_applies
from mtg_daynight.hookspecs import GameState, hookimpl

#: Front-face names of permanents whose static ability says "it can't become night".
FORBIDDERS: Final = frozenset({"Angel of Eternal Dawn"})


@hookimpl
def daynight_forbid_change(game: str, state: GameState, after: Designation, cause: str) -> str | None:
    """Veto night while such a permanent is on the battlefield."""
    if after is not Designation.NIGHT:
        return None
    for permanent in state.permanents.values():
        name = permanent.card.front.name
        if name in FORBIDDERS and source_applies(state, permanent.id):  # 702.26b, 708.2
            return f"{name} ({permanent.id}) says it can't become night"
    return None
