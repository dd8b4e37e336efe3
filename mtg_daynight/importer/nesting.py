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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtg_daynight.importer.errors import CardFileError

#: Deepest nesting accepted (real MTGJSON files: about 8; ijson's memory at this depth: about a megabyte).
MAX_DEPTH = 512
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def limit_nesting(blocks: Iterable[bytes], name: str, max_depth: int = MAX_DEPTH) -> Iterator[bytes]:
    """Yield ``blocks`` unchanged; raise :class:`CardFileError` naming ``name`` and the byte offset once the JSON
    in them nests deeper than ``max_depth`` (or piles up more unmatched brackets than it could hold)."""
    carried = b""
    offset = 0
    for block in blocks:
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
