"""Mod files are regular files only (a FIFO or device is refused, never waited on); deeply nested TOML is a clear
error; a mod directory holds *.toml mod files and *.txt Forge card scripts. Every mod card here is invented."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.modfiles import read_mod
from mtg_daynight.catalog.mods import MAX_MOD_BYTES, mod_files, parse_mod
from mtg_daynight.errors import InputFileError
from tests.bounded import error_within

ONE = "[mod]\nname = 'invented'\n[[cards]]\nfront = { name = 'Invented Moonwatcher', keywords = ['daybound'] }\n"


def _load_within(seconds: float, data_dir: Path, mods: Path) -> BaseException | None:
    return error_within(seconds, lambda: load_database(data_dir, [mods], default_mods=False, cache=DatabaseCache()))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_a_fifo_in_a_mod_directory_is_refused_without_blocking(data_dir: Path, mods_dir: Path) -> None:
    os.mkfifo(mods_dir / "pipe.toml")
    error = _load_within(10, data_dir, mods_dir)
    assert isinstance(error, InputFileError)
    assert str(error) == (
        f"{(mods_dir / 'pipe.toml').resolve()}: is a FIFO (named pipe), not a regular file: "
        "a mod file must be a regular file"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_a_fifo_in_a_subdirectory_is_refused_too(data_dir: Path, mods_dir: Path) -> None:
    (mods_dir / "g").mkdir()
    os.mkfifo(mods_dir / "g" / "pipe.txt")
    error = _load_within(10, data_dir, mods_dir)
    assert isinstance(error, InputFileError) and "is a FIFO (named pipe), not a regular file" in str(error)


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_as_a_mod_file_is_refused() -> None:
    with pytest.raises(InputFileError, match="is a character device, not a regular file"):
        read_mod(Path("/dev/null"))


def test_a_mods_argument_that_is_a_file_is_not_a_directory(data_dir: Path, mods_dir: Path) -> None:
    path = mods_dir / "one.toml"
    path.write_text(ONE, encoding="utf-8")
    with pytest.raises(InputFileError, match=r"one\.toml: mod directory not a directory"):
        load_database(data_dir, [path], default_mods=False, cache=DatabaseCache())


def test_a_mod_directory_lists_toml_and_forge_scripts_with_subfolders_sorted_hidden_skipped(
    mods_dir: Path, tmp_path: Path
) -> None:
    """Forge keeps custom card scripts in one subfolder per initial letter (custom/cards/g/...)."""
    for name in ("b.toml", "a.txt", ".hidden.toml", "notes.md", "c.TXT", "g/gloom.txt", "a/z.toml", ".git/x.txt"):
        path = mods_dir / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "linked.txt").write_text("", encoding="utf-8")
    (mods_dir / "link").symlink_to(elsewhere, target_is_directory=True)  # not followed
    listed = [p.relative_to(mods_dir.resolve()).as_posix() for p in mod_files([mods_dir])]
    assert listed == ["a/z.toml", "a.txt", "b.toml", "g/gloom.txt"]


def test_a_huge_directory_is_not_taken_for_a_mod_directory(mods_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_daynight.catalog import mods

    monkeypatch.setattr(mods, "MAX_MOD_FILES", 3)
    for index in range(5):
        (mods_dir / f"{index}.txt").write_text("", encoding="utf-8")
    with pytest.raises(InputFileError, match="more than 3 mod files: is this really a mod directory"):
        mod_files([mods_dir])


def test_toml_and_forge_script_mods_load_together(data_dir: Path, mods_dir: Path) -> None:
    (mods_dir / "one.toml").write_text(ONE, encoding="utf-8")
    (mods_dir / "two.txt").write_text("Name:Invented Sunwatcher\nTypes:Creature\nK:Daybound\n", encoding="utf-8")
    db = load_database(data_dir, [mods_dir], default_mods=False, cache=DatabaseCache())
    assert [m.path.rsplit("/", 1)[-1] for m in db.mods] == ["one.toml", "two.txt"]
    found = db.lookup("Invented Sunwatcher")
    assert found is not None and found.community and found.front.daybound


@pytest.mark.parametrize(
    "value",
    ["[" * 100_000 + "]" * 100_000, "{a = " * 100_000 + "1" + "}" * 100_000],
    ids=["arrays", "inline-tables"],
)
def test_toml_nested_100k_levels_deep_is_a_clear_error(value: str) -> None:
    with pytest.raises(InputFileError) as caught:
        parse_mod("[mod]\nname = 'x'\n[[cards]]\nfront = " + value + "\n", "deep.toml")
    assert str(caught.value) == "deep.toml: not valid TOML: arrays or tables nested too deeply"
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_a_mod_file_over_the_size_limit_is_refused(mods_dir: Path) -> None:
    path = mods_dir / "big.toml"
    path.write_bytes(b"#" * (MAX_MOD_BYTES + 1))
    with pytest.raises(InputFileError, match=rf"big\.toml: too large: more than {MAX_MOD_BYTES} bytes"):
        read_mod(path)


@pytest.mark.parametrize(
    ("name", "why"),
    [("{{7*7}}", "contains '{', which no card name has"), ("<b>x", "contains '<', which no card name has"),
     ("***", "has no letter or digit: no card is named so")],
)
def test_a_mod_face_name_no_card_can_have_is_refused_as_in_deck_files(name: str, why: str) -> None:
    with pytest.raises(InputFileError) as caught:
        parse_mod(f"[mod]\nname = 'x'\n[[cards]]\nfront = {{ name = '{name}' }}\n", "m.toml")
    assert str(caught.value) == f"m.toml: cards[0].front.name: {name!r} {why}"
