"""The per-user directories: the platform rules of ``user_base_dirs``, the same as platformdirs 4 gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.importer.paths import resolve_cache_dir, user_base_dirs, user_data_dir

HOME = Path.home()


@pytest.mark.parametrize(
    ("environ", "data", "cache"),
    [
        ({}, HOME / ".local/share/mtg-daynight", HOME / ".cache/mtg-daynight"),
        ({"XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache"}, Path("/x/data/mtg-daynight"),
         Path("/x/cache/mtg-daynight")),
        # Relative or empty XDG variables are ignored, as the XDG Base Directory spec says.
        ({"XDG_DATA_HOME": "rel/data", "XDG_CACHE_HOME": ""}, HOME / ".local/share/mtg-daynight",
         HOME / ".cache/mtg-daynight"),
    ],
)
def test_linux_follows_the_xdg_base_directory_rule(environ: dict[str, str], data: Path, cache: Path) -> None:
    assert user_base_dirs("linux", environ) == (data, cache)


def test_macos_uses_library_unless_xdg_variables_are_set() -> None:
    support, caches = HOME / "Library/Application Support/mtg-daynight", HOME / "Library/Caches/mtg-daynight"
    assert user_base_dirs("darwin", {}) == (support, caches)
    assert user_base_dirs("darwin", {"XDG_DATA_HOME": "/x/data"}) == (Path("/x/data/mtg-daynight"), caches)


def test_windows_uses_local_appdata_and_its_cache_folder() -> None:
    local = r"C:\Users\ann\AppData\Local"
    base = Path(local) / "mtg-daynight"
    assert user_base_dirs("win32", {"LOCALAPPDATA": local, "XDG_DATA_HOME": "/ignored"}) == (base, base / "Cache")
    fallback = HOME / "AppData" / "Local" / "mtg-daynight"
    assert user_base_dirs("win32", {}) == (fallback, fallback / "Cache")


def test_the_card_data_and_download_directories_sit_in_the_user_directories(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MTG_DAYNIGHT_CACHE_DIR", raising=False)
    assert user_data_dir() == tmp_path / "data" / "mtg-daynight" / "carddata"
    assert resolve_cache_dir() == tmp_path / "cache" / "mtg-daynight" / "bulk"


@pytest.mark.parametrize(
    "environ",
    [{}, {"XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache"}, {"XDG_DATA_HOME": "relative"}],
)
def test_the_directories_are_those_platformdirs_gives_on_this_platform(
    monkeypatch: pytest.MonkeyPatch, environ: dict[str, str]
) -> None:
    platformdirs = pytest.importorskip("platformdirs", reason="platformdirs is not installed (the [test] extra has it)")
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    expected = (
        Path(platformdirs.user_data_dir("mtg-daynight", appauthor=False)),
        Path(platformdirs.user_cache_dir("mtg-daynight", appauthor=False)),
    )
    assert user_base_dirs() == expected
