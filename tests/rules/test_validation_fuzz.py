"""Hypothesis throws arbitrary values at every event, through the facade and through the hooks.

For every event: either an Outcome, or a typed error (a DayNightError); after a refused event the save is
byte-identical to the one before; every save loads, and saving the loaded game gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, given, settings

from mtg_daynight import (
    CardPermanent,
    DayNight,
    DayNightError,
    Designation,
    Face,
    Game,
    Keyword,
    Outcome,
    Permanent,
    Side,
)

from .cards import plain, werewolf

IDS = ["w1", "w2", "b1", "x", "nope"]
PLAYERS = ["P1", "P2", "P9"]
NAMES = [*IDS, *PLAYERS, "Immerwolf", "daybound", "nightbound", "front", "back", "day", "night", "switch",
         "neither", ""]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 12), st.integers(min_value=2**63, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=4), st.just("\ud800"), st.binary(max_size=2),
    st.sampled_from(NAMES), st.sampled_from([*Side, *Keyword, *Designation]),
)
collections = st.one_of(
    st.lists(st.one_of(st.sampled_from(NAMES), scalars), max_size=3),
    st.lists(st.one_of(st.sampled_from(NAMES), scalars), max_size=3).map(tuple),
    st.frozensets(st.one_of(st.sampled_from(NAMES), st.text(max_size=2)), max_size=2),
)
anything = st.one_of(scalars, collections)
faces = st.one_of(
    st.builds(Face, st.one_of(st.sampled_from(["Tavern Ruffian", "Bear"]), anything),
              st.one_of(st.booleans(), anything), st.one_of(st.booleans(), anything), st.booleans()),
    st.sampled_from([werewolf("_").front, werewolf("_").back]), anything,
)
permanents = st.one_of(
    st.builds(Permanent, st.one_of(st.sampled_from(IDS), anything), st.one_of(st.sampled_from(PLAYERS), anything),
              faces, st.one_of(st.none(), faces), st.one_of(st.sampled_from(Side), anything),
              st.one_of(st.booleans(), anything), st.one_of(st.frozensets(st.sampled_from(Keyword)), anything),
              st.one_of(st.just(frozenset()), anything), st.one_of(st.just(frozenset()), anything),
              st.one_of(st.booleans(), anything)),
    st.builds(CardPermanent, st.one_of(st.sampled_from(IDS), anything), st.sampled_from(PLAYERS),
              st.one_of(st.sampled_from(["Tavern Ruffian", "no such card"]), anything)),
    st.sampled_from([werewolf("x"), plain("x")]),
    anything,
)


def arg(plausible: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a plausible value (so that events also succeed), one time in four an arbitrary one."""
    return st.integers(0, 3).flatmap(lambda pick: anything if pick == 0 else plausible)


ids = arg(st.sampled_from(["w1", "b1", "w1", "b1", "x"]))
id_lists = arg(st.one_of(st.just(()), st.just(()), st.lists(st.sampled_from(["w1", "b1"]), max_size=2).map(tuple)))

#: event name -> (strategy of its hook keyword arguments, the facade call making the same event)
EVENTS: dict[str, tuple[st.SearchStrategy[dict[str, Any]], Callable[[Game, dict[str, Any]], object]]] = {
    "untap_step": (
        st.fixed_dictionaries({"turn": arg(st.integers(2, 12)), "active": arg(st.sampled_from([("P1",), ("P2",)])),
                               "phased_in": id_lists, "phased_out": id_lists}),
        lambda g, a: g.untap_step(a["turn"], a["active"], phased_in=a["phased_in"], phased_out=a["phased_out"]),
    ),
    "untap_step_skipped": (
        st.fixed_dictionaries({"turn": arg(st.integers(2, 12)), "active": arg(st.sampled_from([("P1",), ("P2",)]))}),
        lambda g, a: g.untap_step_skipped(a["turn"], a["active"]),
    ),
    "veto_ended": (st.fixed_dictionaries({"cause": arg(st.just("an effect"))}), lambda g, a: g.veto_ended(a["cause"])),
    "player_left": (st.fixed_dictionaries({"player": arg(st.sampled_from(PLAYERS))}),
                    lambda g, a: g.player_left(a["player"])),
    "spell_cast": (
        st.fixed_dictionaries({"player": arg(st.sampled_from(PLAYERS)), "cast": arg(st.booleans()),
                               "spell": arg(st.just("Opt"))}),
        lambda g, a: (g.cast if a["cast"] is True else g.copy_spell)(a["player"], a["spell"]),
    ),
    "enter": (
        st.fixed_dictionaries({"permanents": st.one_of(st.lists(permanents, max_size=3).map(tuple), anything)}),
        lambda g, a: g.enter(*a["permanents"]) if isinstance(a["permanents"], tuple) else g.enter(a["permanents"]),
    ),
    "leave": (st.fixed_dictionaries({"permanents": id_lists}), lambda g, a: g.leave(*a["permanents"])
              if isinstance(a["permanents"], tuple) else g.leave(a["permanents"])),
    "phase": (
        st.fixed_dictionaries({"permanents": id_lists, "phased_in": arg(st.booleans())}),
        lambda g, a: (g.phase_in if a["phased_in"] is True else g.phase_out)(
            *(a["permanents"] if isinstance(a["permanents"], tuple) else (a["permanents"],))),
    ),
    "turn_face_down": (st.fixed_dictionaries({"permanent": ids}), lambda g, a: g.turn_face_down(a["permanent"])),
    "turn_face_up": (st.fixed_dictionaries({"permanent": ids}), lambda g, a: g.turn_face_up(a["permanent"])),
    "set_abilities": (
        st.fixed_dictionaries({"permanent": ids, "gained": arg(st.frozensets(st.sampled_from(Keyword))),
                               "lost": arg(st.frozensets(st.sampled_from(Keyword)))}),
        lambda g, a: g.set_abilities(a["permanent"], gained=a["gained"], lost=a["lost"]),
    ),
    "add_restriction": (
        st.fixed_dictionaries({"permanent": ids, "restriction": arg(st.just("Immerwolf"))}),
        lambda g, a: g.add_restriction(a["permanent"], a["restriction"]),
    ),
    "remove_restriction": (
        st.fixed_dictionaries({"permanent": ids, "restriction": arg(st.just("Immerwolf"))}),
        lambda g, a: g.remove_restriction(a["permanent"], a["restriction"]),
    ),
    "request_transform": (
        st.fixed_dictionaries({"permanent": ids, "cause": arg(st.just("Moonmist"))}),
        lambda g, a: g.request_transform(a["permanent"], a["cause"]),
    ),
    "become": (
        st.fixed_dictionaries({"to": arg(st.sampled_from(["day", "night", "switch", Designation.NIGHT])),
                               "cause": arg(st.just("The Celestus"))}),
        lambda g, a: g.become(a["to"], a["cause"]),
    ),
}

events = st.sampled_from(sorted(EVENTS)).flatmap(
    lambda name: st.tuples(st.just(name), EVENTS[name][0], st.booleans())
)


def _start() -> tuple[DayNight, Game]:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"), plain("b1"))
    return dn, g


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, min_size=1, max_size=12))
def test_arbitrary_values_at_every_event_give_an_outcome_or_a_typed_error_and_every_save_loads(
    steps: list[tuple[str, dict[str, Any], bool]],
) -> None:
    dn, g = _start()
    for name, kwargs, through_hook in steps:
        before = g.save()
        try:
            if through_hook:
                result = getattr(dn.pm.hook, f"daynight_{name}")(game="g1", **kwargs)
            else:
                result = EVENTS[name][1](g, kwargs)
        except DayNightError as error:
            event(f"{name}: {type(error).__name__}")
            assert g.save() == before, f"{name} refused but changed the state"
        else:
            event(f"{name}: accepted")
            assert isinstance(result, Outcome)
        data = g.save()
        loaded = DayNight(autoload=False).load_game("g1", data)  # another manager, as after a restart
        assert loaded.save() == data


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 2**64), st.floats(allow_nan=False), st.text(max_size=3)),
    lambda inner: st.one_of(st.lists(inner, max_size=2), st.dictionaries(st.text(max_size=3), inner, max_size=2)),
    max_leaves=4,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found += _paths(item, (*path, n))
    return found


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_save_with_any_one_value_replaced_loads_or_is_refused_with_a_typed_error(data: st.DataObject) -> None:
    import json

    from mtg_daynight.errors import BadSaveError

    _, g = _start()
    g.untap_step(2, "P2")
    g.add_restriction("w1", "Immerwolf")
    saved = json.loads(g.save())
    path = data.draw(st.sampled_from(_paths(saved)[1:]))
    target = saved
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values)
    try:
        loaded = DayNight(autoload=False).load_game("g1", json.dumps(saved).encode())
    except BadSaveError:
        return
    again = loaded.save()
    assert DayNight(autoload=False).load_game("g1", again).save() == again
    loaded.untap_step(loaded.state.turn_number + 1, loaded.state.players[0])  # and it plays on
