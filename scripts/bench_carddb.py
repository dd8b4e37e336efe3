"""Benchmark the card database: load time and lookup time, against baselines measured in the same run.

Generates a SYNTHETIC snapshot (invented names, ids and texts) with the importer's own records and writer
(:mod:`mtg_daynight.importer.records`, :meth:`~mtg_daynight.importer.store.Store.write_snapshot`) in a temporary
directory, never committed, at several sizes: ``x1`` is about the real day/night snapshot's size (37 cards, each
with printings in 11 languages across 3 sets, faces with type lines and oracle text), ``x10`` and ``x100`` show
how it scales.

Loading columns (milliseconds, best of 5):

* ``raw``: ``msgspec.json.decode`` of the file into plain Python objects (no schema): the baseline;
* ``subset``: decoding only the fields the database needs into structs derived from the importer's records
  (what the catalog's former private reader did, kept here as a yardstick);
* ``load_snapshot``: the importer's full decode, which the catalog now uses;
* ``cold``: :func:`~mtg_daynight.catalog.load_database` without cache (read, decode, convert, index);
* ``cached``: the same call answered from the process cache.

Lookup baseline: one ``dict`` lookup of an already-normalised key. Usage::

    python scripts/bench_carddb.py [--scales 1,10,100] [--lookups 20000] [--write-doc]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec
from bench_report import printed, write_doc

from mtg_daynight.catalog import load_database
from mtg_daynight.catalog.load import DatabaseCache
from mtg_daynight.catalog.names import name_key
from mtg_daynight.importer.records import Counts, DayNightCard, Manifest, Printing, Snapshot, SnapshotFace, SourceInfo
from mtg_daynight.importer.snapshot import load_snapshot
from mtg_daynight.importer.store import Store

REAL_CARDS = 37
LANGS = ("en", "de", "fr", "it", "es", "pt", "ja", "ko", "ru", "zhs", "zht")
SETS = 3
TEXT = "Trample\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)"


def synthetic(cards: int) -> Snapshot:
    """A SYNTHETIC snapshot of ``cards`` invented day/night cards."""
    records = []
    for n in range(cards):
        front, back = f"Synthetic Dawnwalker {n:06d}", f"Synthetic Duskrunner {n:06d}"
        printings = tuple(
            Printing(
                id=f"synthetic-{n:06d}-{s}-{lang}", set=f"sy{s}", collector_number=str(n), lang=lang,
                face_printed_names=() if lang == "en" else (f"Synthétique {lang} {n:06d}", f"Nocturne {lang} {n:06d}"),
                released_at=f"202{s}-09-24", layout="transform", set_type="expansion", games=("paper", "mtgo"),
                frame_effects=("sunmoondfc",),
                image_uris=(f"https://img.invalid/{n}-{s}-{lang}-front.jpg", f"https://img.invalid/{n}-{s}-{lang}-back.jpg"),
            )
            for s in range(SETS)
            for lang in LANGS
        )
        records.append(
            DayNightCard(
                name=f"{front} // {back}",
                oracle_id=f"synthetic-oracle-{n:06d}",
                layout="transform",
                daybound_face=front,
                nightbound_face=back,
                faces=(
                    SnapshotFace(name=front, mana_cost="{2}{G}", type_line="Creature — Human Werewolf",
                                 oracle_text=TEXT, keywords=("Daybound", "Trample"), power="3", toughness="3",
                                 colors=("G",)),
                    SnapshotFace(name=back, type_line="Creature — Werewolf", oracle_text=TEXT.replace("Day", "Night"),
                                 keywords=("Nightbound", "Trample"), power="5", toughness="5", colors=("G",)),
                ),
                keywords=("Daybound", "Nightbound", "Trample"),
                printings=printings,
            )
        )
    manifest = Manifest(
        tool="SYNTHETIC benchmark data", source=SourceInfo(kind="file", file_name="SYNTHETIC"),
        counts=Counts(cards=cards, helpers=0, printings=cards * SETS * len(LANGS)),
    )
    return Snapshot(manifest=manifest, cards=tuple(records))


# -- the yardstick: a decode of only the fields the database needs ----------------------------------------------


def subset(record: type[msgspec.Struct], keep: dict[str, object]) -> type[msgspec.Struct]:
    """A struct with only the ``keep`` fields of the importer's ``record`` (types and defaults copied from it;
    a value in ``keep`` replaces the field's type, for nested subsets). msgspec skips the other fields."""
    fields: list[tuple[str, object] | tuple[str, object, object]] = []
    for field in msgspec.structs.fields(record):
        if field.name in keep:
            kind = keep[field.name] or field.type
            fields.append((field.name, kind) if field.required else (field.name, kind, field.default))
    return msgspec.defstruct(f"Subset{record.__name__}", fields)


_FACE = subset(SnapshotFace, {"name": None, "type_line": None, "keywords": None})
_PRINTING = subset(Printing, dict.fromkeys(("id", "set", "collector_number", "lang", "printed_name",
                                            "face_printed_names")))
_CARD = subset(DayNightCard, {"name": None, "oracle_id": None, "faces": tuple[_FACE, ...],
                              "printings": tuple[_PRINTING, ...], "digital": None, "playtest": None})
_SnapshotSubset = subset(Snapshot, {"cards": tuple[_CARD, ...], "helpers": tuple[_CARD, ...]})


_SUBSET = msgspec.json.Decoder(_SnapshotSubset)


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
    """Run the benchmark and print the figures (and write them into docs/performance.md with --write-doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--lookups", type=int, default=20_000)
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    with printed() as output:
        run(args.scales, args.lookups)
    if args.write_doc:
        write_doc("carddb", "The card database: load and lookups (`scripts/bench_carddb.py`)", output.getvalue())


def run(scales: str, lookups: int) -> None:
    """Measure at each of the comma-separated ``scales`` and print the figures."""
    print("load times in ms (best of 5); ratios: load_snapshot / subset, cold / raw")
    print(f"{'scale':>6} {'cards':>6} {'printings':>9} {'file KB':>8} {'raw':>8} {'subset':>8} {'load_snapshot':>14} "
          f"{'full/subset':>12} {'cold':>8} {'cold/raw':>9} {'cached':>8}")
    for scale in (int(s) for s in scales.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            directory = Path(tmp)
            snapshot = synthetic(REAL_CARDS * scale)
            path = Store(directory).write_snapshot(snapshot)
            data = path.read_bytes()
            raw = best(5, lambda data=data: msgspec.json.decode(data))
            subset = best(5, lambda data=data: _SUBSET.decode(data))
            full = best(5, lambda p=path: load_snapshot(p))
            cold = best(5, lambda d=directory: load_database(d, default_mods=False, cache=None))
            cache = DatabaseCache()
            load_database(directory, default_mods=False, cache=cache)
            warm = best(20, lambda d=directory, c=cache: load_database(d, default_mods=False, cache=c))
            printings = sum(len(c.printings) for c in snapshot.cards)
            print(f"{scale:>6} {len(snapshot.cards):>6} {printings:>9} {len(data) / 1024:>8.0f} {raw * 1e3:>8.2f} "
                  f"{subset * 1e3:>8.2f} {full * 1e3:>14.2f} {full / subset:>11.2f}x {cold * 1e3:>8.2f} "
                  f"{cold / raw:>8.1f}x {warm * 1e3:>8.3f}")
            if scale == 1:
                db = load_database(directory, default_mods=False, cache=None)
                count = len(snapshot.cards)
                kinds = {
                    "face name": [f"synthetic dawnwalker {n % count:06d}" for n in range(lookups)],
                    "full name": [c.name.upper() for c in snapshot.cards],
                    "printed name": [f"Synthetique de {n % count:06d}" for n in range(lookups)],
                    "scryfall id": [f"synthetic-{n % count:06d}-1-fr" for n in range(lookups)],
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
