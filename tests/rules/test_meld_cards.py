"""712.9 and 712.16 for meld cards: only transforming double-faced cards and tokens can transform, so a meld card
(``Permanent(meld=True)``) given daybound at night neither enters transformed nor transforms; and as a
double-faced permanent it can't be turned face down. Described with its back face or without, the answers are
the same."""

from __future__ import annotations

import pytest

from mtg_daynight import BadEventError, DayNight, Designation, Face, Game, Keyword, Permanent, Side

GISELA = Face("Gisela, the Broken Blade")
BRISELA = Face("Brisela, Voice of Nightmares")


def _night_game() -> Game:
    game = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    game.untap_step(1, "P1")
    game.become(Designation.NIGHT, "an effect")
    return game


@pytest.mark.parametrize("back", [BRISELA, None], ids=["with-back", "without-back"])
def test_712_9_a_meld_card_given_daybound_at_night_neither_enters_transformed_nor_transforms(back: Face | None) -> None:
    game = _night_game()
    outcome = game.enter(Permanent("g", "P1", GISELA, back, gained=frozenset({Keyword.DAYBOUND}), meld=True))
    assert outcome.face_of("g") is Side.FRONT and not outcome.transforms
    assert any(line.rule == "712.9" for line in outcome.trace)
    game.set_abilities("g", gained=[Keyword.DAYBOUND, Keyword.NIGHTBOUND])
    assert not game.request_transform("g", "Moonmist").transforms
    assert game.permanent("g").face is Side.FRONT and not game.permanent("g").can_transform


@pytest.mark.parametrize("back", [BRISELA, None], ids=["with-back", "without-back"])
def test_712_16_a_meld_card_cant_be_turned_face_down(back: Face | None) -> None:
    game = _night_game()
    game.enter(Permanent("g", "P1", GISELA, back, meld=True))
    outcome = game.turn_face_down("g")
    assert [refusal.rule for refusal in outcome.face_down_refused] == ["712.16"]
    assert not game.permanent("g").face_down


def test_712_9_a_meld_card_gets_no_back_face_from_an_effect() -> None:
    game = _night_game()
    game.enter(Permanent("g", "P1", GISELA, meld=True))
    with pytest.raises(BadEventError, match="a meld card"):
        game.set_back_face("g", BRISELA, "Werewhat")


def test_a_meld_card_survives_a_save() -> None:
    game = _night_game()
    game.enter(Permanent("g", "P1", GISELA, meld=True))
    loaded = DayNight(autoload=False).load_game("g2", game.save())
    assert loaded.permanent("g").card.meld
