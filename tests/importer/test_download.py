"""Every network path, against `responses` mocks: 200, 304, 429, 5xx, truncation and resume, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests
import responses
from responses import matchers

from mtg_daynight import __version__
from mtg_daynight.importer.errors import (
    CardFileError,
    CorruptDownloadError,
    DownloadError,
    RateLimitedError,
    SnapshotRefusedError,
    UnsafeURLError,
)
from mtg_daynight.importer.fetch import Client, parse_retry_after, user_agent
from mtg_daynight.importer.snapshot import load_snapshot
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import (
    bulk_object,
    encode_jsonl,
    encode_legacy_array,
    fixture_objects,
    gz,
    legacy_bulk_object,
)

API = "https://api.scryfall.com"
FILES = "https://data.scryfall.io"
BULK_URL = f"{API}/bulk-data/default_cards"


class Sleeps(list[float]):
    """An injectable sleep that records how long it was asked to wait."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def _bulk(data: bytes, **kw: object) -> dict[str, object]:
    obj = bulk_object(API, compressed_size=len(data))
    obj["jsonl_download_uri"] = f"{FILES}/file/default-cards-20261129100512.jsonl.gz"
    obj.update(kw)
    return obj


def _client(sleeps: Sleeps, **kw: object) -> Client:
    """A client whose every request goes through a ``requests`` session, so that ``responses`` mocks it."""
    return Client(sleep=sleeps, session=requests.Session(), **kw)  # type: ignore[arg-type]


def _update(tmp_path: Path, sleeps: Sleeps, **kw: object):  # type: ignore[no-untyped-def]
    return run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=_client(sleeps), **kw)  # type: ignore[arg-type]


@pytest.fixture
def body() -> bytes:
    return gz(encode_jsonl(fixture_objects()))


@responses.activate
def test_200_downloads_imports_and_sends_user_agent_and_accept(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(
        BULK_URL,
        json=_bulk(body),
        headers={"ETag": 'W/"bulk-1"'},
        match=[matchers.header_matcher({"User-Agent": user_agent(), "Accept": "application/json"})],
    )
    responses.get(
        f"{FILES}/file/default-cards-20261129100512.jsonl.gz",
        body=body,
        content_type="application/gzip",
        headers={"ETag": '"file-1"'},
        match=[matchers.header_matcher({"Accept": "application/gzip, */*"})],
    )
    outcome = _update(tmp_path, sleeps)
    assert outcome.written and not outcome.up_to_date
    assert user_agent() == f"mtg-daynight/{__version__}"  # name and version, no URL to a page that does not exist
    snapshot = load_snapshot(tmp_path / "data")
    assert snapshot.manifest.source.api_etag == 'W/"bulk-1"'
    assert snapshot.manifest.source.updated_at == "2026-11-29T10:05:12.000+00:00"
    assert len(snapshot.cards) == 4 and outcome.diff.summary() == "7 added, 0 removed, 0 changed"
    assert not sleeps
    assert not list((tmp_path / "cache").glob("*.part"))


@responses.activate
def test_304_costs_one_request_and_no_download(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, json=_bulk(body), headers={"ETag": 'W/"bulk-1"'})
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    _update(tmp_path, sleeps)
    before = (tmp_path / "data" / "daynight-cards.json").read_bytes()
    responses.reset()
    responses.get(BULK_URL, status=304, match=[matchers.header_matcher({"If-None-Match": 'W/"bulk-1"'})])
    outcome = _update(tmp_path, sleeps)
    assert outcome.up_to_date and not outcome.written
    assert len(responses.calls) == 1 and outcome.requests == 1
    assert (tmp_path / "data" / "daynight-cards.json").read_bytes() == before


@responses.activate
def test_429_with_retry_after_waits_as_told(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, status=429, headers={"Retry-After": "7"})
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    assert _update(tmp_path, sleeps).written
    assert sleeps == [7.0]


@responses.activate
def test_429_without_retry_after_waits_30_seconds(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, status=429)
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    assert _update(tmp_path, sleeps).written
    assert sleeps == [30.0]


@responses.activate
def test_repeated_429_gives_up_without_hammering(tmp_path: Path) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, status=429)
    with pytest.raises(RateLimitedError, match="still rate limited"):
        _update(tmp_path, sleeps)
    assert sleeps == [30.0, 30.0, 30.0] and len(responses.calls) == 4


@responses.activate
def test_500_then_success_retries_with_backoff_from_one_budget_for_the_run(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, status=500)
    responses.get(BULK_URL, status=503)
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", status=502)
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    assert _update(tmp_path, sleeps).written
    assert sleeps == [1.0, 2.0, 4.0]  # one retry budget for the whole run: the backoff keeps growing


@responses.activate
def test_connection_errors_are_retried_then_reported(tmp_path: Path) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, body=requests.ConnectionError("connection refused"))
    with pytest.raises(DownloadError, match=r"connection error .*gave up after 5 retries \(--retries\)"):
        _update(tmp_path, sleeps)
    assert sleeps == [1.0, 2.0, 4.0, 8.0, 16.0]
    assert not (tmp_path / "data" / "daynight-cards.json").exists()


@responses.activate
def test_truncated_body_is_resumed_with_range(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    url = f"{FILES}/file/default-cards-20261129100512.jsonl.gz"
    half = len(body) // 2
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(url, body=body[:half], headers={"ETag": '"file-1"'})
    responses.get(
        url,
        status=206,
        body=body[half:],
        headers={"Content-Range": f"bytes {half}-{len(body) - 1}/{len(body)}", "ETag": '"file-1"'},
        match=[matchers.header_matcher({"Range": f"bytes={half}-", "If-Range": '"file-1"'})],
    )
    outcome = _update(tmp_path, sleeps)
    assert outcome.download is not None and outcome.download.resumed
    assert outcome.download.size == len(body)
    assert len(load_snapshot(tmp_path / "data").cards) == 4


@responses.activate
def test_corrupt_gzip_download_keeps_old_snapshot(tmp_path: Path, body: bytes) -> None:
    sleeps = Sleeps()
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    _update(tmp_path, sleeps)
    before = (tmp_path / "data" / "daynight-cards.json").read_bytes()
    bad = bytearray(body)
    bad[30:70] = b"\x00" * 40
    responses.reset()
    responses.get(BULK_URL, json=_bulk(bytes(bad), jsonl_download_uri=f"{FILES}/file/new.jsonl.gz"))
    responses.get(f"{FILES}/file/new.jsonl.gz", body=bytes(bad))
    with pytest.raises(CorruptDownloadError, match=r"new\.jsonl\.gz: the download is corrupt .*corrupt gzip data"):
        _update(tmp_path, sleeps)
    assert (tmp_path / "data" / "daynight-cards.json").read_bytes() == before
    assert not list((tmp_path / "cache").glob("*.part*"))  # discarded: nothing to resume
    responses.replace(responses.GET, f"{FILES}/file/new.jsonl.gz", body=body)  # the next run gets good bytes
    assert _update(tmp_path, sleeps).download is not None


@responses.activate
def test_not_gzip_download_is_refused(tmp_path: Path) -> None:
    html = b"<html>maintenance</html>"
    responses.get(BULK_URL, json=_bulk(html))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=html)
    with pytest.raises(DownloadError, match="not gzip data"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_bad_line_in_download_is_reported_with_line_number(tmp_path: Path) -> None:
    lines = encode_jsonl(fixture_objects()).splitlines(keepends=True)
    lines[1] = lines[1].replace(b'"layout": "transform"', b'"layout": 17')
    body = gz(b"".join(lines))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    with pytest.raises(CardFileError, match=r"line 2: bad card object: Expected `str`, got `int` - at `\$.layout`"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_legacy_array_file_is_imported(tmp_path: Path) -> None:
    body = gz(encode_legacy_array(fixture_objects()))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    _update(tmp_path, Sleeps())
    snapshot = load_snapshot(tmp_path / "data")
    assert snapshot.manifest.source.format == "json-array" and len(snapshot.cards) == 4


@responses.activate
def test_pre_july_bulk_object_uses_download_uri_on_a_mirror(tmp_path: Path) -> None:
    mirror = "http://mirror.invalid/api"
    body = gz(encode_legacy_array(fixture_objects()))
    legacy = legacy_bulk_object(mirror)
    responses.get(f"{mirror}/bulk-data/default_cards", json=legacy)
    responses.get(legacy["download_uri"], body=body, headers={"Content-Encoding": "gzip"})
    outcome = run_update(
        data_dir=tmp_path / "data",
        cache_dir=tmp_path / "cache",
        api_url=mirror,
        client=_client(Sleeps(), api_url=mirror),
    )
    assert outcome.written
    snapshot = load_snapshot(tmp_path / "data")
    assert snapshot.manifest.source.download_uri == legacy["download_uri"]
    assert snapshot.manifest.source.format == "json-array" and len(snapshot.cards) == 4


@responses.activate
def test_pre_july_bulk_object_from_scryfall_host_with_http_uri_is_refused(tmp_path: Path) -> None:
    legacy = legacy_bulk_object("http://data.scryfall.io")
    responses.get(BULK_URL, json=legacy)
    with pytest.raises(UnsafeURLError, match="https"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_download_uri_off_scryfall_hosts_is_refused(tmp_path: Path, body: bytes) -> None:
    responses.get(BULK_URL, json=_bulk(body, jsonl_download_uri="https://evil.invalid/cards.jsonl.gz"))
    with pytest.raises(UnsafeURLError, match=r"evil\.invalid"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_bulk_object_without_any_download_uri_is_reported(tmp_path: Path, body: bytes) -> None:
    obj = _bulk(body)
    del obj["jsonl_download_uri"]
    responses.get(BULK_URL, json=obj)
    with pytest.raises(DownloadError, match="no jsonl_download_uri"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_404_is_reported_with_scryfall_details(tmp_path: Path) -> None:
    responses.get(BULK_URL, status=404, json={"object": "error", "details": "No bulk data found"})
    with pytest.raises(DownloadError, match="HTTP 404 No bulk data found"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_import_with_no_cards_is_refused_unless_forced(tmp_path: Path) -> None:
    from tests.importer.fixture_cards import plain_card

    body = gz(encode_jsonl([plain_card(1)]))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    with pytest.raises(SnapshotRefusedError, match="no day/night cards"):
        _update(tmp_path, Sleeps())
    assert not (tmp_path / "data" / "daynight-cards.json").exists()
    outcome = _update(tmp_path, Sleeps(), force=True)  # reuses the cached download
    assert outcome.written and outcome.reused_download and outcome.warnings


def test_retry_after_accepts_seconds_and_http_dates() -> None:
    assert parse_retry_after("12") == 12.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0) == 10.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None


def test_api_url_must_be_http() -> None:
    with pytest.raises(UnsafeURLError):
        Client(api_url="ftp://example.invalid")


# -- offline, bounds and hardening -------------------------------------------------------------------------
def test_name_that_does_not_resolve_fails_at_once_with_one_line_and_exit_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from mtg_daynight.cli import main

    def no_dns(*args: object, **kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    monkeypatch.setenv("MTG_DAYNIGHT_CACHE_DIR", str(tmp_path / "cache"))
    sleeps = Sleeps()
    monkeypatch.setattr("time.sleep", sleeps)
    status = main(["carddata", "update", "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err.splitlines()
    assert status == 3 and not sleeps
    assert err == [
        "mtg-daynight carddata update: could not reach Scryfall (api.scryfall.com: the host name does not "
        "resolve); nothing was written: the card data in use stays as it was"
    ]
    assert not (tmp_path / "data" / "daynight-cards.json").exists()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("localhost:8080", "must be an http"),
        ("http://[::1", "not a valid URL"),
        ("http://127.0.0.1:99999", "not a valid URL"),
        ("http:///bulk", "has no host name"),
        ("https://mirror.invalid/api?x=1", "no ?query"),
        ("https://mirror .invalid", "spaces or control characters"),
    ],
)
def test_invalid_api_url_is_a_clear_error_and_touches_nothing(
    url: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mtg_daynight.cli import main

    assert main(["carddata", "update", "--api-url", url, "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not (tmp_path / "data").exists()


@responses.activate
def test_retries_say_what_they_wait_for(tmp_path: Path, body: bytes) -> None:
    notes: list[str] = []
    responses.get(BULK_URL, status=503)
    responses.get(BULK_URL, status=429, headers={"Retry-After": "3"})
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    client = _client(Sleeps(), notify=notes.append)
    run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=client)
    assert notes == [
        "HTTP 503; retrying in 1 s (retry 1 of 5)",
        "rate limited (HTTP 429); retrying in 3 s (retry 2 of 5)",
    ]


@responses.activate
def test_oversized_bulk_data_answer_is_refused(tmp_path: Path) -> None:
    responses.get(BULK_URL, body=b"{" + b" " * (2 << 20) + b"}")
    with pytest.raises(DownloadError, match="larger than 1048576 bytes"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_body_longer_than_compressed_size_is_refused_and_discarded(tmp_path: Path, body: bytes) -> None:
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body + b"\0" * 5000)
    with pytest.raises(DownloadError, match=f"more than the announced {len(body)} bytes"):
        _update(tmp_path, Sleeps())
    assert not list((tmp_path / "cache").glob("*.part"))


@responses.activate
def test_full_disk_names_the_cache_file(tmp_path: Path, body: bytes) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full (Linux) to simulate a full disk")
    url = f"{FILES}/file/default-cards-20261129100512.jsonl.gz"
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(url, body=body)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "default_cards.jsonl.gz.part").symlink_to("/dev/full")  # every write fails with ENOSPC
    (cache / "default_cards.jsonl.gz.part.json").write_text(json.dumps({"url": url, "etag": None}))
    with pytest.raises(DownloadError, match=r"default_cards\.jsonl\.gz\.part: cannot write the download: No space"):
        _update(tmp_path, Sleeps())


@responses.activate
def test_streamed_update_gives_the_same_result_as_download_then_import(tmp_path: Path) -> None:
    import msgspec

    from mtg_daynight.importer.bulk import import_file
    from mtg_daynight.importer.snapshot import encode_snapshot
    from mtg_daynight.importer.update import build_snapshot

    body = gz(encode_jsonl(fixture_objects() * 30))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(f"{FILES}/file/default-cards-20261129100512.jsonl.gz", body=body)
    outcome = _update(tmp_path, Sleeps())
    assert outcome.snapshot is not None and outcome.download is not None
    later = import_file(outcome.download.path)  # the download-then-import path, on the same bytes
    again = build_snapshot(later, outcome.snapshot.manifest.source)
    same_time = msgspec.structs.replace(again.manifest, imported_at=outcome.snapshot.manifest.imported_at)
    assert encode_snapshot(msgspec.structs.replace(again, manifest=same_time)) == encode_snapshot(outcome.snapshot)
    assert later.sha256 == outcome.snapshot.manifest.source.file_sha256


@responses.activate
def test_resumed_download_imports_the_prefix_from_disk(tmp_path: Path, body: bytes) -> None:
    url = f"{FILES}/file/default-cards-20261129100512.jsonl.gz"
    cache = tmp_path / "cache"
    cache.mkdir()
    half = len(body) // 2
    (cache / "default_cards.jsonl.gz.part").write_bytes(body[:half])  # what a killed run left
    (cache / "default_cards.jsonl.gz.part.json").write_text(json.dumps({"url": url, "etag": '"file-1"'}))
    responses.get(BULK_URL, json=_bulk(body))
    responses.get(
        url,
        status=206,
        body=body[half:],
        headers={"Content-Range": f"bytes {half}-{len(body) - 1}/{len(body)}", "ETag": '"file-1"'},
        match=[matchers.header_matcher({"Range": f"bytes={half}-", "If-Range": '"file-1"'})],
    )
    outcome = _update(tmp_path, Sleeps())
    assert outcome.download is not None and outcome.download.resumed
    assert (cache / "default_cards.jsonl.gz").read_bytes() == body
    assert len(load_snapshot(tmp_path / "data").cards) == 4


def test_waiting_for_the_lock_names_the_holders_pid(tmp_path: Path) -> None:
    import os
    import threading

    from mtg_daynight.errors import DayNightError
    from mtg_daynight.importer.store import Store

    notes: list[str] = []
    holding = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with Store(tmp_path).lock():
            holding.set()
            done.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    holding.wait(10)
    try:
        assert (tmp_path / ".daynight-cards.lock.pid").read_text().strip() == str(os.getpid())
        refused = pytest.raises(DayNightError, match=rf"another card-data update \(pid {os.getpid()}\) holds")
        with refused, Store(tmp_path).lock(timeout=0.2, notify=notes.append):
            pass
    finally:
        done.set()
        thread.join(10)
    assert notes == [
        f"waiting for another card-data update (pid {os.getpid()}) to finish: it holds "
        f"{tmp_path / '.daynight-cards.lock'} (up to 0.2 s)"
    ]


@responses.activate
def test_tls_error_is_not_retried(tmp_path: Path) -> None:
    import ssl

    cause = ssl.SSLCertVerificationError(1, "certificate verify failed")
    cause.reason, cause.verify_message = "CERTIFICATE_VERIFY_FAILED", "self-signed certificate"
    responses.get(BULK_URL, body=requests.exceptions.SSLError(cause))
    sleeps = Sleeps()
    with pytest.raises(DownloadError, match=r"TLS error \(CERTIFICATE_VERIFY_FAILED: self-signed certificate\)"):
        _update(tmp_path, sleeps)
    assert not sleeps and len(responses.calls) == 1
