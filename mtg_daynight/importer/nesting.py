"""A bound on how deeply a JSON stream nests, checked before the streaming parser sees it.

``ijson`` keeps, for every open array or object, the path to it (``data.MID.cards.item...``): JSON nested *n*
deep costs it memory in the order of *n* squared, so a 1 MB file of nested brackets would exhaust the machine.
Real card data nests about 8 deep. :func:`limit_nesting` passes the blocks through unchanged and raises
:class:`~mtg_daynight.importer.errors.CardFileError` as soon as the nesting passes :data:`MAX_DEPTH`.

It works at the speed of C on the brackets alone: each block is reduced to its ``[]{}`` bytes
(``bytes.translate``) and matched pairs are removed (``bytes.replace``) until none is left, the unmatched ones
carried to the next block; the number of rounds bounds the nesting inside a block, the carried open brackets
the nesting across blocks. Brackets inside strings are counted too (mana symbols such as ``{G}`` are balanced),
so the count can only overestimate; :data:`MAX_DEPTH` leaves ample room for that.

It also bounds the longest stretch without a (non-escaped) double quote, :data:`MAX_TOKEN` bytes: one string
or number that long makes ijson's C parser (yajl) re-read the whole token on every buffer it is fed, so its
time grows with the square of the token (64 MiB: 13 s; 1 GiB: hours). Real card data has no text longer than
a few kilobytes. Only each block's first and last quote are looked for (``bytes.find``/``rfind``, with
escaped backslashes and quotes replaced by two other bytes), so this costs next to nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtg_daynight.importer.errors import CardFileError

#: Deepest nesting accepted (real MTGJSON files: about 8; ijson's memory at this depth: about a megabyte).
MAX_DEPTH = 512
#: Longest stretch of bytes without a double quote accepted: one string, number or run of spaces.
MAX_TOKEN = 2 << 20
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _longest_run(text: bytes, run: int, max_token: int) -> tuple[int, bool]:
    """The quote-free run at the end of ``text`` (``run`` bytes carried in from before it), and whether a run
    longer than ``max_token`` bytes lies in it."""
    first = text.find(b'"')
    if first < 0:
        run += len(text)
        return run, run > max_token
    if run + first > max_token:
        return run, True
    if len(text) > max_token and any(len(part) > max_token for part in text.split(b'"')):
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


def limit_nesting(
    blocks: Iterable[bytes], name: str, max_depth: int = MAX_DEPTH, max_token: int = MAX_TOKEN
) -> Iterator[bytes]:
    """Yield ``blocks`` unchanged; raise :class:`CardFileError` naming ``name`` and the byte offset once the JSON
    in them nests deeper than ``max_depth`` (or piles up more unmatched brackets than it could hold), or holds
    more than ``max_token`` bytes without a double quote (one string or number too long to parse)."""
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
        run, too_long = _longest_run(text, run, max_token)
        if too_long:
            raise CardFileError(
                f"{name}: {_what_runs(block)} longer than {max_token >> 20} MiB within its first "
                f"{offset + len(block)} bytes: refused (no card data holds one)"
            )
        brackets = carried + block.translate(None, _NOT_BRACKETS)
        for _ in range(max_depth + 1):
            reduced = brackets.replace(b"[]", b"").replace(b"{}", b"")
            if len(reduced) == len(brackets):
                break
            brackets = reduced
        else:
            brackets = b"[" * (max_depth + 1)  # more rounds than the limit: at least that deep
        offset += len(block)
        if brackets.count(b"[") + brackets.count(b"{") > max_depth or len(brackets) > 4 * max_depth:
            raise CardFileError(
                f"{name}: JSON nested deeper than {max_depth} levels (or brackets out of balance) within its first "
                f"{offset} bytes: refused"
            )
        carried = brackets
        yield block
