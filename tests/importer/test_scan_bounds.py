"""The scan and the importer's bounds: the scanner finds the same lines whatever the blocks, block sizes and
concurrent imports change nothing, long lines / deep nesting / truncation are clear errors, a BOM is accepted."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.importer.bulk import DEFAULT_NEEDLES, BlockScanner, import_file
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import (
    encode_jsonl,
    encode_legacy_array,
    fixture_objects,
    gz,
    import_bytes,
    plain_card,
    transform_card,
)

ROOT = Path(__file__).resolve().parents[2]


def _records(result):  # type: ignore[no-untyped-def]
    return (result.cards, result.helpers, result.mentions, result.format, result.candidate_lines, result.objects_kept)


def _scan(data: bytes, cuts: list[int], needles: tuple[bytes, ...] = DEFAULT_NEEDLES) -> list[tuple[int, bytes]]:
    scanner = BlockScanner(needles)
    found: list[tuple[int, bytes]] = []
    pos = 0
    for size in cuts:
        found += scanner.feed(data[pos : pos + size])
        pos += size
    found += scanner.feed(data[pos:])
    found += scanner.finish()
    return found


def _lines_with_needles(data: bytes, needles: tuple[bytes, ...]) -> list[tuple[int, bytes]]:
    """The reference: every line holding a needle, with its offset (split by hand)."""
    found, offset = [], 0
    for line in data.split(b"\n"):
        if any(needle in line for needle in needles):
            found.append((offset, line))
        offset += len(line) + 1
    return found


# -- the scanner ----------------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=40),
    st.booleans(),
    st.sampled_from([b"\n", b"\r\n", b"\n\n"]),
)
def test_the_scanner_finds_the_same_lines_whatever_the_blocks(
    cuts: list[int], extra_needle: bool, newline: bytes
) -> None:
    data = encode_jsonl(fixture_objects()).replace(b"\n", newline)
    needles = (*DEFAULT_NEEDLES, b"Nightbound") if extra_needle else DEFAULT_NEEDLES
    found = _scan(data, cuts, needles)
    assert found == _lines_with_needles(data, needles)
    assert len(found) == 15


def _every_needle_at(block: bytes, start: int, stop: int, needles: tuple[bytes, ...]) -> list[int]:
    """The reference: every offset in ``block[start:stop]`` where a needle starts and ends inside the range."""
    return sorted({pos for pos in range(start, stop) for needle in needles if block.startswith(needle, pos, stop)})


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([b"t's ", b"t is ", b"day", b"night", b"Day", b"bound", b" // ", b"becomes ", b"x",
                              b"neither ", b"\n"])),
    st.lists(st.integers(min_value=1, max_value=40), max_size=20),
)
def test_the_scanner_finds_every_line_holding_a_needle_whatever_the_words_and_blocks(
    words: list[bytes], cuts: list[int]
) -> None:
    data = b"{}\n" + b"".join(words)
    found = _scan(data, cuts)
    assert found == _lines_with_needles(data, DEFAULT_NEEDLES)


def test_the_reads_needles_find_it_is_as_well_as_its() -> None:
    # READS_PATTERN (fold.py) accepts "it's", "it is" and "it's neither day nor night": the scanner must offer them all.
    lines = [b'{"t": "if it is night"}', b'{"t": "If it\'s day"}', b'{"t": "it is neither day nor night"}',
             b'{"t": "as long as it is day"}', b'{"t": "it is your turn"}']
    found = _scan(b"\n".join(lines) + b"\n", [])
    assert [line for _, line in found] == lines[:4]


def test_an_empty_needle_is_refused() -> None:
    with pytest.raises(ValueError, match="no empty one"):
        BlockScanner((b"day", b""))


def test_a_line_holding_several_needles_is_one_candidate() -> None:
    line = b'{"name": "Daybound Day // Night becomes day becomes night Daybound"}\n'
    found = _scan(b"{}\n" + line * 3, [])
    assert [offset for offset, _ in found] == [3, 3 + len(line), 3 + 2 * len(line)]


# -- the file layer: block sizes change nothing -------------------------------------------------------------------


@pytest.mark.parametrize("legacy", [False, True])
def test_small_and_large_blocks_import_the_same_and_hash_the_file(tmp_path: Path, legacy: bool) -> None:
    objects = fixture_objects() * 40  # several blocks of 997 bytes and several compressed reads
    data = gz(encode_legacy_array(objects) if legacy else encode_jsonl(objects))
    path = tmp_path / "many.gz"
    path.write_bytes(data)
    small = import_file(path, block_size=997)
    large = import_file(path)
    assert _records(small) == _records(large)
    assert small.sha256 == large.sha256 == hashlib.sha256(data).hexdigest()
    assert small.file_size == large.file_size == len(data)


def test_corrupt_gzip_is_reported(tmp_path: Path) -> None:
    data = bytearray(gz(encode_jsonl(fixture_objects() * 20)))
    data[len(data) // 2 : len(data) // 2 + 40] = b"\xff" * 40
    path = tmp_path / "corrupt.jsonl.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(CardFileError, match=r"corrupt\.jsonl\.gz: (corrupt|truncated) gzip data"):
        import_file(path)


# -- bounds ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("block_size", [997, 1 << 20])
@pytest.mark.parametrize("candidate", [False, True])
def test_a_line_longer_than_max_line_is_refused_naming_file_and_line(
    tmp_path: Path, block_size: int, candidate: bool
) -> None:
    lines = encode_jsonl(fixture_objects()).splitlines(keepends=True)
    filler = "Daybound " if candidate else "x"
    long_card = {**plain_card(98, name="Fixture Long"), "flavor_text": filler * 5000}
    lines.insert(3, json.dumps(long_card).encode() + b"\n")
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"".join(lines))
    assert len(import_file(path, block_size=block_size).cards) == 4  # the default limit is far above 45 kB
    with pytest.raises(CardFileError, match=r"long\.jsonl: line 4: line longer than 4096 bytes \(max_line\)"):
        import_file(path, block_size=block_size, max_line=4096)


def test_a_1_gib_line_costs_max_line_not_gigabytes(tmp_path: Path) -> None:
    path = tmp_path / "one-line.jsonl.gz"
    compressor = zlib.compressobj(1, zlib.DEFLATED, 31)
    with path.open("wb") as out:
        out.write(compressor.compress(b'{"object": "card", "name": "'))
        piece = b"a" * (1 << 20)
        for _ in range(1024):  # 1 GiB decompressed, ~1 MB on disk
            out.write(compressor.compress(piece))
        out.write(compressor.compress(b'"}\n') + compressor.flush())
    code = (
        "import sys\n"
        "from mtg_daynight.importer.bulk import import_file\n"
        "from mtg_daynight.importer.errors import CardFileError\n"
        "try:\n    import_file(sys.argv[1])\nexcept CardFileError as error:\n    print(error)\n"
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')))\n"
    )
    if not Path("/proc/self/status").exists():
        pytest.skip("peak RSS is read from /proc (Linux)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT, check=True)
    message, peak_kb = out.stdout.strip().splitlines()
    assert "one-line.jsonl.gz: line 1: line longer than 8388608 bytes (max_line)" in message
    assert int(peak_kb) < 150 * 1024  # the old importer took ~3 GB


@pytest.mark.parametrize("where", ["flavor_text", "x_unknown_field"])
def test_json_nested_100k_deep_on_a_card_line_is_a_card_file_error(where: str) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    body = encode_jsonl([transform_card(10)]).rstrip(b"\n")
    line = body[:-1] + b', "' + where.encode() + b'": ' + deep + b"}\n"
    with pytest.raises(CardFileError, match=r"deep\.jsonl: line 2: card object nested too deeply: refused"):
        import_bytes(encode_jsonl([transform_card(11)]) + line, name="deep.jsonl")


def test_deep_nesting_on_the_last_line_is_a_card_file_error_too() -> None:
    deep = b'{"a": ' * 100_000 + b"1" + b"}" * 100_000
    with pytest.raises(CardFileError, match=r"x\.jsonl: line 2 \(is the file truncated\?\): card object nested"):
        import_bytes(encode_jsonl([transform_card(10)]) + deep + b"\n", name="x.jsonl")


@pytest.mark.parametrize("legacy", [False, True])
@pytest.mark.parametrize("compressed", [False, True])
def test_a_file_starting_with_a_utf8_bom_is_accepted(tmp_path: Path, legacy: bool, compressed: bool) -> None:
    objects = fixture_objects()
    objects.insert(0, objects.pop(1))  # a day/night card on the first line: the BOM is on a decoded line
    data = encode_legacy_array(objects) if legacy else encode_jsonl(objects)
    plain = import_bytes(data)
    bom = b"\xef\xbb\xbf" + data
    path = tmp_path / "bom.jsonl"
    path.write_bytes(gz(bom) if compressed else bom)
    for block_size in (1, 2, 997):
        result = import_file(path, block_size=block_size)
        assert result.cards == plain.cards and result.helpers == plain.helpers and len(result.cards) == 4


# -- a truncated or invalid file is invalid, not "no day/night cards" ------------------------------


def test_truncated_jsonl_is_reported_with_its_line(tmp_path: Path) -> None:
    data = encode_jsonl([*fixture_objects(), *fixture_objects()[:1]])  # the last line is an ordinary card
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[:-40])
    with pytest.raises(CardFileError, match=r"cut\.jsonl: line 19 \(is the file truncated\?\): not valid JSON"):
        import_file(path)
    path.write_bytes(data)  # cut at a line end it is a valid, shorter file
    assert len(import_file(path).cards) == 4


def test_truncated_legacy_array_is_reported(tmp_path: Path) -> None:
    data = encode_legacy_array(fixture_objects())
    path = tmp_path / "cut.json"
    path.write_bytes(data[: data.rindex(b"}") + 1])  # every object complete, the closing ] missing
    with pytest.raises(CardFileError, match=r"cut\.json: line 19: the JSON array is not closed"):
        import_file(path)
    path.write_bytes(data[:-60])
    with pytest.raises(CardFileError, match=r"cut\.json: line 19 \(is the file truncated\?\): not valid JSON"):
        import_file(path)


@pytest.mark.parametrize(
    "data",
    [
        json.dumps({"object": "list", "data": fixture_objects()}, indent=2).encode(),  # pretty-printed, no card line
        json.dumps([{"object": "card", "name": "x"}] * 3, indent=2).encode(),
        b'{"object": "card", "name": "Fixture One"}\n{"object": "card", "name": \n',
    ],
    ids=["pretty-object", "pretty-array", "broken-last-line"],
)
def test_json_that_is_not_one_card_per_line_is_reported_as_invalid(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(data)
    with pytest.raises(CardFileError, match=r"odd\.json: line \d+.*(not valid JSON|not closed|bad card object)"):
        import_file(path)


def test_update_from_a_truncated_file_says_invalid_and_keeps_the_snapshot(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_bytes(encode_jsonl(fixture_objects()))
    run_update(data_dir=tmp_path / "data", from_file=good)
    before = {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()}
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(encode_jsonl([*fixture_objects(), *fixture_objects()[:1]])[:-40])
    with pytest.raises(CardFileError, match=r"cut\.jsonl: line 19 \(is the file truncated\?\): not valid JSON"):
        run_update(data_dir=tmp_path / "data", from_file=cut)
    assert {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()} == before


def test_concurrent_imports_in_threads_give_the_same_records(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "many.jsonl.gz"
    path.write_bytes(gz(encode_jsonl(fixture_objects() * 30)))
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(import_file(path, block_size=997))) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4 and all(len(r.cards) == 4 for r in results)
