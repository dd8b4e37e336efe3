"""Malformed scenario files: one-line InputFileError naming the file, the turn/action and the key."""

from __future__ import annotations

import pytest

from mtg_daynight.errors import InputFileError
from mtg_daynight.scenarios import actions as m
from mtg_daynight.scenarios import parse_scenario

from .helpers import CHECK, HEADER

CASES = [
    ("not toml [", "not valid TOML"),
    ('[scenario]\nplayers = ["A"]\n[[turn]]\n', "Object missing required field `title`"),
    (HEADER, "no [[turn]]"),
    (HEADER + "[[turn]]\nactions = [{ cast = \"Tavern Rufian\" }]\n",
     "turn 1, action 1 (cast): unknown card 'Tavern Rufian'"),
    (HEADER + "[[turn]]\nactions = [{ kast = \"Tavern Ruffian\" }]\n", "turn 1, action 1: no action verb"),
    (HEADER + "[[turn]]\nactions = [{ cast = \"Tavern Ruffian\", bye = \"A\" }]\n", "unknown field `bye`"),
    (HEADER + "[[turn]]\nactions = [{ cast = \"Tavern Ruffian\", by = \"Z\" }]\n", "unknown player 'Z'"),
    (HEADER + "[[turn]]\nactions = [{ cast = 3 }]\n", "(key 'cast')"),
    (HEADER + "[[turn]]\nactions = [{ transform = \"ghost\" }]\n",
     "turn 1, action 1 (transform): unknown name 'ghost'"),
    (HEADER + "[[turn]]\nactions = [{ expect = { designation = \"dusk\" } }]\n", "action 1 (expect)"),
    (HEADER + "[[turn]]\nactions = [{ expect = { events = [{ sunrise = true }] } }]\n", "event pattern needs one of"),
    (HEADER + "[[turn]]\nactive = \"B\"\n", "turn 1: 'active' is B but the turn order says A"),
    (HEADER + "[[turn]]\nwhen = 1\n", "turn 1: unknown key 'when'"),
    (HEADER + "oops = 1\n[[turn]]\n", "[scenario]: Object contains unknown field `oops`"),
    ("oops = 1\n" + HEADER + "[[turn]]\n", "unknown top-level key 'oops'"),
    (HEADER + "[cards.X]\nkind = \"land\"\n[[turn]]\n", "[cards.'X']"),
    (HEADER + "[[turn]]\nactions = [{ put = [\"Grizzly Bears\"], as = [\"a\", \"b\"] }]\n", "'as' names 2"),
    (HEADER + "[[turn]]\nactions = [{ put = \"Grizzly Bears\", transformed = true }]\n", "no back face"),
    (HEADER + '[[turn]]\nactions = [{ put = "Grizzly Bears", as = "x" },'
              ' { put = "Grizzly Bears", as = "x" }]\n', "already used"),
    ('[scenario]\ntitle = "t"\n[[turn]]\n', "missing 'players'"),
]


@pytest.mark.parametrize(("text", "needle"), CASES, ids=[c[1][:30] for c in CASES])
def test_malformed_scenario_names_file_and_key(text: str, needle: str) -> None:
    with pytest.raises(InputFileError) as caught:
        parse_scenario(text, "bad.toml")
    message = str(caught.value)
    assert message.startswith("bad.toml"), message
    assert needle in message, message
    assert "\n" not in message


def test_defaults_are_filled_in() -> None:
    scenario = parse_scenario(HEADER + '[[turn]]\nactions = [{ cast = "Lightning Bolt" }, { cast = "Lightning Bolt" }]'
                                       '\n[[turn]]\nactions = [{ put = "Grizzly Bears" }]\n' + CHECK, "ok.toml")
    first, second = scenario.turns[0].actions
    assert isinstance(first, m.Cast) and isinstance(second, m.Cast)
    assert (first.by, first.as_, second.as_) == ("A", "Lightning Bolt", "Lightning Bolt#2")
    [put] = scenario.turns[1].actions
    assert isinstance(put, m.Put) and put.controller == "B" and scenario.turns[1].active == ("B",)


def test_extra_turn_order_is_worked_out() -> None:
    scenario = parse_scenario(HEADER + '[[turn]]\nactions = [{ extra_turn = "A" }]\n[[turn]]\n[[turn]]\n' + CHECK,
                              "x.toml")
    assert [(t.active, t.extra) for t in scenario.turns] == [(("A",), False), (("A",), True), (("B",), False)]


def test_inline_card_and_case_insensitive_lookup() -> None:
    scenario = parse_scenario(HEADER + '[cards."Fixture Wolf"]\nfront = { name = "Fixture Wolf", daybound = true }\n'
                              'back = { name = "Fixture Howler", nightbound = true }\n'
                              '[[turn]]\nactions = [{ put = "fixture howler" }, { cast = "tavern ruffian" }]\n'
                              'expect = { designation = "night" }\n')
    assert scenario.cards["fixture howler"].front.daybound
    assert scenario.cards["tavern ruffian"].back is not None
