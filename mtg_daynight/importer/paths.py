"""Where card data lives.

* ``--data-dir DIR`` (or the ``MTG_DAYNIGHT_DATA_DIR`` environment variable) wins;
* in a source checkout of mtg-daynight, the repository's ``carddata/`` directory (maintainers update it);
* otherwise, for an installed package, the user data directory from platformdirs
  (e.g. ``~/.local/share/mtg-daynight/carddata`` on Linux).

Downloaded bulk files are cached outside the data directory, in the user cache directory
(``MTG_DAYNIGHT_CACHE_DIR`` overrides it), so a checkout never collects 100 MB files.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "mtg-daynight"
SNAPSHOT_NAME = "daynight-cards.json"
LOCK_NAME = ".daynight-cards.lock"
DATA_DIR_ENV = "MTG_DAYNIGHT_DATA_DIR"
CACHE_DIR_ENV = "MTG_DAYNIGHT_CACHE_DIR"


def repo_carddata_dir() -> Path | None:
    """The ``carddata/`` directory of the source checkout this package runs from, if any."""
    package_dir = Path(__file__).resolve().parent.parent
    root = package_dir.parent
    if (root / "pyproject.toml").is_file() and (root / "carddata").is_dir():
        return root / "carddata"
    return None


def user_data_dir() -> Path:
    """The per-user card-data directory (platformdirs)."""
    import platformdirs  # only when a user directory is asked for, not for --data-dir

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "carddata"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory that holds (or will hold) the snapshot; see the module docstring for the order."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return repo_carddata_dir() or user_data_dir()


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
    return path / SNAPSHOT_NAME if path.is_dir() or path.suffix != ".json" else path
