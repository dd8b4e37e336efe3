"""One bulk file download as a stream of its bytes, through a resumable ``<name>.part`` file.

* :class:`FileTransfer` streams the file to ``<name>.part`` (``<name>.part.json`` records the URL and ETag) and
  resumes it with ``Range`` after an interruption, checked against the announced size (reading stops one byte
  past it) and the gzip magic bytes. It yields the file's bytes while they arrive (the already-downloaded prefix
  first, read back from the ``.part`` file), so the importer can decompress and scan them as they come
  (``importer/update.py``). The bytes are stored exactly as sent: the importer decompresses them once.
* Every request, retry and wait goes through the transfer's
  :class:`~mtg_daynight.importer.download.ScryfallClient`: the download policy lives there only.
* The meta file is written by :func:`~mtg_daynight.atomicfile.write_atomic`, like every file mtg-daynight
  writes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import requests

from mtg_daynight.atomicfile import write_atomic
from mtg_daynight.importer.bulk import GZIP_MAGIC
from mtg_daynight.importer.download import CHUNK_SIZE, ScryfallClient
from mtg_daynight.importer.errors import DownloadError
from mtg_daynight.importer.limits import MAX_FILE_SIZE
from mtg_daynight.importer.network_errors import BodyTooLong, Interrupted


class Progress(Protocol):
    """Progress reporting for a download (the CLI uses a tqdm bar)."""

    def start(self, total: int | None, initial: int) -> None:
        """Called when bytes start flowing: expected total size, bytes already present (resume)."""

    def advance(self, n: int) -> None:
        """Called with the number of bytes just written."""

    def close(self) -> None:
        """Called once, when the download ends (successfully or not)."""


@dataclass(frozen=True)
class Downloaded:
    """A finished download: the file, its size, ETag and SHA-256, whether it was resumed, how many requests."""

    path: Path
    size: int
    etag: str | None
    resumed: bool
    requests: int
    sha256: str = ""


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
        meta = read_meta(self.meta_path)
        same = meta.get("url") == self.url
        if not same:
            self.part.unlink(missing_ok=True)
        etag = meta.get("etag")
        self.etag = etag if same and isinstance(etag, str) else None
        have = self.part.stat().st_size if self.part.exists() else 0
        if self.expected is not None and have > self.expected:
            self.part.unlink(missing_ok=True)
            have = 0
        response: requests.Response | None = None
        skip = 0
        if not (self.expected is not None and 0 < have == self.expected):
            response, skip = self._open(have, first=True)
            if skip:  # the server ignored our Range: start again from byte 0
                self.part.write_bytes(b"")
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
                except Interrupted as error:
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
        headers = self.client.headers("application/gzip, */*", extra)
        response = self.client.request(self.url, headers)
        self.requests += 1
        status = response.status_code
        skip = 0
        if status == 416 and start and first:
            response.close()
            self.part.unlink(missing_ok=True)  # our partial file does not fit the server's: start again
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
            detail = self.client.error_detail(response)
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
        write_atomic(self.meta_path, json.dumps({"url": self.url, "etag": self.etag}).encode())
        length = response.headers.get("Content-Length")
        if self._total is None and length is not None and length.isdigit():
            self._total = start - skip + int(length)
        return response, skip

    def _receive(self, response: requests.Response, skip: int) -> Iterator[bytes]:
        limit = (self._total if self._total is not None else MAX_FILE_SIZE) - self.size
        try:
            with self.part.open("ab", buffering=0) as handle:
                for chunk in self.client.body(response, limit, skip):
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
        except BodyTooLong:
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
        self.meta_path.unlink(missing_ok=True)
        return Downloaded(self.dest, self.size, self.etag, self.resumed, self.requests, self.sha256)

    def discard(self) -> None:
        """Remove the partial download (it cannot be resumed: it is corrupt or not the server's file)."""
        self.part.unlink(missing_ok=True)
        self.meta_path.unlink(missing_ok=True)


def _content_range_start(value: str | None) -> int | None:
    # "bytes 100-199/200"
    if not value or not value.startswith("bytes "):
        return None
    first = value[6:].split("-", 1)[0]
    return int(first) if first.isdigit() else None


def read_meta(path: Path) -> dict[str, object]:
    """The JSON object a download's meta file holds (``<name>.part.json``, the cache's ``<name>.json``); ``{}``
    when it is missing or not such an object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def utc_now() -> str:
    """The current UTC time, ISO 8601, seconds precision."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def download(
    client: ScryfallClient, url: str, dest: Path, *, expected_size: int | None, progress: Progress | None = None
) -> Downloaded:
    """Download ``url`` to ``dest`` through ``dest.part``, resuming an earlier partial download (a
    :class:`FileTransfer` read to its end, then committed).

    The result is checked (size equals ``expected_size`` when given, else the Content-Length; gzip magic)
    before ``dest`` is replaced. On failure ``dest`` is untouched and the ``.part`` file is kept for
    resuming when it can be (same URL).
    """
    transfer = FileTransfer(client, url, dest, expected_size=expected_size, progress=progress)
    for _ in transfer.chunks():
        pass
    return transfer.commit()
