#!/usr/bin/env python3
"""Benchmark ``carddata update`` against a bare download of the same file from the same server.

Serves the SYNTHETIC default_cards-scale bulk file of ``scripts/bench_import.py`` (generated on demand into the
git-ignored ``bench-data/``; invented cards, only good for timing) from a throttled HTTP server on 127.0.0.1
(--rate, default 25 MB/s, token bucket; the server lives only while this script runs), and prints, measured in
the same run (best of --reps, each from an empty cache and data directory):

* bare download: a plain ``requests`` stream of the file into a file (the baseline), and our own download
  (``fetch.Download`` read to its end: .part file, bounds) without importing;
* ``run_update`` in-process (one stream: each chunk is written to the .part, hashed, decompressed and scanned
  as it arrives);
* ``mtg-daynight carddata update`` as a subprocess, and its peak RSS.

Target: the update <= 1.25x the bare download. The machine may be shared: the ratios matter, not the times.
``--write-doc`` writes the figures into docs/performance.md (section ``update``).

    python scripts/bench_update.py             # default_cards scale (~117k objects)
    python scripts/bench_update.py --small     # ~12k objects, quick
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import requests  # noqa: E402
from bench_import import ensure_file  # noqa: E402
from performance_doc import write_section  # noqa: E402

from mtg_daynight.importer.bulk import import_file  # noqa: E402
from mtg_daynight.importer.fetch import Client, Download  # noqa: E402
from mtg_daynight.importer.update import run_update  # noqa: E402

BULK_ETAG = 'W/"bench-bulk"'
FILE_ETAG = '"bench-file"'
PIECE = 64 * 1024


def _handler(body: bytes, rate: float) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            base = f"http://127.0.0.1:{self.server.server_address[1]}"
            if self.path == "/bulk-data/default_cards":
                if self.headers.get("If-None-Match") == BULK_ETAG:
                    self.send_response(304)
                    self.send_header("ETag", BULK_ETAG)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                payload = (
                    '{"object": "bulk_data", "id": "bench", "type": "default_cards", '
                    '"updated_at": "2026-11-30T10:00:00.000+00:00", '
                    f'"jsonl_download_uri": "{base}/file/SYNTHETIC.jsonl.gz", "compressed_size": {len(body)}}}'
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("ETag", BULK_ETAG)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            if self.path != "/file/SYNTHETIC.jsonl.gz":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/gzip")
            self.send_header("ETag", FILE_ETAG)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            started = time.perf_counter()
            view = memoryview(body)
            try:
                for sent in range(0, len(body), PIECE):
                    ahead = sent / rate - (time.perf_counter() - started)
                    if ahead > 0:
                        time.sleep(ahead)
                    self.wfile.write(view[sent : sent + PIECE])
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


@contextmanager
def serve(body: bytes, rate: float) -> Iterator[str]:
    """A throttled server on 127.0.0.1 for the duration of the block."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(body, rate))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def best(reps: int, run: Callable[[Path], object]) -> float:
    """Best wall time of ``reps`` runs, each in a fresh temporary directory."""
    times = []
    for _ in range(reps):
        work = Path(tempfile.mkdtemp(prefix="bench-update-"))
        try:
            started = time.perf_counter()
            run(work)
            times.append(time.perf_counter() - started)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return min(times)


#: Runs a command and prints its peak RSS in KiB. A small wrapper process, because a child forked from this
#: script (which holds the whole file in memory) would count the parent's pages in its own maximum RSS.
_RSS_WRAPPER = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak_rss(cli: list[str], server: str, env: dict[str, str]) -> float:
    """Peak RSS in MB of one ``carddata update`` subprocess from an empty cache."""
    work = Path(tempfile.mkdtemp(prefix="bench-update-"))
    try:
        command = [*cli, "--api-url", server, "--data-dir", str(work / "data"), "--force"]
        done = subprocess.run(
            [sys.executable, "-c", _RSS_WRAPPER, *command],
            env=dict(env, MTG_DAYNIGHT_CACHE_DIR=str(work / "cache")),
            check=True,
            capture_output=True,
            text=True,
        )
        return int(done.stdout) / 1024
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (``argv``: the options, default the command line's)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", action="store_true", help="~12k objects instead of ~117k")
    parser.add_argument("--cards", type=int, help="number of synthetic objects (overrides --small)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions, best taken (default 3)")
    parser.add_argument("--rate", type=float, default=25.0, help="server rate in MB/s (default 25)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args(argv)
    cards = args.cards or (12_000 if args.small else 117_000)
    path = ensure_file(cards)
    body = path.read_bytes()
    rate = args.rate * 1_000_000
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cli = [sys.executable, "-m", "mtg_daynight", "carddata", "update"]
    lines = [
        f"- file: {path.name} ({cards} synthetic objects), {len(body) / 1e6:.1f} MB gzipped, served at {args.rate:g} "
        "MB/s on 127.0.0.1",
        f"- cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.2f} (shared machine: compare the ratios)",
    ]
    print("\n".join(lines))
    with serve(body, rate) as server:
        file_url = f"{server}/file/SYNTHETIC.jsonl.gz"

        def plain(work: Path) -> None:
            with requests.get(file_url, stream=True, timeout=30) as response, (work / "f").open("wb") as out:
                for chunk in response.iter_content(256 * 1024):
                    out.write(chunk)

        def ours(work: Path) -> None:
            download = Download(Client(api_url=server), file_url, work / "f.jsonl.gz", expected_size=len(body))
            while download.read(1 << 20):
                pass
            download.commit({"url": file_url})

        def update(work: Path) -> None:
            run_update(data_dir=work / "data", cache_dir=work / "cache", api_url=server, force=True)

        def command(work: Path) -> None:
            subprocess.run(
                [*cli, "--api-url", server, "--data-dir", str(work / "data"), "--force"],
                env=dict(env, MTG_DAYNIGHT_CACHE_DIR=str(work / "cache")),
                check=True,
                capture_output=True,
            )

        figures = {
            "bare download (requests stream to a file)": best(args.reps, plain),
            "our download only (fetch.Download read to its end)": best(args.reps, ours),
            "run_update, one stream (in-process)": best(args.reps, update),
            "mtg-daynight carddata update (subprocess)": best(args.reps, command),
        }
        base = figures["bare download (requests stream to a file)"]
        table = ["| what | best s | x bare download | target |", "|---|---:|---:|---|"]
        for what, seconds in figures.items():
            target = "<= 1.25x" if what.startswith("run_update") else ""
            table.append(f"| {what} | {seconds:.3f} | {seconds / base:.2f}x | {target} |")
        rss = peak_rss(cli, server, env)

        work = Path(tempfile.mkdtemp(prefix="bench-update-"))
        try:
            outcome = run_update(data_dir=work / "data", cache_dir=work / "cache", api_url=server, force=True)
            assert outcome.snapshot is not None and outcome.download is not None
            later = import_file(outcome.download.path)
            same = (later.cards, later.mentions, later.helpers, later.sha256, later.decompressed_bytes) == (
                outcome.snapshot.cards,
                outcome.snapshot.mentions,
                outcome.snapshot.helpers,
                outcome.snapshot.manifest.source.file_sha256,
                outcome.snapshot.manifest.counts.decompressed_bytes,
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
    lines += ["", *table, "", f"- peak RSS of a `carddata update` subprocess: {rss:.0f} MB",
              f"- update result identical to import_file of the downloaded file: {same}"]
    print("\n".join(lines[2:]))
    if args.write_doc:
        command_line = "python scripts/bench_update.py " + " ".join(argv if argv is not None else sys.argv[1:])
        write_section("update", "\n".join(["## carddata update vs a bare download", "", f"`{command_line.strip()}`",
                                            "", *lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
