"""Reading a card-data file from disk in chunks, hashed as it is read, and decompressed by content.

A file is recognised as gzip (``1f 8b``), xz (``fd 37 7a 58 5a 00``), bzip2 (``BZh``) or plain by its first
bytes, never by its name. :func:`open_blocks` yields its decompressed content in blocks of bounded size
(gzip through :func:`mtg_daynight.importer.gunzip.iter_blocks`, the fastest decompressor available) and
:class:`BlockStream` turns those blocks into the ``read(n)`` file object a streaming JSON parser wants.
Corrupt or truncated compressed data raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the
file.
"""

from __future__ import annotations

import bz2
import lzma
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.gunzip import DEFAULT_BLOCK_SIZE, GZIP_MAGIC, iter_blocks

READ_SIZE = 256 * 1024
XZ_MAGIC = b"\xfd7zXZ\x00"
BZIP2_MAGIC = b"BZh"
UTF8_BOM = b"\xef\xbb\xbf"

Compression = Literal["gzip", "xz", "bzip2", "none"]


def read_chunks(path: Path, digest: Any, size: list[int]) -> Iterator[bytes]:
    """The raw bytes of ``path`` in chunks of :data:`READ_SIZE`; each chunk updates ``digest`` and ``size[0]``."""
    with path.open("rb", buffering=0) as handle:
        while chunk := handle.read(READ_SIZE):
            digest.update(chunk)
            size[0] += len(chunk)
            yield chunk


def sniff_compression(head: bytes) -> Compression:
    """The compression of data starting with ``head`` (its magic bytes)."""
    if head.startswith(GZIP_MAGIC):
        return "gzip"
    if head.startswith(XZ_MAGIC):
        return "xz"
    if head.startswith(BZIP2_MAGIC):
        return "bzip2"
    return "none"


def _stream_blocks(
    chunks: Iterator[bytes], make: Callable[[], Any], kind: str, name: str, block_size: int
) -> Iterator[bytes]:
    """Decompress an xz or bzip2 stream (concatenated streams included) in blocks of at most ``block_size``."""
    decompressor = make()
    try:
        for chunk in chunks:
            data = chunk
            while True:
                if decompressor.eof:
                    data = decompressor.unused_data + data
                    if not data.strip(b"\x00"):  # padding after the last stream
                        break
                    decompressor = make()
                out = decompressor.decompress(data, block_size)
                data = b""
                if out:
                    yield out
                if not decompressor.eof and decompressor.needs_input:
                    break
        while not decompressor.eof and not decompressor.needs_input:
            out = decompressor.decompress(b"", block_size)
            if not out:
                break
            yield out
    except (lzma.LZMAError, OSError, EOFError) as error:
        raise CardFileError(f"{name}: corrupt {kind} data ({error})") from None
    if not decompressor.eof:
        raise CardFileError(f"{name}: truncated {kind} data (the file ends before the {kind} stream does)")


def open_blocks(
    path: Path,
    digest: Any,
    size: list[int],
    *,
    block_size: int = DEFAULT_BLOCK_SIZE,
    decompressor: str | None = None,
    info: dict[str, Any] | None = None,
) -> tuple[Iterator[bytes], Compression]:
    """The decompressed content of ``path`` in blocks, and the compression recognised from its first bytes.

    The raw bytes update ``digest`` (a hashlib object) and ``size[0]`` as they are read. ``decompressor`` and
    ``info`` are passed to :func:`~mtg_daynight.importer.gunzip.iter_blocks` for gzip (``info`` receives
    ``gzipped`` and ``decompressor`` for every compression: "xz", "bzip2" or "none" for the others).
    """
    chunks = read_chunks(path, digest, size)
    head = b""
    for chunk in chunks:
        head += chunk
        if len(head) >= len(XZ_MAGIC):
            break
    compression = sniff_compression(head)

    def again() -> Iterator[bytes]:
        if head:
            yield head
        yield from chunks

    name = str(path)
    if compression == "gzip":
        blocks = iter_blocks(again(), name=name, block_size=block_size, decompressor=decompressor, info=info)
        return blocks, compression
    if info is not None:
        info.update(gzipped=False, decompressor=compression)
    if compression == "xz":
        return _stream_blocks(again(), lzma.LZMADecompressor, "xz", name, block_size), compression
    if compression == "bzip2":
        return _stream_blocks(again(), bz2.BZ2Decompressor, "bzip2", name, block_size), compression
    return again(), compression


class BlockStream:
    """A read-only binary file object over an iterable of blocks (what ``ijson`` reads from).

    ``position`` is the number of bytes handed out so far (for error messages); a UTF-8 byte-order mark at the
    very start is skipped.
    """

    def __init__(self, blocks: Iterable[bytes]) -> None:
        self._blocks = iter(blocks)
        self._block = b""
        self._offset = 0
        self._first = True
        self.position = 0

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes (all the rest for a negative size); ``b""`` only at the end."""
        if size < 0:
            parts = []
            while (part := self.read(1 << 20)) != b"":
                parts.append(part)
            return b"".join(parts)
        while self._offset >= len(self._block):
            block = next(self._blocks, None)
            if block is None:
                return b""
            if self._first:
                self._first = False
                block = block.removeprefix(UTF8_BOM)
            self._block, self._offset = block, 0
        out = self._block[self._offset : self._offset + size]
        self._offset += len(out)
        self.position += len(out)
        return out

    def close(self) -> None:
        """Stop reading (closes the block iterator)."""
        close_iterator(self._blocks)


def close_iterator(items: object) -> None:
    """Close ``items`` if it can be closed (a generator: its ``finally`` blocks close the files it opened); a
    list or other plain iterable is left alone."""
    close = getattr(items, "close", None)
    if close is not None:
        close()
