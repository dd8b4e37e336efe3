"""Benchmark the card database: load time and lookup time, against baselines measured in the same run.

Generates a SYNTHETIC snapshot (invented names and ids, in the importer's format) in a temporary directory,
never committed, at several sizes: ``x1`` is about the real day/night snapshot's size (37 cards, each with
printings in 11 languages across 3 sets), ``x10`` and ``x100`` show how it scales.

Baselines: loading = decoding the same file with ``msgspec.json.decode`` into plain Python objects (no schema,
no index); lookup = one ``dict`` lookup of an already-normalised key. Usage::

    python scripts/bench_carddb.py [--scales 1,10,100] [--lookups 20000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

from mtg_daynight.catalog import DatabaseCache, load_database, name_key
from mtg_daynight.catalog.snapshot import (
    SNAPSHOT_FILE,
    CardRec,
    FaceRec,
    ManifestRec,
    PrintingRec,
    SnapshotFile,
    write_snapshot,
)

REAL_CARDS = 37
LANGS = ("en", "de", "fr", "it", "es", "pt", "ja", "ko", "ru", "zhs", "zht")
SETS = 3


def synthetic(cards: int) -> SnapshotFile:
    """A SYNTHETIC snapshot of ``cards`` invented day/night cards."""
    records = []
    for n in range(cards):
        printings = tuple(
            PrintingRec(
                id=f"synthetic-{n:06d}-{s}-{lang}", set=f"SY{s}", collector_number=str(n), lang=lang,
                face_printed_names=() if lang == "en" else (f"Synthétique {lang} {n:06d}", f"Nocturne {lang} {n:06d}"),
            )
            for s in range(SETS)
            for lang in LANGS
        )
        records.append(
            CardRec(
                name=f"Synthetic Dawnwalker {n:06d} // Synthetic Duskrunner {n:06d}",
                oracle_id=f"synthetic-oracle-{n:06d}",
                faces=(
                    FaceRec(name=f"Synthetic Dawnwalker {n:06d}", keywords=("Daybound",)),
                    FaceRec(name=f"Synthetic Duskrunner {n:06d}", keywords=("Nightbound",)),
                ),
                printings=printings,
            )
        )
    return SnapshotFile(manifest=ManifestRec(tool="SYNTHETIC benchmark data"), cards=tuple(records))


def best(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``action``, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def per_call(queries: list[str], action: Callable[[str], object], repeat: int) -> float:
    """Median seconds per call of ``action`` over ``queries``, ``repeat`` rounds."""
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for query in queries:
            action(query)
        rounds.append((time.perf_counter() - start) / len(queries))
    return statistics.median(rounds)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--lookups", type=int, default=20_000)
    args = parser.parse_args()
    print(f"{'scale':>6} {'cards':>6} {'printings':>9} {'file KB':>8} {'raw decode ms':>14} {'cold load ms':>13} "
          f"{'x raw':>6} {'cached load ms':>15}")
    for scale in (int(s) for s in args.scales.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            directory = Path(tmp)
            snapshot = synthetic(REAL_CARDS * scale)
            write_snapshot(directory / SNAPSHOT_FILE, snapshot)
            data = (directory / SNAPSHOT_FILE).read_bytes()
            raw = best(5, lambda data=data: msgspec.json.decode(data))
            cold = best(5, lambda d=directory: load_database(d, default_mods=False, cache=None))
            cache = DatabaseCache()
            load_database(directory, default_mods=False, cache=cache)
            warm = best(20, lambda d=directory, c=cache: load_database(d, default_mods=False, cache=c))
            printings = sum(len(c.printings) for c in snapshot.cards)
            print(f"{scale:>6} {len(snapshot.cards):>6} {printings:>9} {len(data) / 1024:>8.0f} {raw * 1e3:>14.2f} "
                  f"{cold * 1e3:>13.2f} {cold / raw:>6.1f} {warm * 1e3:>15.3f}")
            if scale == 1:
                db = load_database(directory, default_mods=False, cache=None)
                count = len(snapshot.cards)
                kinds = {
                    "face name": [f"synthetic dawnwalker {n % count:06d}" for n in range(args.lookups)],
                    "full name": [c.name.upper() for c in snapshot.cards],
                    "printed name": [f"Synthetique de {n % count:06d}" for n in range(args.lookups)],
                    "scryfall id": [f"synthetic-{n % count:06d}-1-fr" for n in range(args.lookups)],
                    "unknown": ["Lightning Bolt"] * 1000,
                }
                keys = [name_key(q) for q in kinds["face name"]]
                index = {k: True for k in keys}
                baseline = per_call(keys, index.get, 5)
                print(f"\nlookups (x1 snapshot, {len(db)} cards); baseline dict.get of a normalised key: "
                      f"{baseline * 1e9:.0f} ns")
                print(f"{'query':>14} {'ns/lookup':>10} {'x baseline':>11}")
                for kind, queries in kinds.items():
                    cost = per_call(queries, db.lookup, 5)
                    print(f"{kind:>14} {cost * 1e9:>10.0f} {cost / baseline:>11.1f}")
                typos = ["Synthetic Dawnwalkr 000007", "Tavern Rufian", "Lightning Bolt"] * 10
                suggest = per_call(typos, db.suggest, 3)
                print(f"{'suggest':>14} {suggest * 1e9:>10.0f} {suggest / baseline:>11.1f}   (difflib over "
                      f"{len(db._pool)} names)\n")


if __name__ == "__main__":
    main()
