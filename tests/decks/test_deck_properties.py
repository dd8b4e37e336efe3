"""Property tests: the readers never fail with anything but InputFileError, and plain lists round-trip."""

from __future__ import annotations

import contextlib
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.decks import FORMATS, Deck, DeckEntry, parse_deck, read_deck, to_plain
from mtg_daynight.decks.model import CANONICAL_SECTIONS
from mtg_daynight.errors import InputFileError

# Text made of the characters deck files are made of, so the parsers' branches are actually reached.
_DECKISH = st.text(
    alphabet=st.sampled_from(list("0123456789 xX\n\r\t/|[]()<>=:#*+-_'\",.&;!?SBsbDeckMainAbout\u00e9\u200b\x00")),
    max_size=300,
)
_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "",
                "Deck",
                "Sideboard",
                "About",
                "Name Wolves",
                "[Main]",
                "[metadata]",
                "Name=X",
                "// Sideboard",
                "# c",
                "SB: 2 Abrade",
                "<Deck>",
                "</Deck>",
                "<Cards Quantity='4' Name='Mountain'/>",
                "4 Tavern Ruffian // Tavern Smasher|MID|1",
                "4 Tavern Ruffian (MID) 163",
                "4x Lightning Bolt",
                "Creatures (4)",
            ]
        ),
        st.text(max_size=40),
    ),
    max_size=30,
).map("\n".join)


def _parses_or_input_error(text: str, format: str | None) -> None:
    try:
        deck = parse_deck(text, format=format)
    except InputFileError as exc:
        assert str(exc).startswith("<string>: ")
    else:
        assert deck.entries
        assert all(1 <= e.count <= 999 and e.name == e.name.strip() and e.name for e in deck.entries)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), _DECKISH, _LINES), st.sampled_from((None, *FORMATS)))
def test_any_text_parses_or_raises_input_file_error(text: str, format: str | None) -> None:
    _parses_or_input_error(text, format)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_read_or_raise_input_file_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "deck.txt"
        path.write_bytes(data)
        try:
            read_deck(path)
        except InputFileError as exc:
            assert str(exc).startswith(str(path))


_WORD = st.text(
    alphabet=st.characters(
        categories=("Lu", "Ll", "Lo", "Nd"),
        include_characters="',-!?&.",
        exclude_characters="/|#",
    ),
    min_size=1,
    max_size=12,
)
_FACE = st.lists(_WORD, min_size=1, max_size=4).map(" ".join)
_NAME = (
    st.lists(_FACE, min_size=1, max_size=2)
    .map(" // ".join)
    .filter(lambda name: not name[0].isdigit() and not name.lower().startswith(("x", "sb:")))
    .filter(lambda name: all(any(ch.isalnum() for ch in face) for face in name.split(" // ")))  # a name has one
)
_ENTRY = st.builds(
    lambda count, name, section: (count, name, section),
    st.integers(min_value=1, max_value=999),
    _NAME,
    st.sampled_from(CANONICAL_SECTIONS),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_ENTRY, min_size=1, max_size=40), st.sampled_from((None, "plain")))
def test_written_plain_list_round_trips(entries: list[tuple[int, str, str]], format: str | None) -> None:
    deck = Deck(
        path="x",
        format="plain",
        entries=tuple(DeckEntry(count=c, name=n, section=s, line=i) for i, (c, n, s) in enumerate(entries, 1)),
    )
    parsed = parse_deck(to_plain(deck), format=format)
    assert [(e.count, e.name, e.section) for e in parsed.entries] == entries


_ADVERSARIAL = {
    "whitespace inside names": ("4 a" + " " * 990 + "b\n") * 1000,
    "whitespace before a colon": ("a" + " " * 995 + ":x\n") * 1000,
    "whitespace before a set": ("4 a" + "\t " * 490 + "(MID) 1\n") * 1000,
    "open parentheses": ("4 a" + " (" * 495 + "\n") * 1000,
    "slashes": ("4 a" + " / " * 60 + "\n") * 3000,
    "long header": ("Sideboard" + " " * 990 + "\n") * 1000,
    "long XML attribute": "<Deck><Cards Quantity='1' Name='" + " " * 1_000_000 + "/x'/></Deck>",
}


@pytest.mark.parametrize("text", _ADVERSARIAL.values(), ids=_ADVERSARIAL.keys())
@pytest.mark.parametrize("format", [None, "forge", "arena", "mtgo", "plain"])
def test_worst_case_input_stays_fast(text: str, format: str | None) -> None:
    """Inputs shaped to make regular expressions backtrack still parse (or fail) in linear time."""
    started = time.perf_counter()
    with contextlib.suppress(InputFileError):
        parse_deck(text, format=format)
    assert time.perf_counter() - started < 2.0
