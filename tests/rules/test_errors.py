"""Bad events: a typed error naming the problem, and the game's state exactly as it was (byte for byte)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mtg_daynight import (
    BadEventError,
    DayNight,
    DayNightError,
    Designation,
    Face,
    Game,
    Permanent,
    Side,
    UnknownGameError,
)

from .cards import plain, snapshot, werewolf


def _busy_game() -> Game:
    """Turn 3, day, spells recorded, and permanents in every condition a bad event could disturb."""
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.cast("P1")
    g.untap_step(2, "P2")
    g.cast("P2")
    g.untap_step(3, "P1")
    g.cast("P1")
    g.enter(werewolf("w1"), plain("b1"), werewolf("w2", "P2"), werewolf("w3", face_down=True))
    g.phase_out("w2")
    g.add_restriction("w1", "Immerwolf")
    assert g.designation is Designation.DAY
    return g


BAD: dict[str, tuple[Callable[[Game], object], str]] = {
    "leave unknown permanent": (lambda g: g.leave("nope"), "unknown permanent 'nope'"),
    "leave known then unknown": (lambda g: g.leave("b1", "nope"), "'nope'"),
    "leave twice in one event": (lambda g: g.leave("b1", "b1"), "listed twice"),
    "enter twice": (lambda g: g.enter(werewolf("w1")), "'w1'.*already on the battlefield"),
    "enter batch with one already there": (lambda g: g.enter(werewolf("new"), plain("b1")), "'b1'"),
    "enter same id twice in a batch": (lambda g: g.enter(werewolf("x"), werewolf("x")), "listed twice: x"),
    "enter unknown controller": (lambda g: g.enter(werewolf("x", "P9")), "unknown player 'P9'"),
    "enter back face up without a back face": (
        lambda g: g.enter(werewolf("ok"), Permanent("x", "P1", Face("Bear"), face=Side.BACK)), "no back face"),
    "untap step same turn again": (lambda g: g.untap_step(3, "P2"), "turn 3 after turn 3"),
    "untap step turn going backwards": (lambda g: g.untap_step(2, "P2"), "turns must go forward"),
    "untap step unknown player": (lambda g: g.untap_step(4, "P9"), "unknown player 'P9'"),
    "untap step no active player": (lambda g: g.untap_step(4, []), "no active player"),
    "untap step active listed twice": (lambda g: g.untap_step(4, ["P1", "P1"]), "listed twice"),
    "untap step phasing in a phased-in permanent": (
        lambda g: g.untap_step(4, "P2", phased_in=["w2", "b1"]), "'b1' can't phase in"),
    "untap step phasing out an unknown permanent": (
        lambda g: g.untap_step(4, "P2", phased_in=["w2"], phased_out=["nope"]), "unknown permanent 'nope'"),
    "untap step phasing out a phased-out permanent": (
        lambda g: g.untap_step(4, "P2", phased_out=["w1", "w2"]), "'w2' can't phase out"),
    "cast by unknown player": (lambda g: g.cast("P9"), "unknown player 'P9'"),
    "copy by unknown player": (lambda g: g.copy_spell("P9"), "unknown player 'P9'"),
    "phase in a phased-in permanent": (lambda g: g.phase_in("w2", "w1"), "'w1' can't phase in"),
    "phase out a phased-out permanent": (lambda g: g.phase_out("w1", "w2"), "'w2' can't phase out"),
    "phase unknown permanent": (lambda g: g.phase_out("nope"), "unknown permanent"),
    "untap step skipped, same turn again": (lambda g: g.untap_step_skipped(3, "P2"), "turn 3 after turn 3"),
    "untap step skipped, unknown player": (lambda g: g.untap_step_skipped(4, "P9"), "unknown player 'P9'"),
    "untap step skipped, no active player": (lambda g: g.untap_step_skipped(4, []), "no active player"),
    "player left, unknown player": (lambda g: g.player_left("P9"), "unknown player 'P9'"),
    "turn face up a face-up permanent": (lambda g: g.turn_face_up("w1"), "not face down"),
    "turn face up unknown": (lambda g: g.turn_face_up("nope"), "unknown permanent"),
    "set abilities unknown": (lambda g: g.set_abilities("nope", gained=["daybound"]), "unknown permanent"),
    "remove a restriction that is not there": (lambda g: g.remove_restriction("b1", "Immerwolf"), "does not apply"),
    "transform request unknown": (lambda g: g.request_transform("nope", "Moonmist"), "unknown permanent"),
    "become neither": (lambda g: g.become(Designation.NEITHER, "bogus"), "neither"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_event_raises_a_typed_error_and_leaves_the_state_exactly_as_it_was(name: str) -> None:
    call, message = BAD[name]
    g = _busy_game()
    before = snapshot(g)
    with pytest.raises(BadEventError, match=message) as error:
        call(g)
    assert isinstance(error.value, DayNightError)
    assert "game 'g1'" in str(error.value)  # where: the game (and the turn)
    assert snapshot(g) == before
    g.untap_step(4, "P2")  # and the game goes on
    assert g.designation is Designation.DAY  # P1 cast one spell in turn 3


def test_spell_before_the_first_turn_raises_and_leaves_the_state() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    before = snapshot(g)
    for call in (lambda: g.cast("P1"), lambda: g.copy_spell("P1")):
        with pytest.raises(BadEventError, match="before the first untap step"):
            call()
        assert snapshot(g) == before


def test_untap_step_turn_zero_raises() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    before = snapshot(g)
    with pytest.raises(BadEventError, match="numbered from 1"):
        g.untap_step(0, "P1")
    assert snapshot(g) == before


UNKNOWN_GAME: dict[str, Callable[[Game], object]] = {
    "untap_step": lambda g: g.untap_step(1, "P1"),
    "cast": lambda g: g.cast("P1"),
    "copy_spell": lambda g: g.copy_spell("P1"),
    "enter": lambda g: g.enter(werewolf("w1")),
    "leave": lambda g: g.leave("w1"),
    "phase_in": lambda g: g.phase_in("w1"),
    "phase_out": lambda g: g.phase_out("w1"),
    "turn_face_down": lambda g: g.turn_face_down("w1"),
    "turn_face_up": lambda g: g.turn_face_up("w1"),
    "set_abilities": lambda g: g.set_abilities("w1"),
    "add_restriction": lambda g: g.add_restriction("w1", "r"),
    "remove_restriction": lambda g: g.remove_restriction("w1", "r"),
    "request_transform": lambda g: g.request_transform("w1", "Moonmist"),
    "become": lambda g: g.become("day", "effect"),
    "state": lambda g: g.state,
    "save": lambda g: g.save(),
    "end": lambda g: g.end(),
}


@pytest.mark.parametrize("name", sorted(UNKNOWN_GAME))
def test_unknown_game_raises_unknown_game_error_and_touches_no_other_game(name: str) -> None:
    dn = DayNight(autoload=False)
    other = dn.new_game("real", ["P1"])
    other.untap_step(1, "P1")
    other.enter(werewolf("w1"))
    before = snapshot(other)
    ghost = Game(dn.pm, "never-started")
    with pytest.raises(UnknownGameError, match="never-started"):
        UNKNOWN_GAME[name](ghost)
    assert snapshot(other) == before
    with pytest.raises(UnknownGameError):
        dn.game("never-started")  # and no game got created on the way


def test_ended_game_is_unknown() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1"])
    g.end()
    with pytest.raises(UnknownGameError):
        g.cast("P1")
    with pytest.raises(UnknownGameError):
        g.end()



def test_an_ended_games_reads_raise_as_its_events_do_and_its_repr_says_so() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1"])
    g.become("day", "effect")
    kept = g.trace  # read before end(), as the docs say
    g.end()
    for read in (lambda: g.trace, lambda: g.designation, lambda: g.state, lambda: g.face_of("x"),
                 lambda: g.permanent("x"), g.save, g.pending_change):
        with pytest.raises(UnknownGameError, match="'g1' was never started"):
            read()
    assert len(kept) == 1 and repr(g) == "<Game 'g1': not started or ended>"


def test_starting_a_game_twice_raises_and_keeps_the_first() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    g.become("day", "effect")
    before = snapshot(g)
    with pytest.raises(BadEventError, match="already started"):
        dn.new_game("g1", ["X"])
    assert snapshot(g) == before


def test_a_game_needs_distinct_players() -> None:
    dn = DayNight(autoload=False)
    with pytest.raises(BadEventError, match="listed twice"):
        dn.new_game("g1", ["P1", "P1"])
    with pytest.raises(BadEventError, match="at least one player"):
        dn.new_game("g2", [])


def test_loading_garbage_raises_and_keeps_the_game_with_that_id() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    g.become("night", "effect")
    before = snapshot(g)
    for data in (b"not json", b'{"game": 3}', b"{}"):
        with pytest.raises(BadEventError, match="not a saved mtg-daynight game"):
            dn.load_game("g1", data)
        assert snapshot(g) == before
