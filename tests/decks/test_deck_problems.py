"""Every problem of a deck file is reported (not only the first), with its line; junk names and absurd counts are
problems; only regular files are read, and reading never blocks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtg_daynight.decks import DeckFileError, DeckProblem, parse_deck, read_deck
from mtg_daynight.decks.limits import MAX_ENTRIES
from mtg_daynight.decks.problems import MAX_PROBLEMS
from mtg_daynight.errors import InputFileError
from tests.bounded import error_within


def problems(text: str, format: str | None = None) -> tuple[DeckProblem, ...]:
    with pytest.raises(DeckFileError) as caught:
        parse_deck(text, source="deck.txt", format=format)
    return caught.value.problems


@pytest.mark.parametrize("format", ["plain", "mtgo", "forge", "arena"])
def test_every_bad_line_is_reported_not_only_the_first(format: str) -> None:
    text = "4 Tavern Ruffian\n0 Lightning Bolt\n4 Brutal Cathar\n-3 Mountain\n1000 Forest\n2 Abrade\n"
    found = problems(text, format)
    assert [p.line for p in found] == [2, 4, 5]
    assert [p.message for p in found] == [
        "count 0 is out of range: it must be 1 to 999",
        "count -3 is out of range: it must be 1 to 999",
        "count 1000 is out of range: it must be 1 to 999",
    ]


def test_the_error_message_is_one_line_per_problem_each_naming_file_and_line() -> None:
    with pytest.raises(DeckFileError) as caught:
        parse_deck("0 A\n4 B\n1 {{7*7}}\n", source="deck.txt", format="plain")
    assert str(caught.value).splitlines() == [
        "deck.txt: line 1: count 0 is out of range: it must be 1 to 999",
        "deck.txt: line 3: card name '{{7*7}}' contains '{', which no card name has",
    ]
    assert isinstance(caught.value, InputFileError)
    assert caught.value.source == "deck.txt" and not caught.value.fatal


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4 {{7*7}}", "card name '{{7*7}}' contains '{', which no card name has"),
        ("4 ${7*7}", "card name '${7*7}' contains '{', which no card name has"),
        ("4 <%= 7*7 %>", "card name '<%= 7*7 %>' contains '<', which no card name has"),
        ("4 <img src=x onerror=alert(1)>", "card name '<img src=x onerror=alert(1)>' contains '<', which no card name "
         "has"),
        ("4 Tavern\\x41Ruffian", "card name 'Tavern\\\\x41Ruffian' contains '\\\\', which no card name has"),
        ("4 ---", "card name '---' has no letter or digit: no card is named so"),
        ("4 Tavern\x1b[31mRuffian", "card name contains the invalid character U+001B"),
        ("4 Tavern\x9b31mRuffian", "card name contains the invalid character U+009B"),
    ],
)
def test_names_no_card_can_have_are_reported_with_their_line(line: str, message: str) -> None:
    assert problems(f"4 Tavern Ruffian\n{line}\n", "plain") == (DeckProblem(2, message),)


def test_real_names_with_unusual_characters_are_kept() -> None:
    text = (
        "1 _____\n1 Ach! Hans, Run!\n1 B.F.M. (Big Furry Monster)\n1 Surgeon ~General~ Commander\n"
        "1 Look at Me, I'm R&D\n1 Question Elemental?\n1 1996 World Champion\n1 +2 Mace\n1 Borrowing 100,000 Arrows\n"
    )
    deck = parse_deck(text, format="plain")
    assert [e.name for e in deck.entries][:3] == ["_____", "Ach! Hans, Run!", "B.F.M. (Big Furry Monster)"]
    assert len(deck.entries) == 9


def test_bidi_and_zero_width_characters_are_dropped_and_odd_spaces_made_spaces() -> None:
    deck = parse_deck("4 Tavern \u202eRuffian\u200b\n4 Tavern\x85Ruffian\n4 Tavern\u2028Ruffian\n", format="plain")
    assert [e.name for e in deck.entries] == ["Tavern Ruffian"] * 3


@pytest.mark.parametrize("count", ["4.5", "1e3", "0x10", "2,5", "3.", "x", "X", "\u00d7"])
@pytest.mark.parametrize("fmt", ["plain", "forge", "mtgo", "arena"])
def test_counts_that_are_not_whole_numbers_are_reported(count: str, fmt: str) -> None:
    assert problems(f"4 Tavern Ruffian\n{count} Brutal Cathar\n", fmt) == (
        DeckProblem(2, f"count {count} is not a whole number from 1 to 999"),
    )


def test_a_forge_line_with_an_x_for_its_count_is_a_bad_count_with_its_line_not_a_card_name() -> None:
    text = "[metadata]\nName=Hostile\n[Main]\n4 Tavern Ruffian|MID\nx Village Watch\n"
    assert problems(text, "forge") == (DeckProblem(5, "count x is not a whole number from 1 to 999"),)


def test_dek_reports_every_bad_cards_element_then_malformed_xml() -> None:
    text = (
        "<Deck>\n<Cards Quantity='0' Name='A'/>\n<Cards Quantity='1' Name='B'/>\n"
        "<Cards Quantity='1' Name='{{x}}'/>\n<Cards>\n</Deck>"
    )
    found = problems(text)
    assert [p.line for p in found] == [2, 4, 5, 6]
    assert found[-1].message == "malformed XML: mismatched tag (column 3)"


def test_dek_nested_100k_levels_deep_parses_without_recursion() -> None:
    text = "<Deck>" + "<a>" * 100_000 + "</a>" * 100_000 + "<Cards Quantity='1' Name='Tavern Ruffian'/></Deck>"
    assert [e.name for e in parse_deck(text, source="deep.dek").entries] == ["Tavern Ruffian"]


def test_a_read_stops_after_max_problems() -> None:
    found = problems("0 A\n" * (MAX_PROBLEMS + 50), "plain")
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1] == DeckProblem(None, f"stopped after {MAX_PROBLEMS} problems")


def test_a_fatal_problem_keeps_the_problems_before_it() -> None:
    text = "0 A\n" + "1 Mountain\n" * (MAX_ENTRIES + 1)
    found = problems(text, "plain")
    assert found[0] == DeckProblem(1, "count 0 is out of range: it must be 1 to 999")
    assert found[-1] == DeckProblem(MAX_ENTRIES + 2, f"too many card entries: the limit is {MAX_ENTRIES}")


@pytest.mark.parametrize(("text", "format"), [
    ("[metadata]\nName=Fixture Wolves\n[Main]\n4 Tavern Ruffian|MID\n0 Lightning Bolt\n", "forge"),
    ("[metadata]\nName Wolves\nName=Fixture Wolves\n[Main]\n4 Tavern Ruffian|MID\n", "forge"),  # bad metadata line
    ("[Main]\n4 Tavern Ruffian|MID\n1 {{x}}\n[metadata]\nName=Fixture Wolves\n", "forge"),  # name after it
    ("About\nName Fixture Wolves\n\nDeck\n4 Tavern Ruffian (MID) 163\n0 Lightning Bolt (STA) 42\n", "arena"),
])
def test_a_deck_with_a_bad_line_keeps_its_name(text: str, format: str) -> None:
    with pytest.raises(DeckFileError) as caught:
        parse_deck(text, source="deck.dck", format=format)
    partial = caught.value.partial
    assert partial is not None and len(caught.value.problems) == 1
    assert partial.name == "Fixture Wolves"
    assert [(e.count, e.name) for e in partial.entries] == [(4, "Tavern Ruffian")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    error = error_within(10, lambda: read_deck(fifo))
    assert isinstance(error, DeckFileError)
    assert str(error) == f"{fifo}: is a FIFO (named pipe), not a regular file: a deck file must be a regular file"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused() -> None:
    error = error_within(10, lambda: read_deck("/dev/zero"))
    assert isinstance(error, DeckFileError)
    assert "is a character device, not a regular file" in str(error)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError, match="is a directory, not a regular file"):
        read_deck(tmp_path)


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("4 Tavern Ruffian\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert read_deck(link).entries[0].name == "Tavern Ruffian"


def test_a_plain_list_skips_rules_between_groups_but_not_counted_junk() -> None:
    deck = parse_deck("Creatures\n----------\n4 Tavern Ruffian\n* * *\n===\n2 Brutal Cathar\n", format="plain")
    assert [(e.count, e.name) for e in deck.entries] == [(1, "Creatures"), (4, "Tavern Ruffian"), (2, "Brutal Cathar")]
    assert problems("4 Tavern Ruffian\n4 ---\n", "plain") == (
        DeckProblem(2, "card name '---' has no letter or digit: no card is named so"),
    )


def test_the_error_survives_pickling_with_its_problems() -> None:
    import pickle

    with pytest.raises(DeckFileError) as caught:
        parse_deck("0 A\n4 B\n1 {{x}}\n", source="deck.txt", format="plain")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.source, copy.problems, copy.fatal, str(copy)) == (
        "deck.txt", caught.value.problems, False, str(caught.value)
    )


def test_the_error_keeps_the_deck_name_through_pickling() -> None:
    import pickle

    with pytest.raises(DeckFileError) as caught:
        parse_deck("[metadata]\nName=Wolves\n[Main]\n4 A\n0 B\n", source="deck.dck", format="forge")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert copy.partial is not None and copy.partial.name == "Wolves"
