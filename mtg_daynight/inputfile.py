"""Reading a user-named input file (a deck file, a mod file) safely: regular files only, bounded, never blocking.

A path may name a FIFO (reading one blocks until a writer appears, possibly for ever), a character device
(``/dev/zero`` never ends, ``/dev/tty`` waits for the keyboard), a socket or a directory: :func:`read_regular_file`
refuses them all, and checks again after opening non-blocking (``fstat``), so that a path swapped for a FIFO between
the check and the open cannot block either.
"""

from __future__ import annotations

import os
import stat
from typing import Final

from mtg_daynight.errors import InputFileError

#: Open flags: read-only, and where the platform has them: never block (a FIFO), never become the controlling
#: terminal (a tty), close on exec, binary (Windows).
_FLAGS: Final = os.O_RDONLY | sum(getattr(os, name, 0) for name in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC", "O_BINARY"))

_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a ``st_mode`` is, in words (``"a regular file"``, ``"a FIFO (named pipe)"``...)."""
    if stat.S_ISREG(mode):
        return "a regular file"
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def not_regular(source: str, mode: int, what: str) -> InputFileError:
    """The error for a path that is not a regular file."""
    return InputFileError(f"{source}: is {file_kind(mode)}, not a regular file: a {what} must be a regular file")


def read_regular_file(path: str | os.PathLike[str], max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed), at most ``max_bytes`` of them.

    ``what`` names the kind of file in errors (``"deck file"``, ``"mod file"``). Raises
    :class:`InputFileError` naming the path when it cannot be opened, is not a regular file (FIFO, device,
    socket, directory) or is larger than ``max_bytes``; it never blocks on a FIFO or device.
    """
    source = os.fspath(path)
    try:
        before = os.stat(source)
        if not stat.S_ISREG(before.st_mode):
            raise not_regular(source, before.st_mode, what)
        descriptor = os.open(source, _FLAGS)
    except OSError as error:
        raise InputFileError(f"{source}: cannot read the {what}: {error.strerror or error}") from error
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode):  # swapped between the stat and the open
            raise not_regular(source, opened.st_mode, what)
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(descriptor, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise InputFileError(f"{source}: cannot read the {what}: {error.strerror or error}") from error
    finally:
        os.close(descriptor)
    if size > max_bytes:
        raise InputFileError(f"{source}: too large: more than {max_bytes} bytes")
    return b"".join(chunks)
