"""The core asks its Policy for the faces of a permanent a host names by card identity (a ``CardPermanent``):
the rules as written know no card data, so such a permanent is an unknown card; a Policy that knows the card
describes it, and a card it knows that is not a day/night card is noted (702.145a) before the entry's own lines."""

from __future__ import annotations

import pytest

from mtg_daynight.errors import BadEventError
from mtg_daynight.rules import Designation, Face, RulesAsWritten
from mtg_daynight.rules import game as rules
from mtg_daynight.rules.permanents import CardFaces, CardPermanent, Permanent

RUFFIAN = CardFaces("Tavern Ruffian // Tavern Smasher", Face("Tavern Ruffian", daybound=True),
                    Face("Tavern Smasher", nightbound=True))
BEARS = CardFaces("Grizzly Bears", Face("Grizzly Bears"), day_night=False)


class _CardData(RulesAsWritten):
    """A Policy whose card data holds two cards."""

    def card_faces(self, card: str) -> CardFaces | str:
        known = {"Tavern Ruffian": RUFFIAN, "Grizzly Bears": BEARS}
        return known.get(card) or f"{card!r} is not in this test's card data"


def _game() -> rules.GameState:
    state = rules.new_game("g", ("P1", "P2"))
    rules.untap_step(state, 1, ("P1",))
    rules.become(state, Designation.NIGHT, "a test effect")
    return state


def test_702_145a_the_rules_as_written_know_no_card_data() -> None:
    state = _game()
    trace = list(state.trace)
    with pytest.raises(BadEventError) as caught:
        rules.enter(state, [CardPermanent("r", "P1", "Tavern Ruffian")])
    assert str(caught.value) == (
        "game 'g', turn 1: enter 'r': unknown card 'Tavern Ruffian': 'Tavern Ruffian' is not in the card data (it "
        "holds day/night cards only); describe it with Permanent(...) and its faces"
    )
    assert state.trace == trace and not state.permanents


def test_702_145b_a_policy_describes_a_card_permanent_as_the_rules_see_it() -> None:
    state = _game()
    outcome = rules.enter(state, [CardPermanent("r", "P1", "Tavern Ruffian")], policy=_CardData())
    assert [(e.permanent, e.face) for e in outcome.entered] == [("r", "back")]
    assert state.permanents["r"].card == Permanent("r", "P1", RUFFIAN.front, RUFFIAN.back)


def test_702_145a_a_known_card_that_is_not_day_night_is_noted_first() -> None:
    state = _game()
    outcome = rules.enter(
        state, [CardPermanent("r", "P1", "Tavern Ruffian"), CardPermanent("b", "P1", "Grizzly Bears")],
        policy=_CardData(),
    )
    assert outcome.trace[0].rule == "702.145a"
    assert outcome.trace[0].text == "card data: Grizzly Bears is not a day/night card"
    assert [line.rule for line in outcome.trace[1:]] == ["702.145b"]
    assert list(state.trace[-len(outcome.trace):]) == list(outcome.trace)


def test_702_145a_an_unknown_card_in_a_batch_changes_nothing() -> None:
    state = _game()
    trace = list(state.trace)
    with pytest.raises(BadEventError, match="unknown card 'Opt': 'Opt' is not in this test's card data"):
        rules.enter(state, [CardPermanent("b", "P1", "Grizzly Bears"), CardPermanent("o", "P1", "Opt")],
                    policy=_CardData())
    assert state.trace == trace and not state.permanents
