"""Forge card scripts (``.txt`` in a mod directory) as mod cards: read, validated with file and line, scanned in a
Forge deck and played through CardPermanent.

Every card here is INVENTED for the tests (fan-made names, not real Magic cards); the scripts follow Forge's
card-script layout (``Key:Value`` lines, ``ALTERNATE`` before the back face), see docs/mods.md.
"""

from __future__ import annotations

from pathlib import Path

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight import CardPermanent, DayNight, Designation, Face, Side
from mtg_daynight.catalog import CardDataPlugin, load_database, scan_deck
from mtg_daynight.catalog.forge_script import parse_forge_script
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.plugin import CARD_DATA_PLUGIN_NAME
from mtg_daynight.decks import read_deck
from mtg_daynight.errors import InputFileError
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.manager import install

#: An invented werewolf, written the way Forge scripts a daybound/nightbound card.
HOWLER = """\
Name:Gloomwood Lamplighter
ManaCost:1 G
Types:Creature Human Werewolf
PT:2/2
T:Mode$ ChangesZone | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigPump | TriggerDescription$ x
SVar:TrigPump:DB$ Pump | Defined$ Self | NumAtt$ +1
K:Daybound
SVar:PlayMain1:TRUE
AlternateMode:DoubleFaced
Oracle:Daybound (If a player casts no spells during their own turn, it becomes night next turn.)

ALTERNATE

Name:Gloomwood Lampsnuffer
ManaCost:no cost
Colors:green
Types:Creature Werewolf
PT:4/4
K:Trample
K:Nightbound
Oracle:Nightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)
"""

#: An invented single-faced card that makes it day, without the keywords.
DAWNCALLER = """\
Name:Invented Dawncaller
ManaCost:W
Types:Creature Human Cleric
PT:1/1
Oracle:If it's neither day nor night, it becomes day as Invented Dawncaller enters the battlefield.
"""


def test_702_145a_a_forge_script_is_a_day_night_mod_card() -> None:
    loaded = parse_forge_script(HOWLER, "howler.txt")
    (entry,) = loaded.cards
    card = entry.card
    assert card.name == "Gloomwood Lamplighter // Gloomwood Lampsnuffer"
    assert card.front == Face("Gloomwood Lamplighter", daybound=True)
    assert card.back == Face("Gloomwood Lampsnuffer", nightbound=True)
    assert card.community and card.day_night and not card.mentions_day_night and not entry.override
    assert loaded.info.description == "Forge card script"


def test_a_single_faced_script_that_makes_it_day_mentions_day_night() -> None:
    card = parse_forge_script(DAWNCALLER, "dawn.txt").cards[0].card
    assert card.back is None and not card.day_night and card.mentions_day_night and card.needs_helper


def test_712_10_an_instant_face_from_its_types_line() -> None:
    card = parse_forge_script("Name:Invented Flash\nTypes:Instant\n", "i.txt").cards[0].card
    assert card.front.instant_or_sorcery


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Types:Creature\nK:Daybound\n", "s.txt: line 1: the script has no Name: line"),
        (HOWLER.replace("Name:Gloomwood Lampsnuffer\n", ""),
         "s.txt: line 12: the ALTERNATE face (line 12) has no Name: line"),
        (HOWLER.replace("K:Daybound", "K:Nightbound"),
         "s.txt: line 7: K: nightbound belongs on the back face (702.145a)"),
        (HOWLER.replace("K:Trample", "K:Daybound"), "s.txt: line 19: K: daybound belongs on the front face (702.145a)"),
        (HOWLER.replace("SVar:PlayMain1:TRUE", "K:Daybound"), "s.txt: line 8: K: a keyword is repeated"),
        (HOWLER.replace("AlternateMode:DoubleFaced\n", ""),
         "s.txt: line 11: no AlternateMode line: a card whose ALTERNATE face has nightbound must say "
         "AlternateMode:DoubleFaced (a double-faced card, 702.145a)"),
        (HOWLER.replace("AlternateMode:DoubleFaced", "AlternateMode:Modal"),
         "s.txt: line 9: AlternateMode:Modal: a card whose ALTERNATE face has nightbound must say "
         "AlternateMode:DoubleFaced (a double-faced card, 702.145a)"),
        ("Name:Invented One\nAlternateMode:DoubleFaced\n",
         "s.txt: line 2: AlternateMode:DoubleFaced but no ALTERNATE face follows"),
        (HOWLER + "\nALTERNATE\nName:Third\n", "s.txt: line 23: a second ALTERNATE: a mod card has at most two faces"),
        ("Name:Invented One\nName:Invented Two\n",
         "s.txt: line 2: a second Name: line in one face (the first is line 1)"),
        ("Name:Invented One\nthis is not a script line\n",
         "s.txt: line 2: expected a Forge script line like 'Name:Card Name', got 'this is not a script line'"),
        ("Name:\n", "s.txt: line 1: Name: must not be empty"),
        ("Name:Half // Half\n",
         "s.txt: line 1: Name: 'Half // Half': a face name has no '/' and no control characters"),
        ("Name:Bad\x1bName\n", "s.txt: line 1: Name: 'Bad\\x1bName': a face name has no '/' and no control characters"),
        (b"Name:\xff\n", "s.txt: not UTF-8 text (byte 5)"),
        ("[metadata]\nCode=INV\n[cards]\nC Invented One\n",
         "s.txt: line 1: '[metadata]' is a section header: this is a Forge edition or deck file, not a card script "
         "(point --mods at the folder of card scripts, such as Forge's custom/cards)"),
        ("Name:{{7*7}}\n", "s.txt: line 1: Name: '{{7*7}}' contains '{', which no card name has"),
    ],
)
def test_script_errors_name_the_file_and_the_line(text: str | bytes, message: str) -> None:
    with pytest.raises(InputFileError) as caught:
        parse_forge_script(text, "s.txt")
    assert str(caught.value) == message


@pytest.mark.parametrize("mode", ["Split", "Adventure", "Flip", "Modal"])
def test_712_9_a_card_of_another_alternate_mode_never_transforms_and_is_read_as_its_first_face(mode: str) -> None:
    text = f"Name:Invented Fire\nTypes:Instant\nAlternateMode:{mode}\n\nALTERNATE\n\nName:Invented Ice\nTypes:Instant\n"
    card = parse_forge_script(text, "s.txt").cards[0].card
    assert (card.name, card.back, card.day_night) == ("Invented Fire", None, False)


def test_unknown_keys_and_blank_lines_are_ignored_and_a_bom_accepted() -> None:
    text = "\ufeffName:Invented One\nDeckHas:Ability$Token\nSomeFutureKey:whatever: with colons\n\n\n"
    assert parse_forge_script(text.encode(), "s.txt").cards[0].card.name == "Invented One"


def _mods(tmp_path: Path) -> Path:
    mods = tmp_path / "forge-mods"
    mods.mkdir()
    (mods / "gloomwood_lamplighter_gloomwood_lampsnuffer.txt").write_text(HOWLER, encoding="utf-8")
    (mods / "invented_dawncaller.txt").write_text(DAWNCALLER, encoding="utf-8")
    return mods


def test_a_forge_deck_of_the_modders_werewolves_scans_and_the_cards_play(data_dir: Path, tmp_path: Path) -> None:
    db = load_database(data_dir, [_mods(tmp_path)], default_mods=False, cache=DatabaseCache())
    deck_file = tmp_path / "howlers.dck"
    deck_file.write_text(
        "[metadata]\nName=Invented Howlers\n[Main]\n4 Gloomwood Lamplighter|CUSTOM\n2 Invented Dawncaller|CUSTOM\n"
        "4 Tavern Ruffian|MID\n18 Forest\n",
        encoding="utf-8",
    )
    scan = scan_deck(read_deck(deck_file), db)
    assert [(e.written, e.status, e.community) for e in scan.entries] == [
        ("Gloomwood Lamplighter", "day_night", True),
        ("Invented Dawncaller", "mentions_day_night", True),
        ("Tavern Ruffian", "day_night", False),
        ("Forest", "not_in_data", False),
    ]
    assert scan.needs_helper_card is True

    pm = pluggy.PluginManager(PROJECT)
    pm.register(CardDataPlugin(db), name=CARD_DATA_PLUGIN_NAME)
    install(pm)
    game = DayNight(pm).new_game("g", ("alice", "bob"))
    game.enter(CardPermanent("p1", "alice", card="Gloomwood Lamplighter"))
    assert game.designation is Designation.DAY  # 702.145g: a daybound permanent makes it day
    game.become("night", "test")
    assert game.face_of("p1") is Side.BACK  # 702.145b: at night it transforms to Gloomwood Lampsnuffer
    game.enter(CardPermanent("p2", "bob", card="gloomwood lampsnuffer"))
    assert game.face_of("p2") is Side.BACK


def test_the_forge_script_example_in_docs_mods_md_is_a_day_night_card() -> None:
    import re

    doc = (Path(__file__).parents[2] / "docs" / "mods.md").read_text("utf-8")
    (example,) = [b for b in re.findall(r"```text\n(.*?)```", doc, re.DOTALL) if b.startswith("Name:")]
    card = parse_forge_script(example, "gloomwood_lamplighter.txt").cards[0].card
    assert card.name == "Gloomwood Lamplighter // Gloomwood Lampsnuffer"
    assert card.front.daybound and card.back is not None and card.back.nightbound


_SCRIPT_LINES = st.lists(
    st.one_of(
        st.sampled_from([
            "", "ALTERNATE", "AlternateMode:DoubleFaced", "AlternateMode:Split", "K:Daybound", "K:Nightbound",
            "K:Trample", "Name:Invented Wolf", "Name:Invented Beast", "Types:Instant", "Oracle:it becomes night",
            "PT:2/2", "SVar:X:Count$Y",
        ]),
        st.text(max_size=30),
    ),
    max_size=25,
).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), _SCRIPT_LINES))
def test_any_text_is_a_card_or_an_input_file_error_naming_the_file(text: str) -> None:
    try:
        loaded = parse_forge_script(text, "s.txt")
    except InputFileError as error:
        assert str(error).startswith("s.txt: ")
    else:
        card = loaded.cards[0].card
        assert not card.front.nightbound and (card.back is None or not card.back.daybound)  # 702.145a
