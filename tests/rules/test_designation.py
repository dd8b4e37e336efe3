"""731.1, 731.2c, 702.145d and 702.145g: the game's designation and how it first becomes day or night."""

from __future__ import annotations

from mtg_daynight import DayNight, Designation, DesignationChange, Side, Transform

from .cards import curse, nightbound_up, plain, werewolf

DAY, NIGHT, NEITHER = Designation.DAY, Designation.NIGHT, Designation.NEITHER


def test_731_1_game_starts_neither() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    assert g.designation is NEITHER
    assert g.state.turn is None


def test_731_2c_no_check_while_neither() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    for turn in range(1, 7):  # nobody casts anything: a check would make day/night change
        outcome = g.untap_step(turn, "P1" if turn % 2 else "P2")
        assert outcome.changes == ()
        assert g.designation is NEITHER
        assert [str(line) for line in outcome.trace] == [
            f"731.2c: untap step of turn {turn}: it is neither day nor night, so there is no check"
        ]


def test_731_2c_neither_remains_neither_even_after_many_spells() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    for _ in range(3):
        g.cast("P1")
    g.untap_step(2, "P2")
    assert g.designation is NEITHER


def test_731_1_never_neither_again_even_with_no_daybound_left() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    assert g.designation is DAY
    g.leave("w1")
    assert g.designation is DAY  # not back to neither
    seen = set()
    for turn in range(2, 9):  # nobody casts: day -> night, then night stays night
        g.untap_step(turn, "P2" if turn % 2 else "P1")
        seen.add(g.designation)
    assert seen == {NIGHT}
    for turn in range(9, 13):  # two spells each turn: night -> day, then day stays day
        g.untap_step(turn, "P1")
        g.cast("P1")
        g.cast("P1")
        seen.add(g.designation)
    assert NEITHER not in seen
    assert g.designation is DAY


def test_731_1_once_day_or_night_exactly_one_designation_through_flips() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.become("night", "test: an effect")
    history = [g.designation]
    for turn in range(2, 12):
        g.untap_step(turn, "P1")
        if turn % 3 == 0:
            g.cast("P1")
            g.cast("P1")
        history.append(g.designation)
    assert set(history) == {DAY, NIGHT}


def test_702_145d_daybound_while_neither_makes_it_day() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    outcome = g.enter(werewolf("w1"))
    assert outcome.changes == (DesignationChange(NEITHER, DAY, "702.145d", False),)
    assert g.designation is DAY
    assert g.face_of("w1") is Side.FRONT
    assert outcome.transforms == ()


def test_702_145d_any_player_controlling_daybound_makes_it_day() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2", "P3"])
    g.untap_step(1, "P1")
    g.enter(curse("c1", controller="P3"))  # not the active player's, and an Aura
    assert g.designation is DAY


def test_702_145d_daybound_before_the_first_turn_makes_it_day() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.enter(werewolf("w1"))  # e.g. a "begin the game with it on the battlefield" effect
    assert g.designation is DAY


def test_702_145d_plain_permanents_do_not_make_it_day() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    outcome = g.enter(plain("b1"), plain("b2"))
    assert outcome.actions == ()
    assert g.designation is NEITHER


def test_702_145g_nightbound_alone_makes_it_night() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    outcome = g.enter(nightbound_up("n1"))
    assert outcome.changes == (DesignationChange(NEITHER, NIGHT, "702.145g", False),)
    assert g.designation is NIGHT
    assert g.face_of("n1") is Side.BACK
    assert outcome.transforms == ()


def test_ruling_nightbound_alone_while_neither_cr_702_145g_wins_night_not_day() -> None:
    """Gatherer: "... there are no permanents with daybound on the battlefield, it becomes day." The CR says
    night (702.145g) and the CR wins."""
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(plain("b1"), nightbound_up("n1", controller="P2"))
    assert g.designation is NIGHT
    assert g.designation is not DAY


def test_ruling_daybound_and_nightbound_at_once_make_it_day_and_the_nightbound_one_transforms() -> None:
    for order in ((werewolf("d1"), nightbound_up("n1")), (nightbound_up("n1"), werewolf("d1"))):
        g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
        g.untap_step(1, "P1")
        outcome = g.enter(*order)
        assert g.designation is DAY
        assert [c.after for c in outcome.changes] == [DAY]  # never night first
        assert outcome.transforms == (Transform("n1", Side.FRONT, outcome.transforms[0].rule),)
        assert outcome.transforms[0].rule in ("702.145e", "702.145f")
        assert g.face_of("n1") is Side.FRONT
        assert g.face_of("d1") is Side.FRONT


def test_702_145g_not_night_while_a_daybound_permanent_is_on_the_battlefield() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("d1"))
    outcome = g.enter(nightbound_up("n1"))  # day now: the nightbound one simply transforms (702.145f)
    assert g.designation is DAY
    assert outcome.transforms == (Transform("n1", Side.FRONT, "702.145f"),)


def test_702_145g_face_down_daybound_does_not_stop_nightbound_making_it_night() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("fd", face_down=True))  # 708.2: no abilities, so no daybound on the battlefield
    assert g.designation is NEITHER
    g.enter(nightbound_up("n1"))
    assert g.designation is NIGHT


def test_702_145g_phased_out_daybound_does_not_stop_nightbound_making_it_night() -> None:
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("d1", face_down=True))
    g.phase_out("d1")
    g.turn_face_up("d1")  # phased out: treated as though it does not exist (702.26b)
    assert g.designation is NEITHER
    g.enter(nightbound_up("n1"))
    assert g.designation is NIGHT
    assert g.face_of("d1") is Side.FRONT  # phased out: left alone
    outcome = g.phase_in("d1")
    assert outcome.transforms == (Transform("d1", Side.BACK, "702.145c"),)
