"""Gzip decompression with the fastest well-kept decompressor available.

Preference order: ``isal`` (Intel ISA-L, the project's dependency on CPython), ``zlib_ng`` if importable,
then the standard library's ``zlib``. All three offer the same ``decompressobj`` interface.

:func:`iter_blocks` turns an iterable of raw file chunks into decompressed blocks of at most ``block_size``
bytes (bounded memory whatever the compression ratio). Plain (not gzipped) input passes through unchanged;
concatenated gzip members are all decompressed; corrupt or truncated gzip data raises
:class:`~mtg_daynight.importer.errors.CardFileError`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any

from mtg_daynight.importer.errors import CardFileError

GZIP_MAGIC = b"\x1f\x8b"
#: Decompressed block size. About 1 MiB keeps blocks in the CPU cache while they are scanned and keeps
#: glibc from mapping and unmapping fresh pages for every block.
DEFAULT_BLOCK_SIZE = 1 << 20
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


def iter_blocks(
    chunks: Iterable[bytes],
    *,
    name: str = "<data>",
    block_size: int = DEFAULT_BLOCK_SIZE,
    decompressor: str | None = None,
    info: dict[str, Any] | None = None,
) -> Iterator[bytes]:
    """Yield the decompressed content of ``chunks`` in blocks of at most ``block_size`` bytes.

    Gzip is recognised by its magic bytes ``1f 8b``; anything else is passed through as is. ``info``, when
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
        if head:
            yield head
        yield from (c for c in iterator if c)
        return
    lib_name, module = _load(decompressor)
    if info is not None:
        info["decompressor"] = lib_name
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
