"""``mtg-daynight carddata``: update, list --json, status --json/--check, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_daynight.cli import main
from tests.importer.fixture_cards import encode_jsonl, fixture_objects, gz


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    source = tmp_path / "fixture.jsonl.gz"
    source.write_bytes(gz(encode_jsonl(fixture_objects())))
    assert main(["carddata", "update", "--from-file", str(source), "--data-dir", str(tmp_path / "data")]) == 0
    return tmp_path / "data"


def test_update_prints_what_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "fixture.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    assert main(["carddata", "update", "--from-file", str(source), "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert "4 day/night cards (7 printings), 2 that mention day/night, 0 that read day/night, 1 helper card -> " in out
    assert "changes: 7 added, 0 removed, 0 changed" in out and "+ Day // Night" in out
    assert "+ Fixture Emberwatch Vandal" in out
    assert main(["carddata", "update", "--from-file", str(source), "--data-dir", str(tmp_path / "d")]) == 0
    assert "no card changed" in capsys.readouterr().out


def test_list_json_has_the_promised_fields(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["carddata", "list", "--json", "--data-dir", str(data_dir)]) == 0
    records = json.loads(capsys.readouterr().out)
    assert isinstance(records, list)
    kinds = [r["kind"] for r in records]
    assert kinds == ["day_night"] * 4 + ["mentions_day_night"] * 2 + ["helper"]
    cards = [r for r in records if r["kind"] == "day_night"]
    mentions = [r for r in records if r["kind"] == "mentions_day_night"]
    assert [m["name"] for m in mentions] == [
        "Fixture Bellfounder // Fixture Bell of Turning",
        "Fixture Emberwatch Vandal",
    ]
    assert all(m["mentions_day_night"] is True and "daybound_face" not in m for m in mentions)
    for card in cards:
        assert {
            "name",
            "oracle_id",
            "daybound_face",
            "nightbound_face",
            "printings",
            "digital",
            "playtest",
        } <= card.keys()
        for printing in card["printings"]:
            assert {"set", "collector_number", "lang", "id"} <= printing.keys()


def test_list_text(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["carddata", "list", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert (
        "Fixture Dawnguard // Fixture Duskhowl  (day: Fixture Dawnguard, night: Fixture Duskhowl; 4 printings)" in out
    )
    assert "[digital]" in out and "[playtest]" in out
    assert "Fixture Emberwatch Vandal  (mentions day/night; 2 printings)" in out


def test_status_json_and_check(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["carddata", "status", "--json", "--data-dir", str(data_dir)]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["exists"] and status["manifest"]["counts"]["cards"] == 4
    assert status["manifest"]["source"]["file_sha256"]
    assert main(["carddata", "status", "--check", "--max-age", "1d", "--data-dir", str(data_dir)]) == 0
    assert main(["carddata", "status", "--check", "--max-age", "0s", "--data-dir", str(data_dir)]) == 1


def test_status_check_fails_without_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["carddata", "status", "--check", "--data-dir", str(tmp_path)]) == 1
    assert "no card-data snapshot" in capsys.readouterr().err


def test_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"name": "Fixture", "keywords": ["Daybound"]}\n')
    assert main(["carddata", "update", "--from-file", str(bad), "--data-dir", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.jsonl: line 1: bad card object" in err
    assert main(["carddata", "list", "--data-dir", str(tmp_path / "nothing")]) == 2
    assert "no card-data snapshot" in capsys.readouterr().err
    assert main(["carddata", "status", "--check", "--max-age", "soon", "--data-dir", str(tmp_path)]) == 2


def test_help_explains_the_actions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["carddata", "update", "--help"])
    out = capsys.readouterr().out
    assert "--bulk-type" in out and "If-None-Match" in out and "--force" in out
