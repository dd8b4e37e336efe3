"""Loading once per process: the cache is keyed by the files' paths, mtimes and sizes."""

from __future__ import annotations

import os
from pathlib import Path

from catalog_fixture import write_fixture

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache


def test_a_second_load_returns_the_same_database(data_dir: Path) -> None:
    cache = DatabaseCache()
    first = load_database(data_dir, default_mods=False, cache=cache)
    assert load_database(data_dir, default_mods=False, cache=cache) is first
    assert len(cache) == 1


def test_a_changed_mod_file_reloads(data_dir: Path, mods_dir: Path) -> None:
    cache = DatabaseCache()
    mod = mods_dir / "a.toml"
    mod.write_text("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'First Name' }\n")
    first = load_database(data_dir, [mods_dir], default_mods=False, cache=cache)
    mod.write_text("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'Second Name' }\n")
    stat = mod.stat()
    os.utime(mod, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    second = load_database(data_dir, [mods_dir], default_mods=False, cache=cache)
    assert second is not first
    assert second.lookup("Second Name") is not None and second.lookup("First Name") is None


def test_a_new_mod_file_reloads(data_dir: Path, mods_dir: Path) -> None:
    cache = DatabaseCache()
    first = load_database(data_dir, [mods_dir], default_mods=False, cache=cache)
    (mods_dir / "new.toml").write_text("[mod]\nname = 'x'\n[[cards]]\nfront = { name = 'New Card' }\n")
    second = load_database(data_dir, [mods_dir], default_mods=False, cache=cache)
    assert second is not first and second.lookup("New Card") is not None


def test_the_cache_is_bounded(tmp_path: Path) -> None:
    cache = DatabaseCache(size=2)
    for index in range(3):
        directory = tmp_path / str(index)
        write_fixture(directory)
        load_database(directory, default_mods=False, cache=cache)
    assert len(cache) == 2
    cache.clear()
    assert len(cache) == 0
