"""The bounds of an update against a slow, broken or hostile server (``docs/carddata.md``, "Limits").

Plain numbers with no imports, so the command line can show them in its help without loading HTTP;
:mod:`~mtg_daynight.importer.download` enforces them.
"""

from __future__ import annotations

#: Seconds: connect timeout, and stall timeout (fewer than STALL_BYTES in that time fails the attempt).
DEFAULT_TIMEOUT = 30.0
#: Seconds: the whole run (requests, transfers and waits between retries) ends by then.
DEFAULT_DEADLINE = 1800.0
#: Retries for the whole run, whatever failed (5xx, 429, a dropped or stalled transfer).
DEFAULT_RETRIES = 5
#: A transfer that delivers fewer bytes than this within the stall timeout has stalled (a trickle counts).
STALL_BYTES = 1024
#: Largest bulk-data answer accepted (Scryfall's is about 1 KB).
MAX_BULK_OBJECT = 1 << 20
#: Largest bulk file accepted when the server announces no size (all_cards is about 0.4 GB gzipped).
MAX_FILE_SIZE = 4 << 30
MAX_REDIRECTS = 5
