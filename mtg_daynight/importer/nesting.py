"""The guards in front of every MTGJSON parse (docs/carddata.md, "MTGJSON files"): :func:`limit_nesting` passes
the blocks through and refuses JSON nested deeper than :data:`MAX_DEPTH` (ijson's memory grows with the square of
the depth) or holding more than :data:`MAX_TOKEN` bytes without a double quote (yajl's time grows with the square
of a token). Both work at the speed of C: the brackets alone (``bytes.translate``), matched pairs removed until
none is left, the unmatched carried to the next block (brackets inside strings count too, so the depth can only
be overestimated); each block's first and last quote, escapes replaced by same-length stand-ins.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtg_daynight.importer.errors import CardFileError

#: Deepest nesting accepted (real MTGJSON files: about 8; ijson's memory at this depth: about a megabyte).
MAX_DEPTH = 512
#: Longest stretch of bytes without a double quote accepted: one string, number or run of spaces.
MAX_TOKEN = 2 << 20
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _longest_run(text: bytes, run: int) -> tuple[int, bool]:
    """The quote-free run at the end of ``text`` (``run`` bytes carried in from before it), and whether a run
    longer than :data:`MAX_TOKEN` bytes lies in it."""
    first = text.find(b'"')
    if first < 0:
        run += len(text)
        return run, run > MAX_TOKEN
    if run + first > MAX_TOKEN:
        return run, True
    if len(text) > MAX_TOKEN and any(len(part) > MAX_TOKEN for part in text.split(b'"')):
        return run, True
    return len(text) - 1 - text.rfind(b'"'), False


def _what_runs(block: bytes) -> str:
    """What a run without quotes in ``block`` is made of, in words (whitespace, digits, or a string or number)."""
    body = block.translate(None, b'"')
    if not body.translate(None, b" \t\r\n"):
        return "a run of whitespace"
    if not body.translate(None, b"0123456789 \t\r\n,-+.eE"):
        return "a run of numbers and whitespace"
    return "a single JSON string or number"


def limit_nesting(blocks: Iterable[bytes], name: str) -> Iterator[bytes]:
    """Yield ``blocks`` unchanged; raise :class:`CardFileError` naming ``name`` and the byte offset once the JSON
    in them nests deeper than :data:`MAX_DEPTH` (or piles up more unmatched brackets than it could hold), or
    holds more than :data:`MAX_TOKEN` bytes without a double quote (one string or number too long to parse)."""
    carried = b""
    offset = 0
    run = 0
    odd_backslash = False
    for block in blocks:
        # Escapes removed, so that neither \" nor \\ inside a string counts as a quote; a backslash that ends
        # the previous block escapes this block's first byte.
        text = (b"\\" if odd_backslash else b"") + block
        if b"\\" in text:  # same-length stand-ins: the run counts every byte of the file
            text = text.replace(b"\\\\", b"xx").replace(b'\\"', b"xx")
        odd_backslash = (len(block) - len(block.rstrip(b"\\"))) % 2 == 1
        run, too_long = _longest_run(text, run)
        if too_long:
            raise CardFileError(
                f"{name}: {_what_runs(block)} longer than {MAX_TOKEN >> 20} MiB within its first "
                f"{offset + len(block)} bytes: refused (no card data holds one)"
            )
        brackets = carried + block.translate(None, _NOT_BRACKETS)
        for _ in range(MAX_DEPTH + 1):
            reduced = brackets.replace(b"[]", b"").replace(b"{}", b"")
            if len(reduced) == len(brackets):
                break
            brackets = reduced
        else:
            brackets = b"[" * (MAX_DEPTH + 1)  # more rounds than the limit: at least that deep
        offset += len(block)
        if brackets.count(b"[") + brackets.count(b"{") > MAX_DEPTH or len(brackets) > 4 * MAX_DEPTH:
            raise CardFileError(
                f"{name}: JSON nested deeper than {MAX_DEPTH} levels (or brackets out of balance) within its first "
                f"{offset} bytes: refused"
            )
        carried = brackets
        yield block
