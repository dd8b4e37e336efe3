"""Talking to Scryfall politely and defensively: the bulk-data object and the bulk file download.

* Every request sends ``User-Agent: mtg-daynight/<version> (...)`` and an ``Accept`` header.
* ``GET /bulk-data/{type}`` sends ``If-None-Match`` with the stored ETag: an unchanged upstream costs one request.
  The answer is read up to :data:`MAX_BULK_OBJECT` bytes (a real one is about 1 KB): an endless answer is refused.
* The file is streamed to ``<name>.part`` and resumed with ``Range`` after an interruption, checked against
  ``compressed_size`` (reading stops one byte past it) and the gzip magic bytes. :class:`FileTransfer` yields the
  file's bytes while they arrive (the already-downloaded prefix first, read back from the ``.part`` file), so the
  importer can decompress and scan them as they come (``importer/update.py``). The bytes are stored
  exactly as sent (no HTTP-level decoding): the importer decompresses them once.
* Bounds (see ``docs/carddata.md``, "Limits"): ``timeout`` is the connect timeout and the stall timeout (an
  attempt fails when fewer than :data:`STALL_BYTES` arrive in that many seconds); ``deadline`` bounds the whole
  run, waits included; ``max_retries`` is one budget for the whole run (5xx, 429, dropped or stalled transfers).
* A name that does not resolve, a refused connection or an unreachable network fails at once
  (:class:`UnreachableError`): retrying cannot help an offline machine.
* Retries wait with exponential backoff; 429 waits ``Retry-After`` seconds (30 s when absent), never less, and
  is refused beyond :data:`MAX_RETRY_AFTER`; a 5xx's ``Retry-After`` is capped there. All the waits of a run
  together stay within :data:`MAX_TOTAL_WAIT`, whatever ``Retry-After`` says.
  Each wait is announced through ``notify``. The ``sleep`` function is injectable so tests do not sleep.
* Unless an ``api_url`` other than Scryfall's is given, every URL must be https on api.scryfall.com or
  data.scryfall.io; redirects are checked before they are followed (and never from https to plain http).
* Every request goes through ``requests`` (one session per client: proxies, CA bundle and ``.netrc`` as
  ``requests`` reads them); the policy above is this module's, in one retry loop (:meth:`ScryfallClient._request`).
"""

from __future__ import annotations

import contextlib
import email.utils
import errno
import hashlib
import json
import os
import socket
import ssl
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, Protocol
from urllib.parse import urljoin, urlsplit

import msgspec
import requests
import urllib3

from mtg_daynight import __version__
from mtg_daynight.importer.decompress import GZIP_MAGIC
from mtg_daynight.importer.errors import (
    DeadlineError,
    DownloadError,
    InvalidURLError,
    RateLimitedError,
    UnreachableError,
    UnsafeURLError,
)
from mtg_daynight.importer.limits import (
    BACKOFF,
    DEFAULT_DEADLINE,
    DEFAULT_RETRIES,
    DEFAULT_TIMEOUT,
    MAX_429,
    MAX_BULK_OBJECT,
    MAX_FILE_SIZE,
    MAX_REDIRECTS,
    MAX_RETRY_AFTER,
    MAX_TOTAL_WAIT,
    STALL_BYTES,
)
from mtg_daynight.importer.scryfall import BULK_DATA_DECODER, BulkData

API_URL = "https://api.scryfall.com"
SCRYFALL_HOSTS = frozenset({"api.scryfall.com", "data.scryfall.io"})
DEFAULT_RETRY_AFTER = 30.0
CHUNK_SIZE = 256 * 1024
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_ERROR_BODY_LIMIT = 64 * 1024
_UNREACHABLE_ERRNOS = {
    errno.ECONNREFUSED: "the connection was refused",
    errno.ENETUNREACH: "the network is unreachable",
    errno.EHOSTUNREACH: "the host is unreachable",
    errno.EADDRNOTAVAIL: "the address is not available",
}


def user_agent() -> str:
    """The User-Agent we send: our name and version (no URL: the project has no public page yet, and a
    User-Agent must not point at one that does not exist)."""
    return f"mtg-daynight/{__version__}"


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
    """The answer to ``GET /bulk-data/{type}``: the object (None on 304), its ETag, whether it was a 304."""

    bulk: BulkData | None
    etag: str | None
    not_modified: bool


@dataclass(frozen=True)
class Downloaded:
    """A finished download: the file, its size, ETag and SHA-256, whether it was resumed, how many requests."""

    path: Path
    size: int
    etag: str | None
    resumed: bool
    requests: int
    sha256: str = ""


#: What went wrong below HTTP: ``timeout`` (connect or read), ``dropped`` (closed or reset mid-exchange),
#: ``tls`` (the secure connection failed: not retried), ``other``.
Kind = Literal["timeout", "dropped", "tls", "other"]


class _NetworkError(Exception):
    """A request got no HTTP answer, or the body's read failed: ``error`` is the library's own exception."""

    def __init__(self, error: BaseException, kind: Kind) -> None:
        super().__init__(f"{kind}: {error}")
        self.error = error
        self.kind = kind


def _kind(error: BaseException) -> Kind:
    if isinstance(error, requests.exceptions.SSLError):
        return "tls"
    if isinstance(error, requests.Timeout | urllib3.exceptions.TimeoutError | TimeoutError):
        return "timeout"
    text = str(error)
    if "Connection aborted." in text or "Connection broken:" in text:
        return "dropped"
    return "other"


def _read1(response: requests.Response, size: int) -> bytes:
    """Up to ``size`` bytes of the body exactly as sent (no decoding); ``b""`` at its end; raises
    :class:`_NetworkError` when the read times out or the connection drops (a short body included)."""
    try:
        chunk: bytes = response.raw.read1(size, decode_content=False)
    except (urllib3.exceptions.HTTPError, requests.RequestException, ConnectionError, TimeoutError) as error:
        raise _NetworkError(error, _kind(error)) from None
    return chunk


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


def check_base_url(url: str) -> str:
    """Return ``url`` without a trailing slash if it is a usable http(s) base URL, else raise
    :class:`InvalidURLError` saying what is wrong with it."""
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
    stack: list[BaseException] = [error]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        linked = [current.__cause__, current.__context__, getattr(current, "reason", None), *current.args]
        stack.extend(item for item in linked if isinstance(item, BaseException))


def unreachable_reason(error: BaseException) -> str | None:
    """Why a connection attempt could not even start (name resolution, refused, unreachable), or None when
    ``error`` is something a retry may cure (a timeout, a reset)."""
    for current in _causes(error):
        if isinstance(current, socket.gaierror):  # requests' NameResolutionError wraps one
            return "the host name does not resolve"
        if isinstance(current, OSError) and current.errno in _UNREACHABLE_ERRNOS:
            return _UNREACHABLE_ERRNOS[current.errno]
    return None


def _describe(error: _NetworkError, url: str, timeouts: tuple[float, float], *, body: bool = False) -> str:
    """A short description of a network error (no library object reprs); a timeout says what timed out (the
    connection, the answer, or the body's data) and after how long (``timeouts``: connect, read)."""
    if error.kind == "timeout":
        host = urlsplit(url).netloc
        if isinstance(error.error, requests.ConnectTimeout):
            return f"connecting to {host} timed out after {timeouts[0]:g} s (--timeout)"
        what = "no data" if body else "no answer"
        return f"{what} from {host} for {timeouts[1]:g} s: timed out (--timeout)"
    if error.kind == "dropped":
        return "the connection was dropped"
    return f"connection error ({type(error.error).__name__})"


def _tls_reason(error: BaseException) -> str:
    """The ssl module's own words for a TLS failure (e.g. "certificate verify failed: ...")."""
    for current in _causes(error):
        if isinstance(current, ssl.SSLError):
            detail = getattr(current, "verify_message", None) or current.reason
            return f"{current.reason or 'SSL error'}: {detail}" if detail != current.reason else str(detail)
    return "the secure connection failed"


class _Interrupted(Exception):
    """A transfer failed part-way (dropped, stalled, timed out): retried if the budget allows."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _TooLong(Exception):
    """A body went past its limit."""


class ScryfallClient:
    """A small, polite, bounded HTTP client for Scryfall's bulk data (see the module docstring).

    One client serves one update: the retry budget and the deadline count over every request it makes.
    ``session``: the ``requests`` session of every request (its adapters, proxies and mocks apply); made on first
    use when not given.
    """

    def __init__(
        self,
        *,
        api_url: str | None = None,
        session: requests.Session | None = None,
        sleep: Callable[[float], None] = time.sleep,
        timeout: float | tuple[float, float] = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_RETRIES,
        backoff: float = BACKOFF,
        max_429: int = MAX_429,
        max_wait: float = MAX_RETRY_AFTER,
        max_total_wait: float = MAX_TOTAL_WAIT,
        deadline: float = DEFAULT_DEADLINE,
        notify: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        base = check_base_url(api_url) if api_url is not None else API_URL
        self.api_url = base
        #: https on Scryfall's hosts is enforced unless the user pointed us elsewhere
        self.strict = base == API_URL
        if self.strict:
            self.check_url(base)
        if max_retries < 0:
            raise DownloadError(f"--retries must be 0 or more, got {max_retries}")
        connect, stall = timeout if isinstance(timeout, tuple) else (timeout, timeout)
        if not (connect > 0 and stall > 0) or not deadline > 0:
            raise DownloadError(f"--timeout and --deadline must be positive, got {timeout} and {deadline}")
        #: the ``requests`` session of every request (made on the first request when not given)
        self.session = session
        self.sleep = sleep
        self.connect_timeout = float(connect)
        self.stall_timeout = float(stall)
        self.last_timeouts = (self.connect_timeout, self.stall_timeout)  # those of the latest request (messages)
        self.deadline = float(deadline)
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_429 = max_429
        self.max_wait = max_wait
        self.max_total_wait = max_total_wait
        #: seconds waited between retries so far (bounded by ``max_total_wait``)
        self.waited = 0.0
        self.notify = notify or (lambda message: None)
        self.clock = clock
        self.request_count = 0
        self.retries_used = 0
        self.rate_limited = 0
        self._started: float | None = None

    # -- helpers -----------------------------------------------------------------------------------------
    def check_url(self, url: str) -> None:
        """Raise :class:`UnsafeURLError` unless ``url`` is https on a Scryfall host (when strict)."""
        if not self.strict:
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise UnsafeURLError(f"refusing {url!r}: not an http(s) URL")
            return
        parts = urlsplit(url)
        if parts.scheme != "https" or (parts.hostname or "") not in SCRYFALL_HOSTS:
            raise UnsafeURLError(
                f"refusing {url!r}: Scryfall data must come over https from "
                f"{' or '.join(sorted(SCRYFALL_HOSTS))} (use --api-url to point at a mirror)"
            )

    def check_redirect(self, source: str, target: str) -> None:
        """Raise :class:`UnsafeURLError` for a redirect we must not follow (checked before following it)."""
        if urlsplit(source).scheme == "https" and urlsplit(target).scheme != "https":
            raise UnsafeURLError(f"refusing the redirect from {source} to {target}: it leaves https")
        try:
            self.check_url(target)
        except UnsafeURLError as error:
            raise UnsafeURLError(f"refusing the redirect from {source}: {error}") from None

    def start_clock(self) -> None:
        """Start the deadline's clock now (else it starts with the first request); a second call changes nothing."""
        if self._started is None:
            self._started = self.clock()

    def remaining(self, phase: str = "downloading") -> float:
        """Seconds left before the deadline (the clock starts with the first request, or :meth:`start_clock`);
        raises :class:`DeadlineError` naming ``phase`` when none are left."""
        self.start_clock()
        assert self._started is not None
        elapsed = self.clock() - self._started
        left = self.deadline - elapsed
        if left <= 0:
            raise DeadlineError(
                f"gave up while {phase} after {elapsed:.1f} s: the update took longer than its {self.deadline:g} s "
                "deadline (--deadline); nothing was written"
            )
        return left

    def _timeouts(self) -> tuple[float, float]:
        left = self.remaining()
        return min(self.connect_timeout, left), min(self.stall_timeout, left)

    def retry(self, url: str, reason: str, wait: float | None = None) -> None:
        """Spend one retry of the budget on ``reason`` and wait (backoff unless ``wait`` is given), or raise
        :class:`DownloadError` when the budget or the deadline does not allow it."""
        self.retries_used += 1
        if self.retries_used > self.max_retries:
            raise DownloadError(f"GET {url}: {reason}; gave up after {self.max_retries} retries (--retries)")
        delay = self.backoff * 2 ** (self.retries_used - 1) if wait is None else wait
        if self.waited + delay > self.max_total_wait:
            raise DownloadError(
                f"GET {url}: {reason}; waiting {delay:g} s more would pass the {self.max_total_wait:g} s "
                f"budget for all the waits of one update (waited {self.waited:g} s already)"
            )
        if delay >= self.remaining():
            raise DownloadError(
                f"GET {url}: {reason}; waiting {delay:g} s more would pass the {self.deadline:g} s deadline "
                "(--deadline)"
            )
        self.notify(f"{reason}; retrying in {delay:g} s (retry {self.retries_used} of {self.max_retries})")
        self.waited += delay
        self.sleep(delay)

    def _headers(self, accept: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"User-Agent": user_agent(), "Accept": accept}
        headers.update(extra or {})
        return headers

    def _get(self, url: str, headers: dict[str, str]) -> requests.Response:
        """Send ``GET url`` (streamed, no redirect followed); raises :class:`_NetworkError` when no answer comes."""
        if self.session is None:
            self.session = requests.Session()
        self.last_timeouts = self._timeouts()
        try:
            return self.session.get(
                url, headers=headers, timeout=self.last_timeouts, stream=True, allow_redirects=False
            )
        except (requests.ConnectionError, requests.Timeout) as error:
            raise _NetworkError(error, _kind(error)) from None
        except requests.RequestException as error:  # the URL itself is unusable (InvalidURL, InvalidSchema, ...)
            raise InvalidURLError(f"GET {url}: not a usable URL ({error})") from None

    def _request(self, url: str, headers: dict[str, str]) -> requests.Response:
        """GET (streamed) with retries and checked redirects; the caller closes the response."""
        current = url
        redirects = 0
        while True:
            self.check_url(current)
            try:
                self.request_count += 1
                response = self._get(current, headers)
            except _NetworkError as error:
                reason = unreachable_reason(error.error)
                if reason is not None:
                    raise UnreachableError(f"{urlsplit(current).hostname}: {reason}") from None
                if error.kind == "tls":  # a retry cannot fix a certificate
                    raise DownloadError(f"GET {current}: TLS error ({_tls_reason(error.error)})") from None
                self.retry(current, _describe(error, current, self.last_timeouts))
                continue
            status = response.status_code
            location = response.headers.get("Location")
            if status in _REDIRECTS and location:
                target = urljoin(current, location)
                response.close()
                redirects += 1
                if redirects > MAX_REDIRECTS:
                    raise DownloadError(f"GET {url}: more than {MAX_REDIRECTS} redirects")
                self.check_redirect(current, target)
                current = target
                continue
            if status == 429:
                response.close()
                self.rate_limited += 1
                wait = parse_retry_after(response.headers.get("Retry-After"))
                wait = DEFAULT_RETRY_AFTER if wait is None else wait
                if self.rate_limited > self.max_429:
                    raise RateLimitedError(f"GET {current}: still rate limited (429) after {self.max_429} waits")
                if wait > self.max_wait:
                    raise RateLimitedError(
                        f"GET {current}: rate limited (429), asked to wait {wait:.0f} s, longer than the "
                        f"{self.max_wait:g} s this client waits at most; try later"
                    )
                self.retry(current, "rate limited (HTTP 429)", wait)
                continue
            if 500 <= status < 600:
                response.close()
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
                backoff = self.backoff * 2**self.retries_used
                reason = f"HTTP {status}"
                if retry_after is not None and retry_after > self.max_wait:
                    reason += f" (Retry-After {retry_after:.0f} s, capped to {self.max_wait:g} s)"
                self.retry(current, reason, max(backoff, min(retry_after or 0.0, self.max_wait)))
                continue
            return response

    def _body(self, response: requests.Response, limit: int, skip: int = 0) -> Iterator[bytes]:
        """The body's bytes as they arrive; raises :class:`_TooLong` past ``limit`` bytes (after ``skip``
        bytes that are read and dropped) and :class:`_Interrupted` when it stalls, times out or drops."""
        total = 0
        window_start = self.clock()
        window_bytes = 0
        while True:
            self.remaining()
            try:
                chunk = _read1(response, min(CHUNK_SIZE, skip + limit - total + 1))
            except _NetworkError as error:
                raise _Interrupted(_describe(error, response.url or "", self.last_timeouts, body=True)) from None
            if not chunk:
                return
            now = self.clock()
            window_bytes += len(chunk)
            if window_bytes >= STALL_BYTES:
                window_start, window_bytes = now, 0
            elif now - window_start > self.stall_timeout:
                raise _Interrupted(f"stalled (fewer than {STALL_BYTES} bytes in {self.stall_timeout:g} s, --timeout)")
            if skip:
                dropped = min(skip, len(chunk))
                chunk, skip = chunk[dropped:], skip - dropped
                if not chunk:
                    continue
            total += len(chunk)
            if total > limit:
                raise _TooLong
            yield chunk

    def _error_detail(self, response: requests.Response) -> str:
        """Scryfall's ``details`` from an error answer (read up to 64 KiB), else the HTTP reason."""
        data = bytearray()
        with contextlib.suppress(_Interrupted, _TooLong):
            for chunk in self._body(response, _ERROR_BODY_LIMIT):
                data += chunk
        try:
            details = json.loads(bytes(data)).get("details")
        except (ValueError, AttributeError):
            return (response.reason or "").strip()
        return str(details) if details else (response.reason or "").strip()

    # -- the bulk-data object ----------------------------------------------------------------------------
    def bulk_data(self, bulk_type: str, etag: str | None = None) -> BulkAnswer:
        """``GET /bulk-data/{type}``, conditional on ``etag``; returns the decoded object or "not modified"."""
        url = f"{self.api_url}/bulk-data/{bulk_type}"
        extra = {"Accept-Encoding": "identity"}  # the body as sent: no gzip for requests to undo
        if etag:
            extra["If-None-Match"] = etag
        while True:
            response = self._request(url, self._headers("application/json", extra))
            with contextlib.closing(response):
                if response.status_code == 304:
                    return BulkAnswer(None, response.headers.get("ETag") or etag, True)
                if response.status_code != 200:
                    raise DownloadError(f"GET {url}: HTTP {response.status_code} {self._error_detail(response)}")
                try:
                    content = b"".join(self._body(response, MAX_BULK_OBJECT))
                except _TooLong:
                    raise DownloadError(
                        f"GET {url}: the answer is larger than {MAX_BULK_OBJECT} bytes (a bulk-data object is "
                        "about 1 KB); refused"
                    ) from None
                except _Interrupted as error:
                    self.retry(url, error.reason)
                    continue
            break
        try:
            bulk = BULK_DATA_DECODER.decode(content)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            raise DownloadError(f"GET {url}: not a bulk-data object: {error}") from None
        if bulk.object != "bulk_data":
            raise DownloadError(f"GET {url}: expected a bulk_data object, got {bulk.object!r}")
        if bulk.file_uri is None:
            raise DownloadError(f"GET {url}: the bulk-data object has no jsonl_download_uri (nor download_uri)")
        if bulk.compressed_size is not None and not 0 < bulk.compressed_size <= MAX_FILE_SIZE:
            raise DownloadError(
                f"GET {url}: compressed_size {bulk.compressed_size} is not between 1 and {MAX_FILE_SIZE} bytes"
            )
        self.check_url(bulk.file_uri)
        return BulkAnswer(bulk, response.headers.get("ETag"), False)

    # -- the file ----------------------------------------------------------------------------------------
    def transfer(
        self, url: str, dest: Path, *, expected_size: int | None, progress: Progress | None = None
    ) -> FileTransfer:
        """A :class:`FileTransfer` of ``url`` to ``dest`` (nothing happens until its chunks are read)."""
        return FileTransfer(self, url, dest, expected_size=expected_size, progress=progress)

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
        transfer = self.transfer(url, dest, expected_size=expected_size, progress=progress)
        for _ in transfer.chunks():
            pass
        return transfer.commit()


class FileTransfer:
    """One bulk file download, as the stream of the file's bytes (see :meth:`chunks`).

    Bytes go to ``<dest>.part`` (with ``<dest>.part.json`` recording the URL and ETag, for resuming) and into
    the SHA-256 before they are yielded. :meth:`commit` renames the finished ``.part`` to ``dest``;
    :meth:`discard` removes it (for a download found corrupt).
    """

    def __init__(
        self,
        client: ScryfallClient,
        url: str,
        dest: Path,
        *,
        expected_size: int | None,
        progress: Progress | None = None,
    ) -> None:
        client.check_url(url)
        if expected_size is not None and not 0 < expected_size <= MAX_FILE_SIZE:
            raise DownloadError(f"GET {url}: announced size {expected_size} is not between 1 and {MAX_FILE_SIZE}")
        self.client = client
        self.url = url
        self.dest = dest
        self.part = dest.with_name(dest.name + ".part")
        self.meta_path = dest.with_name(dest.name + ".part.json")
        self.expected = expected_size
        self.progress = progress
        self.size = 0
        self.etag: str | None = None
        self.resumed = False
        self.requests = 0
        self._digest = hashlib.sha256()
        self._total: int | None = expected_size
        self._finished = False
        self._head = b""

    @property
    def sha256(self) -> str:
        """The SHA-256 of the bytes yielded so far (of the whole file once :meth:`chunks` is exhausted)."""
        return self._digest.hexdigest()

    def chunks(self) -> Generator[bytes, None, None]:
        """Yield every byte of the file in order: the prefix already in ``.part`` (read back from disk), then
        the bytes arriving from the network (written to ``.part`` first). Retries and resumes within the run
        are invisible to the reader. Raises :class:`DownloadError` (the ``.part`` is kept when resumable)."""
        self.dest.parent.mkdir(parents=True, exist_ok=True)
        meta = _read_json(self.meta_path)
        same = meta.get("url") == self.url
        if not same:
            _remove(self.part)
        self.etag = meta.get("etag") if same else None
        have = _file_size(self.part)
        if self.expected is not None and have > self.expected:
            _remove(self.part)
            have = 0
        response: requests.Response | None = None
        skip = 0
        if not (self.expected is not None and 0 < have == self.expected):
            response, skip = self._open(have, first=True)
            if skip:  # the server ignored our Range: start again from byte 0
                _truncate(self.part)
                have, skip = 0, 0
        started = False
        try:
            if have:
                self.resumed = True
                yield from self._from_disk()
            if self.progress is not None:
                self.progress.start(self._total, self.size)
                started = True
            while response is not None:
                try:
                    with contextlib.closing(response):
                        yield from self._receive(response, skip)
                except _Interrupted as error:
                    self.client.retry(self.url, error.reason)
                else:
                    if self._total is not None and self.size < self._total:
                        self.client.retry(self.url, f"the body ended after {self.size} of {self._total} bytes")
                response = None
                if self._total is None or self.size >= self._total:
                    break
                response, skip = self._open(self.size, first=False)
        finally:
            if started and self.progress is not None:
                self.progress.close()
        if self._total is not None and self.size != self._total:  # pragma: no cover - _receive bounds it
            raise DownloadError(f"GET {self.url}: got {self.size} of {self._total} bytes")
        self._finished = True

    def _from_disk(self) -> Iterator[bytes]:
        try:
            with self.part.open("rb") as handle:
                while chunk := handle.read(CHUNK_SIZE):
                    self._account(chunk)
                    yield chunk
        except OSError as error:
            raise DownloadError(f"{self.part}: cannot read the partial download: {error.strerror}") from None

    def _open(self, start: int, *, first: bool) -> tuple[requests.Response, int]:
        """Request the file from byte ``start``; returns the response and how many bytes of it to drop."""
        extra = {"Accept-Encoding": "identity"}
        if start:
            extra["Range"] = f"bytes={start}-"
            if self.etag and not self.etag.startswith("W/"):
                extra["If-Range"] = self.etag
        headers = self.client._headers("application/gzip, */*", extra)
        response = self.client._request(self.url, headers)
        self.requests += 1
        status = response.status_code
        skip = 0
        if status == 416 and start and first:
            response.close()
            _remove(self.part)  # our partial file does not fit the server's: start again
            return self._open(0, first=True)
        if status == 206 and start:
            where = _content_range_start(response.headers.get("Content-Range"))
            if where != start:
                response.close()
                raise DownloadError(f"GET {self.url}: server resumed at byte {where}, we asked for byte {start}")
            self.resumed = True
        elif status == 200:
            skip = start
        else:
            detail = self.client._error_detail(response)
            response.close()
            raise DownloadError(f"GET {self.url}: HTTP {status} {detail}")
        etag = response.headers.get("ETag")
        if skip and not first and etag and self.etag and etag != self.etag:
            response.close()
            self.discard()
            raise DownloadError(
                f"GET {self.url}: the file changed on the server during the download; the partial download "
                "was discarded, run the update again"
            )
        self.etag = etag or self.etag
        write_json_atomic(self.meta_path, {"url": self.url, "etag": self.etag})
        length = response.headers.get("Content-Length")
        if self._total is None and length is not None and length.isdigit():
            self._total = start - skip + int(length)
        return response, skip

    def _receive(self, response: requests.Response, skip: int) -> Iterator[bytes]:
        limit = (self._total if self._total is not None else MAX_FILE_SIZE) - self.size
        try:
            with self.part.open("ab", buffering=0) as handle:
                for chunk in self.client._body(response, limit, skip):
                    try:
                        handle.write(chunk)
                    except OSError as error:
                        raise DownloadError(
                            f"{self.part}: cannot write the download: {error.strerror} (this is the download "
                            "cache; free some space, or set MTG_DAYNIGHT_CACHE_DIR to another disk)"
                        ) from None
                    self._account(chunk)
                    if self.progress is not None:
                        self.progress.advance(len(chunk))
                    yield chunk
        except _TooLong:
            self.discard()
            announced = "the announced" if self.expected is not None else "the limit of"
            raise DownloadError(
                f"GET {self.url}: the server sent more than {announced} {self._total or MAX_FILE_SIZE} bytes; "
                "the download was discarded"
            ) from None
        except OSError as error:
            raise DownloadError(f"{self.part}: cannot open the download: {error.strerror}") from None

    def _account(self, chunk: bytes) -> None:
        if len(self._head) < 2:
            self._head = (self._head + chunk)[:2]
            if len(self._head) == 2 and self._head != GZIP_MAGIC:
                self.discard()
                raise DownloadError(
                    f"GET {self.url}: the downloaded file is not gzip data (starts with {self._head!r})"
                )
        self._digest.update(chunk)
        self.size += len(chunk)

    def commit(self) -> Downloaded:
        """Rename the finished ``.part`` file to ``dest``; returns what was downloaded."""
        if not self._finished:
            raise DownloadError(f"GET {self.url}: the download did not finish")
        os.replace(self.part, self.dest)
        _remove(self.meta_path)
        return Downloaded(self.dest, self.size, self.etag, self.resumed, self.requests, self.sha256)

    def discard(self) -> None:
        """Remove the partial download (it cannot be resumed: it is corrupt or not the server's file)."""
        _remove(self.part)
        _remove(self.meta_path)


def _content_range_start(value: str | None) -> int | None:
    # "bytes 100-199/200"
    if not value or not value.startswith("bytes "):
        return None
    first = value[6:].split("-", 1)[0]
    return int(first) if first.isdigit() else None


def _read_json(path: Path) -> dict[str, str | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_json_atomic(path: Path, data: dict[str, object]) -> None:
    """Write a small JSON file atomically (``<path>.tmp``, then rename; a killed run leaves only the .tmp)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def utc_now() -> str:
    """The current UTC time, ISO 8601, seconds precision."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _truncate(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.truncate(path, 0)
