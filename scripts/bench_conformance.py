"""Benchmark the conformance kit: the whole scenario library on the reference adapter in process, against the same
library through ``--program`` with the Python adapter process (``python -m mtg_daynight.scenarios.adapter_process``).

Both run in this one process, taking turns, best of ``--reps``; the program's time includes starting it (the
interpreter and the package) and ending it. Prints both and the ratio (target <= 3x). The machine may be shared:
the ratio measured in one run is what counts.

    python scripts/bench_conformance.py [--reps 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from mtg_daynight.scenarios import ReferenceAdapter
from mtg_daynight.scenarios.conformance import run_conformance
from mtg_daynight.scenarios.program import AdapterProcess, run_program

TARGET = 3.0


def in_process() -> float:
    start = time.perf_counter()
    results = run_conformance(ReferenceAdapter)
    assert all(r.status == "pass" for r in results), [r.file for r in results if r.status != "pass"]
    return time.perf_counter() - start


def through_program() -> float:
    start = time.perf_counter()
    process = AdapterProcess(f"{sys.executable} -m mtg_daynight.scenarios.adapter_process")
    try:
        results = run_program(process)
    finally:
        process.close()
    assert all(r.status == "pass" for r in results), [r.file for r in results if r.status != "pass"]
    return time.perf_counter() - start


def main() -> int:
    """Print the figures; exit 0 when the target is met, 1 otherwise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each (best counts; default 3)")
    args = parser.parse_args()
    direct, program = [], []
    for _ in range(args.reps):
        direct.append(in_process())
        program.append(through_program())
    ratio = min(program) / min(direct)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"the scenario library, best of {args.reps} (load average {load:.2f} on {os.cpu_count()} CPUs)")
    print(f"  in process (ReferenceAdapter)          {min(direct):7.3f} s")
    print(f"  --program (Python adapter process)     {min(program):7.3f} s   {ratio:.2f}x   target <= {TARGET:g}x: "
          f"{'ok' if ratio <= TARGET else 'MISSED'}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
