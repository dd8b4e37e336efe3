"""One end-to-end update against a real HTTP server on 127.0.0.1 (ETag, 304, Range; a dropped connection)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

import pytest

from mtg_daynight.importer.fetch import Client
from mtg_daynight.importer.snapshot import load_snapshot
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import bulk_object, encode_jsonl, fixture_objects, gz
from tests.loopback import loopback_server

BODY = gz(encode_jsonl(fixture_objects() * 3))  # the same FIXTURE objects thrice: a longer file
FILE_ETAG = '"fixture-file-1"'
BULK_ETAG = 'W/"fixture-bulk-1"'


class _Handler(BaseHTTPRequestHandler):
    log: ClassVar[list[tuple[str, dict[str, str]]]] = []
    drop_first_download = True

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        _Handler.log.append((self.path, dict(self.headers.items())))
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        if self.path == "/bulk-data/default_cards":
            if self.headers.get("If-None-Match") == BULK_ETAG:
                self.send_response(304)
                self.send_header("ETag", BULK_ETAG)
                self.end_headers()
                return
            payload = json.dumps(bulk_object(base, compressed_size=len(BODY))).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("ETag", BULK_ETAG)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        if self.path.startswith("/file/"):
            start = 0
            range_header = self.headers.get("Range")
            if range_header and self.headers.get("If-Range", FILE_ETAG) == FILE_ETAG:
                start = int(range_header.removeprefix("bytes=").split("-")[0])
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{len(BODY) - 1}/{len(BODY)}")
            else:
                self.send_response(200)
            self.send_header("Content-Type", "application/gzip")
            self.send_header("ETag", FILE_ETAG)
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Length", str(len(BODY) - start))
            self.end_headers()
            if _Handler.drop_first_download and start == 0:
                _Handler.drop_first_download = False
                self.wfile.write(BODY[: len(BODY) // 3])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)  # drop the connection mid-body
                return
            self.wfile.write(BODY[start:])
            return
        self.send_error(404)


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.log = []
    _Handler.drop_first_download = True
    with loopback_server(_Handler) as url:
        yield url


@pytest.mark.network_server
def test_update_against_local_server_resumes_and_then_gets_304(server: str, tmp_path: Path) -> None:
    sleeps: list[float] = []
    client = Client(api_url=server, sleep=sleeps.append, timeout=5.0)
    outcome = run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", api_url=server, client=client)
    assert outcome.written and outcome.download is not None and outcome.download.resumed
    assert outcome.download.size == len(BODY)
    snapshot = load_snapshot(tmp_path / "data")
    assert len(snapshot.cards) == 4 and len(snapshot.helpers) == 1
    assert snapshot.manifest.source.api_etag == BULK_ETAG
    file_requests = [headers for path, headers in _Handler.log if path.startswith("/file/")]
    assert len(file_requests) == 2 and file_requests[1]["Range"].startswith("bytes=")
    assert all(h["User-Agent"].startswith("mtg-daynight/") for _, h in _Handler.log)
    assert sleeps == [1.0]

    again = run_update(
        data_dir=tmp_path / "data",
        cache_dir=tmp_path / "cache",
        api_url=server,
        client=Client(api_url=server, sleep=sleeps.append, timeout=5.0),
    )
    assert again.up_to_date and again.requests == 1
    assert _Handler.log[-1][1]["If-None-Match"] == BULK_ETAG
