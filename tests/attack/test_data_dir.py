"""Attacks on ``--data-dir`` for `carddata update`, `status` and `list`.

Seen failing on main: ``--data-dir ""`` silently meant "the user data directory" (an update wrote there); a
data directory that is a file said only "File exists"; one where the lock file cannot be created (/proc) waited
the whole lock timeout (600 s), announcing "another update (pid unknown)".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.importer.fixture_cards import encode_jsonl, fixture_objects

from .conftest import run_cli


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "cards.jsonl"
    path.write_bytes(encode_jsonl(fixture_objects()))
    return path


@pytest.mark.parametrize("empty", ["", "   "])
@pytest.mark.parametrize("action", [["update", "--from-file", "SOURCE"], ["status"], ["list"]])
def test_empty_data_dir_is_an_error_not_the_user_directory(
    empty: str, action: list[str], source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    argv = ["carddata", *[str(source) if a == "SOURCE" else a for a in action], "--data-dir", empty]
    assert run_cli(argv) == 2
    assert "--data-dir: an empty path" in capsys.readouterr().err
    assert not (tmp_path / "home").exists()


def test_data_dir_that_is_a_file_says_so(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "afile"
    target.write_text("keep me")
    assert run_cli(["carddata", "update", "--from-file", str(source), "--data-dir", str(target)]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert target.read_text() == "keep me"


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc")
def test_data_dir_where_no_lock_file_can_be_created_fails_at_once(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["carddata", "update", "--from-file", str(source), "--data-dir", "/proc/self"], timeout=20) == 2
    err = capsys.readouterr().err
    assert "/proc/self/.daynight-cards.lock" in err and "waiting" not in err
