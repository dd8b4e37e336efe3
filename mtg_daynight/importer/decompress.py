"""Reading card-data bytes: a file hashed as it is read, and decompression recognised from the content.

:func:`open_decompressed` is the one way the importer decompresses, for a file on disk and for a download
alike: it takes the raw bytes as an iterable of chunks, recognises gzip (``1f 8b``), xz (``fd 37 7a 58 5a 00``),
bzip2 (``BZh``) or plain data by the first bytes (never by a file name), and reads the content through the
standard library's readers (:mod:`gzip`, :mod:`lzma`, :mod:`bz2`); gzip goes through ``isal.igzip`` (Intel ISA-L,
the same interface, about three times faster) when it is installed. Concatenated gzip members are all read.
Corrupt or truncated compressed data raises :class:`~mtg_daynight.importer.errors.CompressedDataError` naming
the source.

:class:`HashedFile` gives a file's bytes in chunks and hashes them as they pass (one read of the file).
:class:`ChunkStream` is the one adaptor from chunks to a file object: the decompressors read raw bytes through
it, and a streaming JSON parser reads decompressed blocks through it.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import lzma
import zlib
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from types import ModuleType, TracebackType
from typing import IO, Literal, cast

from mtg_daynight.importer.errors import CardFileError, CompressedDataError

_igzip: ModuleType | None
try:  # the optional speed-up: isal's public gzip reader, the interface of gzip.GzipFile, in C
    from isal import igzip as _igzip
    from isal import isal_zlib

    _ISAL_ERRORS: tuple[type[BaseException], ...] = (isal_zlib.error,)  # type: ignore[assignment]  # stub says instance
except ImportError:  # pragma: no cover - isal comes with the [carddata] extra on CPython
    _igzip, _ISAL_ERRORS = None, ()

#: Bytes read from a file at a time.
READ_SIZE = 1 << 20
#: Decompressed block size: large enough that per-block costs vanish, small enough to stay in the CPU cache.
DEFAULT_BLOCK_SIZE = 4 << 20
GZIP_MAGIC = b"\x1f\x8b"
XZ_MAGIC = b"\xfd7zXZ\x00"
BZIP2_MAGIC = b"BZh"
UTF8_BOM = b"\xef\xbb\xbf"

Compression = Literal["gzip", "xz", "bzip2", "none"]

_CORRUPT: tuple[type[BaseException], ...] = (OSError, zlib.error, lzma.LZMAError, *_ISAL_ERRORS)


def sniff_compression(head: bytes) -> Compression:
    """The compression of data starting with ``head`` (its magic bytes)."""
    if head.startswith(GZIP_MAGIC):
        return "gzip"
    if head.startswith(XZ_MAGIC):
        return "xz"
    if head.startswith(BZIP2_MAGIC):
        return "bzip2"
    return "none"


class ChunkStream(io.RawIOBase):
    """A read-only raw stream over an iterator of byte chunks: what the decompressors read from, and what
    ``ijson`` reads decompressed blocks from (``read(n)`` never spans two chunks). ``position`` counts the bytes
    read so far (for error messages and bounds); closing it closes the iterator."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        super().__init__()
        self._chunks = iter(chunks)
        self._pending = memoryview(b"")
        self.position = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        while not self._pending:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._pending = memoryview(chunk)
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        self.position += count
        return count

    def close(self) -> None:
        """Stop reading: the chunks' iterator is closed too (a generator's ``finally`` runs)."""
        close = getattr(self._chunks, "close", None)
        if close is not None:
            close()
        super().close()


def _open_gzip(raw: io.RawIOBase) -> tuple[str, io.BufferedIOBase]:
    """A gzip reader over ``raw`` and its name: isal's where it is installed, else the standard library's."""
    if _igzip is None:
        return "zlib", gzip.GzipFile(fileobj=raw, mode="rb")
    reader: io.BufferedIOBase = _igzip.IGzipFile(fileobj=raw, mode="rb")
    return "isal", reader


def _prepend(head: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if head:
        yield head
    yield from rest


class Decompressed:
    """The decompressed content of a byte source (see :func:`open_decompressed`)."""

    def __init__(self, chunks: Iterable[bytes], name: str) -> None:
        rest = iter(chunks)
        head = b""
        while len(head) < len(XZ_MAGIC) and (chunk := next(rest, None)) is not None:
            head += chunk
        self.name = name
        #: the compression recognised from the first bytes
        self.compression: Compression = sniff_compression(head)
        raw = ChunkStream(_prepend(head, rest))  # the decompressors buffer what they read: no buffer in between
        self._reader: io.BufferedIOBase
        #: what decompresses: ``isal``, ``zlib`` (the standard library's gzip), ``xz``, ``bzip2`` or ``none``
        self.decompressor: str = self.compression
        if self.compression == "gzip":
            self.decompressor, self._reader = _open_gzip(raw)
        elif self.compression == "xz":
            # LZMAFile reads any object with read(); the stubs ask for IO[bytes]
            self._reader = lzma.LZMAFile(cast("IO[bytes]", raw))  # noqa: SIM115 - closed with the source
        elif self.compression == "bzip2":
            self._reader = bz2.BZ2File(raw)
        else:  # plain data: nothing else buffers it, so that a block is a whole block_size, not one chunk
            self._reader = io.BufferedReader(raw, READ_SIZE)

    @property
    def gzipped(self) -> bool:
        """True for gzip data."""
        return self.compression == "gzip"

    def blocks(self, block_size: int = DEFAULT_BLOCK_SIZE) -> Iterator[bytes]:
        """The content in blocks of at most ``block_size`` bytes (bounded memory whatever the compression ratio);
        raises :class:`CompressedDataError` for corrupt or truncated compressed data."""
        kind = self.compression
        try:
            while block := self._reader.read(block_size):
                yield block
        except EOFError:
            raise CompressedDataError(
                f"{self.name}: truncated {kind} data (the data ends before the {kind} stream does)"
            ) from None
        except _CORRUPT as error:
            raise CompressedDataError(f"{self.name}: corrupt {kind} data ({error})") from None


def open_decompressed(chunks: Iterable[bytes], name: str) -> Decompressed:
    """The decompressed content of the raw bytes ``chunks`` (named ``name`` in errors). The first chunks are
    read at once, to recognise the compression; the rest as :meth:`Decompressed.blocks` are read."""
    return Decompressed(chunks, name)


class HashedFile:
    """A file opened for reading whose bytes are hashed as they are read: ``size`` and :attr:`sha256` describe the
    bytes :meth:`chunks` has given so far (the whole file once it is exhausted). A context manager."""

    def __init__(self, path: Path) -> None:
        self.name = str(path)
        try:
            self._handle = path.open("rb", buffering=0)
        except OSError as error:
            raise CardFileError(f"{path}: cannot read: {error.strerror or error}") from None
        self._digest = hashlib.sha256()
        self.size = 0

    @property
    def sha256(self) -> str:
        """The SHA-256 (hex) of the bytes read so far."""
        return self._digest.hexdigest()

    def chunks(self, read_size: int = READ_SIZE) -> Iterator[bytes]:
        """The file's bytes in chunks of at most ``read_size``; a read error is a :class:`CardFileError`."""
        while True:
            try:
                chunk = self._handle.read(read_size)
            except OSError as error:
                raise CardFileError(f"{self.name}: cannot read: {error.strerror or error}") from None
            if not chunk:
                return
            self._digest.update(chunk)
            self.size += len(chunk)
            yield chunk

    def close(self) -> None:
        """Close the file."""
        self._handle.close()

    def __enter__(self) -> HashedFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def file_blocks(path: Path, block_size: int = DEFAULT_BLOCK_SIZE) -> Generator[bytes, None, None]:
    """The decompressed content of the file ``path`` in blocks (the file is closed when they end or are closed)."""
    with HashedFile(path) as source:
        yield from open_decompressed(source.chunks(), str(path)).blocks(block_size)
