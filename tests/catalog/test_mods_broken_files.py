"""One broken mod file never keeps the others out: it becomes a ModProblem (path as given, line or field, reason);
``strict_mods`` (the library's default) raises it instead."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.modfiles import read_mods
from mtg_daynight.catalog.mods import ModFileError, ModProblem, mod_files

GOOD = "Name:Invented Sunwatcher\nTypes:Creature Human\nK:Daybound\n"
BAD_SCRIPT = "Name:Invented Moonwatcher\nTypes:Creature\nK:Nightbound\n"  # nightbound on a front face
BAD_TOML = "[mod]\nname = 'x'\n[[cards]]\nfront = { name = 3 }\n"


@pytest.fixture
def broken_mods(mods_dir: Path) -> Path:
    (mods_dir / "a_bad.txt").write_text(BAD_SCRIPT, encoding="utf-8")
    (mods_dir / "b_bad.toml").write_text(BAD_TOML, encoding="utf-8")
    (mods_dir / "c_good.txt").write_text(GOOD, encoding="utf-8")
    return mods_dir


def test_broken_files_are_problems_and_the_good_one_loads(data_dir: Path, broken_mods: Path) -> None:
    db = load_database(data_dir, [broken_mods], default_mods=False, strict_mods=False, cache=DatabaseCache())
    found = db.lookup("Invented Sunwatcher")
    assert found is not None and found.community
    assert [Path(m.path).name for m in db.mods] == ["c_good.txt"]
    assert db.mod_problems == (
        ModProblem(str(broken_mods / "a_bad.txt"), "nightbound belongs on the back face (702.145a)", 3, "K"),
        ModProblem(str(broken_mods / "b_bad.toml"), "Expected `str`, got `int`", None, "cards[0].front.name"),
    )


def test_strict_mods_raises_the_first_problem(data_dir: Path, broken_mods: Path) -> None:
    with pytest.raises(ModFileError) as caught:
        load_database(data_dir, [broken_mods], default_mods=False, cache=DatabaseCache())
    reason = "line 3: K: nightbound belongs on the back face (702.145a)"
    assert str(caught.value) == f"{broken_mods / 'a_bad.txt'}: {reason}"


def test_strict_after_a_lenient_load_of_the_same_files_still_raises(data_dir: Path, broken_mods: Path) -> None:
    cache = DatabaseCache()
    load_database(data_dir, [broken_mods], default_mods=False, strict_mods=False, cache=cache)
    with pytest.raises(ModFileError):
        load_database(data_dir, [broken_mods], default_mods=False, cache=cache)


def test_mod_paths_are_written_as_the_directory_was_given(
    broken_mods: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(broken_mods.parent)
    files = mod_files([Path("mods")])
    assert [str(f) for f in files] == [os.path.join("mods", n) for n in ("a_bad.txt", "b_bad.toml", "c_good.txt")]
    loaded, problems = read_mods(files)
    assert [m.path for m in loaded] == [os.path.join("mods", "c_good.txt")]
    assert problems[0].describe() == "mods/a_bad.txt: line 3: K: nightbound belongs on the back face (702.145a)"


def test_a_file_reached_twice_through_a_link_is_listed_once(mods_dir: Path) -> None:
    (mods_dir / "one.txt").write_text(GOOD, encoding="utf-8")
    (mods_dir / "two.txt").symlink_to("one.txt")
    assert [p.name for p in mod_files([mods_dir])] == ["one.txt"]


def test_an_unreadable_mod_file_is_a_problem_not_a_stop(data_dir: Path, mods_dir: Path) -> None:
    (mods_dir / "loop.toml").symlink_to("loop.toml")
    (mods_dir / "ok.txt").write_text(GOOD, encoding="utf-8")
    db = load_database(data_dir, [mods_dir], default_mods=False, strict_mods=False, cache=DatabaseCache())
    (problem,) = db.mod_problems
    assert problem.path == str(mods_dir / "loop.toml") and problem.reason.startswith("cannot read the mod file")
    assert db.lookup("Invented Sunwatcher") is not None
