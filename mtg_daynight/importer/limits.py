"""The bounds of an update against a slow, broken or hostile server, and of an MTGJSON file against one that
balloons (``docs/carddata.md``, "Limits"), and the names of Scryfall's bulk files.

Plain values (and :class:`Deadline`, the one clock of ``--deadline``) without HTTP or msgspec imports, so the
command line can show them in its help without loading either; :mod:`~mtg_daynight.importer.fetch` and
:mod:`~mtg_daynight.importer.mtgjson` enforce them.
"""

from __future__ import annotations

import time

from mtg_daynight.importer.errors import DeadlineError

#: The bulk files the importer can read (``GET /bulk-data/{type}``), and the one it reads unless told.
BULK_TYPES = ("oracle_cards", "default_cards", "all_cards")
DEFAULT_BULK_TYPE = "default_cards"

#: Seconds: connect timeout, and stall timeout (fewer than STALL_BYTES in that time fails the attempt).
DEFAULT_TIMEOUT = 30.0
#: Seconds: the whole run (requests, transfers and waits between retries) ends by then.
DEFAULT_DEADLINE = 1800.0
#: Retries for the whole run, whatever failed (5xx, 429, a dropped or stalled transfer).
DEFAULT_RETRIES = 5
#: Seconds: the first backoff wait; each next one doubles (1, 2, 4, 8, 16 s for the default retries).
BACKOFF = 1.0
#: Seconds: the longest single wait a ``Retry-After`` header can ask for. A 5xx asking for more waits this long
#: (and says so); a 429 asking for more is refused ("try later").
MAX_RETRY_AFTER = 120.0
#: Seconds: all the waits between retries of one run together, whatever ``Retry-After`` says.
MAX_TOTAL_WAIT = 300.0
#: 429 answers waited for in one run (each also spends a retry).
MAX_429 = 3
#: A transfer that delivers fewer bytes than this within the stall timeout has stalled (a trickle counts).
STALL_BYTES = 1024
#: Largest bulk-data answer accepted (Scryfall's is about 1 KB).
MAX_BULK_OBJECT = 1 << 20
#: Largest bulk file accepted when the server announces no size (all_cards is about 0.4 GB gzipped).
MAX_FILE_SIZE = 4 << 30
MAX_REDIRECTS = 5


class Deadline:
    """The time bound of one run (``--deadline``), ``seconds`` from its start: :meth:`start`, else the first
    :meth:`remaining`. ``now``: the time on the caller's own clock (default :func:`time.monotonic`)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started: float | None = None

    def start(self, now: float | None = None) -> None:
        """Start the clock at ``now``, unless it has started already."""
        if self.started is None:
            self.started = time.monotonic() if now is None else now

    def remaining(self, phase: str, now: float | None = None) -> float:
        """Seconds left at ``now``; raises :class:`~mtg_daynight.importer.errors.DeadlineError` naming ``phase``
        (what the run was doing) when none are left."""
        now = time.monotonic() if now is None else now
        self.start(now)
        elapsed = now - (self.started or 0.0)
        if elapsed >= self.seconds:
            raise DeadlineError(
                f"gave up while {phase} after {elapsed:.1f} s: the update took longer than its {self.seconds:g} s "
                "deadline (--deadline); nothing was written"
            )
        return self.seconds - elapsed


# -- MTGJSON files (enforced by mtg_daynight.importer.mtgjson) ----------------------------------------------------

#: Bytes: the largest MTGJSON record accepted (one card or token face record, the ``meta`` object, or one of a
#: set's ``code``/``type``/``releaseDate``/``isOnlineOnly``), measured on the decompressed JSON to within the
#: parser's 64 KiB read buffer. A real face record, rulings and foreign names included, is under 20 KB.
MAX_RECORD_BYTES = 1 << 20
#: Card and token records in one MTGJSON set (records not kept cost time only). The largest real sets hold a
#: few thousand.
MAX_SET_RECORDS = 2_000_000
#: Bytes: the face records of one set kept until the set ends (those that may be day/night, mention or helper
#: cards, and the faces of multi-faced cards that may be their partners), measured as the JSON of the fields read.
#: A real set keeps well under 1 MiB.
MAX_SET_KEPT_BYTES = 32 << 20
#: Bytes: an MTGJSON file whose decompressed JSON is at most this is decoded whole (msgspec); a larger one
#: (AllPrintings) is read as a stream, one record at a time. The largest real set files are a few MB.
MAX_WHOLE_FILE_BYTES = 32 << 20
