"""Benchmark: ``mtg-daynight simulate``'s cost per turn as the scenario file grows (it must stay flat: the runner
reads only what each action added to the engine's records and trace).

Writes scenario files of N, 10N and 100N turns (default 1,000 to 100,000) into a temporary directory, generated on
the spot and deleted afterwards (a daybound permanent enters in turn 1; each later turn casts two instants and
checks the designation and a face, so the battlefield stays the same size and only the game grows), and runs each
as ``simulate`` does after its start-up: load the file, play it on the reference host, write the readable report
(to nowhere). It prints the time per turn of each size and its ratio to the smallest, measured in the same run:
linear time keeps the ratios near 1.0x (the target: the largest at most 1.3x); a runner that re-reads the whole
trace for every action grows with the file. The machine may be shared: compare the ratios, not the absolute
figures.

    python scripts/bench_simulate.py [--turns N] [--repeat R] [--write-doc]
"""

from __future__ import annotations

import argparse
import gc
import io
import tempfile
import time
from pathlib import Path

from bench_report import printed, write_doc

from mtg_daynight.cli.simulate import run_files
from mtg_daynight.scenarios.report import render_text

HEADER = ('[scenario]\ntitle = "bench"\nplayers = ["A", "B"]\n'
          '[[turn]]\nactions = [{ put = "Tavern Ruffian", as = "ruffian" }, { cast = "Lightning Bolt" }]\n')
TURN = ('[[turn]]\nactions = [{ cast = "Lightning Bolt" }, { cast = "Lightning Bolt" }, '
        '{ expect = { designation = "day", faces = { ruffian = "front" } } }]\n')
#: The largest size's cost per turn against the smallest's that counts as linear.
TARGET = 1.3


def measure(path: Path, repeat: int) -> float:
    """Best-of-``repeat`` seconds to load, run and report the scenario file at ``path``."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()  # every run starts from the same heap
        start = time.perf_counter()
        results, malformed = run_files([path])
        render_text(results, [], io.StringIO())
        best = min(best, time.perf_counter() - start)
        assert not malformed and results[0].status == "pass", (malformed, results[0].reason)
        del results
    return best


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="the smallest size (default 1,000 turns)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per size (default 3)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    sizes = [args.turns, 10 * args.turns, 100 * args.turns]
    with printed() as output, tempfile.TemporaryDirectory(prefix="bench-simulate-") as directory:
        print(f"simulate scaling: best of {args.repeat}; each turn casts 2 instants and checks the designation "
              "and a face")
        warm = Path(directory) / "warm-up.toml"  # imports and first-use tables, outside the figures
        warm.write_text(HEADER + TURN * 9, encoding="utf-8")
        measure(warm, 1)
        base: float | None = None
        ratio = 1.0
        for turns in sizes:
            path = Path(directory) / f"turns{turns}.toml"
            path.write_text(HEADER + TURN * (turns - 1), encoding="utf-8")
            seconds = measure(path, args.repeat)
            path.unlink()
            per_turn = seconds / turns * 1e6
            base = per_turn if base is None else base
            ratio = per_turn / base
            print(f"  {turns:7,d} turns  {seconds:8.3f} s  {per_turn:8.1f} us/turn  {ratio:5.2f}x per-turn cost")
        verdict = "ok" if ratio <= TARGET else "OVER"
        print(f"linear: the largest file's per-turn cost is {ratio:.2f}x the smallest's (target <= {TARGET}x): "
              f"{verdict}")
    if args.write_doc:
        write_doc("simulate", "`simulate` as scenario files grow (`scripts/bench_simulate.py`)", output.getvalue())


if __name__ == "__main__":
    main()
