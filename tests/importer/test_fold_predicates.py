"""The fast ASCII paths of fold.py's word predicates agree with the case-insensitive patterns they stand for
(folding the candidate cards without the slow ``\\b``/lookbehind searches)."""

from __future__ import annotations

import pytest

from mtg_daynight.importer.fold import _MENTION, MENTION_PATTERN, _keyword_pattern, _lowered, _search_word

MENTION_TEXTS = [
    "At the beginning of each upkeep, if it's night, it becomes day.",
    "If it becomes night this turn, draw a card.",
    "When day BECOMES NIGHT, untap it.",
    "unbecomes day",  # no word boundary before
    "becomes daylight",  # no word boundary after
    "becomes day",  # match at position 0
    "_becomes night",  # "_" is a word character
    "-becomes night",  # "-" is not
    "xbecomes day becomes night",  # the first hit fails its boundary, the second counts
    "Nightmare becomes dayx",
    "becomes \u017fomething",  # non-ASCII text: the case-insensitive pattern decides
    "Beco\u212ees day",
    "",
]


@pytest.mark.parametrize("text", MENTION_TEXTS)
def test_mention_pattern_fast_path_agrees_with_mention_pattern(text: str) -> None:
    assert _search_word(_MENTION, text, _lowered(text)) is (MENTION_PATTERN.search(text) is not None)


def test_mention_fast_path_finds_a_later_hit_after_a_failed_boundary() -> None:
    assert _search_word(_MENTION, "xbecomes day", _lowered("xbecomes day")) is False
    text = "xbecomes day, then it becomes night"
    assert _search_word(_MENTION, text, _lowered(text)) is True


KEYWORD_CASES = [
    ("Flash", "Flash (You may cast this spell any time you could cast an instant.)"),
    ("Flash", "flashback {2}{R}"),  # followed by a word character
    ("Flash", "non-flash"),  # preceded by "-"
    ("Flash", "Mflash"),
    ("First strike", "a first strike first strike"),
    ("a a", "xa a a"),  # overlapping hits: the one after the failed one counts
    ("Daybound", "DAYBOUND"),
    ("Ward", "ward\u2014Pay 2 life."),  # non-ASCII text
    ("K\u212aword", "kkword"),  # non-ASCII keyword (KELVIN SIGN matches k case-insensitively)
    ("Trample", ""),
]


@pytest.mark.parametrize(("keyword", "text"), KEYWORD_CASES)
def test_keyword_mention_fast_path_agrees_with_the_case_insensitive_pattern(keyword: str, text: str) -> None:
    pattern = _keyword_pattern(keyword)
    assert _search_word(pattern, text, _lowered(text)) is (pattern.full.search(text) is not None)


def test_keyword_fast_path_finds_an_overlapping_hit_after_a_failed_boundary() -> None:
    assert _search_word(_keyword_pattern("a a"), "xa a a", _lowered("xa a a")) is True
    assert _search_word(_keyword_pattern("a a"), "xa a", _lowered("xa a")) is False
