#!/usr/bin/env python3
"""Benchmark the MTGJSON reader against ``json.load`` of the same files: wall time and peak RSS.

Every measurement runs in a fresh subprocess (peak RSS is that process's ``ru_maxrss``), best of ``--reps`` for
time; a baseline process that only imports the same modules is measured in the same run, and the figures are
printed with ratios against ``json.load``. The machine may be shared and loaded: compare ratios, not seconds.

Inputs:

* the four real MTGJSON set files (MID, VOW, PMID, PVOW) of ``../shared/carddata-sources/`` (or
  ``$MTG_DAYNIGHT_SHARED``), imported together as ``carddata update --from-file ...`` does;
* with ``--big``: an AllPrintings-shaped file GENERATED on demand into ``bench-data/`` (git-ignored; never commit
  it): ``{"meta", "data": {CODE: set, ...}}`` whose sets are the four real set objects, byte for byte, repeated
  under SYNTHETIC set codes (``MID-0001``, ...) until the file reaches ``--size-mb`` (default 1200 MB, the size
  of a real AllPrintings.json). Its ``meta.version`` says it is synthetic. Its cards are real cards repeated, so
  the import must find exactly what the four files give (checked). ``json.load`` of it runs under an address-space
  limit (``--json-limit-gb``, default 10) so that it fails with MemoryError instead of exhausting a shared machine.

``--write-doc`` writes the printed figures into docs/performance.md (section ``mtgjson``).

    python scripts/bench_mtgjson.py                 # the four set files
    python scripts/bench_mtgjson.py --big           # and the generated AllPrintings-sized file
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DIR = ROOT / "bench-data"
BIG_NAME = "AllPrintings-SYNTHETIC.json"
SETS = ("MID", "VOW", "PMID", "PVOW")

# The child programs: each prints one JSON line {"seconds", "peak_rss_kb", ...}.
_CHILD_PRELUDE = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
import ijson, msgspec
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import read_mtgjson
paths = {paths!r}
"""
_CHILDREN = {
    "baseline": "t = time.perf_counter(); extra = {{}}",
    "import": (
        "t = time.perf_counter()\n"
        "folder = Folder()\n"
        "for p in paths: read_mtgjson(p, folder)\n"
        "built = folder.build()\n"
        "extra = {{'cards': len(built.cards), 'mentions': len(built.mentions), 'helpers': len(built.helpers), "
        "'printings': sum(len(c.printings) for c in built.cards)}}"
    ),
    "json.load": (
        "{limit}"
        "t = time.perf_counter()\n"
        "try:\n"
        "    for p in paths:\n"
        "        with open(p, 'rb') as f: data = json.load(f)\n"
        "        del data\n"
        "    extra = {{}}\n"
        "except MemoryError:\n"
        "    extra = {{'memory_error': True}}"
    ),
}
_CHILD_END = """
seconds = time.perf_counter() - t
print(json.dumps({{"seconds": seconds, "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, **extra}}))
"""


def _run(kind: str, paths: list[Path], limit_gb: float | None = None) -> dict[str, object]:
    limit = ""
    if limit_gb is not None:
        limit = f"resource.setrlimit(resource.RLIMIT_AS, ({int(limit_gb * (1 << 30))}, resource.RLIM_INFINITY))\n"
    code = (
        _CHILD_PRELUDE.format(root=str(ROOT), paths=[str(p) for p in paths])
        + _CHILDREN[kind].format(limit=limit)
        + _CHILD_END.format()
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {"failed": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"}
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _best(kind: str, paths: list[Path], reps: int, limit_gb: float | None = None) -> dict[str, object]:
    runs = [_run(kind, paths, limit_gb) for _ in range(reps)]
    good = [r for r in runs if "failed" not in r and not r.get("memory_error")]
    if not good:
        return runs[0]
    best = min(good, key=lambda r: float(r["seconds"]))  # type: ignore[arg-type]
    best["peak_rss_kb"] = max(int(r["peak_rss_kb"]) for r in good)  # type: ignore[call-overload]
    return best


def _mb(n_bytes: float) -> str:
    return f"{n_bytes / 1e6:,.1f} MB"


def _report(title: str, paths: list[Path], reps: int, limit_gb: float | None = None) -> dict[str, object]:
    size = sum(p.stat().st_size for p in paths)
    print(f"\n{title}: {len(paths)} file(s), {_mb(size)}; best of {reps} (peak RSS: highest of the runs)")
    base = _best("baseline", paths, 1)
    ours = _best("import", paths, reps)
    theirs = _best("json.load", paths, 1 if limit_gb else reps, limit_gb)
    print(f"  {'what':<34} {'seconds':>9} {'peak RSS':>12} {'RSS above baseline':>20}")
    base_kb = int(base["peak_rss_kb"])  # type: ignore[call-overload]
    for label, row in (("baseline (imports only)", base), ("our import (read_mtgjson)", ours), ("json.load", theirs)):
        if "failed" in row or row.get("memory_error"):
            why = "MemoryError" if row.get("memory_error") else row.get("failed")
            limit = f" under a {limit_gb:g} GiB address-space limit" if limit_gb else ""
            print(f"  {label:<34} failed: {why}{limit}")
            continue
        kb = int(row["peak_rss_kb"])  # type: ignore[call-overload]
        print(f"  {label:<34} {float(row['seconds']):>9.3f} {kb / 1024:>9.1f} MiB {(kb - base_kb) / 1024:>15.1f} MiB")  # type: ignore[arg-type]
    if "failed" not in theirs and not theirs.get("memory_error") and "failed" not in ours:
        t_ratio = float(ours["seconds"]) / float(theirs["seconds"])  # type: ignore[arg-type]
        rss_ours = int(ours["peak_rss_kb"]) - base_kb  # type: ignore[call-overload]
        rss_theirs = int(theirs["peak_rss_kb"]) - base_kb  # type: ignore[call-overload]
        print(
            f"  ratios: time ours/json.load = {t_ratio:.2f}; RSS above baseline ours/json.load = "
            f"{rss_ours / max(rss_theirs, 1):.3f}"
        )
    print(f"  found: {', '.join(f'{k} {v}' for k, v in ours.items() if k not in ('seconds', 'peak_rss_kb'))}")
    return ours


def _set_bytes(path: Path) -> bytes:
    """The raw bytes of a set file's ``data`` object (``{"meta": ..., "data": {...}}``)."""
    raw = path.read_bytes()
    start = raw.index(b'"data":') + len(b'"data":')
    end = raw.rindex(b"}")
    return raw[start:end].strip()


def generate_big(sources: list[Path], size_mb: int) -> Path:
    """Write the SYNTHETIC AllPrintings-shaped file (see the module docstring); return its path."""
    BENCH_DIR.mkdir(exist_ok=True)
    target = BENCH_DIR / BIG_NAME
    blobs = [(code, _set_bytes(p)) for code, p in zip(SETS, sources, strict=True)]
    per_round = sum(len(b) for _, b in blobs)
    rounds = max(1, (size_mb * 1_000_000) // per_round)
    if target.is_file() and abs(target.stat().st_size - rounds * per_round) < per_round * 2:
        print(f"reusing {target} ({_mb(target.stat().st_size)})")
        return target
    meta = {
        "date": "2022-04-25",
        "version": f"SYNTHETIC: the 4 real MTGJSON 5.2.0+20220425 set files repeated {rounds} times",
    }
    tmp = target.with_suffix(".tmp")
    started = time.perf_counter()
    with tmp.open("wb") as out:
        out.write(b'{"meta": ' + json.dumps(meta).encode() + b', "data": {')
        first = True
        for i in range(rounds):
            for code, blob in blobs:
                out.write((b"" if first else b", ") + f'"{code}-{i:04d}": '.encode() + blob)
                first = False
        out.write(b"}}")
    os.replace(tmp, target)
    print(f"generated {target}: {_mb(target.stat().st_size)}, {rounds * len(blobs)} sets "
          f"({time.perf_counter() - started:.1f} s)")
    return target


class _Tee(io.StringIO):
    """Text written to it is printed too (for ``--write-doc``)."""

    def __init__(self, stream: io.TextIOBase) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text)
        return super().write(text)


def main() -> int:
    """Run the benchmark; return the exit status (``--write-doc``: also write the figures into the docs)."""
    if "--write-doc" not in sys.argv[1:]:
        return _bench()
    tee = _Tee(sys.stdout)  # type: ignore[arg-type]
    with contextlib.redirect_stdout(tee):
        status = _bench()
    if status == 0:
        sys.path.insert(0, str(ROOT / "scripts"))
        from performance_doc import write_section

        command = "python scripts/bench_mtgjson.py " + " ".join(sys.argv[1:])
        body = ["## MTGJSON import vs json.load", "", f"`{command.strip()}`", "", "```", tee.getvalue().strip(), "```"]
        write_section("mtgjson", "\n".join(body))
    return status


def _bench() -> int:
    """Run the benchmark; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--big", action="store_true", help="also generate and import an AllPrintings-sized file")
    parser.add_argument("--size-mb", type=int, default=1200, help="size of the --big file (default 1200)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions for the timings (default 3)")
    parser.add_argument("--json-limit-gb", type=float, default=10, help="address-space limit of json.load on --big")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    shared = os.environ.get("MTG_DAYNIGHT_SHARED")
    base = Path(shared) if shared else ROOT.parent / "shared"
    directory = base / "carddata-sources" / "mtgjson-5.2.0-20220425"
    sources = [directory / f"{code}.json" for code in SETS]
    missing = [p for p in sources if not p.is_file()]
    if missing:
        print(f"bench_mtgjson: error: missing {missing[0]} (set MTG_DAYNIGHT_SHARED)", file=sys.stderr)
        return 2
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          "(the machine is shared: compare ratios)")
    import ijson  # type: ignore[import-untyped]

    print(f"ijson {ijson.__version__}, backend {ijson.backend}")
    _report("the four real MTGJSON set files", sources, args.reps)
    if args.big:
        big = generate_big(sources, args.size_mb)
        ours = _report("SYNTHETIC AllPrintings-sized file", [big], max(1, args.reps - 2), args.json_limit_gb)
        if ours.get("cards") != 35 or ours.get("mentions") != 12 or ours.get("helpers") != 1:
            print("bench_mtgjson: error: the big file did not give the four files' records", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
