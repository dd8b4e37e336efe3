"""The fault suite of the update: kill -9 of a real ``mtg-daynight carddata update`` at the
download, import and write stages, then recovery; hostile servers (trickle, endless bodies, corrupt bytes, 5xx and
429 storms, redirects). Everything runs against HTTP servers on 127.0.0.1 or `responses` mocks, bounded in time
and bytes: no real network. Card data: the hand-written FIXTURES of ``fixture_cards`` (not real cards).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
import requests
import responses

from mtg_daynight.importer.errors import (
    CorruptDownloadError,
    DownloadError,
    RateLimitedError,
    UnsafeURLError,
)
from mtg_daynight.importer.fetch import Client
from mtg_daynight.importer.snapshot import load_snapshot
from mtg_daynight.importer.update import run_update
from tests.importer.fixture_cards import bulk_object, encode_jsonl, fixture_objects, gz
from tests.loopback import loopback_server

pytestmark = pytest.mark.network_server

ROOT = Path(__file__).resolve().parents[2]
V1 = gz(encode_jsonl(fixture_objects()))
V2 = gz(encode_jsonl(fixture_objects() * 40))  # a longer file with the same cards: a new Scryfall release
#: Upper bound of any wait in this file, so a broken test can never hang CI.
BOUND = 20.0


@dataclass
class Plan:
    """What the hostile server does. ``file_mode``: normal, pause (half the body, then wait for ``release``),
    trickle (one byte per 50 ms), endless (the body, then more bytes), corrupt (same length, bytes changed),
    status (always ``status``)."""

    body: bytes = V1
    version: str = "v1"
    file_mode: str = "normal"
    bulk_mode: str = "normal"
    status: int = 500
    release: threading.Event = field(default_factory=threading.Event)
    paused: threading.Event = field(default_factory=threading.Event)
    log: list[tuple[str, str | None]] = field(default_factory=list)


class _Handler(BaseHTTPRequestHandler):
    plan = Plan()

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        plan = _Handler.plan
        plan.log.append((self.path, self.headers.get("Range")))
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        try:
            if self.path == "/bulk-data/default_cards":
                self._bulk(plan, base)
            elif self.path == f"/file/{plan.version}.jsonl.gz":
                self._file(plan)
            else:
                self.send_error(404)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _bulk(self, plan: Plan, base: str) -> None:
        etag = f'W/"bulk-{plan.version}"'
        if plan.bulk_mode == "endless":  # an answer that never ends (bounded here at 8 MiB)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"object": "bulk_data", "description": "')
            for _ in range(128):
                self.wfile.write(b"x" * 65536)
            return
        if plan.bulk_mode == "status":
            self._send(plan.status, b"", {"Retry-After": "1"})
            return
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        obj = bulk_object(base, compressed_size=len(plan.body))
        obj["jsonl_download_uri"] = f"{base}/file/{plan.version}.jsonl.gz"
        self._send(200, json.dumps(obj).encode(), {"Content-Type": "application/json", "ETag": etag})

    def _file(self, plan: Plan) -> None:
        body = plan.body
        if plan.file_mode == "status":
            self._send(plan.status, b"", {"Retry-After": "1"})
            return
        start = 0
        status = 200
        headers = {"Content-Type": "application/gzip", "ETag": f'"file-{plan.version}"', "Accept-Ranges": "bytes"}
        range_header = self.headers.get("Range")
        if range_header:
            start = int(range_header.removeprefix("bytes=").split("-")[0])
            status = 206
            headers["Content-Range"] = f"bytes {start}-{len(body) - 1}/{len(body)}"
        if plan.file_mode == "corrupt":
            middle = len(body) // 2
            body = body[:middle] + bytes(b ^ 0x55 for b in body[middle : middle + 16]) + body[middle + 16 :]
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        if plan.file_mode == "endless":
            self.end_headers()  # no Content-Length: the body ends when we close (bounded here at 8 MiB)
            self.wfile.write(body[start:])
            for _ in range(128):
                self.wfile.write(b"\0" * 65536)
            self.close_connection = True
            return
        self.send_header("Content-Length", str(len(body) - start))
        self.end_headers()
        if plan.file_mode == "trickle":
            deadline = time.monotonic() + BOUND
            for i in range(start, len(body)):
                if time.monotonic() > deadline:
                    break
                self.wfile.write(body[i : i + 1])
                self.wfile.flush()
                time.sleep(0.05)
            return
        if plan.file_mode == "pause" and start == 0:
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            plan.paused.set()
            plan.release.wait(BOUND)
            self.close_connection = True
            return
        self.wfile.write(body[start:])


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.plan = Plan()
    with loopback_server(_Handler) as url:
        try:
            yield url
        finally:
            _Handler.plan.release.set()  # before the server shuts down: a handler may be waiting on it


class Sleeps(list[float]):
    """An injectable sleep: records the waits instead of sleeping."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def _update(tmp_path: Path, server: str, **client_options: object):  # type: ignore[no-untyped-def]
    options: dict[str, object] = {"sleep": Sleeps(), "timeout": 5.0}
    options.update(client_options)
    client = Client(api_url=server, **options)  # type: ignore[arg-type]
    return run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", api_url=server, client=client)


def _snapshot_bytes(tmp_path: Path) -> bytes:
    return (tmp_path / "data" / "daynight-cards.json").read_bytes()


def _new_release(tmp_path: Path, server: str, **plan: object) -> bytes:
    """Import v1, then make the server offer v2 (with ``plan``); return the v1 snapshot's bytes."""
    assert _update(tmp_path, server).written
    before = _snapshot_bytes(tmp_path)
    _Handler.plan.body, _Handler.plan.version = V2, "v2"
    for key, value in plan.items():
        setattr(_Handler.plan, key, value)
    _Handler.plan.log.clear()
    return before


# -- kill -9 of a real update, then recovery ---------------------------------------------------------------
#: Runs the real command line; for the import and write stages, it first wraps one function so that the process
#: announces the stage on stderr and waits there to be killed (the code under test is unchanged).
RUNNER = """
import os, sys, time
stage = sys.argv[1]
def pause():
    print("STAGE " + stage, file=sys.stderr, flush=True)
    time.sleep(60)
if stage == "import":
    from mtg_daynight.importer import bulk
    real = bulk.scan
    def slow(stream, **kw):
        result = real(stream, **kw)
        pause()
        return result
    bulk.scan = slow
elif stage == "write":  # the snapshot's write (the download's small meta files are written the same way first)
    from mtg_daynight.importer import store
    real_write, real_fsync, writing = store.write_atomic, os.fsync, []
    def write_atomic(target, data):
        writing[:] = [target.name == "daynight-cards.json"]
        real_write(target, data)
    def fsync(fd):
        if writing == [True]:
            pause()
        real_fsync(fd)
    store.write_atomic, os.fsync = write_atomic, fsync
from mtg_daynight.cli import main
sys.exit(main(sys.argv[2:]))
"""


_SPAWNED: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _no_leftover_processes() -> Iterator[None]:
    """A failed test must not leave a runner sleeping: kill (by pid) what this test started and is still alive."""
    yield
    while _SPAWNED:
        process = _SPAWNED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(BOUND)


def _spawn(tmp_path: Path, server: str, stage: str) -> subprocess.Popen[str]:
    env = dict(os.environ, MTG_DAYNIGHT_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    args = ["carddata", "update", "--api-url", server, "--data-dir", str(tmp_path / "data"), "--timeout", "10"]
    return _started(
        subprocess.Popen(
            [sys.executable, "-c", RUNNER, stage, *args],
            env=env,
            stderr=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    )


def _started(process: subprocess.Popen[str]) -> subprocess.Popen[str]:
    _SPAWNED.append(process)
    return process


def _wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + BOUND
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(BOUND)
    assert process.returncode == -signal.SIGKILL


def _wait_stage(process: subprocess.Popen[str], stage: str) -> None:
    assert process.stderr is not None
    line = process.stderr.readline()  # the runner's announcement (bounded: the runner sleeps 60 s at most)
    assert line.strip() == f"STAGE {stage}", line


def test_kill_during_download_keeps_old_snapshot_and_next_run_resumes(tmp_path: Path, server: str) -> None:
    before = _new_release(tmp_path, server, file_mode="pause")
    process = _spawn(tmp_path, server, "download")
    part = tmp_path / "cache" / "default_cards.jsonl.gz.part"
    _wait_for(
        lambda: _Handler.plan.paused.is_set() and part.exists() and part.stat().st_size == len(V2) // 2,
        "half the download on disk",
    )
    _kill(process)
    _Handler.plan.release.set()
    assert _snapshot_bytes(tmp_path) == before
    _Handler.plan.file_mode = "normal"
    outcome = _update(tmp_path, server)
    assert outcome.written and outcome.download is not None and outcome.download.resumed
    assert ("/file/v2.jsonl.gz", f"bytes={len(V2) // 2}-") in _Handler.plan.log
    assert load_snapshot(tmp_path / "data").manifest.source.file_sha256 == _sha(V2)


def test_kill_during_import_next_run_reimports_the_downloaded_prefix_without_downloading(
    tmp_path: Path, server: str
) -> None:
    before = _new_release(tmp_path, server)
    process = _spawn(tmp_path, server, "import")
    _wait_stage(process, "import")
    _kill(process)
    assert _snapshot_bytes(tmp_path) == before
    assert (tmp_path / "cache" / "default_cards.jsonl.gz.part").stat().st_size == len(V2)
    _Handler.plan.log.clear()
    outcome = _update(tmp_path, server)
    assert outcome.written and outcome.download is not None and outcome.download.resumed
    assert [path for path, _ in _Handler.plan.log] == ["/bulk-data/default_cards"]  # the file came from disk
    snapshot = load_snapshot(tmp_path / "data")
    assert snapshot.manifest.source.file_sha256 == _sha(V2) and len(snapshot.cards) == 4


def test_kill_during_write_keeps_old_snapshot_and_next_run_removes_the_temp_file(tmp_path: Path, server: str) -> None:
    before = _new_release(tmp_path, server)
    process = _spawn(tmp_path, server, "write")
    _wait_stage(process, "write")
    _kill(process)
    assert _snapshot_bytes(tmp_path) == before
    assert list((tmp_path / "data").glob(".daynight-cards.json.*.tmp"))  # the killed write's temp file
    outcome = _update(tmp_path, server)
    assert outcome.written and outcome.reused_download  # the download was complete and verified
    assert not list((tmp_path / "data").glob(".daynight-cards.json.*.tmp"))
    assert load_snapshot(tmp_path / "data").manifest.source.file_sha256 == _sha(V2)


def test_second_update_says_whom_it_waits_for_and_finishes_after_the_first_is_killed(
    tmp_path: Path, server: str
) -> None:
    _new_release(tmp_path, server)
    first = _spawn(tmp_path, server, "write")
    _wait_stage(first, "write")  # it holds the data directory's lock
    env = dict(os.environ, MTG_DAYNIGHT_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    second = _started(
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mtg_daynight",
                "carddata",
                "update",
                "--api-url",
                server,
                "--data-dir",
                str(tmp_path / "data"),
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    )
    assert second.stderr is not None
    line = second.stderr.readline()
    assert line.startswith(f"mtg-daynight carddata update: waiting for another card-data update (pid {first.pid})")
    _kill(first)
    assert second.wait(BOUND) == 0
    assert load_snapshot(tmp_path / "data").manifest.source.file_sha256 == _sha(V2)
    assert not list((tmp_path / "data").glob(".daynight-cards.json.*.tmp"))


def test_refused_connection_fails_at_once_with_one_line_and_exit_3(tmp_path: Path, server: str) -> None:
    assert _update(tmp_path, server).written
    before = _snapshot_bytes(tmp_path)
    closed = _closed_port()
    env = dict(os.environ, MTG_DAYNIGHT_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mtg_daynight",
            "carddata",
            "update",
            "--api-url",
            f"http://127.0.0.1:{closed}",
            "--data-dir",
            str(tmp_path / "data"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert done.returncode == 3
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "could not reach" in lines[0] and "connection was refused" in lines[0]
    assert "the current snapshot stays in use" in lines[0] and "retrying" not in done.stderr
    assert _snapshot_bytes(tmp_path) == before


# -- hostile servers ---------------------------------------------------------------------------------------
def test_trickling_server_hits_the_stall_timeout(tmp_path: Path, server: str) -> None:
    before = _new_release(tmp_path, server, file_mode="trickle")
    with pytest.raises(DownloadError, match=r"stalled \(fewer than 1024 bytes in 0\.3 s, --timeout\).*gave up"):
        _update(tmp_path, server, timeout=0.3, max_retries=1)
    assert _snapshot_bytes(tmp_path) == before
    assert (tmp_path / "cache" / "default_cards.jsonl.gz.part").exists()  # resumable


def test_a_file_transfer_that_hangs_times_out_and_resumes_where_it_stopped(tmp_path: Path, server: str) -> None:
    _new_release(tmp_path, server, file_mode="pause")
    notes: list[str] = []
    outcome = _update(tmp_path, server, timeout=0.3, notify=notes.append)
    assert outcome.written and outcome.download is not None and outcome.download.resumed
    assert len(notes) == 1 and re.fullmatch(r"no data from 127\.0\.0\.1:\d+ for 0\.3 s: timed out \(--timeout\); "
                                            r"retrying in 1 s \(retry 1 of 5\)", notes[0])
    assert ("/file/v2.jsonl.gz", f"bytes={len(V2) // 2}-") in _Handler.plan.log
    assert load_snapshot(tmp_path / "data").manifest.source.file_sha256 == _sha(V2)


def test_trickling_server_hits_the_deadline(tmp_path: Path, server: str) -> None:
    _new_release(tmp_path, server, file_mode="trickle")
    with pytest.raises(DownloadError, match=r"0\.5 s deadline \(--deadline\)"):
        _update(tmp_path, server, timeout=5.0, deadline=0.5)


def test_endless_body_stops_at_the_announced_size(tmp_path: Path, server: str) -> None:
    before = _new_release(tmp_path, server, file_mode="endless")
    with pytest.raises(DownloadError, match=rf"more than the announced {len(V2)} bytes; the download was discarded"):
        _update(tmp_path, server)
    assert _snapshot_bytes(tmp_path) == before
    assert not (tmp_path / "cache" / "default_cards.jsonl.gz.part").exists()


def test_endless_bulk_data_object_is_refused(tmp_path: Path, server: str) -> None:
    _Handler.plan.bulk_mode = "endless"
    with pytest.raises(DownloadError, match=r"/bulk-data/default_cards: the answer is larger than 1048576 bytes"):
        _update(tmp_path, server)


def test_corrupt_transfer_of_the_right_length_is_discarded_and_the_next_run_recovers(
    tmp_path: Path, server: str
) -> None:
    before = _new_release(tmp_path, server, file_mode="corrupt")
    with pytest.raises(CorruptDownloadError, match=r"v2\.jsonl\.gz: the download is corrupt .*downloads it afresh"):
        _update(tmp_path, server)
    assert _snapshot_bytes(tmp_path) == before
    assert not list((tmp_path / "cache").glob("*.part"))
    _Handler.plan.file_mode = "normal"
    _Handler.plan.log.clear()
    outcome = _update(tmp_path, server)
    assert outcome.written and outcome.download is not None and not outcome.download.resumed
    assert ("/file/v2.jsonl.gz", None) in _Handler.plan.log  # from byte 0


def test_cached_file_that_no_longer_matches_its_hash_is_downloaded_afresh_even_with_force(
    tmp_path: Path, server: str
) -> None:
    assert _update(tmp_path, server).written
    cached = tmp_path / "cache" / "default_cards.jsonl.gz"
    damaged = bytearray(cached.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF  # same length, one byte changed on disk
    cached.write_bytes(bytes(damaged))
    (tmp_path / "data" / "daynight-cards.json").unlink()  # so the update does not stop at the 304
    notes: list[str] = []
    client = Client(api_url=server, sleep=Sleeps(), notify=notes.append)
    outcome = run_update(
        data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", api_url=server, client=client, force=True
    )
    assert outcome.written and not outcome.reused_download and outcome.download is not None
    assert cached.read_bytes() == V1
    assert any(note.startswith(f"the cached download {cached} is damaged (") for note in notes)
    assert any(note.endswith("downloading afresh") for note in notes)


@pytest.mark.parametrize("status", [500, 503, 429])
def test_error_storm_exhausts_the_retry_budget_quickly(tmp_path: Path, server: str, status: int) -> None:
    _Handler.plan.bulk_mode, _Handler.plan.status = "status", status
    sleeps = Sleeps()
    notes: list[str] = []
    error = RateLimitedError if status == 429 else DownloadError
    with pytest.raises(error, match="still rate limited" if status == 429 else "gave up after 5 retries"):
        _update(tmp_path, server, sleep=sleeps, notify=notes.append)
    assert len(_Handler.plan.log) == (4 if status == 429 else 6)
    assert sum(sleeps) <= 31 and len(notes) == len(sleeps)
    assert all("retrying in" in note for note in notes)


def test_errors_on_both_resources_share_one_budget(tmp_path: Path, server: str) -> None:
    _new_release(tmp_path, server, file_mode="status", status=502)
    sleeps = Sleeps()
    with pytest.raises(DownloadError, match=r"v2\.jsonl\.gz: HTTP 502; gave up after 2 retries"):
        _update(tmp_path, server, sleep=sleeps, max_retries=2)
    assert sleeps == [1.0, 2.0]


# -- redirects are checked before they are followed (Scryfall's hosts, strict mode: mocked) ----------------
API = "https://api.scryfall.com"


@pytest.mark.parametrize(
    "location",
    ["http://api.scryfall.com/bulk-data/default_cards", "https://evil.invalid/bulk-data/default_cards"],
)
@responses.activate
def test_redirect_to_plain_http_or_a_foreign_host_is_refused_before_it_is_followed(
    tmp_path: Path, location: str
) -> None:
    responses.get(f"{API}/bulk-data/default_cards", status=302, headers={"Location": location})
    responses.get(location, json={"object": "bulk_data"})  # must never be requested
    client = Client(sleep=Sleeps(), session=requests.Session())  # through requests: responses mocks it
    with pytest.raises(UnsafeURLError, match=r"refusing the redirect from https://api\.scryfall\.com/bulk-data"):
        run_update(data_dir=tmp_path / "data", cache_dir=tmp_path / "cache", client=client)
    assert [call.request.url for call in responses.calls] == [f"{API}/bulk-data/default_cards"]


def _sha(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed once we leave: connecting to it is refused
