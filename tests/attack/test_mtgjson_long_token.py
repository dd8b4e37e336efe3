"""Attack on the MTGJSON reader: one enormous string (or number) in a card record.

Seen failing on main: ijson's C parser re-reads a token on every buffer it is fed, so one long string costs time
in the square of its length: 64 MiB took 13 s, a 1 GiB string ran for more than 5 minutes (killed). The
reader now refuses any stretch of more than :data:`~mtg_daynight.importer.mtgjson.MAX_TOKEN` bytes without a
quote, at once, with one line naming the file.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import MAX_TOKEN, limit_nesting, read_mtgjson

from .conftest import run_cli

HEAD = b'{"meta":{"version":"5.2.0","date":"2022-04-25"},"data":{"code":"XXX","cards":[{"name":"Big","text":"'
TAIL = b'"}],"tokens":[]}}'


@pytest.mark.parametrize(
    "body", [b"a", b'ab\\"', b"\\\\", b"1"], ids=["plain", "escaped quotes", "backslashes", "digits"]
)
def test_long_token_is_refused_whatever_it_is_made_of(body: bytes) -> None:
    data = HEAD + body * (3 * MAX_TOKEN // len(body)) + TAIL
    blocks = [data[i:i + 65536 + 1] for i in range(0, len(data), 65536 + 1)]  # odd cuts split escapes
    with pytest.raises(CardFileError, match="longer than 2 MiB"):
        list(limit_nesting(blocks, "f.json"))


def test_real_shaped_json_with_escapes_and_short_strings_passes() -> None:
    record = b'{"name":"A \\"quoted\\" name","text":"line\\nline \\\\ {G}","n":12345},'
    data = b'{"data":{"cards":[' + record * 200_000 + b'{}]}}'  # 13 MB, no long token
    assert b"".join(limit_nesting([data[i:i + 100_003] for i in range(0, len(data), 100_003)], "f")) == data


@pytest.mark.parametrize(("compress", "mib"), [(False, 16), (True, 256)], ids=["plain", "gzip"])
def test_mtgjson_file_with_a_huge_string_is_refused_at_once(
    compress: bool, mib: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / ("big.json.gz" if compress else "big.json")
    with (gzip.open(source, "wb", compresslevel=1) if compress else source.open("wb")) as out:
        out.write(HEAD)
        for _ in range(mib):
            out.write(b"a" * (1 << 20))
        out.write(TAIL)
    # Without the bound, 256 MiB would take minutes (64 MiB took 13 s): the 60 s guard catches a regression.
    argv = ["carddata", "update", "--from-file", str(source), "--data-dir", str(tmp_path / "d")]
    assert run_cli(argv, timeout=60) == 2
    err = capsys.readouterr().err
    assert "a single JSON string or number longer than 2 MiB" in err and err.count("\n") == 1
    assert not (tmp_path / "d" / "daynight-cards.json").exists()


@pytest.mark.parametrize(
    ("filler", "said"),
    [(b" ", "a run of whitespace longer than"), (b"1,", "a run of numbers and whitespace longer than")],
    ids=["whitespace", "one-digit-numbers"],
)
def test_a_bomb_is_refused_saying_what_the_file_holds(tmp_path: Path, filler: bytes, said: str) -> None:
    path = tmp_path / "bomb.json"
    path.write_bytes(b'{"meta": {}, "data": {"cards": [' + filler * (3 << 20) + b"1]}}")
    with pytest.raises(CardFileError, match=said) as caught:
        read_mtgjson(path, Folder())
    assert "string" not in str(caught.value)
