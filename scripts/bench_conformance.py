"""Benchmark the conformance kit: the whole scenario library on the reference adapter in process, against the same
library through ``--program`` with the Python adapter process (``python -m mtg_daynight.scenarios.adapter_process``)
and, where ``node`` is installed, with the Node.js example engine (plugins/bridge-client-node/conformance-adapter.js,
whose rules come from a ``mtg-daynight serve`` child).

``--program CMD`` (repeatable) times another engine's adapter process instead, e.g. one in Java, against the same
in-process baseline; its scenarios need not all pass (the count that passed is printed beside its time).

All run in this one process, taking turns, best of ``--reps``; a program's time includes starting it (the
interpreter and the package; for Node.js, ``serve`` too) and ending it. Prints each and its ratio to the in-process
run (target <= 3x). The machine may be shared: the ratios measured in one run are what count.

    python scripts/bench_conformance.py [--reps 3] [--program 'java -jar adapter.jar']...
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

from mtg_daynight.scenarios import ReferenceAdapter
from mtg_daynight.scenarios.conformance import run_conformance
from mtg_daynight.scenarios.program import AdapterProcess, run_program

TARGET = 3.0
NODE_ADAPTER = Path(__file__).resolve().parents[1] / "plugins" / "bridge-client-node" / "conformance-adapter.js"


def in_process() -> float:
    start = time.perf_counter()
    results = run_conformance(ReferenceAdapter)
    assert all(r.status == "pass" for r in results), [r.file for r in results if r.status != "pass"]
    return time.perf_counter() - start


def through_program(command: str) -> tuple[float, str]:
    """Seconds to run the library through the adapter process ``command``, and how many scenarios passed."""
    start = time.perf_counter()
    process = AdapterProcess(command)
    try:
        results = run_program(process)
    finally:
        process.close()
    seconds = time.perf_counter() - start
    return seconds, f"{sum(r.status == 'pass' for r in results)}/{len(results)} passed"


def main() -> int:
    """Print the figures; exit 0 when the target is met, 1 otherwise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each (best counts; default 3)")
    parser.add_argument("--program", action="append", default=[], metavar="CMD",
                        help="time this adapter process (as for 'conformance --program') instead of the bundled "
                             "ones; repeatable")
    args = parser.parse_args()
    node = shutil.which("node")
    programs = {f"{command}": command for command in args.program}
    if not programs:
        programs["Python adapter process"] = f"{sys.executable} -m mtg_daynight.scenarios.adapter_process"
        if node is not None:
            programs["Node.js engine over serve"] = f"{node} {NODE_ADAPTER} {sys.executable} -m mtg_daynight serve"
    direct: list[float] = []
    times: dict[str, list[float]] = {label: [] for label in programs}
    passed: dict[str, str] = {}
    for _ in range(args.reps):
        direct.append(in_process())
        for label, command in programs.items():
            seconds, passed[label] = through_program(command)
            times[label].append(seconds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"the scenario library, best of {args.reps} (load average {load:.2f} on {os.cpu_count()} CPUs)")
    print(f"  in process (ReferenceAdapter)          {min(direct):7.3f} s")
    met = True
    for label, measured in times.items():
        ratio = min(measured) / min(direct)
        met = met and ratio <= TARGET
        print(f"  --program ({label + ')':<28} {min(measured):7.3f} s   {ratio:.2f}x   target <= {TARGET:g}x: "
              f"{'ok' if ratio <= TARGET else 'MISSED'}   ({passed[label]})")
    if node is None and not args.program:
        print("  --program (Node.js engine over serve)  not measured: 'node' is not installed")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
