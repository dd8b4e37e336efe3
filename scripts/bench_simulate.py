"""Benchmark: ``mtg-daynight simulate`` time against the length of the scenario file (the cost per turn must
stay flat, not grow with the file).

Generates scenarios of N, 2N and 4N turns in memory (a daybound permanent enters in turn 1; each turn casts two
instants and checks the designation, so the battlefield stays the same size and only the file grows),
parses and runs each on the reference host, and prints the time per turn and the ratio to the smallest size,
measured in the same run. Linear time gives ratios of per-turn time near 1.0x; the quadratic runner of the first
landing gave ~2x per doubling. The machine may be shared: compare the ratios, not the absolute figures.

    python scripts/bench_simulate.py [--turns N] [--repeat R] [--write-doc]
"""

from __future__ import annotations

import argparse
import gc
import time

from bench_report import printed, write_doc

from mtg_daynight.scenarios import ReferenceAdapter, parse_scenario, run_scenario

HEADER = ('[scenario]\ntitle = "bench"\nplayers = ["A", "B"]\n'
          '[[turn]]\nactions = [{ put = "Tavern Ruffian", as = "ruffian" }, { cast = "Lightning Bolt" }]\n')
TURN = ('[[turn]]\nactions = [{ cast = "Lightning Bolt" }, { cast = "Lightning Bolt" }, '
        '{ expect = { designation = "day", faces = { ruffian = "front" } } }]\n')


def measure(turns: int, repeat: int) -> float:
    """Best-of-``repeat`` seconds to parse and run a scenario of ``turns`` turns."""
    text = HEADER + TURN * turns
    gc.collect()  # start each size from the same heap
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = run_scenario(parse_scenario(text, "bench.toml"), ReferenceAdapter())
        best = min(best, time.perf_counter() - start)
        assert result.status == "pass", result.reason
    return best


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=500, help="the smallest size (default 500 turns)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per size (default 3)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    sizes = [args.turns, 2 * args.turns, 4 * args.turns]
    with printed() as output:
        print(f"simulate scaling: best of {args.repeat}; each turn casts 2 instants and checks the designation")
        base: float | None = None
        for turns in sizes:
            seconds = measure(turns, args.repeat)
            per_turn = seconds / turns * 1e6
            base = per_turn if base is None else base
            print(f"  {turns:6d} turns  {seconds:7.3f} s  {per_turn:8.1f} us/turn  "
                  f"{per_turn / base:5.2f}x per-turn cost")
        print("linear: per-turn cost stays near 1.0x as the file grows")
    if args.write_doc:
        write_doc("simulate", "`simulate` as scenario files grow (`scripts/bench_simulate.py`)", output.getvalue())


if __name__ == "__main__":
    main()
