"""Writing a file atomically: the one way mtg-daynight writes a file (card data, download state, scenario dumps)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` in one ``os.replace`` of a temporary file beside it (``.<name>.*.tmp``; a
    killed card-data update's is removed by the next one, ``importer.store.TEMP_GLOB``), the file and then the
    directory fsynced: every file mtg-daynight writes goes through here. Nothing else is ever left half written."""
    directory = target.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp_name, 0o666 & ~_umask())  # mkstemp makes 0600 files; these are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fsync_directory(directory)  # make the rename durable


def fsync_directory(directory: Path) -> None:
    """Make a rename or removal in ``directory`` durable: fsync the directory (not possible on every platform:
    then nothing happens)."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
