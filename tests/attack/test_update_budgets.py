"""One overall bound for an update, whatever the server says: Retry-After is capped and all the waits of a run
share one budget; the deadline covers the import (local files included) and names the phase; a download whose
bytes do not parse is discarded so the next run downloads it afresh."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
import responses

from mtg_daynight.importer.errors import CardFileError, DeadlineError, DownloadError
from mtg_daynight.importer.fetch import Client
from mtg_daynight.importer.limits import BACKOFF, DEFAULT_RETRIES, MAX_RETRY_AFTER, MAX_TOTAL_WAIT
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import bulk_object, encode_jsonl, fixture_objects, gz

API = "https://api.scryfall.com"
BULK_URL = f"{API}/bulk-data/default_cards"
FILE_URL = "https://data.scryfall.io/file/default-cards-20261129100512.jsonl.gz"
ROOT = Path(__file__).resolve().parents[2]


def _client(sleeps: list[float], **kw: object) -> Client:
    return Client(sleep=sleeps.append, session=requests.Session(), **kw)  # type: ignore[arg-type]


def _bulk(data: bytes) -> dict[str, object]:
    obj = bulk_object(API, compressed_size=len(data))
    obj["jsonl_download_uri"] = FILE_URL
    return obj


@responses.activate
def test_a_5xx_asking_for_300_s_waits_at_most_the_cap_and_the_total_budget(tmp_path: Path) -> None:
    responses.get(BULK_URL, status=503, headers={"Retry-After": "300"})
    sleeps: list[float] = []
    messages: list[str] = []
    client = _client(sleeps, notify=messages.append, max_retries=DEFAULT_RETRIES)
    with pytest.raises(DownloadError, match=r"budget for all the waits of one update") as caught:
        run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=client)
    assert sleeps and max(sleeps) == MAX_RETRY_AFTER and sum(sleeps) <= MAX_TOTAL_WAIT
    assert f"Retry-After 300 s, capped to {MAX_RETRY_AFTER:g} s" in str(caught.value)
    assert all(f"capped to {MAX_RETRY_AFTER:g} s" in message for message in messages)
    assert not (tmp_path / "data" / "daynight-cards.json").exists()


@responses.activate
def test_only_5xx_waits_the_backoff_the_docs_state(tmp_path: Path) -> None:
    responses.get(BULK_URL, status=500)
    sleeps: list[float] = []
    with pytest.raises(DownloadError, match=rf"gave up after {DEFAULT_RETRIES} retries"):
        run_update(data_dir=tmp_path / "data", client=_client(sleeps), cache_dir=tmp_path / "cache")
    assert sum(sleeps) == sum(BACKOFF * 2**i for i in range(DEFAULT_RETRIES)) and sleeps[0] == BACKOFF
    docs = (ROOT / "docs" / "carddata.md").read_text(encoding="utf-8")
    stated = re.search(r"only\s+answers 5xx:\s+(\d+) requests and\s+([\d +]+?)\s+=\s+(\d+) s of waiting", docs)
    assert stated is not None, "docs/carddata.md no longer states the 5xx figure"
    assert int(stated.group(1)) == DEFAULT_RETRIES + 1
    assert [float(part) for part in stated.group(2).split(" + ")] == sleeps
    assert float(stated.group(3)) == sum(sleeps)
    assert f"{MAX_TOTAL_WAIT:g} s" in docs and f"{MAX_RETRY_AFTER:g} s" in docs


def test_a_local_import_past_its_deadline_names_the_phase_and_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "cards.jsonl.gz"
    source.write_bytes(gz(encode_jsonl(fixture_objects()) + b"\n" * (9 << 20)))
    with pytest.raises(DeadlineError, match=rf"gave up while importing {re.escape(str(source))} after [\d.]+ s: .* "
                       r"1e-09 s deadline \(--deadline\); nothing was written"):
        run_update(data_dir=tmp_path / "data", from_file=source, deadline=1e-9)
    assert not (tmp_path / "data").exists() or not list((tmp_path / "data").glob("daynight-cards.json"))
    assert run_update(data_dir=tmp_path / "data", from_file=source).written  # no deadline given: none applies


class _SlowImport(Client):
    """A client whose clock advances 10 s for each block the import reads (the transfer takes no time)."""

    blocks = 0

    def remaining(self, phase: str = "downloading") -> float:
        if phase.startswith("importing"):
            self.blocks += 1
        return super().remaining(phase)


@responses.activate
def test_the_deadline_covers_the_import_of_the_download(tmp_path: Path) -> None:
    body = gz(encode_jsonl(fixture_objects()) + b"\n" * (9 << 20))  # three blocks of 4 MiB
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(FILE_URL, body=body)
    client = _SlowImport(session=requests.Session(), sleep=lambda s: None, deadline=15.0)
    client.clock = lambda: 10.0 * client.blocks
    with pytest.raises(DeadlineError, match=r"gave up while importing https://data\.scryfall\.io/\S+ after 20\.0 s: "
                       r"the update took longer than its 15 s deadline \(--deadline\); nothing was written"):
        run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=client)
    assert not (tmp_path / "data" / "daynight-cards.json").exists()


@responses.activate
def test_a_download_of_the_right_length_that_is_bad_json_is_discarded(tmp_path: Path) -> None:
    lines = encode_jsonl(fixture_objects()).splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if b"Daybound" in line)
    lines[index] = lines[index].replace(b'{"', b"{x", 1)  # same length: bad JSON long before the gzip checksum
    body = gz(b"".join(lines))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(FILE_URL, body=body)
    for _ in range(2):  # the second run downloads afresh instead of failing on the kept bytes for ever
        with pytest.raises(CardFileError, match=rf"line {index + 1}: .*the download was discarded"):
            run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=_client([]), force=True)
        assert not list((tmp_path / "cache").glob("*.part*"))
    assert [call.request.url for call in responses.calls].count(FILE_URL) == 2
