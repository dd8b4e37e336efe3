"""The card-database plugin through DayNight + CardPermanent (HAND-WRITTEN FIXTURE snapshot)."""

from __future__ import annotations

from pathlib import Path

import pluggy
import pytest
from catalog_fixture import write_fixture

from mtg_daynight import BadEventError, CardPermanent, DayNight, Designation, Face, Keyword, Permanent, Side
from mtg_daynight.catalog import CardDatabase, CardDataPlugin
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.manager import install


def _daynight(db: CardDatabase) -> DayNight:
    return DayNight(autoload=False, card_data=db)


def test_card_faces_hook_answers_from_the_data(db: CardDatabase) -> None:
    faces = CardDataPlugin(db).daynight_card_faces(card="tavern ruffian")
    assert faces is not None and faces.day_night
    assert faces.name == "Tavern Ruffian // Tavern Smasher"
    assert faces.front == Face("Tavern Ruffian", daybound=True)
    assert faces.back == Face("Tavern Smasher", nightbound=True)


def test_known_non_day_night_card_says_so(db: CardDatabase) -> None:
    faces = CardDataPlugin(db).daynight_card_faces(card="Brimstone Vandal")
    assert faces is not None and not faces.day_night and faces.back is None


def test_unknown_card_gives_none(db: CardDatabase) -> None:
    assert CardDataPlugin(db).daynight_card_faces(card="Lightning Bolt") is None


def test_702_145g_card_identity_daybound_permanent_makes_it_day(db: CardDatabase) -> None:
    game = _daynight(db).new_game("g", ("alice", "bob"))
    game.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"))
    assert game.designation is Designation.DAY
    assert game.face_of("p1") is Side.FRONT


def test_702_145b_card_identity_by_printed_name_enters_back_face_up_at_night(db: CardDatabase) -> None:
    game = _daynight(db).new_game("g", ("alice", "bob"))
    game.become("night", "test")
    game.enter(CardPermanent("p1", "alice", card="Tavernenrüpel"))
    assert game.face_of("p1") is Side.BACK


def test_702_145a_card_identity_known_non_day_night_card_is_traced(db: CardDatabase) -> None:
    game = _daynight(db).new_game("g", ("alice", "bob"))
    outcome = game.enter(CardPermanent("v", "alice", card="Brimstone Vandal"))
    assert game.designation is Designation.NEITHER
    assert any("not a day/night card" in line.text for line in outcome.trace)


def test_unknown_card_identity_is_refused(db: CardDatabase) -> None:
    game = _daynight(db).new_game("g", ("alice", "bob"))
    with pytest.raises(BadEventError, match="unknown card 'Lightning Bolt'"):
        game.enter(CardPermanent("x", "alice", card="Lightning Bolt"))
    assert game.designation is Designation.NEITHER


def test_a_host_stated_permanent_overrides_the_data(db: CardDatabase) -> None:
    game = _daynight(db).new_game("g", ("alice", "bob"))
    copy = Permanent("c", "alice", Face("Tavern Ruffian"))  # a single-faced copy without daybound
    game.enter(copy)
    assert game.designation is Designation.NEITHER
    game.enter(CardPermanent("p", "alice", card="Tavern Ruffian", lost=frozenset({Keyword.DAYBOUND})))
    assert game.designation is Designation.NEITHER


def test_a_plugin_registered_later_answers_first(db: CardDatabase) -> None:
    class Custom:
        from mtg_daynight.hookspecs import hookimpl

        @hookimpl
        def daynight_card_faces(self, card: str) -> object:
            from mtg_daynight.rules import CardFaces

            return CardFaces("House Card", Face("House Card", daybound=True)) if card == "House Card" else None

    pm = pluggy.PluginManager(PROJECT)
    install(pm, card_data=db)
    pm.register(Custom())
    game = DayNight(pm).new_game("g", ("a",))
    game.enter(CardPermanent("h", "a", card="House Card"))
    assert game.designation is Designation.DAY
    game.enter(CardPermanent("r", "a", card="Brutal Cathar"))  # falls through to the card data


def test_explain_tells_typos_from_unknown_cards(db: CardDatabase) -> None:
    plugin = CardDataPlugin(db)
    assert plugin.explain("Tavern Rufian").startswith(
        "'Tavern Rufian' is not in the card data: a typo; did you mean 'Tavern Ruffian'"
    )
    assert plugin.explain("Brutale Kathare").startswith(  # the fixture has no non-English name of Brutal Cathar
        "'Brutale Kathare' is not in the card data: a typo (or a name in another language, which the card data does "
        "not hold for it); did you mean 'Brutal Cathar'"
    )
    assert plugin.explain("Lightning Bolt").startswith(
        "'Lightning Bolt' is not a day/night card: the card data holds only day/night cards"
    )
    assert "a day/night card" in plugin.explain("Brutal Cathar")
    no_data = CardDataPlugin(CardDatabase(()))
    assert plugin.explain("Lightning Bolt") != no_data.explain("Lightning Bolt")
    assert no_data.explain("Tavern Ruffian") == (
        "'Tavern Ruffian' is unknown: no card data is loaded (no snapshot in the data directory), only community mod "
        "cards are known"
    )


def test_each_manager_gets_its_own_card_data_plugin_only_when_it_asks() -> None:
    """DayNight() registers a card-data plugin of its own (no object shared between managers); install(pm) and
    card_data=False register none; a manager that holds its own "daynight-card-data" plugin keeps it."""
    first, second = DayNight(autoload=False), DayNight(autoload=False)
    one, two = first.pm.get_plugin(CARD_DATA_PLUGIN_NAME), second.pm.get_plugin(CARD_DATA_PLUGIN_NAME)
    assert isinstance(one, CardDataPlugin) and isinstance(two, CardDataPlugin) and one is not two
    assert DayNight(autoload=False, card_data=False).pm.get_plugin(CARD_DATA_PLUGIN_NAME) is None
    bare = pluggy.PluginManager(PROJECT)
    install(bare)
    assert bare.get_plugin(CARD_DATA_PLUGIN_NAME) is None
    own = CardDataPlugin(CardDatabase(()))
    assert DayNight(autoload=False, card_data=own).pm.get_plugin(CARD_DATA_PLUGIN_NAME) is own
    install(bare, card_data=own)
    assert DayNight(bare, card_data=True).pm.get_plugin(CARD_DATA_PLUGIN_NAME) is own


def test_without_card_data_a_card_permanent_is_an_unknown_card() -> None:
    game = DayNight(autoload=False, card_data=False).new_game("g", ("alice", "bob"))
    with pytest.raises(BadEventError, match="unknown card 'Tavern Ruffian'"):
        game.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"))


def test_the_card_database_is_located_and_read_once_per_manager_and_a_new_manager_sees_a_new_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_daynight.catalog import load
    from mtg_daynight.importer.store import DATA_DIR_ENV

    located: list[object] = []
    find_snapshot = load.find_snapshot
    monkeypatch.setattr(load, "find_snapshot", lambda *a: located.append(a) or find_snapshot(*a))
    directory = tmp_path / "data"
    directory.mkdir()  # no snapshot yet: only community mod cards are known
    monkeypatch.setenv(DATA_DIR_ENV, str(directory))
    before = DayNight(autoload=False).new_game("g", ("alice", "bob"))
    with pytest.raises(BadEventError, match="unknown card 'Tavern Ruffian'"):
        before.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"))
    write_fixture(directory)  # a snapshot imported while that manager lives
    for n in range(3):
        with pytest.raises(BadEventError, match="unknown card 'Tavern Ruffian'"):
            before.enter(CardPermanent(f"p{n}", "alice", card="Tavern Ruffian"))
    assert len(located) == 1  # located and read on the first card, kept for the manager's life
    after = DayNight(autoload=False).new_game("g", ("alice", "bob"))
    after.enter(CardPermanent("p1", "alice", card="Tavern Ruffian"), CardPermanent("p2", "alice", card="Brutal Cathar"))
    assert after.face_of("p1") is Side.FRONT and len(located) == 2  # a new DayNight sees the new snapshot
