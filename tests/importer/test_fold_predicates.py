"""fold.py's word predicates: "becomes day/night" and a keyword are found as whole words, case-insensitive."""

from __future__ import annotations

import pytest

from mtg_daynight.importer.fold import MENTION_PATTERN, _mentions

MENTION_TEXTS = [
    ("At the beginning of each upkeep, if it's night, it becomes day.", True),
    ("If it becomes night this turn, draw a card.", True),
    ("When day BECOMES NIGHT, untap it.", True),
    ("unbecomes day", False),  # no word boundary before
    ("becomes daylight", False),  # no word boundary after
    ("becomes day", True),  # match at position 0
    ("_becomes night", False),  # "_" is a word character
    ("-becomes night", True),  # "-" is not
    ("xbecomes day becomes night", True),  # the first hit fails its boundary, the second counts
    ("Nightmare becomes dayx", False),
    ("", False),
]


@pytest.mark.parametrize(("text", "mentions"), MENTION_TEXTS)
def test_mention_pattern_finds_becomes_day_or_night_as_whole_words(text: str, mentions: bool) -> None:
    assert (MENTION_PATTERN.search(text) is not None) is mentions


KEYWORD_CASES = [
    ("Flash", "Flash (You may cast this spell any time you could cast an instant.)", True),
    ("Flash", "flashback {2}{R}", False),  # followed by a word character
    ("Flash", "non-flash", False),  # preceded by "-"
    ("Flash", "Mflash", False),
    ("First strike", "a first strike first strike", True),
    ("a a", "xa a a", True),  # overlapping hits: the one after the failed one counts
    ("a a", "xa a", False),
    ("Daybound", "DAYBOUND", True),
    ("Ward", "ward\u2014Pay 2 life.", True),  # non-ASCII text
    ("K\u212aword", "kkword", True),  # a non-ASCII keyword: the KELVIN SIGN matches k case-insensitively
    ("K\u212aword", "kword", False),
    ("Trample", "", False),
]


@pytest.mark.parametrize(("keyword", "text", "mentioned"), KEYWORD_CASES)
def test_a_keyword_is_mentioned_as_a_whole_word_case_insensitive(keyword: str, text: str, mentioned: bool) -> None:
    assert _mentions(text, keyword) is mentioned
