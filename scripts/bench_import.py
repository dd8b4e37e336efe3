#!/usr/bin/env python3
"""Benchmark the bulk import, ``carddata update`` and start-up against their baselines, in one run (issue 12).

Generates a SYNTHETIC default_cards-scale file on demand into ``bench-data/`` (git-ignored; never commit it):
about 117,000 invented card objects in Scryfall's schema ("Synthetic ..." names, example.invalid URLs, random
ids), with 37 invented daybound/nightbound cards in a few printings each and one Day // Night helper object.
It is not real card data and is only good for timing.

The SYNTHETIC oracle texts are random words that include "becomes", "day" and "night", so about 2.4 % of the
objects say "becomes day" / "becomes night" and are kept as cards that mention day/night: far more than the
few dozen real cards, so the import here decodes and folds more candidate lines than a real file makes it.

Prints, in one run, every figure of issue 12's table that is about files and commands, each against its
baseline measured in the same run and in the same conditions:

* the import (this script; best of --reps, the variants taking turns in each round), against a bare ``igzip``
  read of the same file: the default import with all CPUs, the same pinned to one CPU
  (``os.sched_setaffinity``), the sequential, threaded, keyword-only and pure-Python (``re``) variants,
  decompression fed in chunks as a download feeds it, hashing alone; the scanning engines alone (GB/s); peak RSS
  of an import in a fresh subprocess; with ``--huge`` a ~2.9 GB file (concatenated gzip members of the 117k
  file, generated on demand) with its time ratio and peak RSS;
* ``carddata update`` from a server on 127.0.0.1 at 25 MB/s against a bare download, and the 304 update
  (``scripts/bench_update.py``, imported and run here: ``--small`` and ``--reps`` are passed on);
* the start-up of ``--help``, ``demo``, ``deck scan`` and a 304 update against ``python -c pass``
  (``scripts/bench_startup.py``, imported and run here).

The event rows are ``scripts/bench_hooks.py``'s. ``--cores N`` pins the whole run (children inherit it) to N CPUs:
``--cores 1`` gives the single-core figures of every section. The machine may be shared: the load average and
the CPUs left idle are printed before (and after) each section, and every import row says how many of this
process's CPUs other processes kept busy while it ran (clock ticks of /proc/stat: rough for a 0.2 s run); a
two-CPU row taken while another process held a CPU is a one-CPU figure. The ratios measured in one run are what
counts. ``fingerprint`` lines hash the import results, so that two versions of the importer can be compared on
the same files.

    python scripts/bench_import.py            # default_cards scale (~117k objects), update, start-up
    python scripts/bench_import.py --small    # quick: ~12k objects, fewer start-up rounds
    python scripts/bench_import.py --huge     # also the ~2.9 GB file (flat RSS, time ratio)
    python scripts/bench_import.py --cores 1  # the whole run pinned to one CPU
    python scripts/bench_import.py --skip-update --skip-startup   # the import rows only
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
from mtg_daynight.importer.gunzip import available_decompressors, iter_blocks  # noqa: E402

from mtg_daynight.importer.importer import READ_SIZE, ImportResult, import_file, usable_cpus  # noqa: E402
from mtg_daynight.importer.scanner import DEFAULT_NEEDLES, KEYWORD_NEEDLES, available_engines, make_finder  # noqa: E402
from mtg_daynight.importer.scryfall import CARD_DECODER  # noqa: E402

BENCH_DIR = ROOT / "bench-data"
#: Size of the --huge file, decompressed (issue 12: "2.9 GB file").
HUGE_BYTES = 2.9e9

WORDS = [
    "target",
    "creature",
    "player",
    "opponent",
    "you",
    "control",
    "each",
    "card",
    "draw",
    "discard",
    "graveyard",
    "battlefield",
    "hand",
    "library",
    "sacrifice",
    "exile",
    "return",
    "counter",
    "spell",
    "ability",
    "token",
    "damage",
    "deals",
    "gains",
    "life",
    "loses",
    "until",
    "end",
    "of",
    "turn",
    "whenever",
    "enters",
    "leaves",
    "attacks",
    "blocks",
    "dies",
    "becomes",
    "tapped",
    "untapped",
    "flying",
    "trample",
    "haste",
    "vigilance",
    "lifelink",
    "deathtouch",
    "reach",
    "menace",
    "first",
    "strike",
    "double",
    "may",
    "instead",
    "this",
    "that",
    "those",
    "with",
    "without",
    "power",
    "toughness",
    "+1/+1",
    "-1/-1",
    "mana",
    "cost",
    "costs",
    "less",
    "more",
    "add",
    "{G}",
    "{R}",
    "{W}",
    "{U}",
    "{B}",
    "{C}",
    "{1}",
    "{2}",
    "{T}",
    "artifact",
    "enchantment",
    "land",
    "instant",
    "sorcery",
    "planeswalker",
    "legendary",
    "basic",
    "search",
    "shuffle",
    "reveal",
    "top",
    "bottom",
    "any",
    "number",
    "of",
    "cards",
    "it",
    "day",
    "night",
    "becomes",
    "transform",
    "morning",
    "light",
    "shadow",
    "dawn",
    "dusk",
]
NAME_WORDS = [
    "Synthetic",
    "Ember",
    "Grove",
    "Wanderer",
    "Sentinel",
    "Shade",
    "Warden",
    "Storm",
    "Vault",
    "Hollow",
    "Crypt",
    "Glade",
    "Blade",
    "Oath",
    "Lantern",
    "Howler",
    "Stalker",
    "Spire",
    "Thicket",
    "Mire",
    "Beacon",
    "Herald",
    "Reaver",
    "Wisp",
    "Fang",
    "Bramble",
    "Ash",
    "Tide",
    "Cinder",
    "Veil",
    "Moor",
    "Day's",
    "Daylight",
    "Morning",
    "Evening",
    "Night's",
]
TYPES = [
    "Creature — Human Wizard",
    "Creature — Wolf",
    "Instant",
    "Sorcery",
    "Artifact",
    "Enchantment",
    "Legendary Creature — Vampire Noble",
    "Land",
    "Creature — Spirit",
    "Artifact — Equipment",
]
FORMATS = [
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
]
SETS = [f"s{i:02d}" for i in range(60)]


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _base(rng: random.Random, idx: int, name: str, oracle_id: str) -> dict[str, object]:
    cid = _uuid(rng)
    s = rng.choice(SETS)
    img = f"https://cards.example.invalid/synthetic/{cid}.jpg?{rng.randrange(10**10)}"
    return {
        "object": "card",
        "id": cid,
        "oracle_id": oracle_id,
        "synthetic": "SYNTHETIC BENCHMARK DATA, NOT A CARD",
        "multiverse_ids": [rng.randrange(10**6)],
        "mtgo_id": rng.randrange(10**5),
        "tcgplayer_id": rng.randrange(10**6),
        "cardmarket_id": rng.randrange(10**6),
        "name": name,
        "lang": "en",
        "released_at": f"20{rng.randrange(10, 26)}-0{rng.randrange(1, 10)}-1{rng.randrange(10)}",
        "uri": f"https://api.example.invalid/cards/{cid}",
        "scryfall_uri": f"https://example.invalid/card/{s}/{idx}",
        "layout": "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {
            k: img.replace(".jpg", f"-{k}.jpg") for k in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "mana_cost": "{2}{G}",
        "cmc": float(rng.randrange(8)),
        "type_line": rng.choice(TYPES),
        "oracle_text": _text(rng, rng.randrange(15, 90)),
        "power": str(rng.randrange(6)),
        "toughness": str(rng.randrange(1, 7)),
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": rng.sample(["Flying", "Trample", "Haste", "Ward"], rng.randrange(3)),
        "legalities": {f: rng.choice(["legal", "not_legal", "banned"]) for f in FORMATS},
        "games": ["paper", "mtgo"],
        "reserved": False,
        "game_changer": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": rng.random() < 0.5,
        "variation": False,
        "set_id": _uuid(rng),
        "set": s,
        "set_name": f"Synthetic Set {s}",
        "set_type": "expansion",
        "set_uri": f"https://api.example.invalid/sets/{s}",
        "set_search_uri": f"https://api.example.invalid/cards/search?q=e%3A{s}",
        "scryfall_set_uri": f"https://example.invalid/sets/{s}",
        "rulings_uri": f"https://api.example.invalid/cards/{cid}/rulings",
        "prints_search_uri": f"https://api.example.invalid/cards/search?order=released&q=oracleid%3A{oracle_id}",
        "collector_number": str(idx % 400),
        "digital": False,
        "rarity": rng.choice(["common", "uncommon", "rare"]),
        "flavor_text": _text(rng, rng.randrange(0, 30)),
        "card_back_id": _uuid(rng),
        "artist": "Synthetic Artist",
        "artist_ids": [_uuid(rng)],
        "illustration_id": _uuid(rng),
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "story_spotlight": False,
        "edhrec_rank": rng.randrange(30000),
        "penny_rank": rng.randrange(30000),
        "prices": {
            "usd": f"{rng.random() * 10:.2f}",
            "usd_foil": f"{rng.random() * 10:.2f}",
            "usd_etched": None,
            "eur": f"{rng.random() * 10:.2f}",
            "eur_foil": None,
            "tix": f"{rng.random():.2f}",
        },
        "related_uris": {
            "gatherer": f"https://gatherer.example.invalid/{idx}",
            "edhrec": f"https://edhrec.example.invalid/{idx}",
        },
        "purchase_uris": {
            "tcgplayer": f"https://shop.example.invalid/{idx}",
            "cardmarket": f"https://mkt.example.invalid/{idx}",
        },
    }


def synthetic_lines(n_cards: int, seed: int = 20261130) -> Iterator[bytes]:
    """Yield ``n_cards`` SYNTHETIC card objects as JSON Lines."""
    rng = random.Random(seed)
    n_oracles = max(1, n_cards // 3)
    oracle_ids = [_uuid(rng) for _ in range(n_oracles)]
    names = [" ".join(rng.sample(NAME_WORDS, 2)) + f" {i}" for i in range(n_oracles)]
    dn_every = max(1, n_cards // 150)
    dn_oracles = [_uuid(rng) for _ in range(37)]
    encoder = msgspec.json.Encoder()
    for i in range(n_cards):
        if i % dn_every == 7:
            k = (i // dn_every) % 37
            d = _base(rng, i, f"Synthetic Dawn {k} // Synthetic Dusk {k}", dn_oracles[k])
            d["layout"] = "transform"
            d["frame_effects"] = ["sunmoondfc"]
            d["keywords"] = ["Daybound", "Nightbound", "Trample"]
            for key in ("mana_cost", "oracle_text", "power", "toughness", "image_uris"):
                d.pop(key, None)
            d["card_faces"] = [
                {
                    "object": "card_face",
                    "name": f"Synthetic Dawn {k}",
                    "mana_cost": "{1}{G}",
                    "type_line": "Creature — Human Werewolf",
                    "oracle_text": "Trample\nDaybound (SYNTHETIC text.)",
                    "power": "2",
                    "toughness": "2",
                },
                {
                    "object": "card_face",
                    "name": f"Synthetic Dusk {k}",
                    "mana_cost": "",
                    "type_line": "Creature — Werewolf",
                    "oracle_text": "Trample\nNightbound (SYNTHETIC text.)",
                    "power": "4",
                    "toughness": "4",
                },
            ]
        elif i == 11:
            d = _base(rng, i, "Day // Night", _uuid(rng))
            d["layout"] = "double_faced_token"
            d["type_line"] = "Card // Card"
            d["card_faces"] = [
                {"object": "card_face", "name": "Day", "type_line": "Card", "oracle_text": "SYNTHETIC day face."},
                {"object": "card_face", "name": "Night", "type_line": "Card", "oracle_text": "SYNTHETIC night face."},
            ]
        else:
            j = rng.randrange(n_oracles)
            d = _base(rng, i, names[j], oracle_ids[j])
        yield encoder.encode(d) + b"\n"


def _gzip_writer(path: Path) -> object:
    try:
        from isal import igzip

        return igzip.open(path, "wb", compresslevel=3)
    except ImportError:
        import gzip

        return gzip.open(path, "wb", compresslevel=6)


def ensure_file(n_cards: int, directory: Path = BENCH_DIR) -> Path:
    """Generate (once) the synthetic file with ``n_cards`` objects; return its path."""
    directory.mkdir(exist_ok=True)
    path = directory / f"SYNTHETIC-default_cards-{n_cards}.jsonl.gz"
    if path.exists():
        return path
    tmp = path.with_suffix(".tmp")
    started = time.perf_counter()
    with _gzip_writer(tmp) as out:  # type: ignore[attr-defined]
        batch: list[bytes] = []
        for line in synthetic_lines(n_cards):
            batch.append(line)
            if len(batch) >= 2000:
                out.write(b"".join(batch))
                batch.clear()
        out.write(b"".join(batch))
    os.replace(tmp, path)
    print(f"generated {path.name} in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    return path


def ensure_huge(source: Path, copies: int) -> Path:
    """A file of ``copies`` concatenated gzip members of ``source`` (valid gzip; duplicate objects)."""
    path = source.with_name(source.name.replace(".jsonl.gz", f"-x{copies}.jsonl.gz"))
    if not path.exists():
        data = source.read_bytes()
        tmp = path.with_suffix(".tmp")
        with tmp.open("wb") as out:
            for _ in range(copies):
                out.write(data)
        os.replace(tmp, path)
    return path


def _chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb", buffering=0) as handle:
        while chunk := handle.read(READ_SIZE):
            yield chunk


def _lines(path: Path) -> Iterator[bytes]:
    carry = b""
    for block in iter_blocks(_chunks(path)):
        block = carry + block
        lines = block.split(b"\n")
        carry = lines.pop()
        yield from lines
    if carry:
        yield carry


def best_of(reps: int, fn: Callable[[], object]) -> tuple[float, object]:
    """Best wall time of ``reps`` runs, and the last result."""
    times = []
    result: object = None
    for _ in range(reps):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return min(times), result


def bare_igzip(path: Path) -> int:
    """The baseline: read the whole file through isal's ``igzip`` reader into one 4 MiB buffer, bytes dropped."""
    from isal import igzip

    buffer = bytearray(4 << 20)
    total = 0
    with igzip.open(path, "rb") as handle:
        while count := handle.readinto(buffer):
            total += count
    return total


def chunk_fed(path: Path, decompressor: str | None = None) -> int:
    """Decompression alone, fed 256 KiB chunks as a download feeds it (``iter_blocks``; isal's reader, or with
    another ``decompressor`` the decompressobj/max_length/unconsumed_tail loop)."""
    return sum(len(b) for b in iter_blocks(_chunks(path), block_size=1 << 20, decompressor=decompressor))


def sha256_file(path: Path) -> str:
    """Hashing alone (the import records the file's sha256)."""
    digest = hashlib.sha256()
    for chunk in _chunks(path):
        digest.update(chunk)
    return digest.hexdigest()


def fingerprint(result: ImportResult) -> str:
    """A hash of everything an import found (records and counts), to compare importer versions."""
    fields = (result.cards, result.helpers, result.mentions, result.format, result.candidate_lines)
    return hashlib.sha256(msgspec.json.encode(fields)).hexdigest()[:16]


def engine_speeds(path: Path, reps: int) -> list[tuple[str, float]]:
    """Seconds to find the default needles in every 4 MiB block of ``path`` with each engine available here
    (ours, and the alternatives we measured against when they are installed)."""
    from isal import igzip

    with igzip.open(path, "rb") as handle:
        blocks = list(iter(lambda: handle.read(4 << 20), b""))
    out = []
    for engine in available_engines():
        _, find = make_finder(DEFAULT_NEEDLES, engine)
        seconds, _ = best_of(reps, lambda find=find: sum(len(find(b, 0, len(b))) for b in blocks))
        out.append((engine, seconds))
    try:
        import ahocorasick_rs

        automaton = ahocorasick_rs.BytesAhoCorasick(list(DEFAULT_NEEDLES))
        seconds, _ = best_of(reps, lambda: sum(len(automaton.find_matches_as_indexes(b)) for b in blocks))
        out.append(("ahocorasick-rs (not a dependency)", seconds))
    except ImportError:
        pass
    try:
        import hyperscan

        database = hyperscan.Database()
        database.compile(expressions=list(DEFAULT_NEEDLES), ids=list(range(len(DEFAULT_NEEDLES))))
        hits: list[int] = []

        def scan() -> int:
            hits.clear()
            for b in blocks:
                database.scan(b, match_event_handler=lambda i, start, end, flags, ctx: hits.append(end))
            return len(hits)

        seconds, _ = best_of(reps, scan)
        out.append(("hyperscan (not a dependency)", seconds))
    except ImportError:
        pass
    return out


def _cpu_ticks(cpus: set[int] | None = None) -> tuple[int, int]:
    """(idle, total) clock ticks so far of the whole machine, or of the CPUs ``cpus`` (from /proc/stat: OSError,
    ValueError or IndexError where there is none)."""
    lines = Path("/proc/stat").read_text().splitlines()
    if cpus is None:
        rows = [lines[0]]
    else:
        wanted = {f"cpu{cpu}" for cpu in cpus}
        rows = [line for line in lines if line.split(maxsplit=1)[0] in wanted]
    fields = [[int(x) for x in row.split()[1:]] for row in rows]
    if not fields:
        raise ValueError("no such CPU in /proc/stat")
    return sum(f[3] + f[4] for f in fields), sum(sum(f) for f in fields)


def _idle_cpus(seconds: float = 1.0) -> float:
    """CPUs left idle by everything on the machine over ``seconds`` (from /proc/stat; nan where absent)."""
    try:
        idle0, total0 = _cpu_ticks()
        time.sleep(seconds)
        idle1, total1 = _cpu_ticks()
    except (OSError, ValueError, IndexError):
        return float("nan")
    return (os.cpu_count() or 1) * (idle1 - idle0) / max(1, total1 - total0)


def _own_cpus() -> set[int]:
    return set(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else set(range(os.cpu_count() or 1))


def timed(fn: Callable[[], object]) -> tuple[float, float, object]:
    """``(wall seconds, CPUs that other processes kept busy meanwhile, result)`` of one call of ``fn``.

    The busy CPUs are those this process may run on (/proc/stat), less this process's own CPU time over the
    wall time; nan without /proc/stat. Both are counted in clock ticks (10 ms), so the figure is rough for a run
    of 0.2 s and meaningless for a tiny file; it tells a two-core figure from one taken while another process
    held a core."""
    cpus = _own_cpus()
    try:
        before: tuple[int, int] | None = _cpu_ticks(cpus)
    except (OSError, ValueError, IndexError):
        before = None
    own0 = sum(os.times()[:2])
    started = time.perf_counter()
    result = fn()
    wall = time.perf_counter() - started
    own = (sum(os.times()[:2]) - own0) / wall
    if before is None:
        return wall, float("nan"), result
    idle1, total1 = _cpu_ticks(cpus)
    busy = len(cpus) * (1 - (idle1 - before[0]) / max(1, total1 - before[1]))
    return wall, max(0.0, busy - own), result


def machine_note(label: str) -> str:
    """One line on how busy the machine is (it is shared: read the ratios, not the seconds)."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return (
        f"{label}: load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs; "
        f"CPUs idle over the last second: {_idle_cpus():.2f}; CPUs this process may use: {usable_cpus()}"
    )


def _rss_child(code: str, *args: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    # VmHWM (kB) of the child itself: unlike ru_maxrss it does not inherit the parent's peak across exec
    return int(out.strip().splitlines()[-1]) / 1024


_HWM = "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')))"


def peak_rss_mb(path: Path) -> float:
    """Peak RSS (MB) of a fresh interpreter that imports ``path``."""
    return _rss_child(
        f"import sys; from mtg_daynight.importer.importer import import_file; r = import_file(sys.argv[1]); {_HWM}",
        str(path),
    )


def baseline_rss_mb() -> float:
    """Peak RSS (MB) of a fresh interpreter that only imports the importer (the floor)."""
    return _rss_child(f"import mtg_daynight.importer.importer, mtg_daynight.importer.update; {_HWM}")


class _Pinned:
    """Run a block of the benchmark on ``cores`` CPUs (threads started inside inherit the mask)."""

    def __init__(self, cores: int | None) -> None:
        self.cores = cores
        self.saved: set[int] | None = None

    def __enter__(self) -> _Pinned:
        if self.cores is not None:
            self.saved = os.sched_getaffinity(0)
            os.sched_setaffinity(0, sorted(self.saved)[: self.cores])
        return self

    def __exit__(self, *exc: object) -> None:
        if self.saved is not None:
            os.sched_setaffinity(0, self.saved)


def _row(label: str, run: Best, base: float, target: str = "") -> str:
    return (
        f"  {label:<52} {run.seconds:7.3f} s  {run.seconds / base:5.2f}x bare  (others busy: {run.others:4.2f} CPU)"
        f"{('   target ' + target) if target else ''}"
    )


class Best(NamedTuple):
    """The best run of a variant: its wall time, the CPUs other processes kept busy during it, its result."""

    seconds: float
    others: float
    result: object


def interleaved(reps: int, variants: dict[str, Callable[[], object]]) -> dict[str, Best]:
    """The best run of each variant, the variants taking turns in every round, so that a change in the machine's
    load during the run hits them all alike."""
    best: dict[str, Best] = {}
    for _ in range(reps):
        for label, fn in variants.items():
            run = Best(*timed(fn))
            if label not in best or run.seconds < best[label].seconds:
                best[label] = run
    return best


def measure_import(path: Path, reps: int, cores: int | None) -> tuple[list[str], float, ImportResult]:
    """The default import and its variants, each against the bare igzip read, on ``cores`` CPUs."""
    with _Pinned(cores):
        label = f"{usable_cpus()} CPU{'s' if usable_cpus() > 1 else ''}"
        lines = [machine_note(f"before the {label} run")]
        default = "threaded" if usable_cpus() > 1 else "sequential"
        variants: dict[str, Callable[[], object]] = {
            f"bare isal igzip read ({label}; the baseline)": lambda: bare_igzip(path),
            f"our import, default ({default})": lambda: import_file(path),
            "our import, forced sequential": lambda: import_file(path, threaded=False),
            "our import, forced threaded": lambda: import_file(path, threaded=True),
            "our import, keyword needles only (no mentions)": lambda: import_file(path, needles=KEYWORD_NEEDLES),
            "our import, pure-Python scanner (engine='re')": lambda: import_file(path, engine="re"),
            "decompression alone, fed chunks as a download is": lambda: chunk_fed(path),
            "sha256 of the compressed file alone": lambda: sha256_file(path),
        }
        times = interleaved(reps, variants)
        t_bare = times[next(iter(variants))].seconds
        target = "<= 1.15x" if usable_cpus() > 1 else "<= 1.6x"
        for name, run in times.items():
            lines.append(_row(name, run, t_bare, target if name.startswith("our import, default") else ""))
        lines.append(machine_note(f"after the {label} run"))
        ours = times[f"our import, default ({default})"]
        assert isinstance(ours.result, ImportResult)
        return lines, ours.seconds / t_bare, ours.result


def import_section(args: argparse.Namespace, path: Path, size: int) -> None:
    """The import rows (all CPUs and one, or ``--cores``), the engines alone, RSS, and ``--huge``."""
    runs = [args.cores] if args.cores else [None, 1]
    ratios = []
    result: ImportResult | None = None
    for cores in runs:
        lines, ratio, result = measure_import(path, args.reps, cores)
        ratios.append((cores, ratio))
        print("\n".join(lines))
        print()
    assert result is not None
    print("scanning engines alone, default needles over the decompressed 4 MiB blocks:")
    for engine, seconds in engine_speeds(path, args.reps):
        print(f"  {engine:<52} {seconds:7.3f} s  {size / seconds / 1e9:5.2f} GB/s")
    if not args.skip_json:
        t_msgspec, _ = best_of(1, lambda: sum(1 for line in _lines(path) if CARD_DECODER.decode(line)))
        t_json, _ = best_of(1, lambda: sum(1 for line in _lines(path) if json.loads(line)))
        print(f"  {'msgspec-decode every line into Card':<52} {t_msgspec:7.3f} s")
        print(f"  {'json.loads every line':<52} {t_json:7.3f} s")
    print()
    print(
        f"found: {len(result.cards)} day/night cards, {len(result.mentions)} that mention day/night, "
        f"{len(result.helpers)} helper, {result.printings} printings, {result.candidate_lines} candidate lines "
        f"decoded; scanner {result.scanner}, decompressor {result.decompressor}"
    )
    print(f"fingerprint {path.name}: {fingerprint(result)}")
    summary = ", ".join(f"{'all CPUs' if c is None else f'{c} CPU'} {r:.2f}x" for c, r in ratios)
    print(f"our import / bare igzip read: {summary} (targets: 2 CPUs <= 1.15x, 1 CPU <= 1.6x)")
    print()
    print(f"peak RSS, interpreter + importer modules only: {baseline_rss_mb():.0f} MB")
    print(f"peak RSS, import of this file: {peak_rss_mb(path):.0f} MB")
    if args.huge:
        copies = max(1, round(HUGE_BYTES / size))
        huge = ensure_huge(path, copies)
        with _Pinned(args.cores):
            print(machine_note("before the huge run"))
            huge_times = interleaved(args.reps, {"bare": lambda: bare_igzip(huge), "ours": lambda: import_file(huge)})
            print(machine_note("after the huge run"))
        huge_result = huge_times["ours"].result
        assert isinstance(huge_result, ImportResult)
        t_bare = huge_times["bare"].seconds
        print(_row(f"bare isal igzip read, {size * copies / 1e9:.1f} GB decompressed", huge_times["bare"], t_bare))
        print(_row("our import, default", huge_times["ours"], t_bare, "<= 1.2x"))
        print(f"fingerprint {huge.name}: {fingerprint(huge_result)}")
        rss = peak_rss_mb(huge)
        print(f"peak RSS, import of the {huge.stat().st_size / 1e6:.0f} MB gz file: {rss:.0f} MB (target <= 100 MB)")


def other_sections(args: argparse.Namespace) -> None:
    """The table's other rows about files and commands, by the scripts that measure them (imported, run here):
    ``carddata update`` against a bare download (scripts/bench_update.py) and the start-up of ``--help``,
    ``deck scan`` and a 304 update against ``python -c pass`` (scripts/bench_startup.py)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_startup
    import bench_update

    with _Pinned(args.cores):
        label = f"{usable_cpus()} CPU{'s' if usable_cpus() > 1 else ''}"
        if not args.skip_update:
            print(f"== carddata update, served at 25 MB/s on 127.0.0.1 (scripts/bench_update.py, {label})")
            print(machine_note("before"))
            bench_update.main([*(["--small"] if args.small else []), "--reps", str(args.reps)])
            print(machine_note("after"))
            print()
        if not args.skip_startup:
            print(f"== start-up (scripts/bench_startup.py, {label})")
            print(machine_note("before"))
            bench_startup.main(["--reps", str(5 if args.small else max(5, 7 * args.reps))])  # notes the cores free
            print()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", action="store_true", help="quick: ~12k objects instead of ~117k, fewer rounds")
    parser.add_argument("--cards", type=int, help="number of synthetic objects (overrides --small)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions; the best time is kept (default 3)")
    parser.add_argument("--huge", action="store_true", help="also the ~2.9 GB file: time ratio and peak RSS")
    parser.add_argument("--cores", type=int, help="pin the whole run to this many CPUs (default: all, then 1)")
    parser.add_argument("--skip-json", action="store_true", help="skip the slow decode-every-line baselines")
    parser.add_argument("--skip-update", action="store_true", help="skip the carddata update rows")
    parser.add_argument("--skip-startup", action="store_true", help="skip the start-up rows")
    parser.add_argument("--dir", type=Path, default=BENCH_DIR, help="where generated files go (default bench-data/)")
    args = parser.parse_args(argv)
    n_cards = args.cards or (12_000 if args.small else 117_000)
    path = ensure_file(n_cards, args.dir)
    print(f"file: {path} (SYNTHETIC), {path.stat().st_size / 1e6:.1f} MB gzipped")
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, decompressors: {', '.join(available_decompressors())}"
        f", scanning engines: {', '.join(available_engines())}"
    )
    size = bare_igzip(path)
    print(f"decompressed size: {size / 1e6:.1f} MB")
    print()
    print("== the import (this script)")
    import_section(args, path, size)
    print()
    other_sections(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
