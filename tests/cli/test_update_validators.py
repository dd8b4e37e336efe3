"""The validators sidecar (``importer/validators.py``): an update answered "not modified" reads the snapshot's ETag
from it instead of decoding the snapshot, and a missing, corrupt or stale sidecar changes nothing but the speed:
the update then decodes the snapshot, sends the same request and prints the same answer.

The card data is the FIXTURE snapshot of tests/cli/startup_fixture.py (Scryfall-shaped manifest, invented ids).
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
import pytest
import requests
import responses
from responses import matchers
from startup_fixture import BULK_ETAG, catalog_fixture, not_modified_server, write_card_data

from mtg_daynight.cli import main
from mtg_daynight.importer.download import ScryfallClient
from mtg_daynight.importer.formats import SNAPSHOT_FORMAT_VERSION
from mtg_daynight.importer.snapshot import load_snapshot, write_snapshot_atomic
from mtg_daynight.importer.update import run_update
from mtg_daynight.importer.validators import SnapshotValidators, read_validators, validators_path


def _data(tmp_path: Path) -> Path:
    """A data directory holding the FIXTURE snapshot (ETag :data:`BULK_ETAG`) and its sidecar."""
    return write_card_data(tmp_path / "data").parent


def _sidecar(directory: Path) -> dict[str, object]:
    record = json.loads(validators_path(directory).read_text(encoding="utf-8"))
    assert isinstance(record, dict)
    return record


def _rewrite(directory: Path, change: Callable[[dict[str, object]], None]) -> None:
    record = _sidecar(directory)
    change(record)
    validators_path(directory).write_text(json.dumps(record), encoding="utf-8")


def test_a_snapshot_write_writes_the_sidecar_of_its_manifest(tmp_path: Path) -> None:
    data = _data(tmp_path)
    found = read_validators(data)
    assert found is not None and found == SnapshotValidators.of(load_snapshot(data))
    assert (found.kind, found.bulk_type, found.api_etag) == ("scryfall", "default_cards", BULK_ETAG)
    assert found.format_version == SNAPSHOT_FORMAT_VERSION
    assert read_validators(data / "daynight-cards.json") == found  # the file's path or its directory


def _delete(directory: Path) -> None:
    validators_path(directory).unlink()


def _not_json(directory: Path) -> None:
    validators_path(directory).write_bytes(b'{"sidecar_version": 1, "snap')


def _a_list(directory: Path) -> None:
    validators_path(directory).write_text("[1, 2]", encoding="utf-8")


def _a_directory(directory: Path) -> None:
    _delete(directory)
    validators_path(directory).mkdir()


def _a_fifo(directory: Path) -> None:  # reading it must not block
    _delete(directory)
    os.mkfifo(validators_path(directory))


def _key(name: str, value: object) -> Callable[[Path], None]:
    def corrupt(directory: Path) -> None:
        _rewrite(directory, lambda record: record.__setitem__(name, value))

    return corrupt


def _crc(directory: Path) -> None:
    _rewrite(directory, lambda record: record["snapshot"].__setitem__("crc32", 12345))  # type: ignore[union-attr]


def _size(directory: Path) -> None:
    _rewrite(directory, lambda record: record["snapshot"].__setitem__("size", 1))  # type: ignore[union-attr]


def _snapshot_byte(directory: Path) -> None:  # same size, one byte changed behind the sidecar's back
    path = directory / "daynight-cards.json"
    data = path.read_bytes()
    path.write_bytes(data.replace(b'"FIXTURE"', b'"FIXTURF"', 1))


CORRUPTIONS = {
    "missing": _delete,
    "not JSON": _not_json,
    "a JSON list": _a_list,
    "a directory": _a_directory,
    "another sidecar version": _key("sidecar_version", 2),
    "an older snapshot format version": _key("format_version", SNAPSHOT_FORMAT_VERSION - 1),
    "a format version that is not a number": _key("format_version", "2"),
    "an ETag that is not text": _key("api_etag", 7),
    "no tool version": _key("tool_version", None),
    "no snapshot description": _key("snapshot", None),
    "another CRC-32": _crc,
    "another size": _size,
    "a snapshot edited since": _snapshot_byte,
}
if hasattr(os, "mkfifo"):
    CORRUPTIONS["a FIFO"] = _a_fifo


@pytest.mark.parametrize("corrupt", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_a_missing_corrupt_or_stale_sidecar_is_not_believed(tmp_path: Path, corrupt: Callable[[Path], None]) -> None:
    data = _data(tmp_path)
    corrupt(data)
    assert read_validators(data) is None


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A 127.0.0.1 server answering 304 to :data:`BULK_ETAG` (404 to anything else)."""
    with not_modified_server() as url:
        yield url


@pytest.mark.network_server
@pytest.mark.parametrize("corrupt", [_delete, _not_json, _crc], ids=["missing", "not JSON", "another CRC-32"])
def test_without_a_believable_sidecar_the_304_update_decodes_the_snapshot_and_answers_the_same(
    tmp_path: Path, corrupt: Callable[[Path], None], server: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MTG_DAYNIGHT_CACHE_DIR", str(tmp_path / "cache"))
    data = _data(tmp_path)
    argv = ["carddata", "update", "--api-url", server, "--data-dir", str(data)]
    assert main(argv) == 0
    believed = capsys.readouterr()
    corrupt(data)
    assert main(argv) == 0
    decoded = capsys.readouterr()
    assert believed == decoded and "up to date" in believed.out
    assert read_validators(data) is None  # a 304 writes nothing, not even a new sidecar


def _client() -> ScryfallClient:
    """A client whose every request goes through ``requests``, so that ``responses`` can check the ETag sent."""
    return ScryfallClient(session=requests.Session())


@responses.activate
def test_a_snapshot_replaced_behind_the_sidecar_is_asked_about_with_its_own_etag(tmp_path: Path) -> None:
    data = _data(tmp_path)
    path = data / "daynight-cards.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["manifest"]["source"]["api_etag"] = 'W/"replaced-2"'  # a valid snapshot, written by something else
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    url = "https://api.scryfall.com/bulk-data/default_cards"
    responses.get(url, status=304, match=[matchers.header_matcher({"If-None-Match": 'W/"replaced-2"'})])
    outcome = run_update(data_dir=data, client=_client())
    assert outcome.up_to_date and len(responses.calls) == 1
    assert outcome.snapshot == load_snapshot(data)


@responses.activate
def test_the_304_outcome_reads_its_snapshot_on_first_use(tmp_path: Path) -> None:
    data = _data(tmp_path)
    url = "https://api.scryfall.com/bulk-data/default_cards"
    responses.get(url, status=304, match=[matchers.header_matcher({"If-None-Match": BULK_ETAG})])
    outcome = run_update(data_dir=data, client=_client())
    assert outcome.up_to_date and not outcome.written and outcome.diff.empty
    assert outcome.snapshot == load_snapshot(data)


def test_a_snapshot_readers_refuse_gets_no_sidecar_and_loses_the_old_one(tmp_path: Path) -> None:
    data = _data(tmp_path)
    assert validators_path(data).exists()
    snapshot = catalog_fixture.fixture_snapshot()
    counts = msgspec.structs.replace(snapshot.manifest.counts, cards=99)  # integrity: the counts must be the records'
    wrong = msgspec.structs.replace(snapshot.manifest, counts=counts)
    write_snapshot_atomic(msgspec.structs.replace(snapshot, manifest=wrong), data)
    assert not validators_path(data).exists()
    assert read_validators(data) is None


def _closed_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def test_offline_the_message_names_the_snapshot_in_use_with_or_without_the_sidecar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTG_DAYNIGHT_CACHE_DIR", str(tmp_path / "cache"))
    data = _data(tmp_path)
    argv = ["carddata", "update", "--api-url", _closed_port(), "--data-dir", str(data), "--retries", "0"]
    assert main(argv) == 3
    believed = capsys.readouterr().err
    _delete(data)
    assert main(argv) == 3
    assert capsys.readouterr().err == believed
    assert "the current snapshot stays in use" in believed and "Scryfall default_cards" in believed


def test_the_bulk_types_and_the_format_version_are_formats_own_everywhere() -> None:
    from mtg_daynight.importer import formats, records, scryfall

    assert records.SNAPSHOT_FORMAT_VERSION is formats.SNAPSHOT_FORMAT_VERSION
    assert scryfall.BULK_TYPES is formats.BULK_TYPES and scryfall.DEFAULT_BULK_TYPE is formats.DEFAULT_BULK_TYPE
    assert formats.DEFAULT_BULK_TYPE in formats.BULK_TYPES
