"""The reference host carries out the contract exactly (hand-written fixture cards, marked below)."""

from __future__ import annotations

import pytest

from mtg_daynight import BadEventError, Designation, Face, Side
from mtg_daynight.reference import Card, CardKind, HostContractError, IllegalActionError, ReferenceHost, Step, Zone, log

# Real card names and faces (Innistrad: Midnight Hunt / Crimson Vow); only the day/night keywords are modelled.
RUFFIAN = Card(Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
CATHAR = Card(Face("Brutal Cathar", daybound=True), Face("Moonrage Brute", nightbound=True))
DELVER = Card(Face("Delver of Secrets"), Face("Insectile Aberration"))
# Hand-written fixtures, not real cards.
INSTANT = Card(Face("Fixture Instant"), kind=CardKind.INSTANT)
BEAR = Card(Face("Fixture Bear"))
WATCHER = Card(Face("Fixture Watcher"), day_night_trigger="deals 1 damage to each opponent")
ANGEL = Card(Face("Fixture Night Forbidder"), forbids=frozenset({Designation.NIGHT}))
PHASER = Card(Face("Fixture Phaser", daybound=True), Face("Fixture Phaser Night", nightbound=True), phasing=True)


def night_host() -> tuple[ReferenceHost, str]:
    """A game where A's Ruffian made it day on turn 1 and B cast nothing on turn 2: night on turn 3."""
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.cast("A", RUFFIAN)
    host.resolve()
    host.begin_turn()
    host.begin_turn()
    return host, ruffian


def test_cast_daybound_makes_day_and_enters_front() -> None:
    host = ReferenceHost(["A", "B"])
    assert host.begin_turn() == 1
    spell = host.cast("A", RUFFIAN)
    assert host.stack == [spell] and host.obj(spell).face is Side.FRONT
    assert host.resolve() == spell
    assert host.designation is Designation.DAY
    [entered] = host.events(log.Entered)
    assert (entered.permanent, entered.face, entered.transformed) == (spell, Side.FRONT, False)
    [changed] = host.events(log.DesignationChanged)
    assert (changed.before, changed.after, changed.rule, changed.during_untap_step) == ("neither", "day", "702.145d",
                                                                                         False)
    assert host.check() == []


def test_night_in_untap_step_transforms_same_object_keeping_state() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.cast("A", RUFFIAN)
    host.resolve()
    host.add_counters(ruffian, "+1/+1", 2)
    host.tap(ruffian)
    host.begin_turn()  # B's turn: A's Ruffian stays tapped, B casts nothing
    host.begin_turn()  # A's turn 3: night in the untap step, then 502.3 untaps it
    obj = host.permanent(ruffian)
    assert host.designation is Designation.NIGHT
    assert obj.face is Side.BACK and obj.name == "Tavern Smasher" and obj.counters == {"+1/+1": 2}
    [transformed] = host.events(log.Transformed)
    assert (transformed.turn, transformed.step, transformed.rule, transformed.cause) == (3, Step.UNTAP, "702.145b",
                                                                                       "daybound")
    assert not obj.tapped  # untapped in 502.3, after the check
    [change] = [c for c in host.events(log.DesignationChanged) if c.after == "night"]
    assert change.during_untap_step and change.rule == "731.2a"


def test_tapped_state_survives_a_transform_outside_the_untap_step() -> None:
    host, ruffian = night_host()
    host.tap(ruffian)
    host.become("day", "test effect")
    obj = host.permanent(ruffian)
    assert obj.face is Side.FRONT and obj.tapped and obj.id == ruffian


def test_entering_at_night_is_entered_transformed_not_a_transform() -> None:
    host, _ = night_host()
    cathar = host.cast("A", CATHAR)
    host.resolve()
    entered = [e for e in host.events(log.Entered) if e.permanent == cathar]
    assert entered[0].face is Side.BACK and entered[0].transformed and entered[0].rule == "702.145b"
    assert not [t for t in host.events(log.Transformed) if t.permanent == cathar]
    assert host.obj(cathar).face is Side.BACK
    assert host.check() == []


def test_summoning_sickness_wears_off_on_controllers_turn_only() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    bear = host.cast("A", BEAR)
    host.resolve()
    assert host.permanent(bear).sick
    host.begin_turn()
    assert host.permanent(bear).sick
    host.begin_turn()
    assert not host.permanent(bear).sick


def test_copy_is_not_cast_and_copy_of_permanent_spell_becomes_token() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    bolt = host.cast("A", INSTANT)
    copy = host.copy_spell("A", bolt)
    casts = host.events(log.SpellCast)
    assert [c.cast for c in casts] == [True, False]
    host.resolve_all()
    assert copy not in host.objects and bolt not in host.objects  # the card moved: a new object (400.7)
    assert [e.to for e in host.events(log.Left)] == [None, Zone.GRAVEYARD]
    bear = host.cast("A", BEAR)
    bear_copy = host.copy_spell("A", bear)
    host.resolve()
    assert host.permanent(bear_copy).token
    assert host.game.state.turn is not None and host.game.state.turn.cast == {"A": 2}


def test_single_faced_token_copy_keeps_daybound_but_never_transforms() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.cast("A", RUFFIAN)
    host.resolve()
    token = host.create_token_copy(ruffian, double_faced=False)
    host.become("night", "test effect")
    assert host.permanent(token).face is Side.FRONT and host.permanent(token).card.back is None
    assert host.permanent(ruffian).face is Side.BACK
    assert host.check() == []


def test_double_faced_token_copy_at_night_enters_transformed() -> None:
    host, ruffian = night_host()
    token = host.create_token_copy(ruffian)
    [entered] = [e for e in host.events(log.Entered) if e.permanent == token]
    assert entered.face is Side.BACK and entered.token


def test_moonmist_refused_on_daybound_allowed_on_delver() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.put_onto_battlefield(RUFFIAN, "A")
    delver = host.put_onto_battlefield(DELVER, "B")
    assert host.request_transform(ruffian, "Moonmist") is False
    assert host.request_transform(delver, "Moonmist") is True
    [refused] = host.events(log.Refused)
    assert (refused.permanent, refused.rule, refused.cause) == (ruffian, "702.145b", "Moonmist")
    [transformed] = host.events(log.Transformed)
    assert (transformed.permanent, transformed.rule, transformed.cause) == (delver, "701.27", "Moonmist")


def test_restriction_holds_then_releases_at_once() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    ruffian = host.put_onto_battlefield(RUFFIAN, "A")
    host.add_restriction(ruffian, "Fixture Lock")
    host.become("night", "test effect")
    assert host.permanent(ruffian).face is Side.FRONT
    host.remove_restriction(ruffian, "Fixture Lock")
    assert host.permanent(ruffian).face is Side.BACK
    assert host.events(log.Transformed)[-1].rule == "702.145c"
    assert host.check() == []


def test_phasing_happens_before_the_check_and_phased_out_do_not_flip() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    phaser = host.put_onto_battlefield(PHASER, "A")  # day (702.145d)
    host.cast("A", INSTANT)  # so that it stays day in turn 2
    host.begin_turn()  # B: nothing cast
    host.begin_turn()  # A: 502.1 the phaser phases out, then night: it does not transform
    assert host.permanent(phaser).phased_out and host.permanent(phaser).face is Side.FRONT
    assert host.designation is Designation.NIGHT
    host.begin_turn()  # B
    host.begin_turn()  # A: 502.1 phases in (and it is still night): transforms at once (702.145c)
    obj = host.permanent(phaser)
    assert not obj.phased_out and obj.face is Side.BACK
    order = [type(e).__name__ for e in host.log if e.turn == 5]
    assert order.index("PhasedIn") < order.index("Transformed")
    assert host.check() == []


def test_day_night_trigger_waits_for_upkeep_after_untap_change() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.put_onto_battlefield(WATCHER, "A")
    host.put_onto_battlefield(RUFFIAN, "A")
    host.begin_turn()
    host.begin_turn()  # night in the untap step
    [trigger] = host.events(log.TriggerPut)
    assert (trigger.at, trigger.step, trigger.change) == ("upkeep", Step.UPKEEP, "day -> night")
    assert host.stack == []  # it resolved in the upkeep
    host.become("day", "test effect")
    assert host.events(log.TriggerPut)[-1].at == "now" and len(host.stack) == 1


def test_no_trigger_when_it_first_becomes_day() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.put_onto_battlefield(WATCHER, "A")
    host.put_onto_battlefield(RUFFIAN, "A")
    assert host.designation is Designation.DAY and host.events(log.TriggerPut) == []


def test_forbid_night_vetoes_the_change() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.put_onto_battlefield(ANGEL, "B")
    host.become("day", "test effect")
    host.become("night", "test effect")
    assert host.designation is Designation.DAY
    [vetoed] = host.events(log.Vetoed)
    assert vetoed.after == "night" and "Fixture Night Forbidder" in vetoed.reason


def test_face_down_has_no_daybound_then_turned_up_transforms() -> None:
    host, _ = night_host()
    hidden = host.put_onto_battlefield(RUFFIAN, "B", face_down=True)
    [entered] = [e for e in host.events(log.Entered) if e.permanent == hidden]
    assert entered.face is Side.FRONT and entered.face_down and not entered.transformed
    host.turn_face_up(hidden)
    assert host.permanent(hidden).face is Side.BACK
    assert host.events(log.Transformed)[-1].rule == "702.145c"


def test_extra_turn_then_order_resumes() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.take_extra_turn("A")
    host.begin_turn()
    assert host.active == ("A",) and host.events(log.TurnBegan)[-1].extra
    host.begin_turn()
    assert host.active == ("B",)


def test_shared_team_turns_active_team() -> None:
    host = ReferenceHost(teams=[["A", "B"], ["C", "D"]])
    host.begin_turn()
    assert host.active == ("A", "B")
    host.put_onto_battlefield(RUFFIAN, "C")
    host.cast("A", INSTANT)
    host.begin_turn()  # team A+B cast one: still day
    assert host.designation is Designation.DAY
    host.begin_turn()  # team C+D cast none: night
    assert host.designation is Designation.NIGHT


def test_leave_and_return_at_night_is_a_new_object_entering_transformed() -> None:
    host, ruffian = night_host()
    in_graveyard = host.move(ruffian, "graveyard")
    assert in_graveyard is not None and host.obj(in_graveyard).zone is Zone.GRAVEYARD
    back = host.return_to_battlefield(in_graveyard)
    assert back not in (ruffian, in_graveyard)
    [entered] = [e for e in host.events(log.Entered) if e.permanent == back]
    assert entered.face is Side.BACK and entered.transformed


def test_impossible_actions_raise_typed_errors_and_change_nothing() -> None:
    host = ReferenceHost(["A", "B"])
    with pytest.raises(IllegalActionError, match="before the first turn"):
        host.cast("A", INSTANT)
    host.begin_turn()
    with pytest.raises(IllegalActionError, match="unknown player"):
        host.cast("Z", INSTANT)
    with pytest.raises(IllegalActionError, match="stack is empty"):
        host.resolve()
    with pytest.raises(IllegalActionError, match="no object"):
        host.request_transform("o99", "Moonmist")
    with pytest.raises(IllegalActionError, match="no back face"):
        host.put_onto_battlefield(BEAR, "A", transformed=True)
    bear = host.put_onto_battlefield(BEAR, "A")
    with pytest.raises(BadEventError, match="not face down"):
        host.turn_face_up(bear)
    with pytest.raises(IllegalActionError, match="not a player or team"):
        host.begin_turn(("A", "B"))
    assert host.check() == [] and host.turn == 1 and host.permanent(bear).zone is Zone.BATTLEFIELD


def test_bad_outcome_is_a_contract_error() -> None:
    from mtg_daynight.rules import Outcome, Transform

    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    bear = host.put_onto_battlefield(BEAR, "A")
    with pytest.raises(HostContractError, match="already up"):
        host._carry_out(Outcome((Transform(bear, Side.FRONT, "701.27"),)), cause="test")


def test_many_hosts_share_one_plugin_manager() -> None:
    first = ReferenceHost(["A", "B"], game_id="g1")
    second = ReferenceHost(["A", "B"], game_id="g2", daynight=first.daynight)
    second.begin_turn()
    second.put_onto_battlefield(ANGEL, "A")
    first.begin_turn()
    first.become("night", "test effect")  # g2's forbidder does not reach g1
    assert first.designation is Designation.NIGHT
    second.end()
    first.become("day", "test effect")
    assert first.designation is Designation.DAY


def test_800_4a_player_leaves_objects_they_own_leave_and_their_turns_leave_the_order() -> None:
    host = ReferenceHost(["A", "B", "C"])
    host.begin_turn()  # A
    host.begin_turn()  # B
    mine = host.put_onto_battlefield(Card(Face("Grizzly Bears")), "B")
    borrowed = host.put_onto_battlefield(Card(Face("Grizzly Bears")), "A")
    host.objects[borrowed].controller = "B"  # B controls A's permanent (a control effect)
    spell = host.cast("B", Card(Face("Opt"), kind=CardKind.INSTANT))
    host.player_leaves("B")
    assert mine not in host.objects and spell not in host.objects and host.stack == []
    assert host.objects[borrowed].controller == "A"  # control effects end with the player
    assert "B" not in host.game.state.players and host.game.state.left == ("B",)
    assert host.events(log.PlayerLeft)[0].player == "B"
    assert host.next_active() == ("C",)
    host.begin_turn()
    assert host.active == ("C",) and host.next_active() == ("A",)
    assert host.check() == []


def test_707_10g_copy_of_a_daybound_spell_resolves_into_a_double_faced_token_that_transforms_at_night() -> None:
    host = ReferenceHost(["A", "B"])
    host.begin_turn()
    host.become("night", "an effect")
    spell = host.cast("A", Card(Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True)))
    copy = host.copy_spell("A", spell)
    host.resolve()  # the copy: a token (608.3f), not represented by a double-faced card (702.145b)
    entered = host.events(log.Entered)[-1]
    assert (entered.permanent, entered.token, entered.face, entered.transformed) == (copy, True, Side.FRONT, False)
    assert [(t.permanent, t.rule) for t in host.events(log.Transformed)] == [(copy, "702.145c")]
    host.resolve()  # the card itself enters transformed (702.145b)
    assert host.events(log.Entered)[-1].transformed and host.permanent(spell).face is Side.BACK


@pytest.mark.parametrize("query", ["end", "save", "designation", "trace", "leave", "phase_in", "_become", "nope"])
def test_report_refuses_what_is_no_named_event_before_calling_it(query: str) -> None:
    host = ReferenceHost(["A", "B"])
    with pytest.raises(IllegalActionError, match=f"report: '{query}' is not an event"):
        host.report(query)
    assert host.designation is Designation.NEITHER  # the game goes on: 'end' was never called
    host.report("become", to="day", cause="an effect")
    assert host.designation is Designation.DAY
