"""Talking to Scryfall politely and defensively: the bulk-data object and the one download policy.

* Every request sends ``User-Agent: mtg-daynight/<version>`` and an ``Accept`` header.
* ``GET /bulk-data/{type}`` sends ``If-None-Match`` with the stored ETag: an unchanged upstream costs one request.
  The answer is read up to :data:`MAX_BULK_OBJECT` bytes (a real one is about 1 KB): an endless answer is refused.
* The bulk file itself is a :class:`~mtg_daynight.importer.transfer.FileTransfer` (the resumable ``.part``
  file, in ``importer/transfer.py``, built on this client), whose every request, retry and wait goes through it.
* Bounds (see ``docs/carddata.md``, "Limits"): ``timeout`` is the connect timeout and the stall timeout (an
  attempt fails when fewer than :data:`STALL_BYTES` arrive in that many seconds); ``deadline`` bounds the whole
  run, waits included; ``max_retries`` is one budget for the whole run (5xx, 429, dropped or stalled transfers).
* A name that does not resolve, a refused connection or an unreachable network fails at once
  (:class:`UnreachableError`): retrying cannot help an offline machine (the classification is in
  ``importer/network_errors.py``).
* Retries wait with exponential backoff; 429 waits ``Retry-After`` seconds (30 s when absent), never less, and
  is refused beyond :data:`MAX_RETRY_AFTER`; a 5xx's ``Retry-After`` is capped there. All the waits of a run
  together stay within :data:`MAX_TOTAL_WAIT`, whatever ``Retry-After`` says.
  Each wait is announced through ``notify``. The ``sleep`` function is injectable so tests do not sleep.
* Unless an ``api_url`` other than Scryfall's is given, every URL must be https on api.scryfall.com or
  data.scryfall.io; redirects are checked before they are followed (and never from https to plain http).
* Every request goes through ``requests`` (one session per client: proxies, CA bundle and ``.netrc`` as
  ``requests`` reads them); the policy above is this module's, in one retry loop (:meth:`ScryfallClient.request`).
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC
from urllib.parse import urljoin, urlsplit

import msgspec
import requests
import urllib3

from mtg_daynight import __version__
from mtg_daynight.importer.errors import (
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
    Deadline,
)
from mtg_daynight.importer.network_errors import (
    BodyTooLong,
    Interrupted,
    NetworkError,
    describe,
    error_kind,
    tls_reason,
    unreachable_reason,
)
from mtg_daynight.importer.scryfall import BULK_DATA_DECODER, BulkData

API_URL = "https://api.scryfall.com"
SCRYFALL_HOSTS = frozenset({"api.scryfall.com", "data.scryfall.io"})
DEFAULT_RETRY_AFTER = 30.0
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_ERROR_BODY_LIMIT = 64 * 1024
#: bytes read at a time, from the network (and from a resumed download's ``.part`` file)
CHUNK_SIZE = 256 * 1024


def user_agent() -> str:
    """The User-Agent we send: our name and version (no URL: the project has no public page yet, and a
    User-Agent must not point at one that does not exist)."""
    return f"mtg-daynight/{__version__}"


@dataclass(frozen=True)
class BulkAnswer:
    """The answer to ``GET /bulk-data/{type}``: the object (None on 304), its ETag, whether it was a 304."""

    bulk: BulkData | None
    etag: str | None
    not_modified: bool


def _read1(response: requests.Response, size: int) -> bytes:
    """Up to ``size`` bytes of the body exactly as sent (no decoding); ``b""`` at its end; raises
    :class:`NetworkError` when the read times out or the connection drops (a short body included)."""
    try:
        chunk: bytes = response.raw.read1(size, decode_content=False)
    except (urllib3.exceptions.HTTPError, requests.RequestException, ConnectionError, TimeoutError) as error:
        raise NetworkError(error, error_kind(error)) from None
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
        self.deadline = Deadline(float(deadline))
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
        self.deadline.start(self.clock())

    def remaining(self, phase: str = "downloading") -> float:
        """Seconds left before the deadline (:class:`~mtg_daynight.importer.limits.Deadline`, on this client's
        clock); raises :class:`DeadlineError` naming ``phase`` when none are left."""
        return self.deadline.remaining(phase, self.clock())

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
                f"GET {url}: {reason}; waiting {delay:g} s more would pass the {self.deadline.seconds:g} s deadline "
                "(--deadline)"
            )
        self.notify(f"{reason}; retrying in {delay:g} s (retry {self.retries_used} of {self.max_retries})")
        self.waited += delay
        self.sleep(delay)

    def headers(self, accept: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The headers of every request (User-Agent, ``accept``), plus ``extra``."""
        headers = {"User-Agent": user_agent(), "Accept": accept}
        headers.update(extra or {})
        return headers

    def _get(self, url: str, headers: dict[str, str]) -> requests.Response:
        """Send ``GET url`` (streamed, no redirect followed); raises :class:`NetworkError` when no answer comes."""
        if self.session is None:
            self.session = requests.Session()
        self.last_timeouts = self._timeouts()
        try:
            return self.session.get(
                url, headers=headers, timeout=self.last_timeouts, stream=True, allow_redirects=False
            )
        except (requests.ConnectionError, requests.Timeout) as error:
            raise NetworkError(error, error_kind(error)) from None
        except requests.RequestException as error:  # the URL itself is unusable (InvalidURL, InvalidSchema, ...)
            raise InvalidURLError(f"GET {url}: not a usable URL ({error})") from None

    def request(self, url: str, headers: dict[str, str]) -> requests.Response:
        """GET (streamed) with retries and checked redirects; the caller closes the response."""
        current = url
        redirects = 0
        while True:
            self.check_url(current)
            try:
                self.request_count += 1
                response = self._get(current, headers)
            except NetworkError as error:
                reason = unreachable_reason(error.error)
                if reason is not None:
                    raise UnreachableError(f"{urlsplit(current).hostname}: {reason}") from None
                if error.kind == "tls":  # a retry cannot fix a certificate
                    raise DownloadError(f"GET {current}: TLS error ({tls_reason(error.error)})") from None
                self.retry(current, describe(error, current, self.last_timeouts))
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

    def body(self, response: requests.Response, limit: int, skip: int = 0) -> Iterator[bytes]:
        """The body's bytes as they arrive; raises :class:`BodyTooLong` past ``limit`` bytes (after ``skip``
        bytes that are read and dropped) and :class:`Interrupted` when it stalls, times out or drops."""
        total = 0
        window_start = self.clock()
        window_bytes = 0
        while True:
            self.remaining()
            try:
                chunk = _read1(response, min(CHUNK_SIZE, skip + limit - total + 1))
            except NetworkError as error:
                raise Interrupted(describe(error, response.url or "", self.last_timeouts, body=True)) from None
            if not chunk:
                return
            now = self.clock()
            window_bytes += len(chunk)
            if window_bytes >= STALL_BYTES:
                window_start, window_bytes = now, 0
            elif now - window_start > self.stall_timeout:
                raise Interrupted(f"stalled (fewer than {STALL_BYTES} bytes in {self.stall_timeout:g} s, --timeout)")
            if skip:
                dropped = min(skip, len(chunk))
                chunk, skip = chunk[dropped:], skip - dropped
                if not chunk:
                    continue
            total += len(chunk)
            if total > limit:
                raise BodyTooLong
            yield chunk

    def error_detail(self, response: requests.Response) -> str:
        """Scryfall's ``details`` from an error answer (read up to 64 KiB), else the HTTP reason."""
        data = bytearray()
        with contextlib.suppress(Interrupted, BodyTooLong):
            for chunk in self.body(response, _ERROR_BODY_LIMIT):
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
            response = self.request(url, self.headers("application/json", extra))
            with contextlib.closing(response):
                if response.status_code == 304:
                    return BulkAnswer(None, response.headers.get("ETag") or etag, True)
                if response.status_code != 200:
                    raise DownloadError(f"GET {url}: HTTP {response.status_code} {self.error_detail(response)}")
                try:
                    content = b"".join(self.body(response, MAX_BULK_OBJECT))
                except BodyTooLong:
                    raise DownloadError(
                        f"GET {url}: the answer is larger than {MAX_BULK_OBJECT} bytes (a bulk-data object is "
                        "about 1 KB); refused"
                    ) from None
                except Interrupted as error:
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
