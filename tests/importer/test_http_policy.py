"""The download policy of the bulk-data request, against a scripted HTTP server on 127.0.0.1: headers sent,
redirects, retries and their messages, 429 waits, short bodies, stalls, TLS failures, unreachable servers.
Card data: the FIXTURE bulk object of ``fixture_cards`` (not a real one).
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from typing import ClassVar

import pytest

from mtg_daynight.importer.errors import DownloadError, RateLimitedError, UnreachableError, UnsafeURLError
from mtg_daynight.importer.fetch import Client, user_agent
from tests.importer.fixture_cards import bulk_object
from tests.loopback import loopback_server

pytestmark = pytest.mark.network_server

PATH = "/bulk-data/default_cards"
#: Upper bound of any wait in this file, so a broken test can never hang CI.
BOUND = 10.0

Step = Callable[[BaseHTTPRequestHandler], None]


class _Handler(BaseHTTPRequestHandler):
    """Answers each request with the next step of ``script`` (a 404 when it is used up); logs the requests."""

    protocol_version = "HTTP/1.1"
    script: ClassVar[list[Step]] = []
    log: ClassVar[list[tuple[str, dict[str, str]]]] = []

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        _Handler.log.append((self.path, dict(self.headers.items())))
        step = _Handler.script.pop(0) if _Handler.script else _status(404)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            step(self)
        self.close_connection = True


def _send(handler: BaseHTTPRequestHandler, status: int, body: bytes = b"", **headers: str) -> None:
    handler.send_response(status)
    for key, value in headers.items():
        handler.send_header(key.replace("_", "-"), value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def _status(status: int, **headers: str) -> Step:
    return lambda handler: _send(handler, status, **headers)


def _bulk(handler: BaseHTTPRequestHandler) -> None:
    base = f"http://127.0.0.1:{handler.server.server_address[1]}"
    _send(handler, 200, json.dumps(bulk_object(base, compressed_size=1000)).encode(), ETag='W/"bulk-1"')


def _redirect(location: str) -> Step:
    return lambda handler: _send(handler, 302, Location=location)


def _short_body(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Length", "500")
    handler.end_headers()
    handler.wfile.write(b'{"object": "bulk')  # then the connection closes


def _no_answer(handler: BaseHTTPRequestHandler) -> None:
    handler.close_connection = True  # closes without a status line


def _silent(handler: BaseHTTPRequestHandler) -> None:
    time.sleep(1.0)  # longer than the test's stall timeout; then closes


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.script, _Handler.log = [], []
    with loopback_server(_Handler, poll_interval=0.02) as url:
        yield url


class _Run:
    """One client and what it waited and announced."""

    def __init__(self, server: str, **options: object) -> None:
        self.sleeps: list[float] = []
        self.notes: list[str] = []
        self.client = Client(
            api_url=server, sleep=self.sleeps.append, notify=self.notes.append,
            timeout=options.pop("timeout", 5.0), **options,  # type: ignore[arg-type]
        )

    def bulk_data(self, etag: str | None = None):  # type: ignore[no-untyped-def]
        return self.client.bulk_data("default_cards", etag)


def test_the_bulk_data_request_sends_user_agent_accept_and_if_none_match(server: str) -> None:
    _Handler.script = [_status(304)]
    answer = _Run(server).bulk_data('W/"bulk-1"')
    assert answer.not_modified and answer.etag == 'W/"bulk-1"'  # no ETag in the 304: the one we sent is kept
    ((path, headers),) = _Handler.log
    assert path == PATH
    assert headers["User-Agent"] == user_agent() and headers["Accept"] == "application/json"
    assert headers["If-None-Match"] == 'W/"bulk-1"'


def test_credentials_in_the_url_are_sent_as_basic_authentication(server: str) -> None:
    _Handler.script = [_status(304)]
    assert _Run(server.replace("http://", "http://mirror-user:p%40ss@")).bulk_data('W/"x"').not_modified
    assert _Handler.log[0][1]["Authorization"] == "Basic bWlycm9yLXVzZXI6cEBzcw=="  # mirror-user:p@ss


def test_the_bulk_data_request_asks_for_the_body_as_sent(server: str) -> None:
    _Handler.script = [_bulk]
    assert _Run(server).bulk_data().bulk is not None
    assert _Handler.log[0][1]["Accept-Encoding"] == "identity"  # bytes as sent: no gzip to undo


def test_a_redirect_is_checked_then_followed(server: str) -> None:
    _Handler.script = [_redirect("/elsewhere"), _bulk]
    answer = _Run(server).bulk_data()
    assert answer.bulk is not None and answer.etag == 'W/"bulk-1"'
    assert [path for path, _ in _Handler.log] == [PATH, "/elsewhere"]


def test_a_redirect_to_a_non_http_url_is_refused_before_it_is_followed(server: str) -> None:
    _Handler.script = [_redirect("ftp://127.0.0.1/bulk"), _bulk]
    with pytest.raises(UnsafeURLError, match=r"refusing the redirect from http://127\.0\.0\.1:\d+/bulk-data"):
        _Run(server).bulk_data()
    assert len(_Handler.log) == 1


def test_5xx_and_429_share_the_budget_and_announce_their_waits(server: str) -> None:
    _Handler.script = [_status(503), _status(429, Retry_After="3"), _bulk]
    run = _Run(server)
    assert run.bulk_data().bulk is not None
    assert run.sleeps == [1.0, 3.0]
    assert run.notes == [
        "HTTP 503; retrying in 1 s (retry 1 of 5)",
        "rate limited (HTTP 429); retrying in 3 s (retry 2 of 5)",
    ]


def test_a_429_asking_for_a_wait_longer_than_the_cap_is_refused_at_once(server: str) -> None:
    _Handler.script = [_status(429, Retry_After="600"), _bulk]
    run = _Run(server)
    with pytest.raises(RateLimitedError, match=r"asked to wait 600 s, longer than the 120 s this client waits at most"):
        run.bulk_data()
    assert not run.sleeps and len(_Handler.log) == 1


def test_a_body_shorter_than_its_content_length_is_a_dropped_connection_and_retried(server: str) -> None:
    _Handler.script = [_short_body, _bulk]
    run = _Run(server)
    assert run.bulk_data().bulk is not None
    assert run.notes == ["the connection was dropped; retrying in 1 s (retry 1 of 5)"]


def test_a_server_that_closes_without_answering_is_a_dropped_connection_and_retried(server: str) -> None:
    _Handler.script = [_no_answer, _bulk]
    run = _Run(server)
    assert run.bulk_data().bulk is not None
    assert run.notes == ["the connection was dropped; retrying in 1 s (retry 1 of 5)"]


def test_a_server_that_never_answers_times_out_after_the_stall_timeout_and_is_retried(server: str) -> None:
    _Handler.script = [_silent, _bulk]
    run = _Run(server, timeout=0.2)
    assert run.bulk_data().bulk is not None
    assert len(run.notes) == 1
    assert re.fullmatch(
        r"no answer from 127\.0\.0\.1:\d+ for 0\.2 s: timed out \(--timeout\); retrying in 1 s \(retry 1 of 5\)",
        run.notes[0],
    )


def test_a_tls_failure_is_not_retried(server: str) -> None:
    run = _Run(server.replace("http://", "https://"))  # https to a plain-HTTP server: no handshake
    with pytest.raises(DownloadError, match=r"GET https://127\.0\.0\.1:\d+/bulk-data/default_cards: TLS error \("):
        run.bulk_data()
    assert not run.sleeps and not run.notes


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_refused_connection_is_unreachable_at_once() -> None:
    run = _Run(f"http://127.0.0.1:{_closed_port()}")
    with pytest.raises(UnreachableError, match=r"^127\.0\.0\.1: the connection was refused$"):
        run.bulk_data()
    assert not run.sleeps
