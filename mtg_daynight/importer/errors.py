"""Typed errors of the card-data importer.

Every error says what went wrong and where (file, line, field or URL). All of them derive from
:class:`mtg_daynight.errors.DayNightError`, so the CLI prints them on one line.
"""

from __future__ import annotations

from mtg_daynight.errors import DayNightError, InputFileError


class CardDataError(DayNightError):
    """Base class of the card-data importer's own errors (download, snapshot, lock)."""


class CardFileError(InputFileError):
    """A bulk file or snapshot on disk is malformed: the message names the file and the line or field."""


class CompressedDataError(CardFileError):
    """Compressed card data (gzip, xz, bzip2) is corrupt or truncated: the bytes themselves are bad."""


class SnapshotVersionError(CardFileError):
    """A snapshot was written in a format version this mtg-daynight does not read (re-import to fix it)."""


class DownloadError(CardDataError):
    """An HTTP request or a download failed for good (after the allowed retries)."""


class RateLimitedError(DownloadError):
    """Scryfall kept answering 429 Too Many Requests, or asked for a wait longer than we accept."""


class UnsafeURLError(DownloadError):
    """A URL is not https on one of Scryfall's hosts (and no ``--api-url`` override was given)."""


class SnapshotMissingError(CardDataError):
    """No card-data snapshot exists where one was looked for."""


class SnapshotRefusedError(CardDataError):
    """A new import looks broken (no cards, or far fewer than before): the old snapshot was kept."""


class LockTimeoutError(CardDataError):
    """Another update holds the card-data lock for longer than we are willing to wait."""


class UnreachableError(DownloadError):
    """The server could not be reached at all (the name does not resolve, the connection is refused or the
    network is unreachable): raised at once, without retries; nothing was changed."""


class InvalidURLError(UnsafeURLError):
    """A URL given by the user (``--api-url``) or by the server is not a usable http(s) URL."""


class CorruptDownloadError(DownloadError):
    """A downloaded (or cached) bulk file is corrupt: it was discarded, so the next update downloads afresh."""


class DeadlineError(DownloadError):
    """The update (or a local import given a deadline) ran past ``--deadline``: the message names the phase and
    the time; nothing was written."""


class FaceRecordError(CardFileError):
    """The face records of one MTGJSON card contradict each other (two faces on one side, a face without its
    partner, a daybound face on the back, conflicting keywords): the message names the file, set, card and faces."""


class RecordLimitError(CardFileError):
    """An MTGJSON file passes a bound of ``importer/limits.py`` (bytes of one record, records of one set, bytes kept
    of one set): the message names the file, the set and the limit."""
