"""731.2: the untap-step check asks ``daynight_spell_tally`` every turn, and counts as 731.2a/b and 805 say when no
plugin answers. A house rule's count words the trace its own way (its rule name and its "who")."""

from __future__ import annotations

import pluggy
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.hookspecs import GameState, Tally, TurnRecord, hookimpl
from mtg_daynight.manager import plugin_manager
from mtg_daynight.rules import Designation, RulesAsWritten
from mtg_daynight.rules import game as rules

PLAYERS = ("P1", "P2", "P3")


class _HouseTally(RulesAsWritten):
    """A Policy whose count is a fixed house-rule Tally, and that otherwise answers as the rules are written."""

    def __init__(self, tally: Tally) -> None:
        self._tally = tally

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        return self._tally


@settings(max_examples=100, deadline=None)
@given(
    designation=st.sampled_from([Designation.DAY, Designation.NIGHT]),
    spells=st.integers(0, 4),
    most=st.integers(0, 4),
    rule=st.sampled_from(["731.2", "house rule 1"]),
    who=st.sampled_from(["", "the whole table"]),
)
def test_731_2_a_house_rule_count_decides_and_words_the_check(
    designation: Designation, spells: int, most: int, rule: str, who: str
) -> None:
    """The policy's Tally decides (731.2a: 0 spells at day; 731.2b: two or more by one player at night) and the
    trace cites the house rule's own name and its own "who" (or the previous active player's name)."""
    most = min(most, spells)
    state = rules.new_game("g", PLAYERS)
    rules.untap_step(state, 1, ("P1",))
    rules.become(state, designation, "a test effect")
    outcome = rules.untap_step(state, 2, ("P2",), policy=_HouseTally(Tally(spells, most, rule, who)))
    changes = (designation is Designation.DAY and spells == 0) or (designation is Designation.NIGHT and most >= 2)
    assert bool(outcome.changes) == changes
    text = str(outcome.trace[-1]) if not changes else str(outcome.trace[0])
    assert (who or "previous active player P1") in text
    if rule != "731.2":
        assert text.startswith(f"{rule}:")


def test_731_2_a_tally_plugin_registered_mid_game_is_asked_at_the_next_check() -> None:
    """A tally plugin registered after the game started counts from the next untap step on (731.2b: here it says
    P1 cast two spells, so night becomes day); once unregistered, the check counts as written again."""

    class TwoSpells:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally:
            return Tally(2, 2, "house rule: two", "the test plugin")

    pm: pluggy.PluginManager = plugin_manager(autoload=False, trace=False, card_data=False)
    hook = pm.hook
    hook.daynight_game_start(game="g", players=PLAYERS, variants=())
    hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    hook.daynight_become(game="g", to=Designation.NIGHT, cause="a test effect")
    stays = hook.daynight_untap_step(game="g", turn=2, active=("P2",), phased_in=(), phased_out=())
    assert not stays.changes and str(stays.trace[0]) == (
        "731.2: it stays night: previous active player P1 cast 0 spells in turn 1"
    )
    pm.register(TwoSpells(), name="two-spells")
    changed = hook.daynight_untap_step(game="g", turn=3, active=("P3",), phased_in=(), phased_out=())
    assert [(c.before, c.after, c.rule) for c in changed.changes] == [
        (Designation.NIGHT, Designation.DAY, "house rule: two")
    ]
    pm.unregister(name="two-spells")
    again = hook.daynight_untap_step(game="g", turn=4, active=("P1",), phased_in=(), phased_out=())
    assert [(c.before, c.after) for c in again.changes] == [(Designation.DAY, Designation.NIGHT)]


def test_731_2_a_tally_plugin_that_answers_none_counts_as_written() -> None:
    """A tally plugin is asked, and when it gives no count the check counts as 731.2a says (day, and the previous
    active player cast nothing: it becomes night), with the rule's own name in the trace."""
    asked: list[int] = []

    class Declines:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally | None:
            asked.append(turn.number)
            return None

    pm: pluggy.PluginManager = plugin_manager(autoload=False, trace=False, card_data=False)
    pm.register(Declines(), name="declines")
    hook = pm.hook
    hook.daynight_game_start(game="g", players=PLAYERS, variants=())
    hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    hook.daynight_become(game="g", to=Designation.DAY, cause="a test effect")
    changed = hook.daynight_untap_step(game="g", turn=2, active=("P2",), phased_in=(), phased_out=())
    assert asked == [1]
    assert [(c.before, c.after, c.rule) for c in changed.changes] == [(Designation.DAY, Designation.NIGHT, "731.2a")]
