"""The examples in docs/decks.md parse as the page says."""

from __future__ import annotations

import re
from pathlib import Path

from mtg_daynight.decks import parse_deck

DOC = Path(__file__).parents[2] / "docs" / "decks.md"


def test_documented_examples_parse() -> None:
    blocks = re.findall(r"```([a-z]*)\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)
    examples = [text for language, text in blocks if language in ("", "xml") and not text.startswith("deck.txt:")]
    formats = [parse_deck(text).format for text in examples]
    assert formats == ["forge", "arena", "mtgo", "dek", "plain"]
    plain = parse_deck(examples[-1])
    assert [(e.count, e.section) for e in plain.entries] == [
        (4, "main"),
        (1, "main"),
        (4, "main"),
        (2, "sideboard"),
        (1, "sideboard"),
    ]
    assert parse_deck(examples[2]).total("sideboard") == 3
