"""Every malformed input raises InputFileError naming the source, the line and the problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtg_daynight.decks import parse_deck, read_deck
from mtg_daynight.decks.limits import MAX_ENTRIES, MAX_FILE_BYTES, MAX_LINES
from mtg_daynight.errors import DayNightError, InputFileError


def fails(text: str, message: str, format: str | None = None) -> InputFileError:
    with pytest.raises(InputFileError) as caught:
        parse_deck(text, source="deck.txt", format=format)
    assert str(caught.value) == message
    return caught.value


@pytest.mark.parametrize(
    ("text", "format", "message"),
    [
        ("4 Mountain\n0 Forest\n", None, "deck.txt: line 2: count 0 is out of range: it must be 1 to 999"),
        ("1000 Forest\n", None, "deck.txt: line 1: count 1000 is out of range: it must be 1 to 999"),
        ("-1 Forest\n", "plain", "deck.txt: line 1: count -1 is out of range: it must be 1 to 999"),
        (
            "99999999999999999999 Forest\n",
            None,
            "deck.txt: line 1: count 99999999999999999999 is out of range: it must be 1 to 999",
        ),
        ("4 Mountain\n4\n", "plain", "deck.txt: line 2: count 4 has no card name after it"),
        ("4x\n", "plain", "deck.txt: line 1: count 4x has no card name after it"),
        ("SB:\n", "plain", "deck.txt: line 1: missing card name"),
        ("1996 World Champion\n", "plain", "deck.txt: line 1: count 1996 is out of range: it must be 1 to 999"),
        (
            "4 Mountain\nLightning Bolt\n",
            "mtgo",
            "deck.txt: line 2: expected a card line like '4 Card Name' or 'SB: 2 Card Name', got 'Lightning Bolt'",
        ),
        (
            "SB: Abrade\n",
            "mtgo",
            "deck.txt: line 1: expected a card line like '4 Card Name' or 'SB: 2 Card Name', got 'Abrade'",
        ),
        ("[Main]\n[]\n", "forge", "deck.txt: line 2: empty section header []"),
        ("[Main\n4 Mountain\n", "forge", "deck.txt: line 1: section header '[Main' has no closing ']'"),
        (
            "[metadata]\nName Werewolves\n",
            "forge",
            "deck.txt: line 2: expected Key=Value in [metadata], got 'Name Werewolves'",
        ),
        ("[Main]\n4 Mountain|M I D\n", "forge", "deck.txt: line 2: set code 'M I D' is not 1 to 12 letters and digits"),
        ("[Main]\n4 |MID|1\n", "forge", "deck.txt: line 2: missing card name"),
        ("4 Moun\x07tain\n", None, "deck.txt: line 1: card name contains the invalid character U+0007"),
        ("4 " + "A" * 201 + "\n", None, "deck.txt: line 1: card name is 201 characters long, the limit is 200"),
        ("4 Mountain\n" + "x" * 1001 + "\n", None, "deck.txt: line 2: line is 1001 characters long, the limit is 1000"),
        ("4 Mountain\n\x00\n", None, "deck.txt: line 2: contains a NUL character: this is not a text file"),
        ("", None, "deck.txt: no cards found (read as plain)"),
        ("// only a comment\n\n", None, "deck.txt: no cards found (read as plain)"),
        ("[metadata]\nName=Empty\n[Main]\n", None, "deck.txt: no cards found (read as forge)"),
        ("<Deck></Deck>", None, "deck.txt: no cards found (read as dek)"),
    ],
)
def test_line_errors(text: str, format: str | None, message: str) -> None:
    fails(text, message, format)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<Deck>&lol;</Deck>',
            "deck.txt: line 2: XML DOCTYPE declarations are not allowed in a .dek file",
        ),
        (
            '<Deck>\n<!ENTITY x SYSTEM "file:///etc/passwd">\n</Deck>',
            "deck.txt: line 2: XML ENTITY declarations are not allowed in a .dek file",
        ),
        (
            "<Deck>\n<Cards Quantity='1' Name='A'>\n</Deck>",
            "deck.txt: line 3: malformed XML: mismatched tag (column 3)",
        ),
        (
            "<Deck><Cards Quantity='1' Name='&foo;'/></Deck>",
            "deck.txt: line 1: malformed XML: undefined entity (column 7)",
        ),
        ("<", "deck.txt: line 1: malformed XML: unclosed token (column 1)"),
        (
            "<Collection>\n<Cards Quantity='1' Name='A'/>\n</Collection>",
            "deck.txt: line 1: the document element is <Collection>, expected <Deck>",
        ),
        ("<Deck>\n<Cards Quantity='1'/>\n</Deck>", "deck.txt: line 2: <Cards> has no Name attribute"),
        ("<Deck>\n<Cards Name='Abrade'/>\n</Deck>", "deck.txt: line 2: <Cards> has no Quantity attribute"),
        (
            "<Deck>\n<Cards Quantity='four' Name='Abrade'/>\n</Deck>",
            "deck.txt: line 2: Quantity 'four' is not a whole number",
        ),
        (
            "<Deck>\n<Cards Quantity='0' Name='Abrade'/>\n</Deck>",
            "deck.txt: line 2: count 0 is out of range: it must be 1 to 999",
        ),
        (
            "<Deck>\n<Cards Quantity='1' Sideboard='maybe' Name='Abrade'/>\n</Deck>",
            "deck.txt: line 2: Sideboard 'maybe' is neither true nor false",
        ),
        ("<Deck>\n<Cards Quantity='1' Name='  '/>\n</Deck>", "deck.txt: line 2: missing card name"),
        (
            "<Deck><Cards Quantity='1' Name='\ud800'/></Deck>",
            "deck.txt: not valid text (invalid character at position 32)",
        ),
    ],
)
def test_dek_errors(text: str, message: str) -> None:
    fails(text, message, None)


def test_doctype_is_refused_by_the_parser_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pre-check is the first line of defence; the expat handlers refuse declarations on their own."""
    from mtg_daynight.decks import dek

    monkeypatch.setattr(dek, "_DECLARATION", re.compile(r"(?!)"))
    refused = "deck.txt: line 1: XML DOCTYPE and ENTITY declarations are not allowed"
    fails('<!DOCTYPE Deck SYSTEM "http://example.invalid/x.dtd"><Deck/>', refused)
    fails('<!DOCTYPE Deck [<!ENTITY a "b">]><Deck/>', refused)


def test_errors_are_day_night_errors() -> None:
    assert issubclass(InputFileError, DayNightError)


def test_too_large_text() -> None:
    fails(
        "x" * (MAX_FILE_BYTES + 1),
        f"deck.txt: too large: {MAX_FILE_BYTES + 1} characters, the limit is {MAX_FILE_BYTES}",
    )


def test_too_many_lines() -> None:
    fails("\n" * (MAX_LINES + 1), f"deck.txt: too many lines: {MAX_LINES + 1}, the limit is {MAX_LINES}")


def test_too_many_entries() -> None:
    fails(
        "1 Mountain\n" * (MAX_ENTRIES + 1),
        f"deck.txt: line {MAX_ENTRIES + 1}: too many card entries: the limit is {MAX_ENTRIES}",
    )


def test_file_too_large(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"1 Mountain\n" * (MAX_FILE_BYTES // 10))
    with pytest.raises(InputFileError, match=rf"big\.txt: too large: more than {MAX_FILE_BYTES} bytes"):
        read_deck(path)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(
        InputFileError, match=r"nope\.dck: cannot read the deck file: No such file or directory"
    ) as caught:
        read_deck(tmp_path / "nope.dck")
    assert isinstance(caught.value.__cause__, FileNotFoundError)
    with pytest.raises(InputFileError, match="is a directory, not a regular file"):
        read_deck(tmp_path)


def test_undecodable_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.txt"
    path.write_bytes(b"4 Mountain\n\x81\x8d\n")
    with pytest.raises(
        InputFileError, match=r"binary\.txt: not text: neither UTF-8 nor Windows-1252 \(byte 0x81 at 11\)"
    ):
        read_deck(path)


def test_bad_utf16_file(tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_bytes(b"\xff\xfe4\x00 \x00M")
    with pytest.raises(InputFileError, match=r"odd\.txt: not valid UTF-16 text"):
        read_deck(path)
