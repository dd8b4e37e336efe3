"""The trace (every decision cites its rule), save/load round trips, and many independent games."""

from __future__ import annotations

import pytest

from mtg_daynight import DayNight, Designation, Game, Outcome, Permanent, Side, UnknownGameError
from mtg_daynight.rules import game as core
from mtg_daynight.rules.saves import decode_state, encode_state
from mtg_daynight.rules.state import GameState

from .cards import arlinn, nightbound_up, plain, snapshot, werewolf

DAY, NIGHT = Designation.DAY, Designation.NIGHT
RULES = {"702.145b", "702.145c", "702.145d", "702.145e", "702.145f", "702.145g", "731.1", "731.2", "731.2a",
         "731.2b", "731.2c", "701.27", "702.26b"}


def test_trace_728_2a_line_names_the_previous_active_player_and_the_turn() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    for turn in range(1, 6):  # every active player casts one spell in turns 1-5: it stays day
        if turn > 1:
            g.untap_step(turn, "P2" if turn % 2 == 0 else "P1")
        g.cast("P2" if turn % 2 == 0 else "P1")
    g.untap_step(6, "P2")
    assert g.designation is DAY
    g.untap_step(7, "P1")  # P2 cast nothing in turn 6
    lines = [str(line) for line in g.trace]
    assert "731.2a: day -> night in the untap step (502.2): previous active player P2 cast 0 spells in turn 6" in lines
    assert lines[-1] == "702.145b: Tavern Ruffian (w1, P1) transforms into Tavern Smasher: it is night"
    assert g.trace[-1].turn == 7


def test_trace_728_2b_line_for_a_team() -> None:
    g = DayNight(autoload=False).new_game("g1", ["A1", "A2", "B1", "B2"])
    g.untap_step(1, ("A1", "A2"))
    g.become("night", "effect")
    g.cast("A2")
    g.cast("A2")
    g.cast("A1")
    outcome = g.untap_step(2, ("B1", "B2"))
    assert str(outcome.trace[0]) == (
        "731.2b: night -> day in the untap step (502.2): previous active team A1+A2 cast 2 spells"
        " (one single player; 3 in all) in turn 1"
    )


def test_trace_every_action_has_a_line_citing_a_rule() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    outcomes: list[Outcome] = [g.untap_step(1, "P1")]
    outcomes.append(g.enter(nightbound_up("n1"), plain("b1")))
    outcomes.append(g.enter(werewolf("w1")))
    outcomes.append(g.become("day", "effect"))
    outcomes.append(g.request_transform("w1", "Moonmist"))
    outcomes.append(g.untap_step(2, "P2"))
    for outcome in outcomes:
        assert len(outcome.trace) >= len(outcome.actions)
        for action in outcome.actions:
            assert action.rule in RULES
    assert all(line.rule in RULES for line in g.trace)
    texts = [str(line) for line in g.trace]
    assert "702.145g: neither -> night: P1 controls Tavern Smasher (n1) with nightbound and no permanent has " \
           "daybound" in texts
    assert any(t.startswith("702.145b: it is night, so Tavern Ruffian (w1, P1) enters transformed") for t in texts)
    assert any(t.startswith("702.145e: Moonmist tries to transform") or t.startswith("702.145b: Moonmist tries")
               for t in texts)


def _script(g: Game, first: int) -> list[Outcome]:
    """The same events for both halves of a round trip: turns, spells, entries, effects."""
    out = []
    for turn in range(first, first + 6):
        active = "P1" if turn % 2 else "P2"
        out.append(g.untap_step(turn, active))
        if turn % 3 == 0:
            out.append(g.cast(active))
            out.append(g.cast(active))
        out.append(g.enter(werewolf(f"w{turn}", active), plain(f"b{turn}", active)))
        if turn == first + 2:
            out.append(g.become("switch", "The Celestus"))
    return out


def test_save_load_round_trip_continues_identically() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    _script(g, 1)
    g.add_restriction("w2", "Immerwolf")
    g.phase_out("w3")
    data = g.save()
    assert decode_state(data) == g.state
    other = DayNight(autoload=False).load_game("g1", data)  # another manager, as after a restart
    assert snapshot(other) == snapshot(g)
    assert _script(g, 7) == _script(other, 7)
    assert snapshot(other) == snapshot(g)
    assert other.designation in (DAY, NIGHT)


def test_save_load_under_another_id_is_a_separate_game() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    _script(g, 1)
    copy = dn.load_game("g1-copy", g.save())
    assert copy.state.game == "g1-copy"
    copy.become("switch", "effect")
    assert copy.designation is not g.designation


def test_save_of_core_state_round_trips_exactly() -> None:
    state = core.new_game("g", ["P1", "P2"])
    core.untap_step(state, 1, ["P1"])
    core.enter(state, [werewolf("w1"), arlinn("a1", "P2")])
    core.spell_cast(state, "P1")
    assert decode_state(encode_state(state)) == state


def test_many_games_in_one_process_are_independent() -> None:
    dn = DayNight(autoload=False)
    games = [dn.new_game(f"g{i}", ["P1", "P2"]) for i in range(5)]
    for i, g in enumerate(games):
        g.untap_step(1, "P1")
        g.enter(werewolf("w1"))  # the same permanent id in every game
        if i % 2:
            g.cast("P1")
    for g in games:
        g.untap_step(2, "P2")
    assert [g.designation for g in games] == [NIGHT, DAY, NIGHT, DAY, NIGHT]
    assert [g.face_of("w1") for g in games] == [Side.BACK, Side.FRONT, Side.BACK, Side.FRONT, Side.BACK]
    games[0].end()
    with pytest.raises(UnknownGameError):
        games[0].designation  # noqa: B018
    assert games[1].designation is DAY


def test_two_daynight_instances_do_not_share_games() -> None:
    a, b = DayNight(autoload=False), DayNight(autoload=False)
    ga, gb = a.new_game("g", ["P1"]), b.new_game("g", ["P1"])
    ga.become("night", "effect")
    assert gb.designation is Designation.NEITHER



def _replay(state: GameState) -> list[Outcome]:
    """One script of events through the pure core, in order."""
    return [
        core.untap_step(state, 1, ("P1",)),
        core.enter(state, (werewolf("w1"), plain("b1"), nightbound_up("n1", "P2"))),
        core.spell_cast(state, "P1"),
        core.untap_step(state, 2, ("P2",)),
        core.spell_cast(state, "P2", cast=False, spell="copy"),
        core.untap_step(state, 3, ("P1",)),  # P2 cast nothing (the copy was not cast): night
        core.phase(state, ("w1",), phased_in=False),
        core.become(state, Designation.DAY, "effect"),
        core.phase(state, ("w1",), phased_in=True),
        core.request_transform(state, "n1", "Moonmist"),
        core.untap_step_skipped(state, 4, ("P2",)),  # 502.2: no check this turn
        core.veto_ended(state, "an effect"),
        core.enter(state, (Permanent("t1", "P1", werewolf("_").front, werewolf("_").back, token=True),)),
        core.player_left(state, "P2"),
    ]


def test_events_replay_deterministically_through_the_pure_core() -> None:
    """The same events against two fresh states give the same outcomes and byte-identical states."""
    a, b = core.new_game("g", ["P1", "P2"]), core.new_game("g", ["P1", "P2"])
    outcomes_a, outcomes_b = _replay(a), _replay(b)
    assert outcomes_a == outcomes_b
    assert encode_state(a) == encode_state(b)
    assert [c.after for o in outcomes_a for c in o.changes] == [DAY, NIGHT, DAY]
    assert a.permanents["w1"].face is Side.FRONT and a.permanents["n1"].face is Side.FRONT
