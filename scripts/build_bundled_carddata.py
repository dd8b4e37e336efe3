#!/usr/bin/env python3
"""Rebuild the snapshot bundled in the package (``mtg_daynight/data/daynight-cards.json``) from its sources.

The sources are the four unmodified MTGJSON set files (MID, VOW, PMID, PVOW; build 5.2.0+20220425) in
``../shared/carddata-sources/mtgjson-5.2.0-20220425/`` next to the repository (``$MTG_DAYNIGHT_SHARED`` names
the ``shared`` directory elsewhere). Their sha256 are checked against the ``SHA256SUMS`` beside them first; then
they are imported exactly as ``mtg-daynight carddata update --from-file ...`` imports them, and the snapshot is
written with an empty ``imported_at`` so the same sources always give the same bytes. Never edit the bundled
file by hand: run this.

    python scripts/build_bundled_carddata.py            # rebuild and write it
    python scripts/build_bundled_carddata.py --check    # exit 1 if the committed file differs from a rebuild

Exit status: 0 done (or, with --check, identical), 1 the committed file differs (--check), 2 an error (sources
missing or not matching SHA256SUMS, an import error).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import msgspec  # noqa: E402

from mtg_daynight.errors import DayNightError  # noqa: E402
from mtg_daynight.importer.local import import_local_files  # noqa: E402
from mtg_daynight.importer.snapshot import encode_snapshot  # noqa: E402
from mtg_daynight.importer.store import Store, bundled_snapshot  # noqa: E402
from mtg_daynight.importer.update import build_snapshot  # noqa: E402

SHARED_ENV = "MTG_DAYNIGHT_SHARED"
SOURCE_SUBDIR = Path("carddata-sources") / "mtgjson-5.2.0-20220425"
#: The set files, in the order they are imported (the result does not depend on it).
SOURCE_FILES = ("MID.json", "VOW.json", "PMID.json", "PVOW.json")


class SourcesError(DayNightError):
    """The sources are missing or do not match their SHA256SUMS."""


def sources_dir() -> Path:
    """Where the MTGJSON set files are: ``$MTG_DAYNIGHT_SHARED/carddata-sources/...``, else ``../shared/...``."""
    shared = os.environ.get(SHARED_ENV)
    base = Path(shared).expanduser() if shared else ROOT.parent / "shared"
    return base / SOURCE_SUBDIR


def verify_sources(directory: Path) -> list[Path]:
    """The source files, each checked against ``SHA256SUMS``; raises :class:`SourcesError` otherwise."""
    sums_file = directory / "SHA256SUMS"
    try:
        lines = sums_file.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise SourcesError(f"{sums_file}: cannot read: {error.strerror or error}") from None
    expected = {}
    for line in lines:
        digest, _, name = line.strip().partition("  ")
        if digest and name:
            expected[name] = digest
    paths = []
    for name in SOURCE_FILES:
        path = directory / name
        if name not in expected:
            raise SourcesError(f"{sums_file}: no sha256 for {name}")
        try:
            actual = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as error:
            raise SourcesError(f"{path}: cannot read: {error.strerror or error}") from None
        if actual != expected[name]:
            raise SourcesError(f"{path}: sha256 {actual} does not match SHA256SUMS ({expected[name]})")
        paths.append(path)
    return paths


def build(directory: Path) -> bytes:
    """The bundled snapshot's bytes, imported from the verified sources in ``directory``."""
    result, source = import_local_files(verify_sources(directory))
    snapshot = build_snapshot(result, source)
    snapshot = msgspec.structs.replace(snapshot, manifest=msgspec.structs.replace(snapshot.manifest, imported_at=""))
    return encode_snapshot(snapshot)


def main(argv: list[str] | None = None) -> int:
    """Rebuild (or --check) the bundled snapshot; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare a rebuild with the committed file, write nothing")
    parser.add_argument("--sources", metavar="DIR", help="directory of the MTGJSON set files (default: see above)")
    args = parser.parse_args(argv)
    directory = Path(args.sources) if args.sources else sources_dir()
    target = bundled_snapshot()
    try:
        data = build(directory)
    except DayNightError as error:
        print(f"build_bundled_carddata: error: {error}", file=sys.stderr)
        return 2
    if args.check:
        same = target.is_file() and target.read_bytes() == data
        print(f"{target}: {'identical to a rebuild' if same else 'DIFFERS from a rebuild; run this script'}")
        return 0 if same else 1
    from mtg_daynight.importer.snapshot import decode_snapshot

    Store(target.parent).write_snapshot(decode_snapshot(data, name=str(target)))
    counts = decode_snapshot(data).manifest.counts
    print(
        f"{target}: {counts.cards} day/night cards ({counts.printings} printings), {counts.mentions} that mention "
        f"day/night, {counts.reads} that read day/night, {counts.helpers} helper card(s), {len(data)} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
