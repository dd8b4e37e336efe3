"""Where card data lives: the one rule every reader and writer uses.

Reading (:func:`locate_snapshot`), the first that applies wins:

1. ``--data-dir DIR``, else the ``MTG_DAYNIGHT_DATA_DIR`` environment variable: that directory only (no
   fallback, so an empty directory means "no card data");
2. a user import: the snapshot ``mtg-daynight carddata update`` wrote into the user data directory
   (:func:`user_data_dir`, e.g. ``~/.local/share/mtg-daynight/carddata`` on Linux);
3. in a source checkout, the repository's ``carddata/`` directory, if it holds an imported snapshot;
4. the snapshot bundled inside the package (``mtg_daynight/data/daynight-cards.json``, built from MTGJSON set
   files by ``scripts/build_bundled_carddata.py``): real data the moment the package is installed.

Writing (:func:`resolve_data_dir`, where an update puts its snapshot): ``--data-dir``, else
``MTG_DAYNIGHT_DATA_DIR``, else the user data directory (never the package, never a checkout's
``carddata/`` unless named with ``--data-dir``), so an update always wins over the bundled snapshot.

Downloaded bulk files are cached outside the data directory, in the user cache directory
(``MTG_DAYNIGHT_CACHE_DIR`` overrides it), so a checkout never collects 100 MB files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, NamedTuple

from mtg_daynight.importer.errors import CardDataError

APP_NAME = "mtg-daynight"
SNAPSHOT_NAME = "daynight-cards.json"
LOCK_NAME = ".daynight-cards.lock"
DATA_DIR_ENV = "MTG_DAYNIGHT_DATA_DIR"
CACHE_DIR_ENV = "MTG_DAYNIGHT_CACHE_DIR"
#: The bundled snapshot's directory inside the package.
BUNDLED_SUBDIR = "data"

Origin = Literal["--data-dir", "$MTG_DAYNIGHT_DATA_DIR", "user", "checkout", "bundled", "none"]


def repo_carddata_dir() -> Path | None:
    """The ``carddata/`` directory of the source checkout this package runs from, if any."""
    package_dir = Path(__file__).resolve().parent.parent
    root = package_dir.parent
    if (root / "pyproject.toml").is_file() and (root / "carddata").is_dir():
        return root / "carddata"
    return None


def user_data_dir() -> Path:
    """The per-user card-data directory: ``carddata`` in platformdirs' user data directory of ``mtg-daynight``
    (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
    ``%LOCALAPPDATA%`` on Windows)."""
    import platformdirs  # only where a directory is needed: not for --data-dir or a bulk file named on the command line

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "carddata"


def bundled_snapshot() -> Path:
    """The snapshot shipped inside the package (wheel and editable install alike)."""
    return Path(__file__).resolve().parent.parent / BUNDLED_SUBDIR / SNAPSHOT_NAME


def _explicit_dir(explicit: str | os.PathLike[str] | None) -> tuple[Path, Origin] | None:
    if explicit is not None:
        if not os.fspath(explicit).strip():  # "" must not mean "the user directory": refuse it
            raise CardDataError("--data-dir: an empty path (name the directory of the snapshot)")
        return Path(explicit).expanduser(), "--data-dir"
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser(), "$MTG_DAYNIGHT_DATA_DIR"
    return None


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory an update writes its snapshot into: ``explicit``, else ``$MTG_DAYNIGHT_DATA_DIR``, else the
    user data directory (see the module docstring)."""
    given = _explicit_dir(explicit)
    return given[0] if given is not None else user_data_dir()


class SnapshotLocation(NamedTuple):
    """The snapshot a reader uses: ``path``, its file, and ``origin``, why that one: "--data-dir",
    "$MTG_DAYNIGHT_DATA_DIR", "user", "checkout", "bundled", or "none" (no snapshot anywhere: ``path`` is then
    where an update would write it)."""

    path: Path
    origin: Origin

    @property
    def exists(self) -> bool:
        """True when something is at the snapshot's path (even a directory, a FIFO or a dangling link: reading
        it then raises a typed error, rather than the reader silently taking it for "no card data")."""
        return os.path.lexists(self.path)


def locate_snapshot(explicit: str | os.PathLike[str] | None = None) -> SnapshotLocation:
    """The snapshot to read, in the order of the module docstring."""
    given = _explicit_dir(explicit)
    if given is not None:
        return SnapshotLocation(snapshot_path(given[0]), given[1])
    user = user_data_dir() / SNAPSHOT_NAME
    if user.is_file():
        return SnapshotLocation(user, "user")
    repo = repo_carddata_dir()
    if repo is not None and (repo / SNAPSHOT_NAME).is_file():
        return SnapshotLocation(repo / SNAPSHOT_NAME, "checkout")
    bundled = bundled_snapshot()
    if bundled.is_file():
        return SnapshotLocation(bundled, "bundled")
    return SnapshotLocation(user, "none")


def resolve_cache_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory for downloaded bulk files and partial downloads."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(CACHE_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "bulk"


def snapshot_path(path_or_dir: str | os.PathLike[str]) -> Path:
    """The snapshot file for a path that is either the file itself or the directory holding it."""
    path = Path(path_or_dir).expanduser()
    if path.name == SNAPSHOT_NAME:  # the file's own path, whatever is there (a directory is refused on reading)
        return path
    return path / SNAPSHOT_NAME if path.is_dir() or path.suffix != ".json" else path
