"""What the start-up checks run commands against: a 60-card deck, FIXTURE card data, a 127.0.0.1 server that
answers "not modified". Shared by tests/cli/test_import_graph.py and scripts/bench_startup.py.

The card data is the HAND-WRITTEN FIXTURE snapshot of tests/catalog/catalog_fixture.py (real card names, invented
ids); for the update it gets a FIXTURE manifest that says it came from Scryfall's ``default_cards`` with the ETag
the server below answers 304 to, so ``carddata update`` stops after one request. The deck is a deck list (real
card names and counts), not card data.
"""

from __future__ import annotations

import importlib.util
import ssl
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import msgspec

from mtg_daynight import __version__
from mtg_daynight.importer.records import SourceInfo
from mtg_daynight.importer.snapshot import write_snapshot_atomic
from tests.loopback import loopback_server

_spec = importlib.util.spec_from_file_location(
    "catalog_fixture_for_startup", Path(__file__).parents[1] / "catalog" / "catalog_fixture.py"
)
assert _spec is not None and _spec.loader is not None
catalog_fixture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalog_fixture)

#: A 60-card Forge deck (plus a 15-card sideboard) of day/night cards and ordinary ones.
SIXTY_CARD_DECK = """\
[metadata]
Name=Gruul Werewolves (60)
[Main]
4 Tavern Ruffian // Tavern Smasher|MID|1
4 Reckless Stormseeker // Storm-Charged Slasher|MID|1
4 Kessig Naturalist // Lord of the Ulvenwald|MID
2 Tovolar, Dire Overlord // Tovolar, the Midnight Scourge|MID|1
2 Arlinn, the Pack's Hope // Arlinn, the Moon's Fury|MID|1
4 Outland Liberator // Frenzied Trapbreaker|MID|1
4 Brutal Cathar // Moonrage Brute|MID|1
4 Lightning Bolt|M11|1
2 Fire // Ice|MH2|1
4 Play with Fire|MID
4 Rockfall Vale|MID|1
4 Karplusan Forest|DMU|1
9 Mountain|MID|2
9 Forest|MID
[Sideboard]
3 Abrade|DMU
2 Unholy Heat|MH2|1
4 Duress|M21
3 Flame-Blessed Bolt|MID
3 Kessig Flamebreather|MID
"""

#: The ETag the server answers 304 to, and the one the update's snapshot records.
BULK_ETAG = 'W/"startup-fixture-bulk-1"'


def write_deck(directory: Path) -> Path:
    """Write :data:`SIXTY_CARD_DECK` into ``directory``; return its path."""
    path = directory / "gruul-werewolves-60.dck"
    path.write_text(SIXTY_CARD_DECK, encoding="utf-8")
    return path


def write_card_data(directory: Path) -> Path:
    """Write the FIXTURE snapshot into ``directory`` with the importer's writer, its manifest saying it came from
    Scryfall's ``default_cards`` with :data:`BULK_ETAG` (so an update asks "changed since?" and gets a 304)."""
    snapshot = catalog_fixture.fixture_snapshot()
    source = SourceInfo(kind="scryfall", bulk_type="default_cards", api_etag=BULK_ETAG, file_name="FIXTURE")
    manifest = msgspec.structs.replace(snapshot.manifest, tool_version=__version__, source=source)
    return write_snapshot_atomic(msgspec.structs.replace(snapshot, manifest=manifest), directory)


class _NotModified(BaseHTTPRequestHandler):
    """``GET /bulk-data/default_cards`` with ``If-None-Match: BULK_ETAG``: 304; anything else: 404."""

    def log_message(self, format: str, *args: object) -> None:  # keep output quiet
        pass

    def do_GET(self) -> None:
        if self.path == "/bulk-data/default_cards" and self.headers.get("If-None-Match") == BULK_ETAG:
            self.send_response(304)
            self.send_header("ETag", BULK_ETAG)
            self.end_headers()
            return
        self.send_error(404)


@contextmanager
def not_modified_server(tls: ssl.SSLContext | None = None) -> Iterator[str]:
    """A server on 127.0.0.1 (a free port) in a thread, https with ``tls``; yields its base URL (``--api-url``)."""
    with loopback_server(_NotModified, tls=tls) as url:
        yield url


def self_signed_certificate(directory: Path) -> tuple[Path, Path] | None:
    """A FIXTURE self-signed certificate for 127.0.0.1 and its key, made with the ``openssl`` command in
    ``directory``; None when there is no ``openssl`` (or it fails)."""
    cert, key = directory / "fixture-cert.pem", directory / "fixture-key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
               "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
    try:
        done = subprocess.run(command, capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (cert, key) if done.returncode == 0 and cert.is_file() else None
