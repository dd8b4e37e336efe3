"""The events' fast paths (issue 12) give exactly what the general path gives.

``untap_step`` answers the usual turn (one active player of the game, nothing phasing, day or night) without the
general machinery, and ``enter`` answers one day/night permanent entering front face up at day the same way. An
untap step whose ``phased_in`` is a list, or an entry reported as a list, takes the general path with the same
meaning, so each test plays the same event both ways on two copies of one game and requires the same outcome,
the same trace and the same saved bytes.
"""

from __future__ import annotations

import pluggy
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.manager import plugin_manager
from mtg_daynight.plugin import HookPolicy, hookimpl
from mtg_daynight.rules import Designation, Face, GameState, Outcome, Permanent, Side, Tally, TurnRecord
from mtg_daynight.rules import game as rules
from mtg_daynight.rules.state import decode_state, encode_state

from . import cards

PLAYERS = ("P1", "P2", "P3")


def _twins(designation: Designation, casts: dict[str, int], *, untap_step: bool = True) -> tuple[GameState, GameState]:
    """Two identical games in turn 1 (begun with or without an untap step), ``designation``, with ``casts``."""
    state = rules.new_game("g", PLAYERS)
    if untap_step:
        rules.untap_step(state, 1, ("P1",))
    else:
        rules.untap_step_skipped(state, 1, ("P1",))
    if designation is not Designation.NEITHER:
        rules.become(state, designation, "a test effect")
    for player, spells in casts.items():
        for _ in range(spells):
            rules.spell_cast(state, player, spell="Opt")
    return state, decode_state(encode_state(state))


def _same(fast: tuple[GameState, Outcome], general: tuple[GameState, Outcome]) -> None:
    assert fast[1] == general[1]
    assert [str(line) for line in fast[1].trace] == [str(line) for line in general[1].trace]
    assert encode_state(fast[0]) == encode_state(general[0])


@settings(max_examples=150, deadline=None)
@given(
    designation=st.sampled_from([Designation.DAY, Designation.NIGHT, Designation.NEITHER]),
    casts=st.dictionaries(st.sampled_from(PLAYERS), st.integers(0, 18), max_size=3),
    untap_step=st.booleans(),
    turn=st.integers(2, 10**9),
    active=st.sampled_from(PLAYERS),
)
def test_728_2_usual_turn_fast_path_gives_what_the_general_path_gives(
    designation: Designation, casts: dict[str, int], untap_step: bool, turn: int, active: str
) -> None:
    """728.2a/b: it stays (one line saying why) or it changes; the same either way, for every count (16 or more
    spells leave the fast path's table), after a turn with or without an untap step, with huge turn numbers."""
    fast, general = _twins(designation, casts, untap_step=untap_step)
    _same(
        (fast, rules.untap_step(fast, turn, (active,), phased_in=(), phased_out=())),
        (general, rules.untap_step(general, turn, (active,), phased_in=[], phased_out=[])),
    )


class _HouseTally:
    """A policy whose count names who was counted, under a house rule's name."""

    custom_tallies = ("the house rule",)  # a way of counting of its own is in force: the core asks tally()

    def __init__(self, tally: Tally) -> None:
        self._tally = tally

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        return self._tally

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        return None


@settings(max_examples=80, deadline=None)
@given(
    designation=st.sampled_from([Designation.DAY, Designation.NIGHT]),
    spells=st.integers(0, 4),
    most=st.integers(0, 4),
    rule=st.sampled_from(["728.2", "house rule 1"]),
    who=st.sampled_from(["", "the whole table"]),
)
def test_728_2_a_policy_s_own_count_takes_the_same_path_both_ways(
    designation: Designation, spells: int, most: int, rule: str, who: str
) -> None:
    """A house rule's count (its own rule name, its own "who", a total above one single player's most) words the
    trace its own way: the fast path hands such a turn to the general path."""
    policy = _HouseTally(Tally(spells, min(most, spells), rule, who))
    fast, general = _twins(designation, {})
    _same(
        (fast, rules.untap_step(fast, 2, ("P2",), policy=policy)),
        (general, rules.untap_step(general, 2, ("P2",), phased_in=[], policy=policy)),
    )


def test_728_2_a_tally_plugin_registered_mid_game_is_asked_at_the_next_check() -> None:
    """The plugin skips the tally hook while nobody implements it; one registered after the game started counts
    from the next untap step on (728.2b: here it says P1 cast two spells, so night becomes day)."""

    class TwoSpells:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally:
            return Tally(2, 2, "house rule: two", "the test plugin")

    pm: pluggy.PluginManager = plugin_manager(autoload=False, trace=False)
    hook = pm.hook
    hook.daynight_game_start(game="g", players=PLAYERS, variants=())
    hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    hook.daynight_become(game="g", to=Designation.NIGHT, cause="a test effect")
    stays = hook.daynight_untap_step(game="g", turn=2, active=("P2",), phased_in=(), phased_out=())
    assert not stays.changes and str(stays.trace[0]) == (
        "728.2: it stays night: previous active player P1 cast 0 spells in turn 1"
    )
    pm.register(TwoSpells(), name="two-spells")
    changed = hook.daynight_untap_step(game="g", turn=3, active=("P3",), phased_in=(), phased_out=())
    assert [(c.before, c.after, c.rule) for c in changed.changes] == [
        (Designation.NIGHT, Designation.DAY, "house rule: two")
    ]
    pm.unregister(name="two-spells")
    again = hook.daynight_untap_step(game="g", turn=4, active=("P1",), phased_in=(), phased_out=())
    assert [(c.before, c.after) for c in again.changes] == [(Designation.DAY, Designation.NIGHT)]


def test_728_2_a_tally_plugin_that_answers_none_counts_as_written() -> None:
    """A tally plugin is asked, and when it gives no count the check counts as 728.2a says (day, and the previous
    active player cast nothing: it becomes night), with the rule's own name in the trace."""
    asked: list[int] = []

    class Declines:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally | None:
            asked.append(turn.number)
            return None

    pm: pluggy.PluginManager = plugin_manager(autoload=False, trace=False)
    pm.register(Declines(), name="declines")
    hook = pm.hook
    hook.daynight_game_start(game="g", players=PLAYERS, variants=())
    hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    hook.daynight_become(game="g", to=Designation.DAY, cause="a test effect")
    changed = hook.daynight_untap_step(game="g", turn=2, active=("P2",), phased_in=(), phased_out=())
    assert asked == [1]
    assert [(c.before, c.after, c.rule) for c in changed.changes] == [(Designation.DAY, Designation.NIGHT, "728.2a")]


class _Caller:
    """A hook caller without pluggy's ``_hookimpls`` slot (another pluggy, a wrapper): only get_hookimpls()."""

    def __init__(self) -> None:
        self.impls: list[object] = []

    def get_hookimpls(self) -> list[object]:
        return list(self.impls)


def test_728_2_custom_tallies_stay_live_without_pluggy_s_list() -> None:
    """HookPolicy.custom_tallies follows the implementations as they come and go, also on a caller that has no
    ``_hookimpls`` slot, or whose ``_hookimpls`` is a property building a new list (pluggy's subset callers)."""

    class Relay:
        daynight_spell_tally = _Caller()

    policy = HookPolicy(Relay(), "g")
    assert not policy.custom_tallies
    Relay.daynight_spell_tally.impls.append("a plugin")
    assert len(policy.custom_tallies) == 1
    Relay.daynight_spell_tally.impls.clear()
    assert not policy.custom_tallies

    class Counts:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally:
            return Tally(0, 0)

    pm: pluggy.PluginManager = plugin_manager(autoload=False, trace=False)

    class Subset:
        daynight_spell_tally = pm.subset_hook_caller("daynight_spell_tally", remove_plugins=())

    subset = HookPolicy(Subset(), "g")
    live = HookPolicy(pm.hook, "g")
    assert not subset.custom_tallies and not live.custom_tallies
    pm.register(Counts(), name="counts")
    assert len(subset.custom_tallies) == 1 and len(live.custom_tallies) == 1
    pm.unregister(name="counts")
    assert not subset.custom_tallies and not live.custom_tallies


_FACES = [cards.RUFFIAN, cards.SMASHER, cards.BEAR, cards.DELVER, cards.INSTANT_BACK, cards.WEREWHAT]


@settings(max_examples=150, deadline=None)
@given(
    designation=st.sampled_from([Designation.DAY, Designation.NIGHT, Designation.NEITHER]),
    front=st.sampled_from(_FACES),
    back=st.one_of(st.none(), st.sampled_from(_FACES)),
    face=st.sampled_from([Side.FRONT, Side.BACK]),
    face_down=st.booleans(),
    token=st.booleans(),
)
def test_702_145b_one_permanent_entering_fast_path_gives_what_the_general_path_gives(
    designation: Designation, front: Face, back: Face | None, face: Side, face_down: bool, token: bool
) -> None:
    """702.145b (and 702.145c-g after it, 712.13a): one permanent entering, as a tuple (the fast path) or as a list
    (the general path), whatever its faces, face, face-down status and token status, at day, night or neither."""
    if face is Side.BACK and back is None:
        face = Side.FRONT
    permanent = Permanent("p1", "P2", front, back, face, face_down, token=token)
    fast, general = _twins(designation, {})
    _same(
        (fast, rules.enter(fast, (permanent,))),
        (general, rules.enter(general, [permanent])),
    )
