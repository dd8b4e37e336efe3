"""Forge's day/night vocabulary in mod scripts classifies a mod card: what it does with the designation (731.1).

FIXTURES: the scripts below are written for these tests in Forge's card-script layout. Where a script is modelled
on how Forge's own card scripts (github.com/Card-Forge/forge, forge-gui/res/cardsfolder/) write a form, the test
says which real card uses that form; the names here are INVENTED (not real Magic cards) and no script is copied.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.catalog import CatalogCard, load_database, scan_deck
from mtg_daynight.catalog.forge_script import parse_forge_script
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.mods import ModFileError
from mtg_daynight.decks import read_deck
from mtg_daynight.rules import Designation


def _card(*lines: str, name: str = "Invented Bellringer") -> CatalogCard:
    text = "\n".join((f"Name:{name}", "ManaCost:2 W", "Types:Creature Human", "PT:2/2", *lines)) + "\n"
    return parse_forge_script(text, "fixture.txt").cards[0].card


@pytest.mark.parametrize(
    ("lines", "uses"),
    [
        # an SVar holding the effect, run by a replacement (the form of Brimstone Vandal's enters-as-day)
        (["R:Event$ Moved | ValidCard$ Card.Self | Destination$ Battlefield | ReplaceWith$ MakeDay",
          "SVar:MakeDay:DB$ DayTime | Value$ Day"], ("makes_day_night",)),
        # an activated ability that switches it (the form of The Celestus)
        (["A:AB$ DayTime | Cost$ 3 T | Value$ Switch | SorcerySpeed$ True"], ("makes_day_night",)),
        (["A:SP$ DayTime | Value$ Night | SpellDescription$ It becomes night."], ("makes_day_night",)),
        # a trigger on the change (the form of Brimstone Vandal's and The Celestus's triggers)
        (["T:Mode$ DayTimeChanges | Execute$ Gain | TriggerZones$ Battlefield",
          "SVar:Gain:DB$ GainLife | LifeAmount$ 1"], ("triggers_on_change",)),
        # a condition on night (the form of Moonrager's Slash's cost reduction)
        (["S:Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ 2 | Condition$ Night"],
         ("reads_day_night",)),
        (["S:Mode$ Continuous | Affected$ Card.Self | AddPower$ 1 | Condition$ Day"], ("reads_day_night",)),
        # a count of night (the form of Wolf Strike and Olivia's Midnight Ambush)
        (["A:SP$ Pump | ValidTgts$ Creature | NumAtt$ +X", "SVar:X:Count$Night.3.1"], ("reads_day_night",)),
        (["T:Mode$ Phase | Phase$ Upkeep | DayTime$ Neither | Execute$ Nothing"], ("reads_day_night",)),
    ],
    ids=["svar-day", "ab-switch", "sp-night", "trigger", "condition-night", "condition-day", "count-night",
         "daytime-neither"],
)
def test_each_forge_form_gives_its_use(lines: list[str], uses: tuple[str, ...]) -> None:
    card = _card(*lines)
    assert card.uses == uses
    assert not card.day_night and card.forbids == ()


def test_a_card_that_makes_it_day_or_triggers_mentions_day_night_and_needs_the_helper() -> None:
    for lines in (["SVar:MakeDay:DB$ DayTime | Value$ Day"], ["T:Mode$ DayTimeChanges | Execute$ X"]):
        card = _card(*lines)
        assert card.mentions_day_night and card.needs_helper and card.kind == "mentions_day_night"


def test_a_card_that_only_reads_cares_about_day_night_without_needing_the_helper() -> None:
    card = _card("S:Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ 1 | Condition$ Night")
    assert card.kind == "reads_day_night" and not card.mentions_day_night and not card.needs_helper


def test_cant_change_day_time_forbids_what_new_time_says_or_both() -> None:
    # the form of Angel of Eternal Dawn ("It can't become night.")
    night = _card("S:Mode$ CantChangeDayTime | NewTime$ Night | Description$ It can't become night.")
    assert night.uses == ("forbids_change",) and night.forbids == (Designation.NIGHT,)
    assert night.kind == "reads_day_night"
    both = _card("S:Mode$ CantChangeDayTime | Description$ Day and night can't change.")
    assert both.forbids == (Designation.DAY, Designation.NIGHT)


def test_a_card_that_makes_it_day_and_forbids_night_lists_both_in_order() -> None:
    card = _card(
        "T:Mode$ ChangesZone | ValidCard$ Card.Self | Destination$ Battlefield | Execute$ Dawn",
        "SVar:Dawn:DB$ DayTime | Value$ Day",
        "S:Mode$ CantChangeDayTime | NewTime$ Night",
    )
    assert card.uses == ("makes_day_night", "forbids_change") and card.kind == "mentions_day_night"


def test_a_daybound_card_keeps_its_uses_and_stays_a_day_night_card() -> None:
    card = parse_forge_script(
        "Name:Invented Dawnhowler\nTypes:Creature Werewolf\nK:Daybound\nT:Mode$ DayTimeChanges | Execute$ X\n"
        "AlternateMode:DoubleFaced\nALTERNATE\nName:Invented Duskhowler\nTypes:Creature Werewolf\nK:Nightbound\n",
        "fixture.txt",
    ).cards[0].card
    assert card.kind == "day_night" and card.uses == ("triggers_on_change",) and not card.mentions_day_night


@pytest.mark.parametrize(
    "line",
    ["S:Mode$ Continuous | Condition$ Threshold", "T:Mode$ Phase | Phase$ Upkeep", "SVar:X:Count$CardPower",
     "DeckHas:Ability$LifeGain", "A:AB$ Mana | Produced$ Any", "Unknown:DB$ DayTime | Value$ Day"],
)
def test_other_lines_and_parameters_are_ignored(line: str) -> None:
    card = _card(line)
    assert card.uses == () and card.kind == "other"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("SVar:D:DB$ DayTime | Value$ Dusk", "line 5: a DayTime effect needs Value$ Day, Night or Switch, not 'Dusk'"),
        ("A:AB$ DayTime | Cost$ T", "line 5: a DayTime effect needs Value$ Day, Night or Switch, not None"),
        ("S:Mode$ CantChangeDayTime | NewTime$ Dawn", "line 5: CantChangeDayTime: NewTime$ is Day or Night"),
    ],
)
def test_a_malformed_day_night_ability_names_the_file_and_line(line: str, message: str) -> None:
    with pytest.raises(ModFileError) as caught:
        _card(line)
    assert str(caught.value).startswith(f"fixture.txt: {message}")
    assert caught.value.problem.line == 5 and caught.value.problem.path == "fixture.txt"


def test_deck_scan_lists_a_reading_card_as_caring_about_day_night_without_the_helper(
    data_dir: Path, mods_dir: Path, tmp_path: Path
) -> None:
    (mods_dir / "veto.txt").write_text(
        "Name:Invented Dawnkeeper\nTypes:Creature Angel\nS:Mode$ CantChangeDayTime | NewTime$ Night\n",
        encoding="utf-8",
    )
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text("1 Invented Dawnkeeper\n", encoding="utf-8")
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    scan = scan_deck(read_deck(deck_file), db)
    (entry,) = scan.entries
    assert (entry.status, entry.uses, entry.forbids) == ("reads_day_night", ("forbids_change",), ("night",))
    assert scan.needs_helper_card is False
