"""Benchmark: ``mtg-daynight simulate``'s cost per turn as the scenario file grows (it must stay flat: the runner
reads only what each action added to the engine's records and trace).

Writes scenario files of N, 10N and 100N turns (default 1,000 to 100,000) into a temporary directory, generated on
the spot and deleted afterwards (a daybound permanent enters in turn 1; each later turn casts two instants and
checks the designation and a face, so the battlefield stays the same size and only the game grows), and runs each
as ``simulate`` does after its start-up: load the file, play it on the reference host, write the readable report
(to nowhere). It prints the processor time per turn of each size (best of ``--repeat`` rounds, each round running
every size in turn, so that a busy spell of a shared machine falls on all sizes; the wall time beside it) and its
ratio to the smallest, measured in the same run: linear time keeps the ratios near 1.0x (the target: the largest
at most 1.3x); a runner that re-reads the whole trace for every action grows with the file. Compare the ratios,
not the absolute figures.

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


def measure(path: Path) -> tuple[float, float]:
    """Processor and wall seconds to load, run and report the scenario file at ``path`` once."""
    gc.collect()  # every run starts from the same heap
    cpu, wall = time.process_time(), time.perf_counter()
    results, malformed = run_files([path])
    render_text(results, [], io.StringIO())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert not malformed and results[0].status == "pass", (malformed, results[0].reason)
    return cpu, wall


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="the smallest size (default 1,000 turns)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per size (default 3)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    sizes = [args.turns, 10 * args.turns, 100 * args.turns]
    with printed() as output, tempfile.TemporaryDirectory(prefix="bench-simulate-") as directory:
        print(f"simulate scaling: best of {args.repeat}, the sizes taking turns; each turn casts 2 instants and "
              "checks the designation and a face; processor time (wall time beside it)")
        warm = Path(directory) / "warm-up.toml"  # imports and first-use tables, outside the figures
        warm.write_text(HEADER + TURN * 9, encoding="utf-8")
        measure(warm)
        paths = {}
        for turns in sizes:
            paths[turns] = Path(directory) / f"turns{turns}.toml"
            paths[turns].write_text(HEADER + TURN * (turns - 1), encoding="utf-8")
        best = {turns: (float("inf"), float("inf")) for turns in sizes}
        for _ in range(args.repeat):  # a round of every size, so that a busy spell of a shared machine hits all
            for turns in sizes:
                cpu, wall = measure(paths[turns])
                best[turns] = (min(best[turns][0], cpu), min(best[turns][1], wall))
        base = best[sizes[0]][0] / sizes[0]
        ratio = 1.0
        for turns in sizes:
            cpu, wall = best[turns]
            ratio = cpu / turns / base
            print(f"  {turns:7,d} turns  {cpu:8.3f} s  {cpu / turns * 1e6:7.1f} us/turn  {ratio:5.2f}x per-turn cost"
                  f"   (wall {wall:8.3f} s)")
        verdict = "ok" if ratio <= TARGET else "OVER"
        print(f"linear: the largest file's per-turn cost is {ratio:.2f}x the smallest's (target <= {TARGET}x): "
              f"{verdict}")
    if args.write_doc:
        write_doc("simulate", "`simulate` as scenario files grow (`scripts/bench_simulate.py`)", output.getvalue())


if __name__ == "__main__":
    main()
