"""Talking to Scryfall politely: the bulk-data object and the bulk file download.

* Every request sends ``User-Agent: mtg-daynight/<version> (...)`` and an ``Accept`` header, and has a timeout.
* ``GET /bulk-data/{type}`` sends ``If-None-Match`` with the stored ETag: an unchanged upstream costs one request.
* The file is streamed to ``<name>.part`` and resumed with ``Range`` after an interruption, checked against
  ``compressed_size`` and the gzip magic bytes, then renamed into place. The bytes are stored exactly as sent
  (no HTTP-level decoding): the importer decompresses them once.
* Connection errors and 5xx answers are retried with exponential backoff; 429 waits ``Retry-After`` seconds
  (30 s when absent), never less. The ``sleep`` function is injectable so tests do not sleep.
* Unless an ``api_url`` other than Scryfall's is given, every URL must be https on api.scryfall.com or
  data.scryfall.io.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

import msgspec
import requests
import urllib3

from mtg_daynight import __version__
from mtg_daynight.importer.errors import DownloadError, RateLimitedError, UnsafeURLError
from mtg_daynight.importer.gunzip import GZIP_MAGIC
from mtg_daynight.importer.scryfall import BULK_DATA_DECODER, BulkData

API_URL = "https://api.scryfall.com"
SCRYFALL_HOSTS = frozenset({"api.scryfall.com", "data.scryfall.io"})
PROJECT_URL = "https://pypi.org/project/mtg-daynight/"
BULK_TYPES = ("oracle_cards", "default_cards", "all_cards")
#: (connect, read) timeouts in seconds, for every request.
DEFAULT_TIMEOUT = (10.0, 60.0)
DEFAULT_RETRY_AFTER = 30.0
CHUNK_SIZE = 1 << 20


def user_agent() -> str:
    """The User-Agent we send: our name and version, and where to find us."""
    return f"mtg-daynight/{__version__} (+{PROJECT_URL}; python-requests/{requests.__version__})"


class Progress(Protocol):
    """Progress reporting for a download (the CLI uses a tqdm bar)."""

    def start(self, total: int | None, initial: int) -> None:
        """Called when bytes start flowing: expected total size, bytes already present (resume)."""

    def advance(self, n: int) -> None:
        """Called with the number of bytes just written."""

    def close(self) -> None:
        """Called once, when the download ends (successfully or not)."""


@dataclass(frozen=True)
class BulkAnswer:
    """The answer to ``GET /bulk-data/{type}``: the object (None on 304) and its ETag."""

    bulk: BulkData | None
    etag: str | None
    not_modified: bool


@dataclass(frozen=True)
class Downloaded:
    """A finished download."""

    path: Path
    size: int
    etag: str | None
    resumed: bool
    requests: int


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date); None when absent/invalid."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = now if now is not None else time.time()
    return max(0.0, when.timestamp() - current)


class ScryfallClient:
    """A small, polite HTTP client for Scryfall's bulk data (see the module docstring)."""

    def __init__(
        self,
        *,
        api_url: str | None = None,
        session: requests.Session | None = None,
        sleep: Callable[[float], None] = time.sleep,
        timeout: tuple[float, float] = DEFAULT_TIMEOUT,
        max_retries: int = 5,
        backoff: float = 1.0,
        max_429: int = 3,
        max_wait: float = 300.0,
    ) -> None:
        base = (api_url or API_URL).rstrip("/")
        scheme = urlsplit(base).scheme
        if scheme not in ("http", "https"):
            raise UnsafeURLError(f"--api-url must be an http(s) URL, got {base!r}")
        self.api_url = base
        #: https on Scryfall's hosts is enforced unless the user pointed us elsewhere
        self.strict = api_url is None or base == API_URL
        if self.strict:
            self.check_url(base)
        self.session = session or requests.Session()
        self.sleep = sleep
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_429 = max_429
        self.max_wait = max_wait
        self.request_count = 0

    # -- helpers -----------------------------------------------------------------------------------------
    def check_url(self, url: str) -> None:
        """Raise :class:`UnsafeURLError` unless ``url`` is https on a Scryfall host (when strict)."""
        if not self.strict:
            return
        parts = urlsplit(url)
        if parts.scheme != "https" or (parts.hostname or "") not in SCRYFALL_HOSTS:
            raise UnsafeURLError(
                f"refusing {url!r}: Scryfall data must come over https from "
                f"{' or '.join(sorted(SCRYFALL_HOSTS))} (use --api-url to point at a mirror)"
            )

    def _headers(self, accept: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"User-Agent": user_agent(), "Accept": accept}
        headers.update(extra or {})
        return headers

    def _request(self, url: str, headers: dict[str, str], *, stream: bool = False) -> requests.Response:
        """GET with retries: backoff on connection errors and 5xx, Retry-After on 429."""
        self.check_url(url)
        failures = 0
        rate_limited = 0
        while True:
            try:
                self.request_count += 1
                response = self.session.get(url, headers=headers, timeout=self.timeout, stream=stream)
            except (requests.ConnectionError, requests.Timeout) as error:
                failures += 1
                if failures > self.max_retries:
                    raise DownloadError(f"GET {url} failed {failures} times: {error}") from None
                self.sleep(self.backoff * 2 ** (failures - 1))
                continue
            if response.url and response.url != url:
                self.check_url(response.url)  # a redirect must not leave Scryfall's https hosts either
            if response.status_code == 429:
                response.close()
                rate_limited += 1
                wait = parse_retry_after(response.headers.get("Retry-After"))
                wait = DEFAULT_RETRY_AFTER if wait is None else wait
                if rate_limited > self.max_429:
                    raise RateLimitedError(f"GET {url}: still rate limited (429) after {self.max_429} waits")
                if wait > self.max_wait:
                    raise RateLimitedError(f"GET {url}: rate limited (429), asked to wait {wait:.0f} s; try later")
                self.sleep(wait)
                continue
            if 500 <= response.status_code < 600:
                response.close()
                failures += 1
                if failures > self.max_retries:
                    raise DownloadError(f"GET {url}: HTTP {response.status_code} after {failures} attempts")
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
                self.sleep(max(self.backoff * 2 ** (failures - 1), min(retry_after or 0.0, self.max_wait)))
                continue
            return response

    # -- the bulk-data object ----------------------------------------------------------------------------
    def bulk_data(self, bulk_type: str, etag: str | None = None) -> BulkAnswer:
        """``GET /bulk-data/{type}``, conditional on ``etag``; returns the decoded object or "not modified"."""
        url = f"{self.api_url}/bulk-data/{bulk_type}"
        extra = {"If-None-Match": etag} if etag else None
        response = self._request(url, self._headers("application/json", extra))
        with contextlib.closing(response):
            if response.status_code == 304:
                return BulkAnswer(None, response.headers.get("ETag") or etag, True)
            if response.status_code != 200:
                raise DownloadError(f"GET {url}: HTTP {response.status_code} {_error_detail(response)}")
            try:
                bulk = BULK_DATA_DECODER.decode(response.content)
            except (msgspec.DecodeError, msgspec.ValidationError) as error:
                raise DownloadError(f"GET {url}: not a bulk-data object: {error}") from None
        if bulk.object != "bulk_data":
            raise DownloadError(f"GET {url}: expected a bulk_data object, got {bulk.object!r}")
        if bulk.file_uri is None:
            raise DownloadError(f"GET {url}: the bulk-data object has no jsonl_download_uri (nor download_uri)")
        self.check_url(bulk.file_uri)
        return BulkAnswer(bulk, response.headers.get("ETag"), False)

    # -- the file ----------------------------------------------------------------------------------------
    def download(
        self,
        url: str,
        dest: Path,
        *,
        expected_size: int | None,
        progress: Progress | None = None,
    ) -> Downloaded:
        """Download ``url`` to ``dest`` through ``dest.part``, resuming an earlier partial download.

        The result is checked (size equals ``expected_size`` when given, else the Content-Length; gzip magic)
        before ``dest`` is replaced. On failure ``dest`` is untouched and the ``.part`` file is kept for
        resuming when it can be (same URL).
        """
        self.check_url(url)
        dest.parent.mkdir(parents=True, exist_ok=True)
        part = dest.with_name(dest.name + ".part")
        meta_path = dest.with_name(dest.name + ".part.json")
        meta = _read_json(meta_path)
        if meta.get("url") != url:
            _remove(part)
        failures = 0
        resumed = False
        requests_made = 0
        file_etag = meta.get("etag") if meta.get("url") == url else None
        started = False
        try:
            while True:
                have = part.stat().st_size if part.exists() else 0
                if expected_size is not None and have > expected_size:
                    _remove(part)
                    have = 0
                if expected_size is not None and have == expected_size and have > 0:
                    break
                extra = {"Accept-Encoding": "identity"}
                if have:
                    extra["Range"] = f"bytes={have}-"
                    if file_etag and not file_etag.startswith("W/"):
                        extra["If-Range"] = file_etag
                response = self._request(url, self._headers("application/gzip, */*", extra), stream=True)
                requests_made += 1
                with contextlib.closing(response):
                    if response.status_code == 416 and have:
                        _remove(part)  # our partial file does not fit the server's: start again
                        failures += 1
                        if failures > self.max_retries:
                            raise DownloadError(f"GET {url}: HTTP 416 (range not satisfiable) repeatedly")
                        continue
                    if response.status_code == 206 and have:
                        start = _content_range_start(response.headers.get("Content-Range"))
                        if start != have:
                            raise DownloadError(f"GET {url}: server resumed at byte {start}, we asked for byte {have}")
                        mode = "ab"
                        resumed = True
                    elif response.status_code == 200:
                        mode = "wb"
                        have = 0
                    else:
                        raise DownloadError(f"GET {url}: HTTP {response.status_code} {_error_detail(response)}")
                    file_etag = response.headers.get("ETag") or file_etag
                    _write_json(meta_path, {"url": url, "etag": file_etag})
                    length = response.headers.get("Content-Length")
                    total = expected_size
                    if total is None and length is not None and length.isdigit():
                        total = have + int(length)
                    if progress is not None and not started:
                        progress.start(total, have)
                        started = True
                    try:
                        with part.open(mode) as handle:
                            for chunk in response.raw.stream(CHUNK_SIZE, decode_content=False):
                                handle.write(chunk)
                                if progress is not None:
                                    progress.advance(len(chunk))
                    except (requests.RequestException, urllib3.exceptions.HTTPError, ConnectionError) as error:
                        failures += 1
                        if failures > self.max_retries:
                            raise DownloadError(f"GET {url}: interrupted {failures} times: {error}") from None
                        self.sleep(self.backoff * 2 ** (failures - 1))
                        continue
                size = part.stat().st_size
                wanted = total
                if wanted is not None and size < wanted:
                    # the body ended early (connection closed): resume with Range
                    failures += 1
                    if failures > self.max_retries:
                        raise DownloadError(f"GET {url}: got {size} of {wanted} bytes after {failures} attempts")
                    self.sleep(self.backoff * 2 ** (failures - 1))
                    continue
                if wanted is not None and size > wanted:
                    _remove(part)
                    raise DownloadError(f"GET {url}: got {size} bytes, more than the announced {wanted}")
                break
        finally:
            if progress is not None:
                progress.close()
        size = part.stat().st_size
        with part.open("rb") as handle:
            magic = handle.read(2)
        if magic != GZIP_MAGIC:
            _remove(part)
            _remove(meta_path)
            raise DownloadError(f"GET {url}: the downloaded file is not gzip data (starts with {magic!r})")
        os.replace(part, dest)
        _remove(meta_path)
        return Downloaded(dest, size, file_etag, resumed, requests_made)


def _content_range_start(value: str | None) -> int | None:
    # "bytes 100-199/200"
    if not value or not value.startswith("bytes "):
        return None
    first = value[6:].split("-", 1)[0]
    return int(first) if first.isdigit() else None


def _error_detail(response: requests.Response) -> str:
    try:
        details = response.json().get("details")
    except (ValueError, AttributeError):
        return (response.reason or "").strip()
    return str(details) if details else (response.reason or "").strip()


def _read_json(path: Path) -> dict[str, str | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_json(path: Path, data: dict[str, str | None]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def utc_now() -> str:
    """The current UTC time, ISO 8601, seconds precision."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()
