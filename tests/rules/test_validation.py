"""The validation boundary (rules/validate.py): every argument of every event is checked before anything changes,
through the facade and through the hooks alike; load_game checks a state's integrity; new_game ids are unique."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest

from mtg_daynight import (
    BadEventError,
    CardPermanent,
    DayNight,
    Designation,
    Face,
    Game,
    Keyword,
    Permanent,
    Side,
    UnknownGameError,
)
from mtg_daynight.errors import BadSaveError

from .cards import ABERRATION, BEAR, DELVER, RUFFIAN, SMASHER, plain, snapshot, werewolf


def _game() -> Game:
    """Turn 2, day, a werewolf, a bear and a restriction: a state a half-applied bad event would disturb."""
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.cast("P1")
    g.enter(werewolf("w1"), plain("b1"))
    g.untap_step(2, "P2")
    g.turn_face_down("b1")
    g.add_restriction("w1", "Immerwolf")
    assert g.designation is Designation.DAY
    return g


def _refused(g: Game, call: Callable[[Game], object], *needles: str) -> BadEventError:
    before, trace = snapshot(g), len(g.trace)
    with pytest.raises(BadEventError) as error:
        call(g)
    for needle in needles:
        assert needle in str(error.value), (needle, str(error.value))
    assert snapshot(g) == before and len(g.trace) == trace  # nothing changed, no trace line
    g.save()  # and the game still saves
    return error.value


@pytest.mark.parametrize("turn", ["3", None, float("nan"), float("inf"), 2.5, True, 3.0, [3]])
def test_untap_step_turn_must_be_an_int(turn: object) -> None:
    g = _game()
    _refused(g, lambda g: g.untap_step(turn, "P1"), "turn", "not a turn number")  # type: ignore[arg-type]
    g.untap_step(3, "P1")  # the game goes on


@pytest.mark.parametrize(
    "ids", [None, 5, ["w1", None], [3], "w1", b"w1", [["w1"]], (False, False), ([1],), ("w1", None)]
)
def test_permanent_ids_must_be_strings(ids: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.untap_step(3, "P1", phased_out=ids), "phased_out")  # a bare "w1" too: not a list
    if isinstance(ids, str):
        return  # the facade's leave("w1") etc. take ids one by one: "w1" is a good id there
    for call in (lambda g: g.leave(ids), lambda g: g.phase_out(ids), lambda g: g.turn_face_down(ids),
                 lambda g: g.request_transform(ids, "Moonmist"), lambda g: g.set_abilities(ids)):
        _refused(g, call)


@pytest.mark.parametrize("player", [None, 1, ["P1"], "", "P9"])
def test_players_must_be_players_of_the_game(player: Any) -> None:
    g = _game()
    if not isinstance(player, list):  # untap_step takes a list too: the players of the active team (805)
        _refused(g, lambda g: g.untap_step(3, player), "untap step")
    _refused(g, lambda g: g.untap_step(3, [player]), "untap step")
    _refused(g, lambda g: g.cast(player), "player")
    _refused(g, lambda g: g.enter(Permanent("x", player, BEAR)), "'x'")


def test_a_str_subclass_naming_a_player_is_refused_as_a_save_could_not_hold_it() -> None:
    class Name(str):
        pass

    g = _game()
    _refused(g, lambda g: g.cast(Name("P1")), "plain str")


def test_702_145a_a_permanent_without_a_front_face_is_refused() -> None:
    g = _game()
    _refused(g, lambda g: g.enter(Permanent("x", "P1", None)), "'x'", "front", "not a Face")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter(Permanent("x", "P1", "Grizzly Bears")), "front")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter(Permanent("x", "P1", Face(None))), "front.name")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter(Permanent("x", "P1", Face("Bear", daybound=1))), "daybound")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter(Permanent("x", "P1", RUFFIAN, "back")), "back")  # type: ignore[arg-type]


@pytest.mark.parametrize("face", ["sideways", None, 1, Designation.DAY])
def test_701_27_a_face_that_is_not_a_side_is_refused(face: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.enter(Permanent("x", "P1", RUFFIAN, SMASHER, face=face)), "face")


def test_a_side_given_by_its_value_is_accepted_and_stored_as_a_side() -> None:
    g = _game()
    g.enter(Permanent("x", "P1", DELVER, ABERRATION, face="back"))  # type: ignore[arg-type]
    assert g.permanent("x").face is Side.BACK
    g.save()


@pytest.mark.parametrize("keywords", [["flying"], [None], "daybound", None, [1], ["Daybound"]])
def test_702_145_a_keyword_that_is_not_daybound_or_nightbound_is_refused(keywords: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.set_abilities("w1", gained=keywords), "gained")
    _refused(g, lambda g: g.set_abilities("w1", lost=keywords), "lost")
    _refused(g, lambda g: g.enter(Permanent("x", "P1", BEAR, gained=keywords)), "gained")


def test_keywords_given_by_their_values_are_stored_as_keywords() -> None:
    g = _game()
    g.enter(Permanent("x", "P1", BEAR, gained=frozenset({"nightbound"})))  # type: ignore[arg-type]
    assert g.permanent("x").gained == {Keyword.NIGHTBOUND}
    assert all(type(k) is Keyword for k in g.permanent("x").gained)


@pytest.mark.parametrize("restriction", [None, "", 3, ["Immerwolf"], "\ud800"])
def test_a_restriction_name_must_be_a_non_empty_string(restriction: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.add_restriction("w1", restriction), "restriction")
    _refused(g, lambda g: g.remove_restriction("w1", restriction), "restriction")
    _refused(g, lambda g: g.enter(Permanent("x", "P1", BEAR, restrictions=[restriction])),  # type: ignore[arg-type]
             "restrictions")


@pytest.mark.parametrize("to", ["neither", Designation.NEITHER, "dusk", None, 1])
def test_731_1_become_accepts_only_day_night_or_switch(to: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.become(to, "The Celestus"))


@pytest.mark.parametrize("cause", [None, "", 5, "\udfff"])
def test_an_effect_must_name_its_cause(cause: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.become("night", cause), "cause")
    _refused(g, lambda g: g.request_transform("w1", cause), "cause")


@pytest.mark.parametrize("spell", [None, 3, "\ud800"])
def test_601_2_a_spell_name_must_be_a_string(spell: Any) -> None:
    g = _game()
    _refused(g, lambda g: g.cast("P1", spell), "spell")
    _refused(g, lambda g: g.copy_spell("P1", spell), "spell")


def test_601_2_cast_must_be_a_bool_at_the_hook() -> None:
    g = _game()
    _refused(g, lambda g: g._hook.daynight_spell_cast(game="g1", player="P1", cast=None, spell=""), "cast")


def test_a_surrogate_in_an_id_is_refused_so_every_save_can_be_written() -> None:
    g = _game()
    _refused(g, lambda g: g.enter(Permanent("\ud800", "P1", BEAR)), "id")
    _refused(g, lambda g: g.enter(Permanent("x", "P1", Face("Bear\udc00"))), "name")


def test_a_batch_with_one_bad_permanent_changes_nothing() -> None:
    g = _game()
    _refused(g, lambda g: g.enter(werewolf("ok"), Permanent("x", "P1", None)), "front")  # type: ignore[arg-type]
    assert "ok" not in g.state.permanents


def test_a_card_permanent_with_bad_fields_is_refused_before_the_card_data_is_asked() -> None:
    g = _game()
    _refused(g, lambda g: g.enter(CardPermanent("x", "P1", None)), "card")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter(CardPermanent(None, "P1", "Tavern Ruffian")), "id")  # type: ignore[arg-type]
    _refused(g, lambda g: g.enter("Tavern Ruffian"), "not a Permanent")  # type: ignore[arg-type]


HOOK_CALLS: dict[str, Callable[[Any], object]] = {
    "untap_step": lambda h: h.daynight_untap_step(game="g1", turn=2.5, active=("P1",), phased_in=(), phased_out=()),
    "untap_step active str": lambda h: h.daynight_untap_step(game="g1", turn=3, active="P1", phased_in=(),
                                                             phased_out=()),
    "enter": lambda h: h.daynight_enter(game="g1", permanents=None),
    "leave": lambda h: h.daynight_leave(game="g1", permanents=None),
    "phase": lambda h: h.daynight_phase(game="g1", permanents=("w1",), phased_in=None),
    "abilities": lambda h: h.daynight_set_abilities(game="g1", permanent="w1", gained=frozenset({"x"}),
                                                    lost=frozenset()),
    "restriction": lambda h: h.daynight_add_restriction(game="g1", permanent="w1", restriction=None),
    "become": lambda h: h.daynight_become(game="g1", to="neither", cause="x"),
}


@pytest.mark.parametrize("name", sorted(HOOK_CALLS))
def test_the_hooks_check_arguments_as_the_facade_does(name: str) -> None:
    g = _game()
    _refused(g, lambda g: HOOK_CALLS[name](g._hook))


@pytest.mark.parametrize("game", [None, 5, ["g1"]])
def test_a_game_id_that_is_not_a_string_is_a_bad_event(game: Any) -> None:
    dn = DayNight(autoload=False)
    with pytest.raises(BadEventError, match="game id"):
        dn.new_game(game, ["P1"])
    with pytest.raises(BadEventError, match="game id"):
        dn.pm.hook.daynight_spell_cast(game=game, player="P1", cast=True, spell="")
    with pytest.raises(BadEventError, match="game id"):
        dn.pm.hook.daynight_untap_step(game=game, turn=1, active=("P1",), phased_in=(), phased_out=())
    with pytest.raises(UnknownGameError):
        dn.pm.hook.daynight_spell_cast(game="nope", player="P1", cast=True, spell="")


@pytest.mark.parametrize(("players", "variants"), [(None, ()), ([None], ()), ([], ()), (["P1", "P1"], ()),
                                                   ("P1", ()), (["P1"], None), (["P1"], [3])])
def test_new_game_checks_players_and_variants(players: Any, variants: Any) -> None:
    with pytest.raises(BadEventError):
        DayNight(autoload=False).new_game("g", players, variants=variants)


# -- new_game ids --------------------------------------------------------------------------------------------


def test_new_game_with_an_id_in_use_is_an_error_and_leaves_that_game_alone() -> None:
    dn = DayNight(autoload=False)
    g = dn.new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    before = snapshot(g)
    with pytest.raises(BadEventError, match="already started"):
        dn.new_game("g1", ["X"])
    assert snapshot(g) == before
    g.end()
    dn.new_game("g1", ["X"])  # ended: the id is free again


def test_new_game_with_one_id_from_many_threads_starts_exactly_one_game() -> None:
    dn = DayNight(autoload=False)
    for round_ in range(20):
        barrier = threading.Barrier(8)
        started: list[str] = []
        refused: list[str] = []

        def start(n: int, game: str = f"g{round_}", barrier: threading.Barrier = barrier,
                  started: list[str] = started, refused: list[str] = refused) -> None:
            barrier.wait()
            try:
                dn.new_game(game, [f"P{n}"])
                started.append(f"P{n}")
            except BadEventError:
                refused.append(f"P{n}")

        threads = [threading.Thread(target=start, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(started) == 1 and len(refused) == 7
        assert dn.game(f"g{round_}").state.players == (started[0],)  # the winner's game, not overwritten


# -- load_game integrity -------------------------------------------------------------------------------------


def _saved() -> dict[str, Any]:
    g = _game()
    g.enter(werewolf("w2", "P2"))
    result: dict[str, Any] = json.loads(g.save())
    return result


def _mangle(change: Callable[[dict[str, Any]], object]) -> bytes:
    data = _saved()
    change(data)
    return json.dumps(data).encode()


CORRUPT: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "index names no permanent": (lambda d: d["relevant"].append("ghost"), "'ghost' names no permanent"),
    "index leaves a werewolf out": (lambda d: d["relevant"].remove("w2"), "leaves out 'w2'"),
    "index names a bear": (lambda d: d["relevant"].append("b1"), "without daybound"),
    "index lists an id twice": (lambda d: d["relevant"].append("w1"), "twice"),
    "permanent listed twice": (lambda d: d["permanents"].append(d["permanents"][0]), "twice"),
    "unknown controller": (lambda d: d["permanents"][0]["card"].update(controller="P9"), "unknown player 'P9'"),
    "back face up without a back face": (lambda d: d["permanents"][1].update(face="back"), "no back face"),
    "turn not after previous": (lambda d: d["previous"].update(number=5), "not before"),
    "active player unknown": (lambda d: d["turn"].update(active=["P9"]), "unknown player 'P9'"),
    "spells by an unknown player": (lambda d: d["previous"].update(cast={"P9": 1}), "unknown player 'P9'"),
    "no players": (lambda d: d.update(players=[]), "at least one player"),
    "a turn number that is a string": (lambda d: d["turn"].update(number="2"), "Expected `int`"),
    "a designation that does not exist": (lambda d: d.update(designation="dusk"), "designation"),
    "empty restriction name": (lambda d: d["permanents"][0].update(restrictions=[""]), "restriction"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_load_game_refuses_a_state_the_rules_could_never_reach(name: str) -> None:
    change, message = CORRUPT[name]
    dn = DayNight(autoload=False)
    with pytest.raises(BadSaveError, match=message) as error:
        dn.load_game("loaded", _mangle(change))
    assert isinstance(error.value, BadEventError)
    assert "load game 'loaded'" in str(error.value)
    with pytest.raises(UnknownGameError):
        dn.game("loaded")  # nothing was loaded


@pytest.mark.parametrize("data", [b"", b"[]", b"{", b"a str", None, b"\xff\xfe"])
def test_load_game_refuses_bytes_that_are_no_save(data: Any) -> None:
    with pytest.raises(BadSaveError, match="not a saved mtg-daynight game"):
        DayNight(autoload=False).load_game("loaded", data)


def test_load_game_under_a_bad_id_is_refused() -> None:
    with pytest.raises(BadSaveError, match="game id"):
        DayNight(autoload=False).load_game(None, _game().save())  # type: ignore[arg-type]
