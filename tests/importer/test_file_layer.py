"""The file layer of the import (HAND-WRITTEN FIXTURES from fixture_cards.py): every compression, read with or
without isal, gives the same records and the hash of the file as stored; a refused card names its field; the fold
keeps the representative printing."""

from __future__ import annotations

import bz2
import hashlib
import lzma
from pathlib import Path

import pytest

from mtg_daynight.importer import bulk
from mtg_daynight.importer.bulk import import_file
from mtg_daynight.importer.errors import CardFileError, CompressedDataError
from mtg_daynight.importer.fold import Folded, Folder
from mtg_daynight.importer.scryfall import CARD_DECODER, Card
from mtg_daynight.importer.snapshot import check_card_text
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, gz, transform_card


def _records(result):  # type: ignore[no-untyped-def]
    return (result.cards, result.helpers, result.mentions, result.format, result.candidate_lines, result.objects_kept)


def _data() -> bytes:
    return encode_jsonl(fixture_objects() * 30)


def _fold(cards: list[Card]) -> Folded:
    folder = Folder()
    for card in cards:
        folder.add(card)
    return folder.build()


@pytest.mark.parametrize("compress", ["gzip", "xz", "bzip2", "none"])
def test_every_compression_imports_the_same_records_and_hashes_the_file_as_stored(
    tmp_path: Path, compress: str
) -> None:
    plain = _data()
    stored = {"gzip": gz, "xz": lzma.compress, "bzip2": bz2.compress, "none": lambda d: d}[compress](plain)
    path = tmp_path / "cards.bin"
    path.write_bytes(stored)
    result = import_file(path, block_size=4096)
    assert result.sha256 == hashlib.sha256(stored).hexdigest() and result.file_size == len(stored)
    assert result.decompressed_bytes == len(plain)
    assert _records(result) == _records(import_file(path))
    (tmp_path / "plain.jsonl").write_bytes(plain)
    assert _records(result)[:3] == _records(import_file(tmp_path / "plain.jsonl"))[:3]


def test_gzip_is_read_the_same_with_the_standard_library_as_with_isal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cards.jsonl.gz"
    path.write_bytes(gz(_data()) + gz(_data()))  # two members
    with path.open("rb") as raw:
        fast = bulk.decompressed(raw, str(path)).read()
    monkeypatch.setattr(bulk, "_isal", None)  # as where isal is not installed
    with path.open("rb") as raw:
        slow = bulk.decompressed(raw, str(path)).read()
    assert fast == slow == _data() * 2
    assert import_file(path).decompressor == "zlib"


@pytest.mark.parametrize("isal", [True, False])
def test_corrupt_and_truncated_gzip_from_the_file_are_card_file_errors(
    tmp_path: Path, isal: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not isal:
        monkeypatch.setattr(bulk, "_isal", None)
    data = gz(_data())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) - 50])
    with pytest.raises(CompressedDataError, match=r"cut\.jsonl\.gz: truncated gzip data"):
        import_file(path)
    path.write_bytes(data + b"garbage")
    with pytest.raises(CompressedDataError, match=r"cut\.jsonl\.gz: garbage follows the gzip stream"):
        import_file(path)


def test_a_refused_card_still_names_its_field_and_character() -> None:
    raw = transform_card(1)
    raw["card_faces"][1]["type_line"] = "Creature \u2014 Were\u202ewolf"
    card = CARD_DECODER.decode(encode_jsonl([raw]).strip())
    with pytest.raises(CardFileError, match=r"card_faces\[1\]\.type_line holds the control character U\+202E"):
        check_card_text(card)


def test_the_record_follows_the_representative_printing_whichever_comes_first() -> None:
    german = transform_card(1, lang="de", front="Fixture Morgenwache", back="Fixture Abendheuler")
    english = transform_card(2, front="Fixture Dawnguard", back="Fixture Duskhowl")
    for order in ([german, english], [english, german]):
        cards = [CARD_DECODER.decode(encode_jsonl([raw]).strip()) for raw in order]
        (record,) = _fold(cards).cards
        assert record.name == "Fixture Dawnguard // Fixture Duskhowl"
        assert record.daybound_face == "Fixture Dawnguard" and len(record.printings) == 2


def test_only_the_normal_image_is_decoded_and_a_null_one_is_still_refused(tmp_path: Path) -> None:
    raw = transform_card(1)
    raw["card_faces"][0]["image_uris"] = {"small": "https://img.invalid/s.jpg", "normal": "https://img.invalid/n.jpg"}
    raw["card_faces"][1]["image_uris"] = {"small": "https://img.invalid/only-small.jpg"}
    (record,) = _fold([CARD_DECODER.decode(encode_jsonl([raw]).strip())]).cards
    assert record.printings[0].image_uris == ("https://img.invalid/n.jpg",)
    raw["card_faces"][1]["image_uris"] = {"normal": None}
    path = tmp_path / "null.jsonl"
    path.write_bytes(encode_jsonl([raw]))
    with pytest.raises(CardFileError, match=r"null\.jsonl: line 1: bad card object: Expected `str`, got `null`"):
        import_file(path)


@pytest.mark.parametrize("compress", ["gzip", "xz", "bzip2"])
def test_bytes_after_a_valid_stream_are_reported_as_garbage_not_as_truncation(tmp_path: Path, compress: str) -> None:
    pack = {"gzip": gz, "xz": lzma.compress, "bzip2": bz2.compress}[compress]
    path = tmp_path / "tg.jsonl.gz"
    path.write_bytes(pack(_data()) + b"GARBAGE")
    with pytest.raises(CompressedDataError, match=rf"tg\.jsonl\.gz: garbage follows the {compress} stream \(byte \d+"):
        import_file(path)
    with pytest.raises(CompressedDataError, match=rf"garbage follows the {compress} stream"):
        run_update(data_dir=tmp_path / "data", from_file=path)
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").iterdir())


@pytest.mark.parametrize("compress", ["gzip", "xz", "bzip2"])
def test_concatenated_streams_and_zero_padding_after_them_are_read(tmp_path: Path, compress: str) -> None:
    pack = {"gzip": gz, "xz": lzma.compress, "bzip2": bz2.compress}[compress]
    path = tmp_path / "two.bin"
    path.write_bytes(pack(_data()) + pack(_data()) + b"\0" * 512)
    result = import_file(path)
    assert result.decompressed_bytes == 2 * len(_data())
    assert result.file_size == path.stat().st_size and result.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
