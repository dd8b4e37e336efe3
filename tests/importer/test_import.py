"""The filter and the folding: which objects are kept, how faces, printings and flags come out."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.importer.bulk import DEFAULT_NEEDLES, BlockScanner, array_element, import_file
from mtg_daynight.importer.errors import CardFileError
from tests.importer.fixture_cards import (
    ORACLE_ALCHEMY,
    ORACLE_LANTERN,
    ORACLE_MENTION,
    ORACLE_MENTION_FACE,
    ORACLE_PLAYTEST,
    ORACLE_WOLF,
    encode_jsonl,
    encode_legacy_array,
    fixture_objects,
    gz,
    import_bytes,
    mention_card,
    near_miss_candidate,
    near_miss_flavor,
    near_miss_no_candidate,
    transform_card,
)


def _by_oracle(result):  # type: ignore[no-untyped-def]
    return {c.oracle_id: c for c in result.cards}


def test_keeps_day_night_cards_and_helper_and_leaves_out_art_series_tokens_and_plain_cards() -> None:
    result = import_bytes(encode_jsonl(fixture_objects()))
    assert sorted(c.oracle_id for c in result.cards) == sorted(
        [ORACLE_WOLF, ORACLE_LANTERN, ORACLE_ALCHEMY, ORACLE_PLAYTEST]
    )
    assert [h.name for h in result.helpers] == ["Day // Night"]
    assert [f.name for f in result.helpers[0].faces] == ["Day", "Night"]
    names = {c.name for c in result.cards}
    assert "Fixture Morning Bell" not in names and "Fixture Wolf Token" not in names


def test_daybound_goes_to_front_face_and_nightbound_to_back_face() -> None:
    wolf = _by_oracle(import_bytes(encode_jsonl(fixture_objects())))[ORACLE_WOLF]
    assert wolf.daybound_face == "Fixture Dawnguard"
    assert wolf.nightbound_face == "Fixture Duskhowl"
    front, back = wolf.faces
    assert "Daybound" in front.keywords and "Nightbound" not in front.keywords
    assert "Nightbound" in back.keywords and "Daybound" not in back.keywords
    assert "Trample" in front.keywords and "Trample" in back.keywords  # both oracle texts mention it
    assert back.mana_cost == ""


def test_printings_fold_languages_and_reversible_and_keep_printed_names() -> None:
    wolf = _by_oracle(import_bytes(encode_jsonl(fixture_objects())))[ORACLE_WOLF]
    ids = {p.id for p in wolf.printings}
    assert len(ids) == 4  # en fx1, de fx1, en fx2, reversible sfx
    german = next(p for p in wolf.printings if p.lang == "de")
    assert german.printed_name == "Fixture Morgenwache // Fixture Abendheuler"
    assert german.face_printed_names == ("Fixture Morgenwache", "Fixture Abendheuler")
    assert any(p.layout == "reversible_card" for p in wolf.printings)
    # the faces come from the English, non-reversible printing
    assert wolf.faces[0].oracle_text.startswith("Trample")
    assert wolf.name == "Fixture Dawnguard // Fixture Duskhowl"


def test_digital_and_playtest_cards_are_kept_and_flagged() -> None:
    cards = _by_oracle(import_bytes(encode_jsonl(fixture_objects())))
    assert cards[ORACLE_ALCHEMY].digital and not cards[ORACLE_ALCHEMY].playtest
    playtest = cards[ORACLE_PLAYTEST]
    assert playtest.playtest and not playtest.digital
    assert playtest.daybound_face == "Fixture Sunwatch Trial" and playtest.nightbound_face is None
    assert len(playtest.faces) == 1 and "Daybound" in playtest.faces[0].keywords
    assert not cards[ORACLE_WOLF].digital and not cards[ORACLE_WOLF].playtest


def test_result_does_not_depend_on_object_order() -> None:
    objects = fixture_objects()
    expected = import_bytes(encode_jsonl(objects))
    shuffled = objects[:]
    random.Random(7).shuffle(shuffled)
    again = import_bytes(encode_jsonl(shuffled))
    assert again.cards == expected.cards and again.helpers == expected.helpers


@pytest.mark.parametrize("compressed", [False, True])
@pytest.mark.parametrize("legacy", [False, True])
def test_jsonl_and_legacy_array_gzipped_or_not_give_the_same_records(compressed: bool, legacy: bool) -> None:
    reference = import_bytes(encode_jsonl(fixture_objects()))
    data = encode_legacy_array(fixture_objects()) if legacy else encode_jsonl(fixture_objects())
    result = import_bytes(gz(data) if compressed else data)
    assert result.cards == reference.cards and result.helpers == reference.helpers
    assert result.format == ("json-array" if legacy else "jsonl")
    assert result.gzipped is compressed


def test_legacy_array_written_on_one_line_is_read_too() -> None:
    import json

    data = json.dumps(fixture_objects()).encode()
    result = import_bytes(data)
    assert len(result.cards) == 4 and result.format == "json-array"


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz", ".json", ".json.gz"])
def test_import_file_reads_local_files_by_content(tmp_path: Path, suffix: str) -> None:
    data = (
        encode_legacy_array(fixture_objects())
        if ".json." in suffix + "." and "jsonl" not in suffix
        else encode_jsonl(fixture_objects())
    )
    if suffix.endswith(".gz"):
        data = gz(data)
    path = tmp_path / f"fixture{suffix}"
    path.write_bytes(data)
    result = import_file(path, block_size=997)  # tiny blocks: lines span many blocks
    assert len(result.cards) == 4 and len(result.helpers) == 1
    assert result.file_size == len(data)
    import hashlib

    assert result.sha256 == hashlib.sha256(data).hexdigest()


def test_concatenated_gzip_members_are_all_read(tmp_path: Path) -> None:
    objects = fixture_objects()
    data = gz(encode_jsonl(objects[:6])) + gz(encode_jsonl(objects[6:]))
    path = tmp_path / "two-members.jsonl.gz"
    path.write_bytes(data)
    assert len(import_file(path).cards) == 4


def test_a_bad_line_names_file_and_line(tmp_path: Path) -> None:
    lines = encode_jsonl(fixture_objects()).splitlines(keepends=True)
    lines[3] = b'{"object": "card", "name": "Fixture Broken", "keywords": ["Daybound"], "id": 5}\n'
    path = tmp_path / "bad.jsonl.gz"
    path.write_bytes(gz(b"".join(lines)))
    with pytest.raises(CardFileError, match=r"bad\.jsonl\.gz: line 4: bad card object: .*\$\.id"):
        import_file(path)


def test_truncated_json_on_a_candidate_line_is_reported(tmp_path: Path) -> None:
    data = encode_jsonl(fixture_objects())
    cut = data.index(b"Daybound", data.index(b"Fixture Lantern Keeper")) + 12
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[:cut])
    with pytest.raises(CardFileError, match=r"cut\.jsonl: line 6: not valid JSON"):
        import_file(path)


def test_corrupt_gzip_is_reported(tmp_path: Path) -> None:
    data = bytearray(gz(encode_jsonl(fixture_objects())))
    data[40:60] = b"\xff" * 20
    path = tmp_path / "corrupt.jsonl.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(CardFileError, match=r"corrupt\.jsonl\.gz: corrupt gzip data"):
        import_file(path)


def test_truncated_gzip_is_reported(tmp_path: Path) -> None:
    data = gz(encode_jsonl(fixture_objects()))
    path = tmp_path / "short.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CardFileError, match=r"short\.jsonl\.gz: truncated gzip data"):
        import_file(path)


def test_empty_and_non_json_files_are_reported(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"\n \n")
    (tmp_path / "text.json").write_bytes(b"hello day bound\n")
    with pytest.raises(CardFileError, match="empty"):
        import_file(tmp_path / "empty.jsonl")
    with pytest.raises(CardFileError, match="not a Scryfall bulk file"):
        import_file(tmp_path / "text.json")
    with pytest.raises(CardFileError, match="no such file"):
        import_file(tmp_path / "missing.jsonl")


def test_card_without_any_oracle_id_is_reported() -> None:
    card = transform_card(99)
    del card["oracle_id"]
    with pytest.raises(CardFileError, match=r"line 1: card 'Fixture Dawnguard // Fixture Duskhowl'.*no oracle_id"):
        import_bytes(encode_jsonl([card]), name="x.jsonl")


def test_scanner_decodes_only_candidate_lines() -> None:
    result = import_bytes(encode_jsonl(fixture_objects()))
    # 18 objects; the plain cards (one named "Day of ...", one with "Nightmare ... daylight") never reach the
    # decoder; the two near misses the loose needles hit do, and are dropped there
    assert result.candidate_lines == 15
    assert result.objects_kept == 11  # 8 day/night + helper objects, 3 mention objects


def test_format_detection_uses_the_first_non_blank_byte() -> None:
    for data, fmt in ((b"\xef\xbb\xbf  \n{}\n", "jsonl"), (b"\n[\n{}]\n", "json-array")):
        scanner = BlockScanner()
        scanner.feed(data)
        scanner.finish()
        assert scanner.format == fmt


def test_array_element_bytes_strips_brackets_and_trailing_commas() -> None:
    assert array_element(b'[{"a":1},') == b'[{"a":1}]'
    assert array_element(b'{"a":1}]') == b'[{"a":1}]'
    assert array_element(b" ]") == b""


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=40), st.booleans())
def test_block_boundaries_never_change_what_is_found(cuts: list[int], extra_needle: bool) -> None:
    data = encode_jsonl(fixture_objects())
    needles = (*DEFAULT_NEEDLES, b"Nightbound") if extra_needle else DEFAULT_NEEDLES
    whole = BlockScanner(needles)
    expected = whole.feed(data) + whole.finish()
    scanner = BlockScanner(needles)
    found = []
    pos = 0
    for size in cuts:
        found += scanner.feed(data[pos : pos + size])
        pos += size
    found += scanner.feed(data[pos:])
    found += scanner.finish()
    assert found == expected
    assert len(expected) == 15


def test_gzip_stream_from_gzip_module_with_header_fields_is_read(tmp_path: Path) -> None:
    path = tmp_path / "named.jsonl.gz"
    with gzip.GzipFile(path, "wb", mtime=1) as handle:  # writes FNAME into the header
        handle.write(encode_jsonl(fixture_objects()))
    assert len(import_file(path).cards) == 4


# -- cards that mention day/night without the keywords ------------------------------------------------------------


def test_card_that_makes_it_day_without_daybound_is_kept_and_flagged() -> None:
    result = import_bytes(encode_jsonl(fixture_objects()))
    mentions = {m.oracle_id: m for m in result.mentions}
    assert sorted(mentions) == sorted([ORACLE_MENTION, ORACLE_MENTION_FACE])
    vandal = mentions[ORACLE_MENTION]
    assert vandal.name == "Fixture Emberwatch Vandal" and vandal.mentions_day_night
    assert vandal.layout == "normal" and [f.name for f in vandal.faces] == ["Fixture Emberwatch Vandal"]
    assert vandal.faces[0].type_line == "Creature — Devil"
    assert "neither day nor night" in vandal.faces[0].oracle_text
    assert [(p.lang, p.printed_name) for p in vandal.printings] == [
        ("en", None), ("de", "Fixture Glutwacht-Vandale")
    ]
    assert ORACLE_MENTION not in {c.oracle_id for c in result.cards}  # not a day/night card


def test_a_mention_on_the_back_face_only_counts() -> None:
    bell = next(m for m in import_bytes(encode_jsonl(fixture_objects())).mentions if m.oracle_id == ORACLE_MENTION_FACE)
    assert [f.name for f in bell.faces] == ["Fixture Bellfounder", "Fixture Bell of Turning"]
    assert bell.faces[1].oracle_text.startswith("Whenever day becomes night")


def test_near_misses_nightmare_daylight_nightfall_and_flavor_text_are_dropped() -> None:
    objects = [near_miss_candidate(), near_miss_flavor(), near_miss_no_candidate(), transform_card(10)]
    result = import_bytes(encode_jsonl(objects))
    assert result.mentions == () and len(result.cards) == 1
    # the loose needles hit the first two ("becomes daylight", "becomes night" in flavor text),
    # so they were decoded; the precise pattern on the oracle text dropped them
    assert result.candidate_lines == 3


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("At the beginning of your upkeep, it becomes night.", True),
        ("It becomes day.", True),
        ("This spell costs {2} less to cast if it's night.", False),  # only checks: can't make it day or night
        ("As long as it's day, this creature gets +1/+1.", False),
        ("If it's neither day nor night, it becomes day as this creature enters.", True),
        ("Whenever day becomes night or night becomes day, draw a card.", True),
        ("Whenever a creature becomes daylight-touched, scry 1.", False),
        ("When it's nightfall, nothing happens.", False),
        ("Nightmare creatures you control get +1/+1.", False),
        ("At the beginning of the day, draw.", False),
    ],
)
def test_mention_pattern_needs_whole_words(text: str, kept: bool) -> None:
    result = import_bytes(encode_jsonl([mention_card(oracle_text=text)]))
    assert bool(result.mentions) is kept


def test_a_day_night_card_whose_reminder_says_it_becomes_night_is_not_a_mention() -> None:
    card = transform_card(10)
    card["card_faces"][0]["oracle_text"] = (
        "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)"
    )
    result = import_bytes(encode_jsonl([card]))
    assert len(result.cards) == 1 and result.mentions == ()
