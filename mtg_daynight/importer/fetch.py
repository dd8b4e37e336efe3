"""Talking to Scryfall: :class:`Client` applies the whole network policy of ``docs/carddata.md`` ("Limits", "One
HTTP stack, one policy") in one retry loop; :class:`Download` is the bulk file as a file object read through its
resumable ``.part``; :func:`check_ours` says which files of the download cache are ours.
"""

from __future__ import annotations

import contextlib
import email.utils
import errno
import io
import json
import os
import re
import socket
import ssl
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import BinaryIO
from urllib.parse import urljoin, urlsplit

import msgspec
import requests
import urllib3

from mtg_daynight import __version__
from mtg_daynight.atomicfile import write_atomic
from mtg_daynight.importer import limits
from mtg_daynight.importer.errors import (
    CardDataError,
    DownloadError,
    InvalidURLError,
    RateLimitedError,
    UnreachableError,
    UnsafeURLError,
)
from mtg_daynight.importer.scryfall import BULK_DATA_DECODER, BulkData
from mtg_daynight.importer.snapshot import escape_text
from mtg_daynight.importer.store import CACHE_TEMP_HEAD

API_URL = "https://api.scryfall.com"
SCRYFALL_HOSTS = frozenset({"api.scryfall.com", "data.scryfall.io"})
DEFAULT_RETRY_AFTER = 30.0
#: Bytes read from the network at a time.
CHUNK_SIZE = 256 * 1024
GZIP_MAGIC = b"\x1f\x8b"
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_UNREACHABLE = {
    errno.ECONNREFUSED: "the connection was refused",
    errno.ENETUNREACH: "the network is unreachable",
    errno.EHOSTUNREACH: "the host is unreachable",
    errno.EADDRNOTAVAIL: "the address is not available",
}


def user_agent() -> str:
    """The User-Agent we send: our name and version (no URL: the project has no public page yet)."""
    return f"mtg-daynight/{__version__}"


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
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def check_base_url(url: str) -> str:
    """``url`` without a trailing slash if it is a usable http(s) base URL, else :class:`InvalidURLError`."""
    if not url or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        raise InvalidURLError(f"--api-url {url!r}: not a URL (empty, or contains spaces or control characters)")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as error:
        raise InvalidURLError(f"--api-url {url!r}: not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https"):
        raise InvalidURLError(f"--api-url must be an http(s) URL such as {API_URL}, got {url!r}")
    if not parts.hostname:
        raise InvalidURLError(f"--api-url {url!r}: the URL has no host name")
    if parts.query or parts.fragment:
        raise InvalidURLError(f"--api-url {url!r}: a base URL takes no ?query or #fragment")
    return url.rstrip("/")


def _causes(error: BaseException) -> Iterator[BaseException]:
    """``error`` and every exception it wraps (``__cause__``, ``__context__``, urllib3's ``reason``, args)."""
    stack, seen = [error], set()
    while stack:
        current = stack.pop()
        if id(current) not in seen:
            seen.add(id(current))
            yield current
            linked = [current.__cause__, current.__context__, getattr(current, "reason", None), *current.args]
            stack.extend(item for item in linked if isinstance(item, BaseException))


def _not_retried(error: BaseException, url: str) -> CardDataError | None:
    """The error for a failure below HTTP that no retry cures: the host cannot be reached at all (the name does
    not resolve, refused, unreachable) or TLS failed (a certificate); None for one worth a retry."""
    for current in _causes(error):
        if isinstance(current, socket.gaierror):
            return UnreachableError(f"{urlsplit(url).hostname}: the host name does not resolve")
        if isinstance(current, OSError) and current.errno in _UNREACHABLE:
            return UnreachableError(f"{urlsplit(url).hostname}: {_UNREACHABLE[current.errno]}")
    if not isinstance(error, requests.exceptions.SSLError):
        return None
    reason = "the secure connection failed"
    for current in _causes(error):
        if isinstance(current, ssl.SSLError):
            detail = getattr(current, "verify_message", None) or current.reason
            reason = f"{current.reason or 'SSL error'}: {detail}" if detail != current.reason else str(detail)
            break
    return DownloadError(f"GET {url}: TLS error ({reason})")


class Interrupted(Exception):
    """A request or a body's read failed part-way (dropped, stalled, timed out), in words: retried if allowed."""


@dataclass(frozen=True)
class BulkAnswer:
    """The answer to ``GET /bulk-data/{type}``: the object (None on 304), its ETag, whether it was a 304."""

    bulk: BulkData | None
    etag: str | None
    not_modified: bool


class Client:
    """The HTTP client of one update: its retry budget, wait budget and deadline count over every request it
    makes, the resumes of a :class:`Download` included. ``session``: the ``requests`` session of every request
    (made on first use when not given); ``sleep``, ``clock``: injectable for tests; ``notify`` hears each wait."""

    def __init__(
        self,
        *,
        api_url: str | None = None,
        session: requests.Session | None = None,
        sleep: Callable[[float], None] = time.sleep,
        timeout: float = limits.DEFAULT_TIMEOUT,
        max_retries: int = limits.DEFAULT_RETRIES,
        deadline: float = limits.DEFAULT_DEADLINE,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.api_url = check_base_url(api_url) if api_url is not None else API_URL
        #: https on Scryfall's hosts is enforced unless the user pointed us elsewhere
        self.strict = self.api_url == API_URL
        if max_retries < 0:
            raise DownloadError(f"--retries must be 0 or more, got {max_retries}")
        if not (timeout > 0 and deadline > 0):
            raise DownloadError(f"--timeout and --deadline must be positive, got {timeout} and {deadline}")
        self.session, self.sleep, self.clock = session, sleep, time.monotonic
        self.notify = notify or (lambda message: None)
        #: the connect and stall timeout; the one of the latest request (cut by the deadline, for messages)
        self.timeout = self.last_timeout = float(timeout)
        self.deadline = limits.Deadline(float(deadline))
        self.max_retries = max_retries
        #: seconds waited between retries so far, retries spent, 429s seen, requests sent
        self.waited = 0.0
        self.retries_used = self.rate_limited = self.request_count = 0

    def check_url(self, url: str) -> None:
        """Raise :class:`UnsafeURLError` unless ``url`` is http(s), and https on a Scryfall host when strict."""
        parts = urlsplit(url)
        if not self.strict:
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise UnsafeURLError(f"refusing {url!r}: not an http(s) URL")
        elif parts.scheme != "https" or (parts.hostname or "") not in SCRYFALL_HOSTS:
            raise UnsafeURLError(
                f"refusing {url!r}: Scryfall data must come over https from "
                f"{' or '.join(sorted(SCRYFALL_HOSTS))} (use --api-url to point at a mirror)"
            )

    def remaining(self, phase: str = "downloading") -> float:
        """Seconds left before the deadline; raises :class:`DeadlineError` naming ``phase`` when none are left."""
        return self.deadline.remaining(phase, self.clock())

    def retry(self, url: str, reason: str, wait: float | None = None) -> None:
        """Spend one retry on ``reason`` and wait (the backoff unless ``wait`` is given), or raise
        :class:`DownloadError` when the retry budget, the wait budget or the deadline does not allow it."""
        self.retries_used += 1
        if self.retries_used > self.max_retries:
            raise DownloadError(f"GET {url}: {reason}; gave up after {self.max_retries} retries (--retries)")
        delay = limits.BACKOFF * 2 ** (self.retries_used - 1) if wait is None else wait
        bound = None
        if self.waited + delay > limits.MAX_TOTAL_WAIT:
            bound = (
                f"{limits.MAX_TOTAL_WAIT:g} s budget for all the waits of one update (waited {self.waited:g} s already)"
            )
        elif delay >= self.remaining():
            bound = f"{self.deadline.seconds:g} s deadline (--deadline)"
        if bound is not None:
            raise DownloadError(f"GET {url}: {reason}; waiting {delay:g} s more would pass the {bound}")
        self.notify(f"{reason}; retrying in {delay:g} s (retry {self.retries_used} of {self.max_retries})")
        self.waited += delay
        self.sleep(delay)

    def describe(self, error: BaseException, url: str, *, body: bool = False) -> str:
        """A failure below HTTP in words: what timed out, where and after how long; a dropped connection."""
        if isinstance(error, requests.ConnectTimeout):
            return f"connecting to {urlsplit(url).netloc} timed out after {self.last_timeout:g} s (--timeout)"
        if isinstance(error, requests.Timeout | urllib3.exceptions.TimeoutError | TimeoutError):
            what = "no data" if body else "no answer"
            return f"{what} from {urlsplit(url).netloc} for {self.last_timeout:g} s: timed out (--timeout)"
        text = str(error)
        if "Connection aborted." in text or "Connection broken:" in text or isinstance(error, ConnectionError):
            return "the connection was dropped"
        return f"connection error ({type(error).__name__})"

    def get(self, url: str, accept: str, extra: dict[str, str] | None = None) -> requests.Response:
        """``GET url`` (streamed, the body as sent) with the policy's retries and checked redirects; the caller
        closes the response. Any status other than a redirect, 429 or 5xx is returned."""
        headers = {"User-Agent": user_agent(), "Accept": accept, "Accept-Encoding": "identity", **(extra or {})}
        current, redirects = url, 0
        while True:
            self.check_url(current)
            self.last_timeout = min(self.timeout, self.remaining())
            self.request_count += 1
            self.session = self.session or requests.Session()
            try:
                response = self.session.get(
                    current, headers=headers, timeout=self.last_timeout, stream=True, allow_redirects=False
                )
            except (requests.ConnectionError, requests.Timeout) as error:
                fatal = _not_retried(error, current)
                if fatal is not None:
                    raise fatal from None
                self.retry(current, self.describe(error, current))
                continue
            except requests.RequestException as error:  # the URL itself is unusable (InvalidURL, InvalidSchema...)
                raise InvalidURLError(f"GET {current}: not a usable URL ({error})") from None
            status, location = response.status_code, response.headers.get("Location")
            if not ((status in _REDIRECTS and location) or status == 429 or 500 <= status < 600):
                return response
            response.close()
            asked = parse_retry_after(response.headers.get("Retry-After"))
            if status == 429:
                self.rate_limited += 1
                wait = DEFAULT_RETRY_AFTER if asked is None else asked
                if self.rate_limited > limits.MAX_429:
                    raise RateLimitedError(f"GET {current}: still rate limited (429) after {limits.MAX_429} waits")
                if wait > limits.MAX_RETRY_AFTER:
                    raise RateLimitedError(
                        f"GET {current}: rate limited (429), asked to wait {wait:.0f} s, longer than the "
                        f"{limits.MAX_RETRY_AFTER:g} s this client waits at most; try later"
                    )
                self.retry(current, "rate limited (HTTP 429)", wait)
            elif status >= 500:
                cap, asked = limits.MAX_RETRY_AFTER, asked or 0.0
                capped = f" (Retry-After {asked:.0f} s, capped to {cap:g} s)" if asked > cap else ""
                backoff = limits.BACKOFF * 2**self.retries_used
                self.retry(current, f"HTTP {status}{capped}", max(backoff, min(asked, cap)))
            else:
                redirects += 1
                if redirects > limits.MAX_REDIRECTS:
                    raise DownloadError(f"GET {url}: more than {limits.MAX_REDIRECTS} redirects")
                target = urljoin(current, location or "")
                if urlsplit(current).scheme == "https" and urlsplit(target).scheme != "https":
                    raise UnsafeURLError(f"refusing the redirect from {current} to {target}: it leaves https")
                try:
                    self.check_url(target)
                except UnsafeURLError as error:
                    raise UnsafeURLError(f"refusing the redirect from {current}: {error}") from None
                current = target

    def failed(self, url: str, response: requests.Response) -> DownloadError:
        """The error for an answer that is not the one asked for: the status and Scryfall's ``details`` from an
        error body (read up to 64 KiB), else the HTTP reason. Closes ``response``."""
        details = None
        try:
            data = Body(self, response).read_all(64 * 1024)
            details = json.loads(data).get("details") if data else None
        except (Interrupted, ValueError, AttributeError):
            pass
        finally:
            response.close()
        return DownloadError(f"GET {url}: HTTP {response.status_code} {details or (response.reason or '').strip()}")

    def bulk_data(self, bulk_type: str, etag: str | None = None) -> BulkAnswer:
        """``GET /bulk-data/{type}``, conditional on ``etag``: the checked object, or "not modified" (304)."""
        url = f"{self.api_url}/bulk-data/{bulk_type}"
        while True:
            response = self.get(url, "application/json", {"If-None-Match": etag} if etag else None)
            if response.status_code == 304:
                response.close()
                return BulkAnswer(None, response.headers.get("ETag") or etag, True)
            if response.status_code != 200:
                raise self.failed(url, response)
            try:
                content = Body(self, response).read_all(limits.MAX_BULK_OBJECT)
                break
            except Interrupted as error:
                self.retry(url, str(error))
            finally:
                response.close()
        if content is None:
            raise DownloadError(
                f"GET {url}: the answer is larger than {limits.MAX_BULK_OBJECT} bytes (a bulk-data object is about "
                "1 KB); refused"
            )
        try:
            bulk = BULK_DATA_DECODER.decode(content)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            raise DownloadError(f"GET {url}: not a bulk-data object: {error}") from None
        if bulk.object != "bulk_data":
            raise DownloadError(f"GET {url}: expected a bulk_data object, got {bulk.object!r}")
        if bulk.file_uri is None:
            raise DownloadError(f"GET {url}: the bulk-data object has no jsonl_download_uri (nor download_uri)")
        self.check_url(bulk.file_uri)
        return BulkAnswer(bulk, response.headers.get("ETag"), False)


class Body:
    """One response's body as it arrives, exactly as sent: each :meth:`read` checks the deadline, and a read that
    fails, or fewer than ``STALL_BYTES`` arriving within the stall timeout, raises :class:`Interrupted`."""

    def __init__(self, client: Client, response: requests.Response) -> None:
        self.client, self.response = client, response
        self.window_start, self.window_bytes = client.clock(), 0

    def read(self, size: int) -> bytes:
        """Up to ``size`` bytes; ``b""`` at the body's end."""
        client = self.client
        client.remaining()
        try:
            chunk: bytes = self.response.raw.read1(size, decode_content=False)
        except (urllib3.exceptions.HTTPError, requests.RequestException, OSError) as error:
            raise Interrupted(client.describe(error, self.response.url or "", body=True)) from None
        now = client.clock()
        self.window_bytes += len(chunk)
        if self.window_bytes >= limits.STALL_BYTES:
            self.window_start, self.window_bytes = now, 0
        elif chunk and now - self.window_start > client.timeout:
            stall = f"{limits.STALL_BYTES} bytes in {client.timeout:g} s"
            raise Interrupted(f"stalled (fewer than {stall}, --timeout)")
        return chunk

    def read_all(self, limit: int) -> bytes | None:
        """The whole body, or None when it is longer than ``limit`` bytes (reading stops one byte past it)."""
        data = bytearray()
        while len(data) <= limit and (chunk := self.read(min(CHUNK_SIZE, limit + 1 - len(data)))):
            data += chunk
        return bytes(data) if len(data) <= limit else None


def check_ours(path: Path) -> dict[str, object] | None:
    """The record we keep beside the cached file or ``.part`` ``path`` (``<path>.json``, a JSON object with its
    ``url``), None when neither exists; raises :class:`CardDataError` when either was not written by mtg-daynight
    (a directory, FIFO or socket at ``path`` included: never opened; a dangling link is read, and says so)."""
    beside, record, foreign = path.with_name(path.name + ".json"), None, None
    with contextlib.suppress(OSError, ValueError):
        if stat.S_ISREG(os.lstat(beside).st_mode):  # never open a FIFO (it would wait) or follow a link
            with beside.open("rb") as handle:
                data = handle.read(limits.MAX_BULK_OBJECT)
            record = json.loads(data) if data.startswith(CACHE_TEMP_HEAD) else None
    if os.path.lexists(beside) and not (isinstance(record, dict) and isinstance(record.get("url"), str)):
        foreign = beside
    elif os.path.lexists(path) and (record is None or path.is_dir() or path.is_fifo() or path.is_socket()):
        foreign = path
    if foreign is not None:
        raise CardDataError(
            f"{escape_text(str(foreign))}: mtg-daynight did not write this file in its download cache, so it leaves "
            "it alone; move it away (or choose another --cache-dir / MTG_DAYNIGHT_CACHE_DIR) and run the update again"
        )
    return record


def write_record(path: Path, record: Mapping[str, object]) -> None:
    """Write a cache record (its ``url`` first: :data:`CACHE_TEMP_HEAD`) atomically."""
    write_atomic(path, json.dumps(record).encode())


class Download(io.RawIOBase):
    """The bulk file ``url`` as a readable binary file object: reading serves the prefix an earlier run left in
    ``<dest>.part``, then the network, appending each byte to ``.part`` before handing it on (``<dest>.part.json``
    records the URL and ETag). A dropped or stalled transfer resumes inside :meth:`readinto` with ``Range`` and
    ``If-Range``, from the client's retry budget; the checks are listed in ``docs/carddata.md``, "The update: one
    stream". :meth:`commit` renames the whole file to ``dest`` (:attr:`path`), :meth:`discard` removes it."""

    def __init__(self, client: Client, url: str, dest: Path, *, expected_size: int | None = None) -> None:
        super().__init__()
        client.check_url(url)
        if expected_size is not None and not 0 < expected_size <= limits.MAX_FILE_SIZE:
            raise DownloadError(f"GET {url}: size {expected_size} is not between 1 and {limits.MAX_FILE_SIZE} bytes")
        self.client, self.url, self.path = client, url, dest
        self.part = dest.with_name(dest.name + ".part")
        self.record = dest.with_name(dest.name + ".part.json")
        #: bytes served so far; the file's size (announced, or from Content-Length); ETag; resumed; requests sent
        self.size = 0
        self.total = expected_size
        self.etag: str | None = None
        self.resumed = self.finished = False
        self.requests = self._skip = self._on_disk = 0
        self._head = b""
        self._file: BinaryIO | None = None
        self._body: Body | None = None

    def readable(self) -> bool:
        """True: a download is read."""
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        """Fill ``buffer`` with the next bytes of the file (fewer at its end; 0 once it is all read)."""
        if self._file is None:
            self._start()
        assert self._file is not None
        if self.size < self._on_disk:
            try:
                chunk = self._file.read(min(len(buffer), self._on_disk - self.size))
            except OSError as error:
                where = escape_text(str(self.part))
                raise DownloadError(f"{where}: cannot read the partial download: {error.strerror}") from None
        else:
            chunk = self._from_network(len(buffer))
        if len(self._head) < 2:
            self._head = (self._head + chunk)[:2]
            if len(self._head) == 2 and self._head != GZIP_MAGIC:
                self.discard()
                raise DownloadError(
                    f"GET {self.url}: the downloaded file is not gzip data (starts with {self._head!r})"
                )
        buffer[: len(chunk)] = chunk
        self.size += len(chunk)
        return len(chunk)

    def _start(self) -> None:
        """Keep what of ``.part`` is ours and of this URL, and send the first request unless it is complete."""
        record = check_ours(self.part) or {}
        etag = record.get("etag")
        self.etag = etag if isinstance(etag, str) and record.get("url") == self.url else None
        have = self.part.stat().st_size if os.path.lexists(self.part) else 0
        if record.get("url") != self.url or (self.total is not None and have > self.total):
            self.part.unlink(missing_ok=True)  # ours, of another file: Scryfall published a new one
            have = 0
        self._on_disk = self._open(have) if have != self.total else have
        self.resumed = self.resumed or self._on_disk > 0
        self._file = open(self.part, "a+b", buffering=0)  # noqa: SIM115 - closed by close(); writes append
        self._file.seek(0)

    def _from_network(self, size: int) -> bytes:
        while True:
            if self._body is None:
                if self.total is not None and self.size >= self.total:
                    self.finished = True
                    return b""
                self._open(self.size)
            assert self._body is not None and self._file is not None
            left = (self.total if self.total is not None else limits.MAX_FILE_SIZE) - self.size
            try:  # one byte past the end is asked for: an endless body is refused
                chunk = self._body.read(min(size, CHUNK_SIZE, left + 1) + self._skip)
            except Interrupted as error:
                self._close_response()
                if left > 0:
                    self.client.retry(self.url, str(error))
                continue
            if not chunk:
                self._close_response()
                if self.total is None:
                    self.total = self.size
                elif left > 0:
                    self.client.retry(self.url, f"the body ended after {self.size} of {self.total} bytes")
                continue
            if self._skip:  # a server that ignored our Range: drop what we have already
                dropped = min(self._skip, len(chunk))
                chunk, self._skip = chunk[dropped:], self._skip - dropped
                if not chunk:
                    continue
            if len(chunk) > left:
                self.discard()
                what = "the announced" if self.total is not None else "the limit of"
                raise DownloadError(
                    f"GET {self.url}: the server sent more than {what} {self.total or limits.MAX_FILE_SIZE} bytes; "
                    "the download was discarded"
                )
            try:
                self._file.write(chunk)
            except OSError as error:
                raise DownloadError(
                    f"{escape_text(str(self.part))}: cannot write the download: {error.strerror} (this is the "
                    "download cache; free some space, or set MTG_DAYNIGHT_CACHE_DIR to another disk)"
                ) from None
            return chunk

    def _open(self, start: int) -> int:
        """Ask for the file from byte ``start``; returns where the bytes on disk end. The first request of a run
        resuming a ``.part`` (``start`` past the bytes served) starts afresh on a 416 or the whole file."""
        extra = {}
        if start:
            extra["Range"] = f"bytes={start}-"
            if self.etag and not self.etag.startswith("W/"):
                extra["If-Range"] = self.etag
        response = self.client.get(self.url, "application/gzip, */*", extra)
        self.requests += 1
        status, etag, skip = response.status_code, response.headers.get("ETag"), 0
        if status == 416 and start > self.size:  # our partial file does not fit the server's: start afresh
            response.close()
            self.part.unlink(missing_ok=True)
            return self._open(0)
        if status == 206 and start:
            where = re.match(r"bytes (\d+)-", response.headers.get("Content-Range", ""))
            if where is None or int(where[1]) != start:
                response.close()
                at = where[1] if where else None
                raise DownloadError(f"GET {self.url}: server resumed at byte {at}, we asked for byte {start}")
            self.resumed = True
        elif status != 200:
            raise self.client.failed(self.url, response)
        elif start > self.size:  # the whole file again (Range ignored, or If-Range saw a new ETag): start afresh
            open(self.part, "wb").close()
            start = 0
        elif start and etag and self.etag and etag != self.etag:
            response.close()
            self.discard()
            raise DownloadError(
                f"GET {self.url}: the file changed on the server during the download; the partial download was "
                "discarded, run the update again"
            )
        else:
            skip = start
        self.etag = etag or self.etag
        write_record(self.record, {"url": self.url, "etag": self.etag})
        length = response.headers.get("Content-Length")
        if self.total is None and length is not None and length.isdigit():
            self.total = start + int(length) - skip
        self._body, self._skip = Body(self.client, response), skip
        return start

    def _close_response(self) -> None:
        if self._body is not None:
            self._body.response.close()
        self._body = None

    def close(self) -> None:
        """Close the connection and the ``.part`` (which stays, for resuming)."""
        self._close_response()
        if self._file is not None:
            self._file.close()
        super().close()

    def commit(self, record: Mapping[str, object]) -> None:
        """Once the whole file was read: write ``record`` beside ``dest`` (``<dest>.json``, whose ``url`` makes
        the file ours) and rename ``.part`` to ``dest`` (:attr:`path`)."""
        if not self.finished:
            raise DownloadError(f"GET {self.url}: the download did not finish")
        self.close()
        write_record(self.path.with_name(self.path.name + ".json"), record)
        os.replace(self.part, self.path)
        self.record.unlink(missing_ok=True)

    def discard(self) -> None:
        """Remove the partial download (corrupt, or not the server's file: it cannot be resumed)."""
        self.close()
        self.part.unlink(missing_ok=True)
        self.record.unlink(missing_ok=True)
