"""The text checks of card data: the printable-text shortcut gives the verdicts of the full patterns, and a snapshot
file is refused when a record of any kind (cards, mentions, helpers, reads...) holds a control or bidi character."""

from __future__ import annotations

import json
import re
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtg_daynight.importer import snapshot
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.records import Counts, Snapshot
from mtg_daynight.importer.snapshot import RECORD_KINDS, Record, decode_snapshot, escape_text, find_forbidden
from mtg_daynight.importer.store import bundled_snapshot

#: The forbidden characters, written out as the checks' reference: C0 and C1 controls, DEL, the line and paragraph
#: separators, the bidi controls and marks; in rules text the line feed is allowed.
REFERENCE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
REFERENCE_IN_TEXT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

#: Characters at the edges: forbidden ones, allowed unprintable ones (no-break space, soft hyphen, zero-width
#: joiner, byte order mark, a private-use and an unassigned code point, a lone surrogate), and what rules text holds.
EDGES = ("\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85", "\x9f", "\xa0", "\xad", "\u061c", "\u200d", "\u200e",
         "\u2028", "\u2029", "\u202a", "\u202e", "\u2066", "\u2069", "\u206a", "\ufeff", "\ue000", "\U000e0001",
         "\U0010ffff", "\ud800", " ", "a", "\u2014", "\u2212", "{", "}")
TEXTS = st.text(alphabet=st.one_of(st.characters(), st.sampled_from(EDGES)), max_size=40)


@given(TEXTS)
def test_the_printable_shortcut_gives_the_verdict_and_position_of_the_full_pattern(text: str) -> None:
    for rules_text, reference in ((False, REFERENCE), (True, REFERENCE_IN_TEXT)):
        found, expected = find_forbidden(text, rules_text=rules_text), reference.search(text)
        assert (found is None) == (expected is None)
        if found is not None and expected is not None:
            assert (found.start(), found.group()) == (expected.start(), expected.group())


@given(TEXTS)
def test_escaping_writes_exactly_the_forbidden_characters_as_escapes(text: str) -> None:
    expected = REFERENCE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    assert escape_text(text) == expected


def test_every_forbidden_character_is_unprintable() -> None:
    """What lets a printable text skip the pattern, checked over every code point."""
    forbidden = REFERENCE.findall("".join(map(chr, range(0x110000))))
    assert len(forbidden) == 32 + 33 + 1 + 2 + 2 + 5 + 4
    assert not any(character.isprintable() for character in forbidden)


def test_reading_the_bundled_snapshot_compiles_no_pattern() -> None:
    snapshot._pattern.cache_clear()
    assert decode_snapshot(bundled_snapshot().read_bytes()).cards
    assert snapshot._pattern.cache_info().currsize == 0


def test_the_record_kinds_are_the_snapshot_fields_each_counted_in_the_manifest() -> None:
    assert RECORD_KINDS == ("cards", "mentions", "helpers", "reads")
    for kind in RECORD_KINDS:
        (element, _) = get_args(Snapshot.__annotations__[kind])
        assert element in get_args(Record), kind
        assert kind in Counts.__struct_fields__, kind


def _bundled() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(bundled_snapshot().read_bytes())
    return loaded


#: Where a character is put in a record's JSON, and the field the refusal names.
PLACES = {
    "name": lambda record, text: record.update(name=record["name"] + text),
    "oracle text": lambda record, text: record["faces"][0].update(oracle_text=text + "\nDaybound"),
    "printed name": lambda record, text: record["printings"][0].update(printed_name="Name" + text),
}


@pytest.mark.parametrize("character", ["\x1b", "\u202e", "\x00", "\u2066"], ids=["ESC", "RLO", "NUL", "LRI"])
@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("kind", RECORD_KINDS)
def test_a_control_or_bidi_character_in_a_record_of_any_kind_is_refused(kind: str, place: str, character: str) -> None:
    snapshot = _bundled()
    PLACES[place](snapshot[kind][0], character)
    with pytest.raises(CardFileError, match=f"its {place} holds a control character: not a snapshot an import wrote"):
        decode_snapshot(json.dumps(snapshot, ensure_ascii=False).encode(), name="edited.json")


def test_the_bundled_records_of_every_kind_are_accepted_with_their_line_feeds() -> None:
    snapshot = decode_snapshot(bundled_snapshot().read_bytes())
    assert all(getattr(snapshot, kind) for kind in RECORD_KINDS)
    assert any("\n" in face.oracle_text for record in snapshot.reads for face in record.faces)
