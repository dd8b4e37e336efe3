"""The file layer of the import at decompression speed (issue 12 item 1; HAND-WRITTEN FIXTURES from
fixture_cards.py): isal's C reader straight from the file, the hash taken in the scanning thread from a second
handle, the fast text-hygiene path and the fold's representative printing give the same results as before."""

from __future__ import annotations

import bz2
import contextlib
import hashlib
import lzma
import os
from pathlib import Path

import pytest

from mtg_daynight.importer import gunzip, hygiene
from mtg_daynight.importer.decompress import open_blocks
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import fold_cards
from mtg_daynight.importer.hygiene import FORBIDDEN, FORBIDDEN_IN_TEXT, check_card_text, is_clean
from mtg_daynight.importer.importer import _Mirror, _mirror, import_file
from mtg_daynight.importer.scryfall import CARD_DECODER
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, gz, transform_card


def _records(result):  # type: ignore[no-untyped-def]
    return (result.cards, result.helpers, result.mentions, result.format, result.candidate_lines, result.objects_kept)


def _data() -> bytes:
    return encode_jsonl(fixture_objects() * 30)


@pytest.mark.parametrize("compress", ["gzip", "xz", "bzip2", "none"])
@pytest.mark.parametrize("threaded", [False, True])
def test_issue12_every_compression_imports_the_same_records_and_hashes_the_file_as_stored(
    tmp_path: Path, compress: str, threaded: bool
) -> None:
    plain = _data()
    stored = {"gzip": gz, "xz": lzma.compress, "bzip2": bz2.compress, "none": lambda d: d}[compress](plain)
    path = tmp_path / "cards.bin"
    path.write_bytes(stored)
    expected = import_file(path, threaded=False, decompressor="zlib") if compress == "gzip" else None
    result = import_file(path, threaded=threaded, block_size=4096)
    assert result.sha256 == hashlib.sha256(stored).hexdigest() and result.file_size == len(stored)
    assert result.decompressed_bytes == len(plain)
    assert _records(result) == _records(import_file(tmp_path / "cards.bin", threaded=not threaded))
    if expected is not None:  # isal's C reader and zlib's decompressobj loop agree
        assert _records(result) == _records(expected)
        assert result.decompressor == "isal" or "isal" not in gunzip.available_decompressors()


def test_issue12_gzip_is_read_the_same_without_isals_c_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("isal")
    path = tmp_path / "cards.jsonl.gz"
    path.write_bytes(gz(_data()) + gz(_data()))  # two members
    fast = b"".join(open_blocks(path, hashlib.sha256(), [0], block_size=5000)[0])
    from isal import igzip

    monkeypatch.delattr(igzip, "_IGzipReader")  # an isal without it: IGzipFile over the same source
    slow = b"".join(open_blocks(path, hashlib.sha256(), [0], block_size=5000)[0])
    assert fast == slow == _data() * 2


@pytest.mark.parametrize("threaded", [False, True])
def test_issue12_corrupt_and_truncated_gzip_from_the_file_are_card_file_errors(tmp_path: Path, threaded: bool) -> None:
    data = gz(_data())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) - 50])
    with pytest.raises(CardFileError, match=r"cut\.jsonl\.gz: truncated gzip data"):
        import_file(path, threaded=threaded)
    path.write_bytes(data + b"garbage")
    with pytest.raises(CardFileError, match=r"cut\.jsonl\.gz: truncated gzip data"):
        import_file(path, threaded=threaded)


def test_issue12_the_scanning_threads_hash_refuses_a_file_cut_short_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "short.bin"
    path.write_bytes(b"0123456789")
    with path.open("rb", buffering=0) as handle:
        mirror = _Mirror(handle, hashlib.sha256(), [25], str(path))  # the other thread read 25 bytes
        with pytest.raises(CardFileError, match=r"short\.bin: the file was cut short while it was read"):
            mirror.catch_up()


def test_issue12_the_second_handle_must_be_on_the_file_the_first_has_open(tmp_path: Path) -> None:
    first, other = tmp_path / "first.bin", tmp_path / "other.bin"
    first.write_bytes(b"first")
    other.write_bytes(b"other")
    replaced = pytest.raises(CardFileError, match=r"first\.bin: the file was replaced while it was opened")
    with contextlib.ExitStack() as files, other.open("rb", buffering=0) as handle, replaced:  # `first` replaced
        _mirror(files, first, os.fstat(handle.fileno()), hashlib.sha256(), [0])


TEXTS = [
    "Fixture Wolf",
    "Trample\nDaybound",
    "Creature — Human Werewolf",
    "tab\there",
    "esc \x1b[31m",
    "nul \x00",
    "del \x7f",
    "c1 \x85",
    "bidi \u202e",
    "isolate \u2066",
    "line sep \u2028",
    "é and \n",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("fast", [True, False])
def test_issue12_the_fast_hygiene_check_agrees_with_the_patterns(
    text: str, fast: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not fast:  # as where stringzilla is not installed
        monkeypatch.setattr(hygiene, "_find_first_of", lambda: None)
    elif hygiene._find_first_of() is None:
        pytest.skip("stringzilla is not installed here")
    for pattern in (FORBIDDEN, FORBIDDEN_IN_TEXT):
        assert is_clean(text, pattern) is (pattern.search(text) is None)


def test_issue12_a_refused_card_still_names_its_field_and_character() -> None:
    raw = transform_card(1)
    raw["card_faces"][1]["type_line"] = "Creature \u2014 Were\u202ewolf"
    card = CARD_DECODER.decode(encode_jsonl([raw]).strip())
    with pytest.raises(CardFileError, match=r"card_faces\[1\]\.type_line holds the control character U\+202E"):
        check_card_text(card)


def test_issue12_the_record_follows_the_representative_printing_whichever_comes_first() -> None:
    german = transform_card(1, lang="de", front="Fixture Morgenwache", back="Fixture Abendheuler")
    english = transform_card(2, front="Fixture Dawnguard", back="Fixture Duskhowl")
    for order in ([german, english], [english, german]):
        cards = [CARD_DECODER.decode(encode_jsonl([raw]).strip()) for raw in order]
        (record,) = fold_cards(cards).cards
        assert record.name == "Fixture Dawnguard // Fixture Duskhowl"
        assert record.daybound_face == "Fixture Dawnguard" and len(record.printings) == 2


def test_issue12_only_the_normal_image_is_decoded_and_a_null_one_is_still_refused(tmp_path: Path) -> None:
    raw = transform_card(1)
    raw["card_faces"][0]["image_uris"] = {"small": "https://img.invalid/s.jpg", "normal": "https://img.invalid/n.jpg"}
    raw["card_faces"][1]["image_uris"] = {"small": "https://img.invalid/only-small.jpg"}
    (record,) = fold_cards([CARD_DECODER.decode(encode_jsonl([raw]).strip())]).cards
    assert record.printings[0].image_uris == ("https://img.invalid/n.jpg",)
    raw["card_faces"][1]["image_uris"] = {"normal": None}
    path = tmp_path / "null.jsonl"
    path.write_bytes(encode_jsonl([raw]))
    with pytest.raises(CardFileError, match=r"null\.jsonl: line 1: bad card object: Expected `str`, got `null`"):
        import_file(path)
