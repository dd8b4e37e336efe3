#!/usr/bin/env python3
"""Benchmark the bulk import of a file on one core against a bare decompressing read of the same file.

Generates a SYNTHETIC default_cards-scale file on demand into ``bench-data/`` (git-ignored; never commit it):
about 117,000 invented card objects in Scryfall's schema ("Synthetic ..." names, example.invalid URLs, random
ids), with 37 invented daybound/nightbound cards in a few printings each and one Day // Night helper object.
It is not real card data and is only good for timing.

The SYNTHETIC oracle texts are random words that include "becomes", "day" and "night", so about 2.4 % of the
objects say "becomes day" / "becomes night" and are kept as cards that mention day/night: far more than the
few dozen real cards, so the import here decodes and folds more candidate lines than a real file makes it.

Prints, measured in the same run on one CPU (``os.sched_setaffinity``; best of --reps, the two taking turns):

* the baseline: a bare read of the file through ``isal.igzip`` (``gzip`` where isal is not installed);
* ``import_file`` of the same file (read, hash, decompress, scan, decode and fold), and the ratio (target
  <= 2.5x: what the plain scan, one search per needle, meets with room);
* a file of 256 MiB of blank lines between two cards (target <= 10x its bare read: a run of blank lines costs a
  strip per block, linear, never a Python step per line);
* the peak RSS of an import in a fresh interpreter (target <= 100 MB), and of one that only loads the importer.

``--write-doc`` writes the figures into docs/performance.md (section ``import``). The machine may be shared: the
ratios measured in one run are what counts.

    python scripts/bench_import.py            # default_cards scale (~117k objects)
    python scripts/bench_import.py --small    # quick: ~12k objects
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import msgspec  # noqa: E402
from performance_doc import write_section  # noqa: E402

from mtg_daynight.importer.bulk import import_file  # noqa: E402

try:
    from isal import igzip as reader
except ImportError:  # pragma: no cover - the baseline is then the standard library's gzip
    reader = gzip  # type: ignore[no-redef]

BENCH_DIR = ROOT / "bench-data"


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


def ensure_blank_file(mib: int, directory: Path = BENCH_DIR) -> Path:
    """Generate (once) a file of ``mib`` MiB of newlines between two synthetic card lines; return its path."""
    directory.mkdir(exist_ok=True)
    path = directory / f"SYNTHETIC-blank-lines-{mib}MiB.jsonl.gz"
    if path.exists():
        return path
    first, last = (line for line, _ in zip(synthetic_lines(2), range(2), strict=False))
    tmp = path.with_suffix(".tmp")
    with _gzip_writer(tmp) as out:  # type: ignore[attr-defined]
        out.write(first)
        blank = b"\n" * (1 << 20)
        for _ in range(mib):
            out.write(blank)
        out.write(last)
    os.replace(tmp, path)
    return path


def bare_read(path: Path) -> int:
    """The baseline: read the whole file through the gzip reader into one 4 MiB buffer, bytes dropped."""
    buffer = bytearray(4 << 20)
    total = 0
    with reader.open(path, "rb") as handle:
        while count := handle.readinto(buffer):
            total += count
    return total


def interleaved(reps: int, variants: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Best wall time of each variant over ``reps`` rounds, the variants taking turns in each round."""
    best = dict.fromkeys(variants, float("inf"))
    for _ in range(reps):
        for label, run in variants.items():
            started = time.perf_counter()
            run()
            best[label] = min(best[label], time.perf_counter() - started)
    return best


_HWM = "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')))"


def _rss_child(code: str, *args: str) -> float:
    """Peak RSS (MB) of a fresh interpreter running ``code`` (VmHWM: not the parent's peak, unlike ru_maxrss)."""
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return int(out.strip().splitlines()[-1]) / 1024


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (``argv``: the options, default the command line's)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", action="store_true", help="quick: ~12k objects instead of ~117k")
    parser.add_argument("--cards", type=int, help="number of synthetic objects (overrides --small)")
    parser.add_argument("--reps", type=int, default=5, help="rounds; the best time is kept (default 5)")
    parser.add_argument("--dir", type=Path, default=BENCH_DIR, help="where generated files go (default bench-data/)")
    parser.add_argument(
        "--blank-mib", type=int, help="MiB of newlines in the blank-lines file (default 256; 32 with --small)"
    )
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args(argv)
    cards = args.cards or (12_000 if args.small else 117_000)
    path = ensure_file(cards, args.dir)
    blank_mib = args.blank_mib or (32 if args.small else 256)
    blank = ensure_blank_file(blank_mib, args.dir)
    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, sorted(saved)[:1])  # one core (the children started below inherit it)
    try:
        load = os.getloadavg()[0]
        result = import_file(path)
        times = interleaved(
            args.reps,
            {
                "bare": lambda: bare_read(path),
                "import": lambda: import_file(path),
                "blank bare": lambda: bare_read(blank),
                "blank import": lambda: import_file(blank),
            },
        )
        rss = _rss_child(
            f"import sys; from mtg_daynight.importer.bulk import import_file; import_file(sys.argv[1]); {_HWM}",
            str(path),
        )
        floor = _rss_child(f"import mtg_daynight.importer.bulk, mtg_daynight.importer.update; {_HWM}")
    finally:
        os.sched_setaffinity(0, saved)
    base = times["bare"]
    lines = [
        f"- file: {path.name} ({cards} synthetic objects), {path.stat().st_size / 1e6:.1f} MB gzipped, "
        f"{result.decompressed_bytes / 1e6:.1f} MB decompressed; one CPU; load average {load:.2f} on "
        f"{os.cpu_count()} CPUs (shared machine: compare the ratios)",
        f"- found: {len(result.cards)} day/night cards, {len(result.mentions)} mentions, {len(result.helpers)} helper; "
        f"decompressor {result.decompressor}",
        "",
        "| what | best s | x bare read | target |",
        "|---|---:|---:|---|",
        f"| bare `{reader.__name__}` read of the file (the baseline) | {base:.3f} | 1.00x | |",
        f"| `import_file` | {times['import']:.3f} | {times['import'] / base:.2f}x | <= 2.5x |",
        "",
        f"- blank lines: {blank.name}, {blank_mib} MiB of newlines between two card lines, "
        f"{blank.stat().st_size / 1e6:.2f} MB gzipped",
        "",
        "| what | best s | x bare read | target |",
        "|---|---:|---:|---|",
        f"| bare read of the blank-lines file (the baseline) | {times['blank bare']:.3f} | 1.00x | |",
        f"| `import_file` of the blank-lines file | {times['blank import']:.3f} | "
        f"{times['blank import'] / times['blank bare']:.2f}x | <= 10x |",
        "",
        f"- peak RSS, import of this file in a fresh interpreter: {rss:.0f} MB (target <= 100 MB); "
        f"loading the importer alone: {floor:.0f} MB",
    ]
    print("\n".join(lines))
    if args.write_doc:
        command_line = "python scripts/bench_import.py " + " ".join(argv if argv is not None else sys.argv[1:])
        write_section("import", "\n".join(["## Import of a bulk file vs a bare read", "", f"`{command_line.strip()}`",
                                            "", *lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
