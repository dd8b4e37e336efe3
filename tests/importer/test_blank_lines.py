"""Blank lines and whitespace cost no Python work per line: the scanner skips a run of them with a few C-level
strip per block, so the calls it makes grow with the number of blocks, never with the number of lines."""

from __future__ import annotations

import sys
from types import FrameType

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mtg_daynight.importer.bulk import BlockScanner


def _calls_while_scanning(blocks: list[bytes]) -> tuple[int, list[bytes]]:
    """Every Python and C call made while the scanner reads ``blocks`` (counted with a profile hook), and the
    edge lines it found."""
    scanner = BlockScanner()
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        for block in blocks:
            scanner.feed(block)
        scanner.finish()
    finally:
        sys.setprofile(None)
    return calls, [line for _, line in scanner.edges]


@pytest.mark.parametrize("blank", [b"\n", b" \r\n\t"], ids=["newlines", "mixed-whitespace"])
def test_scanning_blank_lines_costs_calls_per_block_not_per_line(blank: bytes) -> None:
    block = blank * ((1 << 20) // len(blank))  # 1 MiB: up to a million blank lines per block
    blocks = [b'{"name": "first"}\n', *([block] * 4), b'{"name": "last"}\n']
    calls, edges = _calls_while_scanning(blocks)
    assert [edge.strip() for edge in edges] == [b'{"name": "first"}', b'{"name": "last"}']
    assert calls < 200 * len(blocks)  # a walk line by line would make over a million calls


def test_a_file_of_blank_lines_only_is_walked_in_few_calls() -> None:
    calls, _ = _calls_while_scanning([b"\n" * (1 << 20)] * 2 + [b'{"name": "only"}\n'])
    assert calls < 600


def test_blank_lines_around_array_filler_still_find_the_edges() -> None:
    scanner = BlockScanner()
    scanner.feed(b"[\n" + b"\n" * 10_000 + b',\n{"name": "a"},\n' + b"\n ,\n" * 5000)
    scanner.feed(b'{"name": "b"}\n' + b"\n" * 10_000 + b"]\n")
    scanner.finish()
    assert [line for _, line in scanner.edges] == [b'{"name": "a"},', b'{"name": "b"}']
    assert scanner.closed


_PIECES = [b"", b" ", b"\n", b"\r\n", b"\t", b"[", b"]", b",", b'{"a":1}', b'{"b":"Daybound"}', b"\xef\xbb\xbf"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=25), st.booleans(), st.lists(st.integers(1, 8), min_size=1))
def test_the_edges_are_the_first_and_last_lines_holding_an_object_whatever_the_blocks(
    pieces: list[bytes], bom: bool, cuts: list[int]
) -> None:
    data = (b"\xef\xbb\xbf" if bom else b"") + b"".join(pieces)
    opening = data.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")[:1]
    assume(opening in (b"{", b"["))
    filler = b" \t\r\n" + (b"" if opening == b"{" else b"[],")
    body = data.removeprefix(b"\xef\xbb\xbf")  # a byte order mark opening the data is skipped, counted in offsets
    lines, offset = [], len(data) - len(body)
    for line in body.split(b"\n"):  # the plain model: every line looked at, one by one
        if line.strip(filler):
            lines.append((offset, line))
        offset += len(line) + 1
    expected = sorted({lines[0], lines[-1]}) if lines else []
    scanner = BlockScanner()
    pos = 0
    while pos < len(data):
        size = cuts[pos % len(cuts)]
        scanner.feed(data[pos : pos + size])
        pos += size
    scanner.finish()
    assert scanner.edges == expected
