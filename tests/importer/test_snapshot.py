"""The snapshot: deterministic encoding, atomic replacement, refusal of broken imports, diffs, the lock."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from mtg_daynight.importer.errors import CardFileError, LockTimeoutError, SnapshotMissingError, SnapshotRefusedError
from mtg_daynight.importer.records import SourceInfo
from mtg_daynight.importer.snapshot import check_plausible, diff_snapshots, encode_snapshot, load_snapshot
from mtg_daynight.importer.store import Store
from mtg_daynight.importer.update import build_snapshot, run_update
from tests.importer.fixture_cards import ORACLE_LANTERN, encode_jsonl, fixture_objects, gz, import_bytes, transform_card

SOURCE = SourceInfo(kind="file", file_name="fixture.jsonl")


def _snapshot(objects=None):  # type: ignore[no-untyped-def]
    return build_snapshot(import_bytes(encode_jsonl(objects or fixture_objects())), SOURCE)


def test_round_trip_and_deterministic_bytes(tmp_path: Path) -> None:
    snapshot = _snapshot()
    path = Store(tmp_path).write_snapshot(snapshot)
    assert load_snapshot(tmp_path) == snapshot and load_snapshot(path) == snapshot
    assert encode_snapshot(snapshot) == encode_snapshot(load_snapshot(path))
    assert [c.name for c in snapshot.cards] == sorted(c.name for c in snapshot.cards)
    assert path.read_bytes().startswith(b'{\n "manifest"')


def test_missing_and_broken_snapshots_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(SnapshotMissingError, match="carddata update"):
        load_snapshot(tmp_path)
    (tmp_path / "daynight-cards.json").write_text('{"manifest": {"format_version": 1}, "cards": 5}')
    with pytest.raises(CardFileError, match=r"daynight-cards\.json"):
        load_snapshot(tmp_path)
    (tmp_path / "daynight-cards.json").write_text('{"manifest": {"format_version": 99}}')
    with pytest.raises(CardFileError, match="format version 99"):
        load_snapshot(tmp_path)


def test_failed_write_leaves_the_previous_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _snapshot()
    Store(tmp_path).write_snapshot(old)
    before = (tmp_path / "daynight-cards.json").read_bytes()

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        Store(tmp_path).write_snapshot(_snapshot(fixture_objects()[:3]))
    assert (tmp_path / "daynight-cards.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["daynight-cards.json"]


def test_fewer_cards_is_refused_unless_forced() -> None:
    old = _snapshot()
    fewer = _snapshot([transform_card(1)])
    with pytest.raises(SnapshotRefusedError, match="fewer day/night cards"):
        check_plausible(fewer, old)
    assert check_plausible(fewer, old, force=True)
    assert check_plausible(old, old) == []


def test_diff_names_added_removed_and_changed_cards() -> None:
    objects = fixture_objects()
    old = _snapshot(objects)
    changed = [o for o in objects if o.get("oracle_id") != ORACLE_LANTERN]
    changed.append(
        transform_card(21, oracle_id="00000000-0000-4000-8000-00000000aaaa", front="Fixture New", back="Fixture Newer")
    )
    changed.append(transform_card(13, set_code="fx3", released_at="2024-01-01"))  # a new printing of the wolf
    new = _snapshot(changed)
    diff = diff_snapshots(old, new)
    assert diff.added == ["Fixture New // Fixture Newer"]
    assert diff.removed == ["Fixture Lantern Keeper // Fixture Lantern Ghoul"]
    assert diff.changed == [("Fixture Dawnguard // Fixture Duskhowl", ["printings"])]
    assert diff.summary() == "1 added, 1 removed, 1 changed"
    assert diff_snapshots(new, new).empty


def test_update_from_file_refuses_broken_import_and_keeps_old(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl.gz"
    good.write_bytes(gz(encode_jsonl(fixture_objects())))
    run_update(data_dir=tmp_path / "data", from_file=good)
    before = (tmp_path / "data" / "daynight-cards.json").read_bytes()
    poor = tmp_path / "poor.jsonl"
    poor.write_bytes(encode_jsonl([transform_card(1)]))
    with pytest.raises(SnapshotRefusedError):
        run_update(data_dir=tmp_path / "data", from_file=poor)
    assert (tmp_path / "data" / "daynight-cards.json").read_bytes() == before
    outcome = run_update(data_dir=tmp_path / "data", from_file=poor, force=True)
    assert outcome.written and len(outcome.diff.removed) == 6  # 3 day/night, 2 mention, 1 helper card


def test_concurrent_updates_are_serialised_by_the_lock(tmp_path: Path) -> None:
    entered = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with Store(tmp_path).lock():
            entered.set()
            release.wait(5)

    thread = threading.Thread(target=hold)
    thread.start()
    entered.wait(5)
    try:
        with pytest.raises(LockTimeoutError, match="another card-data update"), Store(tmp_path).lock(timeout=0.05):
            pass
    finally:
        release.set()
        thread.join()
    with Store(tmp_path).lock(timeout=1):  # free again
        assert True


def test_format_version_1_snapshot_is_a_clear_error_and_update_replaces_it(tmp_path: Path) -> None:
    import json

    from mtg_daynight.importer.errors import SnapshotVersionError

    data = tmp_path / "data"
    path = Store(data).write_snapshot(_snapshot())
    document = json.loads(path.read_text(encoding="utf-8"))
    document["manifest"]["format_version"] = 1  # as written before cards that mention day/night were collected
    del document["mentions"]
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SnapshotVersionError, match=r"format version 1 is not supported.*carddata update"):
        load_snapshot(data)
    source = tmp_path / "fixture.jsonl"
    source.write_bytes(encode_jsonl(fixture_objects()))
    outcome = run_update(data_dir=data, from_file=source)
    assert outcome.written and load_snapshot(data).manifest.format_version == 2
    assert any("another format version" in w for w in outcome.warnings)


def test_a_download_state_file_a_killed_write_left_is_removed_by_the_next_download(tmp_path: Path) -> None:
    from mtg_daynight.atomicfile import write_atomic

    meta = tmp_path / "default_cards.jsonl.gz.part.json"
    write_atomic(meta, b"{}")
    left = tmp_path / ".default_cards.jsonl.gz.part.json.k3j2x9.tmp"  # as write_atomic names its temporary file
    left.write_bytes(b"{")
    with Store(tmp_path / "data", tmp_path).cache_lock("default_cards") as cache:
        assert cache == tmp_path and not left.exists() and meta.read_bytes() == b"{}"
