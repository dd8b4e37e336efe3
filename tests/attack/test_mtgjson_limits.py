"""Attack on the MTGJSON reader: files that balloon (many small records, one huge record, a set of candidates).

Seen failing on main: the whole ``cards`` list of a set was built before it was filtered, so a 256 MiB set file
of tiny records peaked at 2.6 GB RSS and a 6 MB gzip holding 2 GiB of small records ended in a MemoryError. The
reader now streams one record at a time and keeps only what a set may need; the bounds of
``importer/limits.py`` are refused with one line naming the file, the set and the limit. The limits are passed
smaller here (``Bounds``), so the files stay small.
"""

from __future__ import annotations

import gzip
import json
import tracemalloc
from pathlib import Path

import pytest

from mtg_daynight.importer import mtgjson
from mtg_daynight.importer.errors import RecordLimitError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import Bounds, read_mtgjson
from tests.importer.mtgjson_fixtures import META, fixture_set, werewolf

from .conftest import run_cli

HEAD = b'{"meta":{"version":"5.2.0","date":"2022-04-25"},"data":{"code":"XXX","cards":['
TAIL = b'],"tokens":[],"type":"expansion"}}'


def _tiny_records(path: Path, count: int, compress: bool = False) -> Path:
    """A set file of ``count`` small card records (nothing to do with day and night; 100 bytes each, so that
    even the smaller file fills the reader's 1 MiB buffers), written in pieces."""
    with (gzip.open(path, "wb", compresslevel=1) if compress else path.open("wb")) as out:
        out.write(HEAD)
        record = b'{"name":"Tiny","text":"' + b"x" * 73 + b'"},'
        for done in range(0, count - 1, 10_000):
            out.write(record * min(10_000, count - 1 - done))
        out.write(b'{"name":"Tiny"}' + TAIL)
    return path


def _peak(path: Path, bounds: Bounds | None = None) -> int:
    tracemalloc.start()
    try:
        read = read_mtgjson(path, Folder(), bounds=bounds)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert read.sets == ("XXX",)


def test_memory_does_not_grow_with_the_number_of_records_of_a_streamed_file(tmp_path: Path) -> None:
    streamed = Bounds(whole_file_bytes=1 << 20)  # both files are larger: read as a stream, as AllPrintings is
    small = _peak(_tiny_records(tmp_path / "small.json", 20_000), streamed)
    large = _peak(_tiny_records(tmp_path / "large.json", 200_000), streamed)
    assert large < small + (256 << 10), (small, large)  # ten times the records, not a quarter MiB more


def test_a_file_decoded_whole_costs_about_twice_its_size_never_a_balloon(tmp_path: Path) -> None:
    path = _tiny_records(tmp_path / "large.json", 200_000)  # 20 MB of tiny records, under MAX_WHOLE_FILE_BYTES
    assert _peak(path) < 2.5 * path.stat().st_size  # the bytes and one small view per record, no record objects


def test_too_many_records_in_a_set_are_refused(tmp_path: Path) -> None:
    path = _tiny_records(tmp_path / "many.json.gz", 5_000, compress=True)
    with pytest.raises(RecordLimitError, match=r"many\.json\.gz: data: more than 1,000 card and token records .*"
                       r"MAX_SET_RECORDS"):
        read_mtgjson(path, Folder(), bounds=Bounds(set_records=1_000))


def test_one_huge_record_is_refused_before_it_is_built(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(HEAD + b'{"name":"Huge","rulings":[' + b'"r",' * (1 << 20) + b'"r"]}' + TAIL)  # 4 MiB
    with pytest.raises(RecordLimitError, match=r"huge\.json: data: record cards\[0\] is longer than 256 KiB "
                       r"\(MAX_RECORD_BYTES\)"):
        read_mtgjson(path, Folder(), bounds=Bounds(record_bytes=256 << 10))


def test_a_huge_meta_object_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "meta.json"
    path.write_bytes(b'{"meta":{"x":[' + b'"r",' * (1 << 20) + b'"r"]},"data":{"cards":[]}}')  # short tokens
    with pytest.raises(RecordLimitError, match=r"meta\.json: meta: the meta object is longer than 256 KiB"):
        read_mtgjson(path, Folder(), bounds=Bounds(record_bytes=256 << 10))


def test_a_set_of_many_candidates_is_refused_naming_the_set(tmp_path: Path) -> None:
    other = fixture_set()
    other["code"] = "FXN"
    other["cards"] = [record for n in range(200) for record in werewolf(1000 + 10 * n, number=str(n))]
    path = tmp_path / "AllPrintings.json"
    path.write_bytes(json.dumps({"meta": META, "data": {"FXM": fixture_set(), "FXN": other}}).encode())
    with pytest.raises(RecordLimitError, match=r"AllPrintings\.json: set FXN: the records kept .* pass 64 KiB "
                       r"\(MAX_SET_KEPT_BYTES\)"):
        read_mtgjson(path, Folder(), bounds=Bounds(set_kept_bytes=64 << 10))
    assert read_mtgjson(path, Folder()).sets == ("FXM", "FXN")  # within the real bound


def test_the_cli_refuses_a_ballooning_gzip_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _tiny_records(tmp_path / "balloon.json.gz", 3_000, compress=True)
    monkeypatch.setattr(mtgjson, "Bounds", lambda: Bounds(set_records=2_000))
    data_dir = tmp_path / "data"
    assert run_cli(["carddata", "update", "--from-file", str(path), "--data-dir", str(data_dir)]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "MAX_SET_RECORDS" in err and "data" in err
    assert not (data_dir / "daynight-cards.json").exists()
