"""Gzip decompression with the fastest well-kept decompressor available.

Preference order: ``isal`` (Intel ISA-L, the project's dependency on CPython), ``zlib_ng`` if importable,
then the standard library's ``zlib``. With ``isal`` the stream goes through its ``igzip`` reader, whose C core
releases the GIL while it inflates (``isal_zlib.decompressobj`` does not, so a background thread running it
would not overlap with the scan); the others use ``decompressobj`` with ``max_length``, which CPython's zlib
runs without the GIL too.

:func:`iter_blocks` turns an iterable of raw file chunks into decompressed blocks of at most ``block_size``
bytes (bounded memory whatever the compression ratio). Plain (not gzipped) input passes through unchanged;
concatenated gzip members are all decompressed; corrupt or truncated gzip data raises
:class:`~mtg_daynight.importer.errors.CardFileError`.
"""

from __future__ import annotations

import gzip
import importlib
import io
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any

from mtg_daynight.importer.errors import CardFileError

GZIP_MAGIC = b"\x1f\x8b"
#: Decompressed block size. About 1 MiB keeps blocks in the CPU cache while they are scanned and keeps
#: glibc from mapping and unmapping fresh pages for every block.
DEFAULT_BLOCK_SIZE = 1 << 20
#: Compressed bytes isal's gzip reader asks its source for at once. Each ask runs Python code (the source's
#: ``readinto``) and so needs the GIL, which a thread that decompresses while another scans waits for: at 4 MiB,
#: a 77 MB file takes 19 asks instead of 150 at isal's default of 512 KiB.
IGZIP_READ_SIZE = 4 << 20
_GZIP_WBITS = 16 + 15

_CANDIDATES = (("isal", "isal.isal_zlib"), ("zlib-ng", "zlib_ng.zlib_ng"), ("zlib", "zlib"))


def _load(preferred: str | None = None) -> tuple[str, ModuleType]:
    for name, module_name in _CANDIDATES:
        if preferred is not None and name != preferred:
            continue
        try:
            return name, importlib.import_module(module_name)
        except ImportError:
            continue
    if preferred is not None:
        raise ValueError(f"decompressor {preferred!r} is not available")
    raise RuntimeError("no zlib implementation available")  # pragma: no cover - stdlib zlib always exists


def available_decompressors() -> list[str]:
    """Names of the decompressors importable here, fastest first."""
    found = []
    for name, module_name in _CANDIDATES:
        try:
            importlib.import_module(module_name)
        except ImportError:
            continue
        found.append(name)
    return found


def decompressor_name(preferred: str | None = None) -> str:
    """The name of the decompressor :func:`iter_blocks` uses (``isal``, ``zlib-ng`` or ``zlib``)."""
    return _load(preferred)[0]


def _errors(module: ModuleType) -> tuple[type[BaseException], ...]:
    import zlib

    errors: list[type[BaseException]] = [zlib.error]
    error = getattr(module, "error", None)
    if isinstance(error, type) and issubclass(error, BaseException):
        errors.append(error)
    return tuple(errors)


class _ChunkReader(io.RawIOBase):
    """A read-only raw stream over an iterator of chunks (what the igzip reader pulls its input from)."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        super().__init__()
        self._chunks = chunks
        self._pending = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._pending:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._pending = memoryview(chunk)
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        return count


def igzip_blocks(source: Any, name: str, block_size: int) -> Iterator[bytes]:
    """Decompress the gzip data that ``source`` (a raw binary stream: its ``readinto``) holds, in blocks of at most
    ``block_size`` bytes, with isal's gzip reader, written in C: it releases the GIL while it inflates and asks
    ``source`` for :data:`IGZIP_READ_SIZE` bytes at a time. Concatenated members are all read; corrupt or
    truncated data, or garbage after it, raises :class:`~mtg_daynight.importer.errors.CardFileError`."""
    igzip: Any = importlib.import_module("isal.igzip")
    corrupt: tuple[type[BaseException], ...] = (gzip.BadGzipFile, *_errors(importlib.import_module("isal.isal_zlib")))
    # the C reader itself (isal >= 1.4, what isal's own igzip_threaded reads with); IGzipFile wraps it in
    # Python layers and reads only 512 KiB at a time
    reader_class = getattr(igzip, "_IGzipReader", None)
    try:
        if reader_class is None:
            reader = igzip.IGzipFile(fileobj=source, mode="rb")
        else:
            reader = reader_class(source, IGZIP_READ_SIZE)
        while block := reader.read(block_size):
            yield block
    except EOFError:
        raise CardFileError(
            f"{name}: truncated gzip data (the file ends before the gzip stream does, or garbage follows it)"
        ) from None
    except corrupt as error:
        raise CardFileError(f"{name}: corrupt gzip data ({error})") from None


def pieces(chunk: bytes, block_size: int) -> Iterator[bytes]:
    """``chunk`` in pieces of at most ``block_size`` bytes (plain input obeys the block size too)."""
    if len(chunk) <= block_size:
        if chunk:
            yield chunk
        return
    for start in range(0, len(chunk), block_size):
        yield chunk[start : start + block_size]


def _prepend(head: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield head
    yield from rest


def iter_blocks(
    chunks: Iterable[bytes],
    *,
    name: str = "<data>",
    block_size: int = DEFAULT_BLOCK_SIZE,
    decompressor: str | None = None,
    info: dict[str, Any] | None = None,
) -> Iterator[bytes]:
    """Yield the decompressed content of ``chunks`` in blocks of at most ``block_size`` bytes.

    Gzip is recognised by its magic bytes ``1f 8b``; anything else is passed through as is (in pieces of at
    most ``block_size`` bytes too). ``info``, when
    given, receives ``gzipped`` (bool) and ``decompressor`` (str). ``name`` is used in error messages.
    """
    iterator = iter(chunks)
    head = b""
    for chunk in iterator:
        head += chunk
        if len(head) >= 2:
            break
    gzipped = head.startswith(GZIP_MAGIC)
    if info is not None:
        info["gzipped"] = gzipped
    if not gzipped:
        if info is not None:
            info["decompressor"] = "none"
        yield from pieces(head, block_size)
        for chunk in iterator:
            yield from pieces(chunk, block_size)
        return
    lib_name, module = _load(decompressor)
    if info is not None:
        info["decompressor"] = lib_name
    if lib_name == "isal":
        yield from igzip_blocks(_ChunkReader(_prepend(head, iterator)), name, block_size)
        return
    errors = _errors(module)
    decompress_obj: Any = module.decompressobj(wbits=_GZIP_WBITS)
    pending = head

    def source() -> Iterator[bytes]:
        if pending:
            yield pending
        yield from iterator

    member_done = False
    try:
        for chunk in source():
            data = chunk
            while data:
                if member_done:
                    # another gzip member follows (concatenated gzip): start a fresh decompressor
                    if not data.lstrip(b"\x00"):
                        data = b""
                        break
                    if not data.startswith(GZIP_MAGIC[: len(data)]):
                        raise CardFileError(f"{name}: trailing garbage after the gzip data")
                    decompress_obj = module.decompressobj(wbits=_GZIP_WBITS)
                    member_done = False
                out = decompress_obj.decompress(data, block_size)
                if out:
                    yield out
                if decompress_obj.eof:
                    data = decompress_obj.unused_data
                    member_done = True
                else:
                    data = decompress_obj.unconsumed_tail
        while not member_done:
            out = decompress_obj.decompress(b"", block_size)
            if out:
                yield out
            elif decompress_obj.eof:
                member_done = True
            else:
                break
            if decompress_obj.eof:
                member_done = True
    except errors as error:
        raise CardFileError(f"{name}: corrupt gzip data ({error})") from None
    if not member_done:
        raise CardFileError(f"{name}: truncated gzip data (the file ends before the gzip stream does)")
