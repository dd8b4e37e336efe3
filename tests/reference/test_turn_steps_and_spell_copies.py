"""Rules the reference host cites beyond day and night, each checked here: turn order (500.7 extra turns), the
untap step (502.3 untapping, 302.6 summoning sickness, 502.4 its triggers wait for the upkeep), zone changes
(400.7 a new object) and copies of spells (608.3f a resolving copy of a permanent spell becomes a token, 704.5e
any other copy ceases to exist). Real card names where the card is real; the others are marked fixtures."""

from __future__ import annotations

from mtg_daynight import Face, Side
from mtg_daynight.reference import Card, CardKind, ReferenceHost, Step, Zone, log

RUFFIAN = Card(Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
# Hand-written fixtures, not real cards.
BEAR = Card(Face("Fixture Bear"))
INSTANT = Card(Face("Fixture Instant"), kind=CardKind.INSTANT)
WATCHER = Card(Face("Fixture Watcher"), day_night_trigger="deals 1 damage to each opponent")


def _host_with_bears() -> tuple[ReferenceHost, str, str]:
    """Turn 1 (A): A's bear and, put in by an effect, B's bear; both tapped."""
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    mine = host.cast("A", BEAR)
    host.resolve()
    theirs = host.put_onto_battlefield(BEAR, "B")
    host.tap(mine)
    host.tap(theirs)
    return host, mine, theirs


def test_502_3_only_the_active_players_permanents_untap_in_the_untap_step() -> None:
    host, mine, theirs = _host_with_bears()
    host.begin_turn()  # B's turn 2
    assert not host.permanent(theirs).tapped
    assert host.permanent(mine).tapped
    host.begin_turn()  # A's turn 3
    assert not host.permanent(mine).tapped


def test_502_3_a_skipped_untap_step_untaps_nothing() -> None:
    host, _, theirs = _host_with_bears()
    host.begin_turn(untap_step=False)  # B skips the untap step (Stasis)
    assert host.permanent(theirs).tapped


def test_302_6_summoning_sickness_wears_off_as_its_controllers_turn_begins() -> None:
    host, mine, theirs = _host_with_bears()
    assert host.permanent(mine).sick and host.permanent(theirs).sick
    host.begin_turn()  # B's turn: B has controlled the bear continuously since the turn began
    assert not host.permanent(theirs).sick
    assert host.permanent(mine).sick


def test_302_6_summoning_sickness_wears_off_even_without_an_untap_step() -> None:
    host, _, theirs = _host_with_bears()
    host.begin_turn(untap_step=False)
    obj = host.permanent(theirs)
    assert not obj.sick and obj.tapped  # 302.6 still applies; 502.3 untapping does not happen


def test_608_3f_a_resolving_copy_of_a_permanent_spell_becomes_a_token() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    spell = host.cast("A", BEAR)
    copy = host.copy_spell("B", spell)
    assert host.resolve() == copy
    token = host.permanent(copy)
    assert token.token and token.controller == "B" and token.zone is Zone.BATTLEFIELD
    host.resolve()
    assert not host.permanent(spell).token  # the original is a card
    assert host.check() == []


def test_704_5e_a_copy_of_an_instant_ceases_to_exist_as_it_resolves() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    spell = host.cast("A", INSTANT)
    copy = host.copy_spell("A", spell)
    host.resolve()
    [left] = [e for e in host.events(log.Left) if e.object == copy]
    assert left.to is None  # no object in the graveyard: the copy ceased to exist
    assert copy not in host.objects
    host.resolve()
    [left] = [e for e in host.events(log.Left) if e.object == spell]
    assert left.to is Zone.GRAVEYARD  # the card itself goes to the graveyard


def test_500_7_the_most_recently_created_extra_turn_is_taken_first() -> None:
    host = ReferenceHost(["A", "B", "C"])
    host.begin_turn()  # A's turn 1
    host.take_extra_turn("B")
    host.take_extra_turn("C")
    host.begin_turn()
    assert host.active == ("C",)
    host.begin_turn()
    assert host.active == ("B",)
    host.begin_turn()  # then the normal order continues after A
    assert host.active == ("B",)


def test_400_7_a_card_returning_from_the_graveyard_is_a_new_object() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.cast("A", RUFFIAN)
    host.resolve()
    host.begin_turn()
    host.begin_turn()  # night: A's Ruffian transformed
    card = host.move(ruffian, "graveyard")
    assert card is not None and card != ruffian
    again = host.return_to_battlefield(card)
    assert again not in (ruffian, card)
    entered = [e for e in host.events(log.Entered) if e.permanent == again]
    assert [(e.face, e.transformed) for e in entered] == [(Side.BACK, True)]  # entered transformed, no transform
    assert not [e for e in host.events(log.Transformed) if e.permanent == again]
    assert host.check() == []


def test_502_4_a_trigger_from_a_change_in_the_untap_step_goes_on_the_stack_in_the_upkeep() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.put_onto_battlefield(WATCHER, "A")
    host.cast("A", RUFFIAN)
    host.resolve()  # day
    host.begin_turn()  # B casts nothing in turn 2: night in the untap step of turn 3
    host.begin_turn()
    [trigger] = host.events(log.TriggerPut)
    assert trigger.at == "upkeep" and trigger.change == "day -> night"
    [turn_began] = [e for e in host.events(log.TurnBegan) if e.turn == 3]
    assert host.log.index(turn_began) < host.log.index(trigger)
    assert host.step is Step.MAIN
