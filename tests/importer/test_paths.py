"""The per-user directories come from platformdirs, and the directories users already hold card data in are
still the ones found."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtg_daynight.importer.store import locate_snapshot, resolve_cache_dir, resolve_data_dir, user_data_dir


def test_the_card_data_and_download_directories_sit_in_the_user_directories(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MTG_DAYNIGHT_CACHE_DIR", raising=False)
    monkeypatch.delenv("MTG_DAYNIGHT_DATA_DIR", raising=False)
    if sys.platform == "win32":  # platformdirs reads no XDG variable on Windows
        pytest.skip("the XDG variables do not apply on Windows")
    assert user_data_dir() == tmp_path / "data" / "mtg-daynight" / "carddata"
    assert resolve_data_dir() == user_data_dir()
    assert resolve_cache_dir() == tmp_path / "cache" / "mtg-daynight" / "bulk"


@pytest.mark.skipif(sys.platform != "linux", reason="the directory checked is the Linux one users have today")
@pytest.mark.parametrize("xdg", [True, False], ids=["XDG_DATA_HOME", "home"])
def test_a_snapshot_in_the_directory_earlier_releases_wrote_is_still_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, xdg: bool
) -> None:
    # Earlier releases wrote to $XDG_DATA_HOME/mtg-daynight/carddata, else ~/.local/share/mtg-daynight/carddata.
    monkeypatch.delenv("MTG_DAYNIGHT_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if xdg:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        written = tmp_path / "xdg" / "mtg-daynight" / "carddata" / "daynight-cards.json"
    else:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        written = tmp_path / "home" / ".local" / "share" / "mtg-daynight" / "carddata" / "daynight-cards.json"
    written.parent.mkdir(parents=True)
    written.write_text("{}", encoding="utf-8")
    assert locate_snapshot() == (written, "user")
