"""701.28: converting follows the transform rules (701.28a), and a permanent that can't transform can't convert
(701.28f). A host reports an instruction to convert as a transform request; daybound's and nightbound's "can't
transform except due to" (702.145b/e) refuses it like any other."""

from __future__ import annotations

from mtg_daynight import DayNight, Game, Side

from .cards import delver, werewolf


def _day_game() -> Game:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1", controller="P1"))
    return g


def test_701_28f_a_daybound_permanent_can_not_convert_either() -> None:
    g = _day_game()
    outcome = g.request_transform("w1", "an effect that converts it")
    [refused] = outcome.refused
    assert refused.rule == "702.145b" and outcome.transforms == ()
    assert g.face_of("w1") is Side.FRONT


def test_701_28f_a_host_restriction_on_transforming_also_stops_converting() -> None:
    g = _day_game()
    g.enter(delver("d1", controller="P1"))
    g.add_restriction("d1", "Immerwolf")
    [refused] = g.request_transform("d1", "an effect that converts it").refused
    assert "Immerwolf" in refused.reason
    g.remove_restriction("d1", "Immerwolf")
    [transform] = g.request_transform("d1", "an effect that converts it").transforms
    assert (transform.permanent, transform.to) == ("d1", Side.BACK)


def test_701_28a_converting_turns_a_double_faced_permanent_over_like_a_transform() -> None:
    g = _day_game()
    g.enter(delver("d1", controller="P1"))
    for face in (Side.BACK, Side.FRONT):
        [transform] = g.request_transform("d1", "an effect that converts it").transforms
        assert (transform.permanent, transform.to) == ("d1", face)
        assert g.face_of("d1") is face
