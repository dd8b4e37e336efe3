"""Attacks on the data directory, for every command that takes ``--data-dir`` or ``$MTG_DAYNIGHT_DATA_DIR`` (and
the cron script): a path that is not a directory, whatever its name (one ending in ``.json`` or named like the
snapshot, a FIFO or a link of that name), is refused in one line and left alone; only a snapshot we wrote is
replaced or removed, only our lock file is opened; a path the system refuses is one line naming it; control
characters in a path never reach the terminal raw.

Seen failing on main: ``--data-dir ""`` silently meant "the user data directory" (an update wrote there); a
data directory that is a file said only "File exists"; one where the lock file cannot be created (/proc) waited
the whole lock timeout (600 s), announcing "another update (pid unknown)"; ``update --data-dir MID.json``
replaced an MTGJSON file with a snapshot and ``reset --data-dir other.json`` deleted a file of settings, exit 0.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mtg_daynight.importer.store import DATA_DIR_ENV
from tests.importer.fixture_cards import encode_jsonl, fixture_objects
from tests.scripts import load_script

from .conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]


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


# -- a path that is not a directory, or that the system refuses: refused in one line, exit 2, nothing touched ------

#: Every command that takes --data-dir (or reads $MTG_DAYNIGHT_DATA_DIR), with the arguments it needs besides.
COMMANDS = {
    "update": ["carddata", "update", "--from-file", "SOURCE"],
    "reset": ["carddata", "reset"],
    "status": ["carddata", "status"],
    "list": ["carddata", "list"],
    "deck scan": ["deck", "scan", "DECK"],
    "simulate": ["simulate", "--library"],
    "conformance": ["conformance", "--dump", "DUMP"],
}
#: The ways of naming the data directory: the option in two spellings, the environment variable, the cron script.
SPELLINGS = ["--data-dir DIR", "--data-dir=DIR", "$MTG_DAYNIGHT_DATA_DIR", "update_carddata.py"]


def _script() -> ModuleType:
    return load_script('update_carddata')


def _run(command: str, spelling: str, directory: str, source: Path, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> int:
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Tavern Ruffian\n")
    fill = {"SOURCE": str(source), "DECK": str(deck), "DUMP": str(tmp_path / "dump")}
    argv = [fill.get(a, a) for a in COMMANDS[command]]
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    if spelling == "update_carddata.py":
        return int(_script().run([*argv[2:], "--data-dir", directory]))
    if spelling == "$MTG_DAYNIGHT_DATA_DIR":
        monkeypatch.setenv(DATA_DIR_ENV, directory)
        return run_cli(argv)
    option = ["--data-dir", directory] if spelling == "--data-dir DIR" else [f"--data-dir={directory}"]
    return run_cli([*argv, *option])


def _cases() -> list[tuple[str, str]]:
    return [(c, s) for c in COMMANDS for s in SPELLINGS if s != "update_carddata.py" or c == "update"]


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(("command", "spelling"), _cases())
@pytest.mark.parametrize("kind", ["other.json", "daynight-cards.json", "a FIFO named daynight-cards.json",
                                  "a link named daynight-cards.json"])
def test_a_data_dir_that_exists_and_is_not_a_directory_is_refused_and_left_alone(
    command: str, spelling: str, kind: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{"my": "settings"}')
    if kind.startswith("a FIFO"):
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        target = tmp_path / "daynight-cards.json"
        os.mkfifo(target)
    elif kind.startswith("a link"):
        target = tmp_path / "daynight-cards.json"
        target.symlink_to(settings)
    else:
        target = tmp_path / kind
        if target != settings:
            target.write_text('{"my": "settings"}')
    assert _run(command, spelling, str(target), source, tmp_path, monkeypatch) == 2
    err = _one_line(capsys.readouterr().err)
    assert "not a directory" in err and str(target) in err
    assert settings.read_text() == '{"my": "settings"}' and os.path.lexists(target)
    if not kind.startswith(("a FIFO", "a link")):
        assert target.read_text() == '{"my": "settings"}'


@pytest.mark.parametrize(("command", "spelling"), _cases())
def test_a_name_too_long_for_the_file_system_is_one_line_naming_it(
    command: str, spelling: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    too_long = str(tmp_path / ("x" * 300))
    assert _run(command, spelling, too_long, source, tmp_path, monkeypatch) == 2
    err = _one_line(capsys.readouterr().err)
    assert too_long in err and os.strerror(errno.ENAMETOOLONG) in err


@pytest.mark.parametrize("what", ["a file of settings", "a link to one", "a FIFO", "a directory"])
@pytest.mark.parametrize("action", ["update", "reset"])
def test_what_sits_at_the_snapshot_path_is_replaced_or_removed_only_when_it_is_a_snapshot(
    what: str, action: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{"my": "settings"}')
    data = tmp_path / "data"
    data.mkdir()
    at = data / "daynight-cards.json"
    if what == "a file of settings":
        at.write_text('{"my": "settings"}')
    elif what == "a link to one":
        at.symlink_to(settings)
    elif what == "a FIFO":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(at)
    else:
        at.mkdir()
    argv = ["carddata", "update", "--from-file", str(source)] if action == "update" else ["carddata", "reset"]
    assert run_cli([*argv, "--data-dir", str(data)]) == 2
    err = _one_line(capsys.readouterr().err)
    assert str(at) in err and "left as it is" in err
    assert os.path.lexists(at) and settings.read_text() == '{"my": "settings"}'
    if what == "a file of settings":
        assert at.read_text() == '{"my": "settings"}'


@pytest.mark.parametrize("lock", ["a link", "a file with content"])
def test_a_lock_file_that_is_not_ours_is_never_opened(
    lock: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{"my": "settings"}')
    data = tmp_path / "data"
    data.mkdir()
    if lock == "a link":
        (data / ".daynight-cards.lock").symlink_to(settings)
    else:
        (data / ".daynight-cards.lock").write_text("my notes")
    assert run_cli(["carddata", "update", "--from-file", str(source), "--data-dir", str(data)]) == 2
    assert ".daynight-cards.lock" in _one_line(capsys.readouterr().err)
    assert settings.read_text() == '{"my": "settings"}'
    assert not (data / "daynight-cards.json").exists()


def test_reset_removes_the_snapshot_it_wrote_and_nothing_else(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert run_cli(["carddata", "update", "--from-file", str(source), "--data-dir", str(data)]) == 0
    (data / "notes.json").write_text('{"my": "settings"}')
    assert run_cli(["carddata", "reset", "--data-dir", str(data)]) == 0
    assert not (data / "daynight-cards.json").exists() and (data / "notes.json").read_text() == '{"my": "settings"}'
    assert run_cli(["carddata", "reset", "--data-dir", str(data)]) == 0
    assert "no imported snapshot" in capsys.readouterr().out


@pytest.mark.parametrize("action", ["update", "reset"])
def test_a_read_only_data_directory_is_one_line_naming_the_path(
    action: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    assert run_cli(["carddata", "update", "--from-file", str(source), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:  # the root user ignores modes: simulate
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and str(path).startswith(str(data)):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    monkeypatch.setattr(tempfile, "mkstemp", lambda **kw: read_only(os.path.join(kw["dir"], "x"), os.O_CREAT))
    argv = ["carddata", "update", "--from-file", str(source)] if action == "update" else ["carddata", "reset"]
    assert run_cli([*argv, "--data-dir", str(data)]) == 2
    err = _one_line(capsys.readouterr().err)
    assert str(data) in err and os.strerror(errno.EROFS) in err
    assert (data / "daynight-cards.json").is_file()


def test_control_characters_in_a_path_reach_no_output_raw(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "new\nline\x1b[31mred"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    runs = (
        ["carddata", "update", "--from-file", str(source), "--data-dir", str(data)],
        ["carddata", "status", "--data-dir", str(data)],
        ["carddata", "list", "--data-dir", str(data / "missing")],
        ["carddata", "reset", "--data-dir", str(data)],
        ["carddata", "status", "--data-dir", str(data)],
    )
    for argv in runs:
        run_cli(argv)
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err and "new\nline" not in out + err, argv
        assert "new\\u000aline\\u001b[31mred" in out + err, argv
    assert _script().run(["--from-file", str(source), "--data-dir", str(data)]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "new\\u000aline" in out
