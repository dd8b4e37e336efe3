"""The bulk file as a file object (``fetch.Download``, tested by reading it) against `responses` mocks: resume
inside ``read`` with Range/If-Range, a ``.part`` left by an earlier run, 416, the 206 check, a server that
ignores Range, an ETag change, the gzip magic, the size cap; and the download cache's ownership rules: a file in
the cache is ours only with our record beside it, and what is not ours is never replaced or deleted.
Card data: the hand-written FIXTURES of ``fixture_cards`` (not real cards)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import requests
import responses
from responses import matchers

from mtg_daynight.importer.errors import CardDataError, DownloadError
from mtg_daynight.importer.fetch import Client, Download
from mtg_daynight.importer.store import CACHE_TEMP_GLOB, CACHE_TEMP_HEAD, remove_stale_temp_files
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import bulk_object, encode_jsonl, fixture_objects, gz

API = "https://api.scryfall.com"
BULK_URL = f"{API}/bulk-data/default_cards"
URL = "https://data.scryfall.io/file/default-cards-20261129100512.jsonl.gz"
BODY = gz(encode_jsonl(fixture_objects() * 3))
HALF = len(BODY) // 2


def _client(sleeps: list[float] | None = None, **options: object) -> Client:
    sleep = sleeps.append if sleeps is not None else (lambda seconds: None)
    return Client(sleep=sleep, session=requests.Session(), **options)  # type: ignore[arg-type]


def _read(download: Download, size: int = 4096) -> bytes:
    data = bytearray()
    while chunk := download.read(size):
        data += chunk
    return bytes(data)


def _left_behind(cache: Path, data: bytes, etag: str | None = '"file-1"') -> None:
    """What an earlier, killed run leaves: a ``.part`` and its record."""
    cache.mkdir(exist_ok=True)
    (cache / "f.jsonl.gz.part").write_bytes(data)
    (cache / "f.jsonl.gz.part.json").write_text(json.dumps({"url": URL, "etag": etag}))


def _partial(start: int, etag: str = '"file-1"', **match: str) -> dict[str, object]:
    headers = {"Content-Range": f"bytes {start}-{len(BODY) - 1}/{len(BODY)}", "ETag": etag}
    return {"status": 206, "body": BODY[start:], "headers": headers, "match": [matchers.header_matcher(match)]}


@responses.activate
def test_a_download_reads_as_a_file_and_commit_renames_it_into_place(tmp_path: Path) -> None:
    responses.get(URL, body=BODY, headers={"ETag": '"file-1"'})
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY and download.finished
    assert (tmp_path / "f.jsonl.gz.part").read_bytes() == BODY  # every byte was written before it was read
    download.commit({"url": URL, "sha256": "recorded"})
    assert download.size == len(BODY) and not download.resumed and download.etag == '"file-1"'
    assert (tmp_path / "f.jsonl.gz").read_bytes() == BODY
    assert json.loads((tmp_path / "f.jsonl.gz.json").read_text()) == {"url": URL, "sha256": "recorded"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["f.jsonl.gz", "f.jsonl.gz.json"]


@responses.activate
def test_a_cut_transfer_resumes_inside_read_with_range_and_if_range_from_the_one_retry_budget(tmp_path: Path) -> None:
    responses.get(URL, body=BODY[:HALF], headers={"ETag": '"file-1"', "Content-Length": str(len(BODY))})
    responses.get(URL, **_partial(HALF, Range=f"bytes={HALF}-", **{"If-Range": '"file-1"'}))  # type: ignore[arg-type]
    sleeps: list[float] = []
    client = _client(sleeps)
    download = Download(client, URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY and download.resumed
    assert client.retries_used == 1 and sleeps == [1.0] and download.requests == 2


@responses.activate
def test_an_interrupted_download_keeps_its_part_for_the_next_run(tmp_path: Path) -> None:
    responses.get(URL, body=BODY[:100])
    responses.get(URL, body=requests.ConnectionError("reset"))
    download = Download(_client(max_retries=1), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    with pytest.raises(DownloadError, match=r"gave up after 1 retries"):
        _read(download)
    download.close()
    assert (tmp_path / "f.jsonl.gz.part").read_bytes() == BODY[:100]
    assert json.loads((tmp_path / "f.jsonl.gz.part.json").read_text())["url"] == URL
    assert not (tmp_path / "f.jsonl.gz").exists()


@responses.activate
def test_a_part_left_by_an_earlier_run_is_read_back_from_disk_then_resumed(tmp_path: Path) -> None:
    _left_behind(tmp_path, BODY[:HALF])
    responses.get(URL, **_partial(HALF, Range=f"bytes={HALF}-", **{"If-Range": '"file-1"'}))  # type: ignore[arg-type]
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download, 1000) == BODY and download.resumed and download.requests == 1
    assert (tmp_path / "f.jsonl.gz.part").read_bytes() == BODY


@responses.activate
def test_a_complete_part_is_read_from_disk_without_a_request(tmp_path: Path) -> None:
    _left_behind(tmp_path, BODY)
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY and download.requests == 0 and not responses.calls


@responses.activate
def test_a_server_that_ignores_range_makes_the_download_start_again_from_zero(tmp_path: Path) -> None:
    _left_behind(tmp_path, BODY[:50], etag=None)
    responses.get(URL, body=BODY)  # 200 with the whole file despite our Range header
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY and not download.resumed
    assert (tmp_path / "f.jsonl.gz.part").read_bytes() == BODY


@responses.activate
def test_a_server_that_ignores_range_on_a_resume_mid_run_has_its_first_bytes_skipped(tmp_path: Path) -> None:
    responses.get(URL, body=BODY[:HALF], headers={"ETag": '"file-1"', "Content-Length": str(len(BODY))})
    responses.get(URL, body=BODY, headers={"ETag": '"file-1"'})
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY
    assert (tmp_path / "f.jsonl.gz.part").read_bytes() == BODY


@responses.activate
def test_416_for_our_partial_file_starts_afresh(tmp_path: Path) -> None:
    _left_behind(tmp_path, b"\x1f\x8b not the server's bytes")
    responses.get(URL, status=416, match=[matchers.header_matcher({"Range": "bytes=25-"})])
    responses.get(URL, body=BODY)
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    assert _read(download) == BODY and download.requests == 2
    assert "Range" not in responses.calls[1].request.headers


@responses.activate
def test_an_etag_change_between_runs_restarts_the_download(tmp_path: Path) -> None:
    _left_behind(tmp_path, BODY[:HALF], etag='"file-old"')
    new = gz(encode_jsonl(fixture_objects() * 4))
    if_range = matchers.header_matcher({"If-Range": '"file-old"'})
    responses.get(URL, body=new, headers={"ETag": '"file-new"'}, match=[if_range])
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz")
    assert _read(download) == new and download.etag == '"file-new"'


@responses.activate
def test_an_etag_change_during_the_download_discards_it(tmp_path: Path) -> None:
    responses.get(URL, body=BODY[:HALF], headers={"ETag": '"file-1"', "Content-Length": str(len(BODY))})
    responses.get(URL, body=BODY, headers={"ETag": '"file-2"'})  # If-Range saw another file: the whole new one
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    with pytest.raises(DownloadError, match=r"the file changed on the server during the download; .*run the update"):
        _read(download)
    assert not list(tmp_path.iterdir())


@responses.activate
def test_a_206_from_another_byte_than_asked_is_refused(tmp_path: Path) -> None:
    _left_behind(tmp_path, BODY[:HALF])
    responses.get(URL, **_partial(HALF - 10))  # type: ignore[arg-type]
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    with pytest.raises(DownloadError, match=rf"server resumed at byte {HALF - 10}, we asked for byte {HALF}"):
        _read(download)


@responses.activate
def test_a_file_that_is_not_gzip_is_refused_at_its_first_bytes_and_discarded(tmp_path: Path) -> None:
    responses.get(URL, body=b"<html>maintenance</html>")
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz")
    with pytest.raises(DownloadError, match=r"not gzip data \(starts with b'<h'\)"):
        _read(download)
    assert not list(tmp_path.iterdir())


@responses.activate
def test_a_body_past_the_expected_size_is_refused_and_discarded(tmp_path: Path) -> None:
    responses.get(URL, body=BODY + b"\0" * 5000)
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    with pytest.raises(DownloadError, match=rf"more than the announced {len(BODY)} bytes; the download was discarded"):
        _read(download)
    assert not list(tmp_path.iterdir())


# -- the download cache: only what we wrote ------------------------------------------------------------------------
def _bulk() -> dict[str, object]:
    obj = bulk_object(API, compressed_size=len(BODY))
    obj["jsonl_download_uri"] = URL
    return obj


@pytest.mark.parametrize(
    ("name", "record"),
    [
        ("default_cards.jsonl.gz", None),  # a bulk file with no record of ours
        ("default_cards.jsonl.gz.part", None),  # a .part with no record of ours
        ("default_cards.jsonl.gz.part", '{"my": "settings"}'),  # a record that is not ours
        ("default_cards.jsonl.gz.json", None),  # a record-named file that is not ours
    ],
)
@responses.activate
def test_a_cache_file_we_did_not_write_is_never_replaced_or_deleted(
    tmp_path: Path, name: str, record: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_daynight.cli import main

    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / name).write_text('{"my": "file"}')
    if record is not None:
        (cache / f"{name}.json").write_text(record)
    before = {path.name: path.read_bytes() for path in cache.iterdir()}
    responses.get(BULK_URL, json=_bulk())
    responses.get(URL, body=BODY)
    monkeypatch.setenv("MTG_DAYNIGHT_CACHE_DIR", str(cache))
    assert main(["carddata", "update", "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err.splitlines()
    foreign = cache / (name if record is None or name.endswith(".json") else f"{name}.json")
    assert err == [
        f"mtg-daynight carddata: error: {foreign}: mtg-daynight did not write this file in its download cache, so "
        "it leaves it alone; move it away (or choose another --cache-dir / MTG_DAYNIGHT_CACHE_DIR) and run the "
        "update again"
    ]
    assert {path.name: path.read_bytes() for path in cache.iterdir() if not path.name.startswith(".")} == before
    assert [call.request.url for call in responses.calls] == [BULK_URL]  # nothing downloaded
    assert not (tmp_path / "data" / "daynight-cards.json").exists()


def test_a_fifo_in_place_of_our_part_is_not_ours_and_never_opened(tmp_path: Path) -> None:
    _left_behind(tmp_path, b"")
    (tmp_path / "f.jsonl.gz.part").unlink()
    os.mkfifo(tmp_path / "f.jsonl.gz.part")  # opening it to append would wait for a reader for ever
    download = Download(_client(), URL, tmp_path / "f.jsonl.gz", expected_size=len(BODY))
    with pytest.raises(CardDataError, match=r"f\.jsonl\.gz\.part: mtg-daynight did not write this file"):
        download.read(10)
    assert (tmp_path / "f.jsonl.gz.part").is_fifo()


def test_the_clean_up_of_temporary_files_deletes_only_ours_and_nothing_through_a_symlink(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / ".default_cards.jsonl.gz.json.abcd1234.tmp"  # our name, their content
    theirs.write_text("their notes")
    target = elsewhere / "target"
    target.write_text('{"url": "the target of a symlink"}')
    cache = tmp_path / "cache"
    cache.symlink_to(elsewhere)  # a symlinked cache directory
    ours = elsewhere / ".default_cards.jsonl.gz.part.json.k2j4h5g6.tmp"
    ours.write_text('{"url": "https://data.scryfall.io/f')  # what a killed record write leaves
    link = elsewhere / ".all_cards.jsonl.gz.json.zzzzzzzz.tmp"
    link.symlink_to(target)
    removed = remove_stale_temp_files(cache, CACHE_TEMP_GLOB, CACHE_TEMP_HEAD)
    assert [path.name for path in removed] == [ours.name]
    assert theirs.read_text() == "their notes" and target.exists() and link.is_symlink()


@pytest.mark.parametrize("how", ["--cache-dir", "MTG_DAYNIGHT_CACHE_DIR"])
@responses.activate
def test_a_cache_dir_that_is_a_file_is_refused_in_one_line_before_anything_is_read_or_written(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_daynight.cli import main

    cache = tmp_path / "not\na dir"
    cache.write_text('{"my": "settings"}')
    data = tmp_path / "data"
    if how == "MTG_DAYNIGHT_CACHE_DIR":
        monkeypatch.setenv(how, str(cache))
        status = main(["carddata", "update", "--data-dir", str(data)])
    else:
        status = main(["carddata", "update", "--data-dir", str(data), "--cache-dir", str(cache)])
    assert status == 2 and not responses.calls
    assert capsys.readouterr().err == (
        f"mtg-daynight carddata: error: {tmp_path}/not\\na dir: not a directory (the download cache, "
        "--cache-dir or MTG_DAYNIGHT_CACHE_DIR, must be one)\n"
    )
    assert cache.read_text() == '{"my": "settings"}' and not data.exists()


@responses.activate
def test_an_os_error_on_the_cache_path_is_one_line_naming_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_daynight.cli import main

    responses.get(BULK_URL, json=_bulk())
    cache = tmp_path / ("c" * (os.pathconf(tmp_path, "PC_NAME_MAX") + 1))  # a name too long for the file system
    monkeypatch.setenv("MTG_DAYNIGHT_CACHE_DIR", str(cache))
    assert main(["carddata", "update", "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{cache}: File name too long" in err and "Traceback" not in err
    assert not (tmp_path / "data").exists()


@responses.activate
def test_a_304_takes_no_lock_and_touches_no_cache(tmp_path: Path) -> None:
    responses.get(BULK_URL, json=_bulk(), headers={"ETag": 'W/"bulk-1"'})
    responses.get(URL, body=BODY)
    assert run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=_client()).written
    for path in (tmp_path / "cache").iterdir():
        path.unlink()
    (tmp_path / "cache").rmdir()
    (tmp_path / "data" / ".daynight-cards.lock").unlink()
    responses.replace(responses.GET, BULK_URL, status=304)
    outcome = run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=_client())
    assert outcome.up_to_date and not outcome.written and outcome.requests == 1
    assert not (tmp_path / "cache").exists() and not (tmp_path / "data" / ".daynight-cards.lock").exists()
