"""Hostile deck and mod inputs against ``mtg-daynight deck scan``: exit status, wall time and peak RSS of each run,
against the same command on a normal five-line deck (the baseline) measured in the same run.

The inputs are generated in a temporary directory (never committed): 19,999 bad lines (every problem reported up to
the 100-problem stop), 100,000 lines (over the line limit), a 100,000-level-deep ``.dek``, a FIFO and ``/dev/zero``
as deck files, a mod directory with 100,000-level-deep TOML and one with a FIFO. Each run is a fresh
``python -m mtg_daynight`` process with ``--data-dir`` pointing at an empty directory (no card data, so the
figures do not depend on a snapshot) and ``--no-default-mods``; a 20 s timeout marks a run that blocked. The
machine may be shared: compare the ratios, not the absolute figures. Usage::

    python scripts/bench_deck_inputs.py [--reps 3] [--write-doc]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_report import printed, write_doc

#: Runs a command and prints its exit status and peak RSS in KiB: a small wrapper process, so that the figure is
#: that command's own and not this script's.
_RSS_WRAPPER = (
    "import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], capture_output=True, timeout=20); "
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def make_inputs(work: Path) -> dict[str, list[str]]:
    """Write the inputs into ``work``; return each case's ``deck scan`` arguments (after the common ones)."""
    (work / "normal.txt").write_text("4 Tavern Ruffian\n4 Brutal Cathar\n4 Lightning Bolt\n24 Mountain\n\n2 Abrade\n")
    (work / "bad-lines.txt").write_text("0 {{7*7}}\n" * 19_999)
    (work / "too-many-lines.txt").write_text("0 {{7*7}}\n" * 100_000)
    (work / "deep.dek").write_text(
        "<Deck>" + "<a>" * 100_000 + "</a>" * 100_000 + "<Cards Quantity='1' Name='Tavern Ruffian'/></Deck>"
    )
    (work / "mods-deep").mkdir()
    (work / "mods-deep" / "deep.toml").write_text(
        "[mod]\nname = 'x'\n[[cards]]\nfront = " + "[" * 100_000 + "]" * 100_000 + "\n"
    )
    cases = {
        "normal deck (baseline)": ["normal.txt"],
        "19,999 bad lines": ["bad-lines.txt"],
        "100,000 lines": ["too-many-lines.txt"],
        ".dek nested 100,000 deep": ["deep.dek"],
        "mod TOML nested 100,000 deep": ["--mods", "mods-deep", "normal.txt"],
    }
    if hasattr(os, "mkfifo"):
        os.mkfifo(work / "fifo.txt")
        (work / "mods-fifo").mkdir()
        os.mkfifo(work / "mods-fifo" / "pipe.toml")
        cases["a FIFO as deck file"] = ["fifo.txt"]
        cases["a FIFO in a mod directory"] = ["--mods", "mods-fifo", "normal.txt"]
    if Path("/dev/zero").exists():
        cases["/dev/zero as deck file"] = ["/dev/zero"]
    return cases


def run(work: Path, arguments: list[str]) -> tuple[int, float, int]:
    """Exit status, wall seconds and peak RSS (KiB) of one ``deck scan``."""
    command = [sys.executable, "-m", "mtg_daynight", "deck", "scan", "--no-default-mods", "--data-dir", "empty"]
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _RSS_WRAPPER, *command, *arguments],
        cwd=work, capture_output=True, text=True, check=True,
    )
    seconds = time.perf_counter() - started
    status, kib = done.stdout.split()
    return int(status), seconds, int(kib)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3, help="repetitions, best time and lowest peak taken (default 3)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args()
    with printed() as output, tempfile.TemporaryDirectory(prefix="bench-deck-inputs-") as directory:
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (shared machine: read the ratios)")
        work = Path(directory)
        (work / "empty").mkdir()
        cases = make_inputs(work)
        base_time = base_rss = 0.0
        print(f"{'input':30} {'exit':>4} {'best s':>7} {'x base':>7} {'peak MiB':>9} {'x base':>7}")
        for name, arguments in cases.items():
            runs = [run(work, arguments) for _ in range(args.reps)]
            status = runs[0][0]
            seconds = min(r[1] for r in runs)
            mib = min(r[2] for r in runs) / 1024
            if not base_time:
                base_time, base_rss = seconds, mib
            ratios = f"{seconds / base_time:>6.2f}x {mib:>9.1f} {mib / base_rss:>6.2f}x"
            print(f"{name:30} {status:>4} {seconds:>7.2f} {ratios}")
    if args.write_doc:
        write_doc("deck-inputs", "Hostile deck and mod inputs (`scripts/bench_deck_inputs.py`)", output.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
