"""Attacks on the snapshot file that `carddata status/list`, `deck scan` and the card database read.

Each was seen failing on main: a FIFO or /dev/zero in place of the snapshot blocked `status` and `list` for ever
(and `deck scan` took it for "no card data"); a hand-edited snapshot (a face reference to no face, duplicate
records, counts that do not match, a bidi override in the manifest) was read and printed; a snapshot dated in
the future showed a negative age and passed `status --check`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.snapshot import load_snapshot

from .conftest import Snap, run_cli, write_snapshot_dir

READERS = (["carddata", "status"], ["carddata", "status", "--json"], ["carddata", "status", "--check"],
           ["carddata", "list"], ["carddata", "list", "--json"])


def _every_reader_refuses(directory: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], match: str) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Tavern Ruffian\n")
    for argv in (*READERS, ["deck", "scan", str(deck)]):
        assert run_cli([*argv, "--data-dir", str(directory)]) == 2, argv
        err = capsys.readouterr().err
        assert match in err and "Traceback" not in err and err.count("\n") == 1, (argv, err)


def test_fifo_in_place_of_the_snapshot_is_refused_not_read_for_ever(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    os.mkfifo(directory / "daynight-cards.json")
    _every_reader_refuses(directory, tmp_path, capsys, "not a regular file")


def test_link_to_dev_zero_in_place_of_the_snapshot_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / "daynight-cards.json").symlink_to("/dev/zero")
    _every_reader_refuses(directory, tmp_path, capsys, "not a regular file")


def test_directory_in_place_of_the_snapshot_is_refused_not_taken_for_no_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "data"
    (directory / "daynight-cards.json").mkdir(parents=True)
    _every_reader_refuses(directory, tmp_path, capsys, "not a regular file")


def test_symlink_loop_in_place_of_the_snapshot_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / "daynight-cards.json").symlink_to("daynight-cards.json")
    _every_reader_refuses(directory, tmp_path, capsys, "symbolic links")


def _first_card(snap: Snap) -> dict[str, object]:
    card: dict[str, object] = snap["cards"][0]
    return card


EDITS = {
    "daybound_face is not one of its faces": lambda s: _first_card(s).update(daybound_face="No Such Face"),
    "has no faces": lambda s: _first_card(s).update(faces=[]),
    "has no printings": lambda s: s["mentions"][0].update(printings=[]),
    "has no oracle id": lambda s: _first_card(s).update(oracle_id=""),
    "a card with an empty name": lambda s: _first_card(s).update(name=""),
    "is listed twice": lambda s: s["cards"][1]["printings"][0].update(id=s["cards"][0]["printings"][0]["id"]),
    "do not match the records": lambda s: s["cards"].pop(),
    "manifest.tool_version holds a control character": lambda s: s["manifest"].update(tool_version="\u202e1.0"),
    "manifest.source.files[0].name holds a control character":
        lambda s: s["manifest"]["source"]["files"][0].update(name="\x1b]0;title\x07"),
}


@pytest.mark.parametrize("problem", list(EDITS))
def test_hand_edited_snapshot_that_no_import_writes_is_refused_naming_the_problem(
    problem: str, snapshot_json: Snap, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    EDITS[problem](snapshot_json)
    directory = write_snapshot_dir(tmp_path / "data", snapshot_json)
    with pytest.raises(CardFileError, match="not a snapshot an import wrote"):
        load_snapshot(directory)
    _every_reader_refuses(directory, tmp_path, capsys, "not a snapshot an import wrote")


def test_the_bundled_snapshot_passes_the_integrity_check(snapshot_json: Snap, tmp_path: Path) -> None:
    assert load_snapshot(write_snapshot_dir(tmp_path, snapshot_json)).cards


def test_snapshot_dated_in_the_future_has_no_negative_age_and_fails_check(
    snapshot_json: Snap, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    snapshot_json["manifest"]["source"]["updated_at"] = "9999-12-31"
    directory = write_snapshot_dir(tmp_path / "data", snapshot_json)
    assert run_cli(["carddata", "status", "--data-dir", str(directory)]) == 0
    out = capsys.readouterr().out
    assert "in the future" in out and "-" not in out.split("age:")[1].split("\n")[0].split("dated")[0]
    assert run_cli(["carddata", "status", "--check", "--data-dir", str(directory)]) == 1
    assert "dated in the future" in capsys.readouterr().err
