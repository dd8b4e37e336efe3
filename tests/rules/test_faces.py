"""702.145a-c, 702.145e-f, 701.27, 702.26b, 708.2: which face is up, and when daybound/nightbound transform."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, DesignationChange, EnterFace, Game, Permanent, Side, Transform

from .cards import (
    DAYBOUND,
    NIGHTBOUND,
    SMASHER,
    arlinn,
    curse,
    delver,
    nightbound_up,
    plain,
    single_faced_copy,
    werewhat,
    werewolf,
)

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER


def _game(designation: Designation) -> Game:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    if designation is not NEITHER:
        g.become(designation, "test setup: an effect")
    assert g.designation is designation
    return g


# -- 702.145a: opposite faces ------------------------------------------------------------------------------


def test_702_145a_daybound_and_nightbound_are_on_opposite_faces() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    assert g.permanent("w1").has(DAYBOUND) and not g.permanent("w1").has(NIGHTBOUND)
    g.become("night", "effect")
    assert g.permanent("w1").has(NIGHTBOUND) and not g.permanent("w1").has(DAYBOUND)
    assert g.permanent("w1").up.name == "Tavern Smasher"


# -- entering: 702.145b's replacement ----------------------------------------------------------------------


def test_702_145b_daybound_enters_back_face_up_at_night_as_a_replacement_not_a_transform() -> None:
    g = _game(NIGHT)
    outcome = g.enter(werewolf("w1"))
    assert outcome.entered == (EnterFace("w1", Side.BACK, True, "702.145b"),)
    assert outcome.transforms == ()  # no "when this transforms" trigger may fire
    assert outcome.changes == ()
    assert g.face_of("w1") is Side.BACK
    assert "enters transformed" in str(outcome.trace[0]) and "not a transform" in str(outcome.trace[0])


def test_ruling_daybound_cast_at_night_enters_back_face_up_without_transforming() -> None:
    g = _game(NIGHT)
    g.cast("P1", "Tavern Ruffian")  # on the stack front face up; resolving, it enters:
    outcome = g.enter(werewolf("w1"))
    assert outcome.actions == (EnterFace("w1", Side.BACK, True, "702.145b"),)


def test_ruling_daybound_entering_without_being_cast_at_night_enters_nightbound_face_up() -> None:
    g = _game(NIGHT)
    outcome = g.enter(werewolf("w1", controller="P2"), curse("c1"), arlinn("a1", controller="P2"))
    assert {e.permanent: (e.face, e.replaced) for e in outcome.entered} == {
        "w1": (Side.BACK, True),
        "c1": (Side.BACK, True),
        "a1": (Side.BACK, True),
    }
    assert outcome.transforms == ()


def test_702_145b_returning_from_the_graveyard_at_night_enters_back_face_up_again() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    g.become("night", "effect")
    g.leave("w1")
    outcome = g.enter(werewolf("w1"))  # back from the graveyard: a new object (argentum-engine #1539)
    assert outcome.actions == (EnterFace("w1", Side.BACK, True, "702.145b"),)


def test_702_145b_daybound_enters_front_face_up_at_day() -> None:
    g = _game(DAY)
    outcome = g.enter(werewolf("w1"))
    assert outcome.actions == (EnterFace("w1", Side.FRONT, False, "702.145b"),)
    assert g.face_of("w1") is Side.FRONT


def test_702_145b_nightbound_face_up_at_night_stays() -> None:
    g = _game(NIGHT)
    outcome = g.enter(nightbound_up("n1"))
    assert outcome.actions == (EnterFace("n1", Side.BACK, False, "702.145b"),)


def test_702_145b_face_down_daybound_enters_face_down_at_night_without_the_replacement() -> None:
    g = _game(NIGHT)
    outcome = g.enter(werewolf("fd", face_down=True))
    assert outcome.entered == (EnterFace("fd", Side.FRONT, False, "702.145b"),)
    assert g.face_of("fd") is Side.FRONT


# -- as it becomes night / day: 702.145b, 702.145e ---------------------------------------------------------


def test_702_145b_as_it_becomes_night_every_front_face_up_daybound_transforms_whoever_controls_it() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1", "P1"), werewolf("w2", "P2"), curse("c1", "P2"), arlinn("a1", "P1"), plain("b1"))
    outcome = g.become("night", "effect")
    assert outcome.transforms == tuple(Transform(p, Side.BACK, "702.145b") for p in ("w1", "w2", "c1", "a1"))
    assert isinstance(outcome.actions[0], DesignationChange)  # the change comes first


def test_702_145e_as_it_becomes_day_every_back_face_up_nightbound_transforms_whoever_controls_it() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1", "P1"), werewolf("w2", "P2"), plain("b1"))
    outcome = g.become("day", "effect")
    assert outcome.transforms == (Transform("w1", Side.FRONT, "702.145e"), Transform("w2", Side.FRONT, "702.145e"))
    assert g.face_of("w1") is g.face_of("w2") is Side.FRONT


def test_ruling_transforming_happens_any_time_it_changes_not_only_in_the_untap_step() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    g.cast("P1", "a sorcery in the main phase")
    outcome = g.become("night", "The Celestus, activated in the main phase")
    assert outcome.changes[0].during_untap_step is False
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)


def test_702_145c_front_face_up_daybound_at_night_transforms_at_once() -> None:
    """Put onto the battlefield front face up by a host effect at night, it transforms at once (not an SBA:
    the transform is in the same outcome)."""
    g = _game(NIGHT)
    g.enter(delver("d1"))
    g.set_abilities("d1", gained=[DAYBOUND])  # front face up, now daybound, at night
    assert g.face_of("d1") is Side.BACK


def test_702_145f_back_face_up_nightbound_entering_at_day_transforms_at_once() -> None:
    g = _game(DAY)
    outcome = g.enter(nightbound_up("n1"))
    assert outcome.actions == (EnterFace("n1", Side.BACK, False, "702.145b"), Transform("n1", Side.FRONT, "702.145f"))
    assert g.face_of("n1") is Side.FRONT


# -- 702.26b: phasing --------------------------------------------------------------------------------------


def test_702_26b_phased_out_permanents_do_not_transform() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"), werewolf("w2"))
    g.phase_out("w2")
    outcome = g.become("night", "effect")
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert g.face_of("w2") is Side.FRONT


def test_702_145c_phased_out_permanent_transforms_when_it_phases_in_outside_the_untap_step() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    g.phase_out("w1")
    g.become("night", "effect")
    outcome = g.phase_in("w1")
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145c"),)


def test_702_145f_phased_out_nightbound_transforms_when_it_phases_in_at_day() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1"))
    g.phase_out("w1")
    g.become("day", "effect")
    assert g.face_of("w1") is Side.BACK
    outcome = g.phase_in("w1")
    assert outcome.transforms == (Transform("w1", Side.FRONT, "702.145f"),)


def test_702_26b_phasing_out_changes_nothing() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1"))
    assert g.phase_out("w1").actions == ()
    assert g.face_of("w1") is Side.BACK


# -- 708.2: face down --------------------------------------------------------------------------------------


def test_708_2_face_down_permanent_has_no_abilities_and_does_not_transform() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"), werewolf("fd", face_down=True))  # manifested: it entered face down
    assert not g.permanent("fd").has(DAYBOUND)
    outcome = g.become("night", "effect")
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert g.face_of("fd") is Side.FRONT


def test_708_2_face_down_daybound_does_not_make_it_day() -> None:
    g = _game(NEITHER)
    outcome = g.enter(werewolf("fd", face_down=True))
    assert outcome.changes == ()
    assert g.designation is NEITHER


def test_702_145d_turned_face_up_while_neither_makes_it_day() -> None:
    g = _game(NEITHER)
    g.enter(werewolf("fd", face_down=True))
    outcome = g.turn_face_up("fd")
    assert [c.after for c in outcome.changes] == [DAY]
    assert outcome.changes[0].rule == "702.145d"


def test_702_145c_turned_face_up_at_night_transforms_at_once() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("fd", face_down=True))
    outcome = g.turn_face_up("fd")
    assert outcome.transforms == (Transform("fd", Side.BACK, "702.145c"),)


def test_712_15a_turned_face_up_at_day_has_its_front_face_up_whatever_was_up_before() -> None:
    g = _game(DAY)
    g.enter(werewolf("fd", face=Side.BACK, face_down=True))
    outcome = g.turn_face_up("fd")
    assert g.face_of("fd") is Side.FRONT and outcome.transforms == ()
    assert any(line.rule == "712.15a" for line in outcome.trace)


def test_708_2_turned_face_up_at_day_front_face_stays() -> None:
    g = _game(DAY)
    g.enter(werewolf("fd", face_down=True))
    assert g.turn_face_up("fd").transforms == ()


# -- gaining and losing the abilities ----------------------------------------------------------------------


def test_702_145c_gaining_daybound_at_night_front_face_up_transforms_at_once() -> None:
    g = _game(NIGHT)
    g.enter(delver("d1"))
    outcome = g.set_abilities("d1", gained=[DAYBOUND])
    assert outcome.transforms == (Transform("d1", Side.BACK, "702.145c"),)


def test_702_145f_gaining_nightbound_at_day_back_face_up_transforms_at_once() -> None:
    g = _game(NIGHT)
    g.enter(delver("d1"))
    g.request_transform("d1", "its own trigger")  # Insectile Aberration (no keywords)
    g.become("day", "effect")
    assert g.face_of("d1") is Side.BACK
    outcome = g.set_abilities("d1", gained=[NIGHTBOUND])
    assert outcome.transforms == (Transform("d1", Side.FRONT, "702.145f"),)


def test_702_145d_gaining_daybound_while_neither_makes_it_day() -> None:
    g = _game(NEITHER)
    g.enter(plain("b1"))
    outcome = g.set_abilities("b1", gained=[DAYBOUND])
    assert outcome.changes[0].after is DAY
    assert outcome.transforms == ()  # single-faced: nothing to transform


def test_702_145b_losing_daybound_stops_the_transform_and_getting_it_back_transforms_at_once() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"), werewolf("w2"))
    g.set_abilities("w2", lost=[DAYBOUND])
    outcome = g.become("night", "effect")
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145b"),)
    assert g.face_of("w2") is Side.FRONT
    outcome = g.set_abilities("w2")  # the losing effect ends
    assert outcome.transforms == (Transform("w2", Side.BACK, "702.145c"),)


def test_702_145e_losing_nightbound_keeps_the_back_face_as_it_becomes_day() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1"))
    g.set_abilities("w1", lost=[NIGHTBOUND])
    assert g.become("day", "effect").transforms == ()
    assert g.face_of("w1") is Side.BACK


# -- "can't transform" restrictions of the host ------------------------------------------------------------


def test_restriction_holds_daybound_then_it_transforms_when_the_restriction_ends() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    assert g.add_restriction("w1", "Immerwolf").actions == ()
    outcome = g.become("night", "effect")
    assert outcome.transforms == ()
    assert g.face_of("w1") is Side.FRONT
    assert any("Immerwolf" in str(line) for line in outcome.trace)
    outcome = g.remove_restriction("w1", "Immerwolf")
    assert outcome.transforms == (Transform("w1", Side.BACK, "702.145c"),)


def test_restriction_two_restrictions_both_must_end() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1"))
    g.add_restriction("w1", "A")
    g.add_restriction("w1", "B")
    g.become("day", "effect")
    assert g.remove_restriction("w1", "A").transforms == ()
    assert g.remove_restriction("w1", "B").transforms == (Transform("w1", Side.FRONT, "702.145f"),)


def test_restriction_does_not_stop_entering_transformed_at_night() -> None:
    """Entering transformed is a replacement, not a transform: a "can't transform" effect doesn't stop it."""
    g = _game(NIGHT)
    outcome = g.enter(werewolf("w1", restrictions=frozenset({"Immerwolf"})))
    assert outcome.entered == (EnterFace("w1", Side.BACK, True, "702.145b"),)


# -- other transforms are refused (702.145b/e), for any card type ------------------------------------------


def test_ruling_moonmist_cannot_transform_a_daybound_creature() -> None:
    g = _game(DAY)
    g.enter(werewolf("w1"))
    outcome = g.request_transform("w1", "Moonmist")
    assert outcome.transforms == ()
    assert [(r.permanent, r.rule) for r in outcome.refused] == [("w1", "702.145b")]
    assert g.face_of("w1") is Side.FRONT


def test_ruling_moonmist_cannot_transform_a_nightbound_creature() -> None:
    g = _game(NIGHT)
    g.enter(werewolf("w1"))
    outcome = g.request_transform("w1", "Moonmist")
    assert [(r.permanent, r.rule) for r in outcome.refused] == [("w1", "702.145e")]
    assert g.face_of("w1") is Side.BACK


def test_702_145b_an_aura_with_daybound_refuses_other_transforms() -> None:
    g = _game(DAY)
    g.enter(curse("c1"))  # Curse of Leeches: Forge protects only creatures
    outcome = g.request_transform("c1", "Moonmist")
    assert outcome.transforms == () and len(outcome.refused) == 1
    g.become("night", "effect")
    assert g.request_transform("c1", "a host effect").refused[0].rule == "702.145e"
    assert g.face_of("c1") is Side.BACK


def test_702_145b_a_planeswalker_with_daybound_refuses_other_transforms() -> None:
    g = _game(DAY)
    g.enter(arlinn("a1", controller="P2"))
    outcome = g.request_transform("a1", "Moonmist")
    assert outcome.transforms == () and outcome.refused[0].rule == "702.145b"
    g.become("night", "effect")
    assert g.request_transform("a1", "Moonmist").refused[0].rule == "702.145e"


def test_701_27_other_transforming_permanents_are_still_transformed_on_request() -> None:
    g = _game(DAY)
    g.enter(delver("d1"))
    outcome = g.request_transform("d1", "Delver's upkeep trigger")
    assert outcome.transforms == (Transform("d1", Side.BACK, "701.27"),)
    assert outcome.refused == ()


def test_701_27_a_single_faced_permanent_does_not_transform_on_request() -> None:
    g = _game(DAY)
    g.enter(plain("b1"))
    assert g.request_transform("b1", "Moonmist").refused[0].rule == "701.27"


# -- permanents with daybound that can't transform ---------------------------------------------------------


def test_702_145d_single_faced_daybound_copy_makes_it_day_and_stays_as_it_is() -> None:
    g = _game(NEITHER)
    outcome = g.enter(single_faced_copy("cl"))
    assert [c.after for c in outcome.changes] == [DAY]
    outcome = g.become("night", "effect")
    assert outcome.transforms == ()
    assert g.face_of("cl") is Side.FRONT
    assert any(line.rule == "701.27" for line in outcome.trace)


def test_702_145b_single_faced_daybound_copy_entering_at_night_enters_as_it_is() -> None:
    g = _game(NIGHT)
    outcome = g.enter(single_faced_copy("cl"))
    assert outcome.entered == (EnterFace("cl", Side.FRONT, False, "702.145b"),)


def test_ruling_werewhat_with_an_instant_back_face_stays_daybound_at_night() -> None:
    g = _game(NEITHER)
    outcome = g.enter(werewhat("ww"))
    assert outcome.changes[0].after is DAY  # its daybound still works (702.145d)
    outcome = g.become("night", "effect")
    assert outcome.transforms == ()
    assert g.face_of("ww") is Side.FRONT
    assert g.permanent("ww").has(DAYBOUND)


def test_712_13a_instant_back_face_entering_at_night_does_not_enter() -> None:
    """The CR wins over an earlier reading of the Werewhat ruling: a permanent represented by a double-faced
    card with an instant back face would enter transformed at night (702.145b) and so does not enter (712.13a).
    (Werewhat itself enters single-faced; its back face is chosen by its enters ability, and the ruling that it
    stays daybound at night is about it once it is on the battlefield: see the test above.)"""
    g = _game(NIGHT)
    outcome = g.enter(werewhat("ww"))
    assert outcome.entered == () and [a.rule for a in outcome.not_entered] == ["712.13a"]
    assert outcome.transforms == ()


def test_702_145g_single_faced_nightbound_copy_makes_it_night_and_stays_at_day() -> None:
    g = _game(NEITHER)
    copy = Permanent("sm", "P2", SMASHER)  # hand-written: a single-faced copy of Tavern Smasher's face
    assert [c.after for c in g.enter(copy).changes] == [NIGHT]
    outcome = g.become("day", "effect")
    assert outcome.transforms == ()
    assert g.face_of("sm") is Side.FRONT and g.permanent("sm").has(NIGHTBOUND)
