#!/usr/bin/env python3
"""Benchmark how fast commands start, installed from a wheel as a user has them, against ``python -c pass``.

Builds a wheel of this checkout, installs it (with its dependencies, no extras: a plain install) into a fresh
virtual environment in a temporary directory, and times there, each in a fresh process, best of --reps (the
rounds interleave the rows, so a load spike from another process hits every row alike):

- ``python -c pass``: the baseline;
- ``python -c "import mtg_daynight"``;
- ``mtg-daynight --help`` (target <= 8x the baseline);
- ``mtg-daynight demo``;
- ``mtg-daynight deck scan`` of a 60-card Forge deck (tests/cli/startup_fixture.py) with the card data bundled in
  the package, as a user runs it, and with the small FIXTURE snapshot of the tests (``--data-dir``): the
  difference is the real data (more names, and a close-match search for each name not in it). Target <= 8x the
  baseline for both.

Each command is run once first and checked (exit status and output), so a failing command is never timed as a
fast one; pip compiled the bytecode at install time. Prints each row's best wall time (median in brackets), its
CPU time, its ratios to the baseline and how many cores were free; the figures are only comparable within one
run. Exit status: 0 when every target was met, 1 when one was missed, 2 when a command failed.

    python scripts/bench_startup.py [--reps 20] [--write-doc]
    python scripts/bench_startup.py --python /path/to/env/bin/python   # an environment that has mtg-daynight
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "cli")]

from bench_report import printed, write_doc  # noqa: E402
from startup_fixture import write_card_data, write_deck  # noqa: E402

TARGET = 8.0
BASELINE = "python -c pass (baseline)"
#: The rows a target applies to.
TARGETED = ("mtg-daynight --help", "mtg-daynight deck scan (60 cards)", "mtg-daynight deck scan (60 cards, FIXTURE)")


def cores_free() -> str:
    """How many cores the load average leaves free, e.g. ``"0.3 of 2 cores free (load average 1.70)"``."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    load = os.getloadavg()[0]
    return f"{max(0.0, cores - load):.1f} of {cores} cores free (load average {load:.2f})"


def bytecode_cached(env: dict[str, str], prefix: Path) -> dict[str, str]:
    """``env`` for processes whose bytecode is cached, as after a normal install: compiled once (by the first
    run) into the private ``prefix``, even where ``PYTHONDONTWRITEBYTECODE`` is set; nothing is written next to
    the sources. For benchmarks that run the code of a checkout rather than an installed wheel."""
    cached = {key: value for key, value in env.items() if key != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(prefix)
    return cached


def install_wheel(directory: Path) -> Path:
    """Build a wheel of the checkout and install it, plainly, into a new virtual environment under
    ``directory``; return that environment's python."""
    wheels = directory / "wheels"
    quiet = ["--quiet", "--disable-pip-version-check"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", *quiet, "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True)
    (wheel,) = wheels.glob("mtg_daynight-*.whl")
    venv = directory / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", *quiet, str(wheel)], check=True)
    return python


def check(label: str, argv: list[str], env: dict[str, str], cwd: str, expect: str) -> None:
    """Run ``argv`` once and make sure it did its job."""
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    if done.returncode != 0 or expect not in done.stdout:
        print(f"bench_startup: {label} failed (exit {done.returncode}): {done.stderr.strip() or done.stdout}",
              file=sys.stderr)
        raise SystemExit(2)


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(
    rows: dict[str, list[str]], env: dict[str, str], cwd: str, reps: int
) -> dict[str, tuple[list[float], list[float]]]:
    """Wall times and CPU times (user + system) of every row, ``reps`` rounds, the rows interleaved."""
    times: dict[str, tuple[list[float], list[float]]] = {label: ([], []) for label in rows}
    for done in range(reps):
        for label, argv in rows.items():
            cpu, started = _cpu(), time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd, check=False)
            times[label][0].append(time.perf_counter() - started)
            times[label][1].append(_cpu() - cpu)
        print(f"\rround {done + 1}/{reps}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return times


def report(times: dict[str, tuple[list[float], list[float]]], reps: int, where: str, free: list[str]) -> bool:
    """Print the figures; return whether every target was met."""
    base_wall, base_cpu = (min(samples) for samples in times[BASELINE])
    print(f"start-up, best of {reps} (wall median in brackets), every row in the same run; {where}")
    print(f"python {sys.version.split()[0]}; before: {free[0]}; after: {free[1]}")
    width = max(len(label) for label in times)
    print(f"  {'':<{width}}  {'wall':>7}    {'(median)':>8}   {'CPU':>7}     {'wall':>6}  {'CPU':>6}")
    met = True
    for label, (wall, cpu) in times.items():
        best = min(wall)
        line = (f"  {label:<{width}}  {best * 1e3:7.1f} ms ({statistics.median(wall) * 1e3:7.1f})  "
                f"{min(cpu) * 1e3:7.1f} ms")
        if label != BASELINE:
            line += f"  {best / base_wall:5.2f}x {min(cpu) / base_cpu:5.2f}x"
        if label in TARGETED:
            met &= best / base_wall <= TARGET
            line += f"  target <= {TARGET:g}x wall: {'ok' if best / base_wall <= TARGET else 'MISSED'}"
        print(line)
    return met


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (and write them into docs/performance.md with --write-doc)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=20, help="rounds; the best time of each row is kept (default 20)")
    parser.add_argument("--python", type=Path, metavar="PYTHON",
                        help="time the mtg-daynight installed in this interpreter's environment (default: install "
                             "a wheel of the checkout into a new one)")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        directory = Path(tmp)
        python = args.python.absolute() if args.python else install_wheel(directory)
        where = f"the mtg-daynight of {args.python}" if args.python else "a plain install of a wheel of the checkout"
        cli = [str(python.with_name("mtg-daynight"))]
        deck = str(write_deck(directory))
        fixture = str(write_card_data(directory / "fixture-data").parent)
        # No user snapshot, no user mods, no data directory from the environment: the deck scan reads the card data
        # bundled in the package, as on a fresh install.
        env = {key: value for key, value in os.environ.items() if not key.startswith("MTG_DAYNIGHT_")}
        env.update(HOME=str(directory / "home"), XDG_DATA_HOME=str(directory / "share"))
        rows = {
            BASELINE: [str(python), "-c", "pass"],
            "python -c 'import mtg_daynight'": [str(python), "-c", "import mtg_daynight"],
            "mtg-daynight --help": [*cli, "--help"],
            "mtg-daynight demo": [*cli, "demo"],
            "mtg-daynight deck scan (60 cards)": [*cli, "deck", "scan", deck],
            "mtg-daynight deck scan (60 cards, FIXTURE)": [*cli, "deck", "scan", "--data-dir", fixture, deck],
        }
        # Run in the temporary directory: no checkout's carddata/ or code is found from there.
        check("--help", rows["mtg-daynight --help"], env, tmp, "deck")
        check("demo", rows["mtg-daynight demo"], env, tmp, "Tavern Ruffian")
        for label in TARGETED[1:]:
            check(label, rows[label], env, tmp, "needs the Day // Night helper card")
        measure(rows, env, tmp, 1)  # warms the file cache
        free = [cores_free()]
        times = measure(rows, env, tmp, args.reps)
        free.append(cores_free())
    with printed() as output:
        met = report(times, args.reps, where, free)
    if args.write_doc:
        write_doc("startup", "Start-up of the commands (`scripts/bench_startup.py`)", output.getvalue(), argv)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
