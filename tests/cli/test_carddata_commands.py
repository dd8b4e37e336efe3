"""`mtg-daynight carddata` as data maintainers and cron jobs use it: no silent downgrade (older data, fewer cards),
`reset` back to the bundled snapshot, `--quiet`, `scripts/update_carddata.py` with every form of `--data-dir`,
`status` without a snapshot and with the mod directories, a failed first import that leaves nothing behind, and
deck scan on the bundled snapshot's cards that read day/night. Inputs are HAND-WRITTEN FIXTURES (NOT REAL CARD
DATA), except the bundled snapshot itself."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer import store
from mtg_daynight.importer.store import bundled_snapshot, locate_snapshot
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, helper_card
from tests.importer.mtgjson_fixtures import fixture_set, set_file
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No --data-dir, no $MTG_DAYNIGHT_DATA_DIR, an empty user data directory, no checkout snapshot."""
    monkeypatch.delenv(store.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(store, "repo_carddata_dir", lambda: None)
    return tmp_path / "xdg" / "mtg-daynight" / "carddata"


def _mtgjson(tmp_path: Path, date: str, name: str = "set.json") -> Path:
    path = tmp_path / name
    path.write_bytes(set_file(fixture_set(), meta={"date": date, "version": "0.0.0+FIXTURE"}))
    return path


def _update(*args: str) -> int:
    return main(["carddata", "update", *args])


def test_older_data_than_the_data_in_use_is_refused_naming_both_dates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    assert _update("--from-file", str(_mtgjson(tmp_path, "2099-01-02")), "--data-dir", data) == 0
    before = (tmp_path / "d" / "daynight-cards.json").read_bytes()
    capsys.readouterr()
    older = _mtgjson(tmp_path, "2098-05-06", "older.json")
    assert _update("--from-file", str(older), "--data-dir", data) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "2098-05-06" in err[0] and "2099-01-02" in err[0] and "--allow-older" in err[0]
    assert (tmp_path / "d" / "daynight-cards.json").read_bytes() == before
    assert _update("--from-file", str(older), "--data-dir", data, "--allow-older") == 0
    assert "2098-05-06" in capsys.readouterr().err  # said as a warning


def test_data_older_than_the_bundled_snapshot_is_refused_without_data_dir(
    no_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _update("--from-file", str(_mtgjson(tmp_path, "2021-10-01")), "--force") == 2
    err = capsys.readouterr().err
    assert "2021-10-01" in err and "2022-04-25" in err
    assert locate_snapshot().origin == "bundled" and not no_user_data.exists()


def test_fewer_cards_of_any_kind_the_helper_included_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    whole = tmp_path / "whole.jsonl"
    whole.write_bytes(encode_jsonl(fixture_objects()))
    assert _update("--from-file", str(whole), "--data-dir", data) == 0
    capsys.readouterr()
    without_helper = tmp_path / "no-helper.jsonl"
    without_helper.write_bytes(encode_jsonl([o for o in fixture_objects() if o != helper_card()]))
    assert _update("--from-file", str(without_helper), "--data-dir", data) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "fewer helper cards (0) than the data in use (1)" in err[0] and "--force" in err[0]
    assert _update("--from-file", str(without_helper), "--data-dir", data, "--force") == 0


def test_reset_returns_to_the_bundled_snapshot(
    no_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["carddata", "reset"]) == 0
    assert "no imported snapshot" in capsys.readouterr().out
    assert not no_user_data.exists()  # nothing to remove: no lock file, no directory made
    assert _update("--from-file", str(_mtgjson(tmp_path, "2099-01-02")), "--force") == 0
    assert locate_snapshot().origin == "user"
    capsys.readouterr()
    assert main(["carddata", "reset"]) == 0
    out = capsys.readouterr().out
    assert f"removed {no_user_data / 'daynight-cards.json'}" in out and str(bundled_snapshot()) in out
    assert locate_snapshot().origin == "bundled"
    assert sorted(p.name for p in no_user_data.iterdir()) == [".daynight-cards.lock"]


def test_a_failed_import_into_a_new_data_dir_leaves_nothing_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"object": "card", "name": "Fixture Daybound", "truncated')
    assert _update("--from-file", str(bad), "--data-dir", str(tmp_path / "new")) == 2
    assert not (tmp_path / "new").exists()


def test_quiet_prints_nothing_when_nothing_changed_and_one_line_when_something_did(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    data = str(tmp_path / "d")
    assert _update("--from-file", str(source), "--data-dir", data, "--quiet") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("card data updated: 7 added, 0 removed, 0 changed -> ")
    assert _update("--from-file", str(source), "--data-dir", data, "--quiet") == 0
    assert capsys.readouterr() == ("", "")


def _script() -> ModuleType:
    return load_script('update_carddata')


@pytest.mark.parametrize("form", ["--data-dir=DIR", "--data-dir DIR"])
def test_the_update_script_prints_the_status_of_the_directory_it_updated(
    no_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    target = tmp_path / "cron"
    data_dir = form.replace("DIR", str(target)).split(" ")
    assert _script().run(["--from-file", str(source), *data_dir]) == 0
    out = capsys.readouterr().out
    assert f"snapshot:   {target / 'daynight-cards.json'}" in out and "given with --data-dir" in out
    assert _script().run(["--from-file", str(source), *data_dir, "--quiet"]) == 0
    assert capsys.readouterr().out == ""


def test_status_json_without_a_snapshot_has_every_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    assert _update("--from-file", str(source), "--data-dir", data) == 0
    capsys.readouterr()
    assert main(["carddata", "status", "--json", "--data-dir", data]) == 0
    present = json.loads(capsys.readouterr().out)
    assert main(["carddata", "status", "--json", "--check", "--data-dir", str(tmp_path / "empty")]) == 1
    missing = json.loads(capsys.readouterr().out)
    assert missing.keys() == present.keys()
    assert (missing["exists"], missing["manifest"], missing["too_old"]) == (False, None, True)


def test_status_says_where_mod_files_go(no_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["carddata", "status"]) == 0
    out = capsys.readouterr().out
    assert f"mod files:  {no_user_data / 'custom'}" in out
    assert main(["carddata", "status", "--json"]) == 0
    assert str(no_user_data / "custom") in json.loads(capsys.readouterr().out)["mod_dirs"]


def test_deck_scan_reports_the_bundled_cards_that_read_day_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(bundled_snapshot(), data / "daynight-cards.json")
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Moonrager's Slash\n4 Wolf Strike\n20 Mountain\n", encoding="utf-8")
    assert main(["deck", "scan", "--no-default-mods", "--data-dir", str(data), str(deck)]) == 0
    out = capsys.readouterr().out
    assert "cards that care about day/night (read it or forbid a change):" in out
    assert "Moonrager's Slash" in out and "Wolf Strike" in out
    assert "needs the Day // Night helper card: no" in out


def test_an_unchanged_import_writes_nothing_into_a_committed_data_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a maintainer's cron job runs it (`--data-dir carddata` of a checkout): the second import of the same file
    leaves the committed snapshot's bytes and modification time as they were; a changed file is written."""
    carddata = tmp_path / "checkout" / "carddata"
    carddata.mkdir(parents=True)
    (carddata / "README.md").write_text("committed card data\n")
    source = tmp_path / "bulk.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    assert _update("--from-file", str(source), "--data-dir", str(carddata)) == 0
    snapshot = carddata / "daynight-cards.json"
    committed = snapshot.read_bytes()
    os.utime(snapshot, ns=(1_000_000_000, 1_000_000_000))  # as a checkout leaves it: any rewrite would change it
    capsys.readouterr()
    assert _update("--from-file", str(source), "--data-dir", str(carddata)) == 0
    assert "no card changed" in capsys.readouterr().out
    assert _update("--from-file", str(source), "--data-dir", str(carddata), "--quiet") == 0
    assert capsys.readouterr() == ("", "")
    assert snapshot.read_bytes() == committed and snapshot.stat().st_mtime_ns == 1_000_000_000
    source.write_bytes(encode_jsonl([*fixture_objects(), helper_card(51, "tfx2")]))
    assert _update("--from-file", str(source), "--data-dir", str(carddata), "--quiet") == 0
    assert capsys.readouterr().out.startswith("card data updated: ")
    assert snapshot.read_bytes() != committed and snapshot.stat().st_mtime_ns != 1_000_000_000
