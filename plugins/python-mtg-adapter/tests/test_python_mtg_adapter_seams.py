"""The adapter's seams with python-mtg: pop/copy, position keys, serialisation, games left alone, the check of
the wrapped internals, and python-mtg's own transform effects."""

from __future__ import annotations

import pytest
from pmtg_skip import require_python_mtg

require_python_mtg()

import mtg  # noqa: E402
from mtg import driver  # noqa: E402
from mtg_daynight_python_mtg import (  # noqa: E402
    EngineMismatchError,
    attach,
    check_engine,
    position_key,
)
from mtg_daynight_python_mtg.session import SESSION_KEY, SNAPSHOT_KEY  # noqa: E402
from pmtg_driving import BEARS, BEARS_HAND, WEREWOLF_HAND, WEREWOLVES, Table  # noqa: E402

from mtg_daynight import DayNight, Designation, Side  # noqa: E402
from mtg_daynight.rules import TransformRefused  # noqa: E402

pytestmark = pytest.mark.python_mtg


def _night(table: Table) -> str:
    table.until("alice", after=5)
    tamer = table.cast("Hound Tamer")
    table.until("alice", after=table.g.turn_number)
    assert table.daynight.designation is Designation.NIGHT
    return tamer


def test_pop_and_copy_see_the_day_night_state_of_their_own_position() -> None:
    table = Table(seed=3)
    table.until("alice", after=5)
    before = table.g.copy()
    tamer = table.cast("Hound Tamer")
    assert table.daynight.designation is Designation.DAY
    table.g.pop()  # back to before the cast: neither day nor night, no werewolf
    assert table.daynight.designation is Designation.NEITHER
    assert attach_view(before).designation is Designation.NEITHER
    table.cast("Hound Tamer")  # replaying it reports the events again, from the restored state
    assert table.daynight.designation is Designation.DAY
    assert tamer in table.daynight.state.permanents
    lines = [str(line) for line in table.daynight.trace]
    assert sum("702.145d" in line for line in lines) == 1
    table.daynight.end()


def attach_view(game: mtg.Game) -> object:
    """The day/night view of a copied game (it shares the session of the game it was copied from)."""
    from mtg_daynight_python_mtg import Attached

    return Attached(game, game.state[SESSION_KEY])


def test_position_key_has_the_designation_and_this_turns_spells() -> None:
    table = Table(seed=3)
    tamer = _night(table)
    key = position_key(table.g)
    assert key[0] == table.g.key() and key[1] == "night" and key[2] == ()
    table.targets["target"] = tamer
    table.cast("Battlegrowth")
    assert position_key(table.g)[2] == (("alice", 1),)
    # python-mtg's own key ignores the designation: the same engine facts at day and at night
    # would be one position to it; the adapter's key tells them apart
    assert table.daynight.key()[1] == "night"
    table.daynight.end()


def test_serialize_keeps_the_day_night_state_and_attach_resumes_it() -> None:
    table = Table(seed=3)
    tamer = _night(table)
    blob = table.g.serialize()  # the session (callable) is left out, the snapshot is kept
    table.daynight.end()
    again = mtg.Game.deserialize(blob)
    resumed = attach(again, DayNight(autoload=False))
    assert resumed.designation is Designation.NIGHT
    assert resumed.face_of(tamer) is Side.BACK
    assert resumed.rules_face_of(tamer) is Side.BACK
    resumed.end()


def test_a_game_without_day_night_is_left_alone() -> None:
    plain = mtg.Game(
        {"alice": list(WEREWOLVES), "bob": list(BEARS)},
        seed=3,
        starting_hand={"alice": WEREWOLF_HAND, "bob": BEARS_HAND},
    )
    while not (plain.active_player == "alice" and plain.turn_number > 5):
        plain.push(plain.priority.skip(), checked=False)
    plain.cast("Hound Tamer // Untamed Pup")
    turn = plain.turn_number
    while not (plain.active_player == "alice" and plain.turn_number > turn):
        plain.push(plain.priority.skip(), checked=False)
    assert SESSION_KEY not in plain.state and SNAPSHOT_KEY not in plain.state
    tamers = [c for c in plain.battlefield_ids() if c.startswith("hound_tamer")]
    assert [plain.card(c).name for c in tamers] == ["Hound Tamer // Untamed Pup"]  # no day/night: no flip


def test_check_engine_names_a_missing_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    check_engine()
    monkeypatch.delattr(driver, "_copy_spell")
    with pytest.raises(EngineMismatchError, match=r"mtg\.driver\._copy_spell: missing"):
        check_engine()


def test_702_145b_pythons_own_transform_of_a_werewolf_is_refused() -> None:
    table = Table(seed=3)
    tamer = _night(table)
    state = table.g.state
    driver._transform(state, tamer, "alice")  # what a Moonmist-style effect of python-mtg would do
    assert table.daynight.face_of(tamer) is Side.BACK
    assert not table.card(tamer).summoning_sick  # python-mtg's transform would have made a new, sick object
    refused = [a for a in table.outcomes_about(tamer) if isinstance(a, TransformRefused)]
    assert len(refused) == 1 and refused[0].rule.startswith("702.145")
    table.daynight.end()
