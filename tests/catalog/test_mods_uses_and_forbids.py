"""TOML mods say what a card does with day and night (``uses``) and what its "it can't become day/night" ability
forbids (``forbids``, 731.1), as Forge scripts do; bad values are ModFileErrors naming the field."""

from __future__ import annotations

import pytest

from mtg_daynight.catalog.mods import ModFileError, parse_mod
from mtg_daynight.rules import Designation

HEAD = '[mod]\nname = "t"\n\n[[cards]]\nfront = { name = "Invented Dusk Angel" }\n'


def _card(extra: str):  # type: ignore[no-untyped-def]
    return parse_mod(HEAD + extra, "t.toml").cards[0].card


def test_731_1_a_mod_card_that_forbids_night_cares_about_day_night_but_needs_no_helper() -> None:
    card = _card('forbids = ["night"]\n')
    assert card.forbids == (Designation.NIGHT,) and card.uses == ("forbids_change",)
    assert card.kind == "reads_day_night" and not card.needs_helper


def test_a_mod_card_that_makes_it_day_or_night_mentions_it_and_needs_the_helper() -> None:
    card = _card('uses = ["triggers_on_change", "makes_day_night"]\n')
    assert card.uses == ("makes_day_night", "triggers_on_change")  # in the catalog's order
    assert card.mentions_day_night and card.kind == "mentions_day_night" and card.needs_helper


def test_a_mod_card_that_reads_day_night_is_listed_as_caring_about_it() -> None:
    assert _card('uses = ["reads_day_night"]\n').kind == "reads_day_night"


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ('uses = ["makes_night"]\n', "cards[0].uses[0]", "Invalid enum value .makes_night."),
        ('forbids = ["neither"]\n', "cards[0].forbids[0]", "Invalid enum value .neither."),
        ('uses = ["reads_day_night", "reads_day_night"]\n', "cards[0].uses", "twice"),
        ('uses = ["forbids_change"]\n', "cards[0].forbids", "say what it forbids"),
    ],
)
def test_bad_uses_or_forbids_are_refused_naming_the_field(extra: str, field: str, message: str) -> None:
    with pytest.raises(ModFileError, match=message) as error:
        _card(extra)
    assert error.value.problem.field == field


def test_the_toml_example_in_docs_mods_md_parses_with_its_uses_and_forbids() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "mods.md").read_text("utf-8")
    (example,) = [b for b in re.findall(r"```toml\n(.*?)```", doc, re.DOTALL) if "Warden of the Long Dusk" in b]
    warden = parse_mod(example, "example.toml").cards[1].card
    assert warden.uses == ("triggers_on_change", "forbids_change") and warden.forbids == (Designation.DAY,)
    assert warden.kind == "mentions_day_night"
