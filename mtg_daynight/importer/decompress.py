"""Reading a card-data file from disk in chunks, hashed as it is read, and decompressed by content.

A file is recognised as gzip (``1f 8b``), xz (``fd 37 7a 58 5a 00``), bzip2 (``BZh``) or plain by its first
bytes, never by its name. :func:`open_blocks` yields its decompressed content in blocks of bounded size (gzip
through isal's C reader straight from the file, or :func:`mtg_daynight.importer.gunzip.iter_blocks` with the
fastest other decompressor available; the raw bytes are hashed as they are read, by :class:`FileSource`) and
:class:`BlockStream` turns those blocks into the ``read(n)`` file object a streaming JSON parser wants.
Corrupt or truncated compressed data raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the
file.
"""

from __future__ import annotations

import bz2
import io
import lzma
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.gunzip import DEFAULT_BLOCK_SIZE, GZIP_MAGIC, decompressor_name, igzip_blocks, iter_blocks

READ_SIZE = 256 * 1024
XZ_MAGIC = b"\xfd7zXZ\x00"
BZIP2_MAGIC = b"BZh"
UTF8_BOM = b"\xef\xbb\xbf"

Compression = Literal["gzip", "xz", "bzip2", "none"]


class FileSource(io.RawIOBase):
    """The raw bytes of an open file, for a decompressor to read: every byte read updates ``digest`` (a hashlib
    object, given the very buffer the bytes were read into: no copy) and ``size[0]``.

    ``head``, the first bytes already read from ``handle`` to recognise the compression, is served first.
    """

    def __init__(self, handle: io.RawIOBase, digest: Any, size: list[int], head: bytes = b"") -> None:
        super().__init__()
        self._handle = handle
        self._digest = digest
        self._size = size
        self._head = head

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            count = min(len(buffer), len(self._head))
            buffer[:count] = self._head[:count]
            self._head = self._head[count:]
        else:
            count = self._handle.readinto(buffer) or 0
        if count:
            self._digest.update(memoryview(buffer)[:count])
            self._size[0] += count
        return count

    def chunks(self, read_size: int = READ_SIZE) -> Iterator[bytes]:
        """The rest of the bytes in chunks of at most ``read_size`` (for the decompressors fed chunk by chunk)."""
        while chunk := self.read(read_size):
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


def _read_head(handle: io.RawIOBase) -> bytes:
    """The first bytes of ``handle``, enough to recognise any compression we read (fewer in a shorter file)."""
    head = b""
    while len(head) < len(XZ_MAGIC) and (more := handle.read(len(XZ_MAGIC) - len(head))):
        head += more
    return head


def closing(blocks: Iterator[bytes], handle: io.RawIOBase) -> Iterator[bytes]:
    """``blocks``, closing ``handle`` when they end or are closed (in the thread that reads them)."""
    try:
        yield from blocks
    finally:
        handle.close()


def open_blocks(
    path: Path,
    digest: Any,
    size: list[int],
    *,
    block_size: int = DEFAULT_BLOCK_SIZE,
    decompressor: str | None = None,
    info: dict[str, Any] | None = None,
) -> tuple[Iterator[bytes], Compression]:
    """The decompressed content of ``path`` in blocks (:func:`handle_blocks`), and the compression recognised
    from its first bytes. The file is closed when the blocks are exhausted or closed."""
    handle = path.open("rb", buffering=0)
    try:
        blocks, compression = handle_blocks(
            handle, str(path), digest, size, block_size=block_size, decompressor=decompressor, info=info
        )
    except BaseException:
        handle.close()
        raise
    return closing(blocks, handle), compression


def handle_blocks(
    handle: io.RawIOBase,
    name: str,
    digest: Any,
    size: list[int],
    *,
    block_size: int = DEFAULT_BLOCK_SIZE,
    decompressor: str | None = None,
    info: dict[str, Any] | None = None,
) -> tuple[Iterator[bytes], Compression]:
    """The decompressed content of the open file ``handle`` (named ``name`` in errors) in blocks of at most
    ``block_size`` bytes, and the compression recognised from its first bytes (read at once).

    The raw bytes update ``digest`` (a hashlib object) and ``size[0]`` as they are read. Gzip goes through isal's
    C reader straight from the file where isal is installed (:func:`~mtg_daynight.importer.gunzip.igzip_blocks`),
    else through :func:`~mtg_daynight.importer.gunzip.iter_blocks` with ``decompressor`` and ``info``; ``info``
    receives ``gzipped`` and ``decompressor`` for every compression ("xz", "bzip2" or "none" for the others).
    """
    head = _read_head(handle)
    source = FileSource(handle, digest, size, head)
    compression = sniff_compression(head)
    blocks: Iterator[bytes]
    if compression == "gzip" and decompressor_name(decompressor) == "isal":
        if info is not None:
            info.update(gzipped=True, decompressor="isal")
        blocks = igzip_blocks(source, name, block_size)
    elif compression == "gzip":
        blocks = iter_blocks(source.chunks(), name=name, block_size=block_size, decompressor=decompressor, info=info)
    else:
        if info is not None:
            info.update(gzipped=False, decompressor=compression)
        if compression == "xz":
            blocks = _stream_blocks(source.chunks(), lzma.LZMADecompressor, "xz", name, block_size)
        elif compression == "bzip2":
            blocks = _stream_blocks(source.chunks(), bz2.BZ2Decompressor, "bzip2", name, block_size)
        else:
            blocks = source.chunks(block_size)
    return blocks, compression


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
