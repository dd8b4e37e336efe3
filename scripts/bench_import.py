#!/usr/bin/env python3
"""Benchmark the bulk import against bare decompression (issue 6, "Speed and memory").

Generates a SYNTHETIC default_cards-scale file on demand into ``bench-data/`` (git-ignored; never commit it):
about 117,000 invented card objects in Scryfall's schema ("Synthetic ..." names, example.invalid URLs, random
ids), with 37 invented daybound/nightbound cards in a few printings each and one Day // Night helper object.
It is not real card data and is only good for timing.

The SYNTHETIC oracle texts are random words that include "becomes", "day" and "night", so about 2.4 % of the
objects say "becomes day" / "becomes night" and are kept as cards that mention day/night: far more than the
few dozen real cards, so the import here decodes and folds more candidate lines than a real file makes it.

Then prints, measured in the same run (best of --reps): our import (and with the keyword needles only, as
before cards that mention day/night were collected); bare decompression of the same file with
the same decompressor; the standard library's zlib; ``json.loads`` of every line; msgspec decoding every line
into our Card struct; the ratios; and peak RSS of an import measured in a fresh subprocess.

    python scripts/bench_import.py            # default_cards scale (~117k objects)
    python scripts/bench_import.py --small    # ~12k objects, quick
    python scripts/bench_import.py --huge     # also a ~5x file (concatenated gzip members) for flat-RSS checks
"""

from __future__ import annotations

import argparse
import json
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

import msgspec  # noqa: E402

from mtg_daynight.importer.gunzip import available_decompressors, iter_blocks  # noqa: E402
from mtg_daynight.importer.importer import READ_SIZE, import_file  # noqa: E402
from mtg_daynight.importer.scanner import KEYWORD_NEEDLES  # noqa: E402
from mtg_daynight.importer.scryfall import CARD_DECODER  # noqa: E402

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


def ensure_file(n_cards: int) -> Path:
    """Generate (once) the synthetic file with ``n_cards`` objects; return its path."""
    BENCH_DIR.mkdir(exist_ok=True)
    path = BENCH_DIR / f"SYNTHETIC-default_cards-{n_cards}.jsonl.gz"
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
    print(f"generated {path.name} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return path


def ensure_huge(source: Path, copies: int = 5) -> Path:
    """A ~5x file made of concatenated gzip members of ``source`` (valid gzip; duplicate objects)."""
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


def _lines(path: Path, decompressor: str | None = None) -> Iterator[bytes]:
    carry = b""
    for block in iter_blocks(_chunks(path), decompressor=decompressor):
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


def bare(path: Path, decompressor: str | None = None) -> int:
    """Decompress the whole file and throw the bytes away (what any importer must at least do)."""
    return sum(len(b) for b in iter_blocks(_chunks(path), decompressor=decompressor))


def peak_rss_mb(path: Path) -> float:
    """Peak RSS (MB) of a fresh interpreter that imports ``path``."""
    code = (
        "import sys; from mtg_daynight.importer.importer import import_file; "
        "r = import_file(sys.argv[1]); "
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    # VmHWM (kB) of the child itself: unlike ru_maxrss it does not inherit the parent's peak across exec
    return int(out.strip()) / 1024


def baseline_rss_mb() -> float:
    """Peak RSS (MB) of a fresh interpreter that only imports the importer (the floor)."""
    code = (
        "import mtg_daynight.importer.importer, mtg_daynight.importer.update; "
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return int(out.strip()) / 1024


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", action="store_true", help="~12k objects instead of ~117k")
    parser.add_argument("--cards", type=int, help="number of synthetic objects (overrides --small)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions; the best time is kept (default 3)")
    parser.add_argument("--huge", action="store_true", help="also measure RSS on a ~5x file")
    parser.add_argument("--skip-json", action="store_true", help="skip the slow json.loads-per-line baseline")
    args = parser.parse_args(argv)
    n_cards = args.cards or (12_000 if args.small else 117_000)
    path = ensure_file(n_cards)
    decompressors = available_decompressors()
    ours = decompressors[0]
    print(f"file: {path.relative_to(ROOT)} (SYNTHETIC), {path.stat().st_size / 1e6:.1f} MB gzipped")
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, decompressors available: {', '.join(decompressors)}"
    )

    t_bare, size = best_of(args.reps, lambda: bare(path))
    print(f"decompressed size: {int(size) / 1e6:.1f} MB")  # type: ignore[call-overload]
    t_auto, result = best_of(args.reps, lambda: import_file(path))
    t_thr, _ = best_of(args.reps, lambda: import_file(path, threaded=True))
    t_kw, kw_result = best_of(args.reps, lambda: import_file(path, needles=KEYWORD_NEEDLES))
    t_std, _ = best_of(args.reps, lambda: bare(path, "zlib"))
    t_msgspec, n_lines = best_of(1, lambda: sum(1 for line in _lines(path) if CARD_DECODER.decode(line)))
    rows = [
        ("our import (default: sequential)", t_auto),
        ("our import, decompression in a thread", t_thr),
        ("our import, keyword needles only (no mentions)", t_kw),
        (f"bare decompression ({ours})", t_bare),
        ("bare decompression (stdlib zlib)", t_std),
        ("msgspec-decode every line into Card", t_msgspec),
    ]
    if not args.skip_json:
        t_json, _ = best_of(1, lambda: sum(1 for line in _lines(path) if json.loads(line)))
        rows.append(("json.loads every line", t_json))
    width = max(len(r[0]) for r in rows)
    print()
    for label, seconds in rows:
        print(f"  {label:<{width}}  {seconds:7.3f} s   {seconds / t_bare:5.2f}x bare")
    found = result
    print()
    print(
        f"found: {len(found.cards)} day/night cards, {len(found.mentions)} that mention day/night, "  # type: ignore[attr-defined]
        f"{len(found.helpers)} helper, {found.printings} printings, "  # type: ignore[attr-defined]
        f"{found.candidate_lines} candidate lines decoded of {n_lines} objects "  # type: ignore[attr-defined]
        f"(keyword needles only: {kw_result.candidate_lines})"  # type: ignore[attr-defined]
    )
    print(f"{ours} vs stdlib zlib: {t_std / t_bare:.2f}x faster decompression")
    print(
        f"our import / bare decompression: {t_auto / t_bare:.2f}x ("
        f"threaded {t_thr / t_bare:.2f}x; keyword needles only {t_kw / t_bare:.2f}x; target 1.5x, stretch 1.15x)"
    )
    print()
    print(f"peak RSS, interpreter + importer modules only: {baseline_rss_mb():.0f} MB")
    print(f"peak RSS, import of this file: {peak_rss_mb(path):.0f} MB")
    if args.huge:
        huge = ensure_huge(path)
        t_huge, _ = best_of(1, lambda: import_file(huge))
        print(
            f"peak RSS, import of a {huge.stat().st_size / 1e6:.0f} MB gz file "
            f"({int(size) * 5 / 1e9:.1f} GB decompressed): {peak_rss_mb(huge):.0f} MB ({t_huge:.2f} s)"
        )  # type: ignore[call-overload]
    return 0


if __name__ == "__main__":
    sys.exit(main())
