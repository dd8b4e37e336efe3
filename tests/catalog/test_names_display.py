"""Showing names on a terminal: no raw control, bidi or ANSI characters; JSON stays the same document."""

from __future__ import annotations

import json

import pytest

from mtg_daynight.catalog.names import json_text, terminal_text


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Tavern Ruffian", "Tavern Ruffian"),
        ("Jötun Grunt // 稲妻", "Jötun Grunt // 稲妻"),
        ("\x1b[2JWolf", "\\u001b[2JWolf"),
        ("Wolf\x07\x00", "Wolf\\u0007\\u0000"),
        ("\u202eflow\u200b", "\\u202eflow\\u200b"),
        ("a\x9bb\u2028c\x85", "a\\u009bb\\u2028c\\u0085"),
        ("tab\there", "tab\\u0009here"),
        ("\U000e0001tag", "\\udb40\\udc01tag"),
    ],
)
def test_terminal_text_escapes_every_character_a_terminal_could_act_on(raw: str, shown: str) -> None:
    assert terminal_text(raw) == shown
    assert terminal_text(raw).isprintable()


def test_json_text_is_the_same_document_and_printable_line_by_line() -> None:
    document = {"name": "evil\u202e\x1b[31m\x9b\u2028", "ok": "Jötun"}
    encoded = json.dumps(document, ensure_ascii=False, indent=2)
    safe = json_text(encoded)
    assert json.loads(safe) == document
    assert all(line.isprintable() for line in safe.splitlines())
