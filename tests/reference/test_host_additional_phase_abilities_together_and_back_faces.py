"""The reference host carries out the additional beginning phase (500.8, 502.1-502.3), abilities changed at the same
moment (702.145d) and a back face given after entering (712.9, 702.145c), and stays consistent with the rules."""

from __future__ import annotations

from mtg_daynight import Designation, Face, Side
from mtg_daynight.reference import Card, ReferenceHost, Step, log
from mtg_daynight.rules import AbilityChange, Keyword

# Real card names and faces; only the day/night keywords are modelled.
RUFFIAN = Card(Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
CATHAR = Card(Face("Brutal Cathar", daybound=True), Face("Moonrage Brute", nightbound=True))
# Hand-written fixtures, not real cards.
WATCHER = Card(Face("Fixture Watcher"), day_night_trigger="deals 1 damage to each opponent")
WEREWHAT = Card(Face("Fixture Werewhat", daybound=True))


def test_502_2_additional_beginning_phase_checks_the_previous_turn_untaps_and_triggers_at_upkeep() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()  # A casts nothing
    host.begin_turn()
    ruffian = host.put_onto_battlefield(RUFFIAN, "B")  # day
    watcher = host.put_onto_battlefield(WATCHER, "B")
    host.tap(ruffian)
    host.cast("B", Card(Face("Fixture Instant")))
    assert host.additional_beginning_phase() == 2
    assert host.designation is Designation.NIGHT and host.turn == 2 and host.step is Step.MAIN
    obj = host.permanent(ruffian)
    assert obj.face is Side.BACK and not obj.tapped  # transformed (702.145b), untapped (502.3)
    [trigger] = host.events(log.TriggerPut)
    assert trigger.source == watcher and trigger.at == "upkeep"  # 502.4: held until the upkeep
    [reported] = host.events(log.Reported)
    assert reported.kind == "additional_untap_step" and reported.arguments["turn"] == 2
    assert host.check() == []


def test_702_145d_host_reports_abilities_regained_together() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    brute = host.put_onto_battlefield(CATHAR, "A", transformed=True)  # night (702.145g)
    host.set_abilities(brute, lost=["nightbound"])  # it stays night (731.1)
    ruffian = host.put_onto_battlefield(RUFFIAN, "A")  # at night it enters transformed
    host.set_abilities_batch([AbilityChange(brute, lost=frozenset({Keyword.NIGHTBOUND})),
                              AbilityChange(ruffian, gained=frozenset({Keyword.DAYBOUND}))])
    assert host.permanent(ruffian).gained == frozenset({Keyword.DAYBOUND})
    assert len(host.events(log.AbilitiesSet)) == 3
    assert host.check() == []


def test_712_9_host_gives_a_back_face_and_transforms_at_night() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    werewhat = host.put_onto_battlefield(WEREWHAT, "A")  # day
    host.become("night", "an effect")
    assert host.permanent(werewhat).face is Side.FRONT
    host.set_back_face(werewhat, Face("Fixture Exiled Beast", nightbound=True), "Werewhat")
    obj = host.permanent(werewhat)
    assert obj.face is Side.BACK and obj.name == "Fixture Exiled Beast"
    [transformed] = host.events(log.Transformed)
    assert transformed.rule == "702.145c"
    assert host.check() == []
