#!/usr/bin/env python3
"""Benchmark how fast commands start (issue 12, "commands that start at once"), against ``python -c pass``.

Runs, each in a fresh process, best of --reps (the rounds interleave the commands, so a load spike from another
process hits every row alike): ``python -c pass`` (the baseline), ``python -c "import mtg_daynight"``, the
floors (what the demo, the deck scan and the 304 import from the standard library and third parties, alone),
``mtg-daynight --help``, ``demo``, ``deck scan`` of a 60-card deck (tests/cli/startup_fixture.py; FIXTURE card
data), and ``carddata update`` answered "not modified" (304) by a server on 127.0.0.1. Prints each time, its
ratio to the baseline (target <= 6x) and how many cores were free (from the load average): the figures are only
comparable within one run.

Where the ``openssl`` command can make a FIXTURE self-signed certificate, one more row times the same 304 over
https: it also loads a CA bundle of certifi's certificates plus that one (``REQUESTS_CA_BUNDLE``), as an update
from Scryfall loads certifi's; no target applies to it (OpenSSL's loading of the trust store is most of the
difference; importing certifi itself, which the row skips, costs a few ms more). docs/carddata.md says more.

    python scripts/bench_startup.py              # best of 20
    python scripts/bench_startup.py --reps 50

The commands run as the ``mtg-daynight`` script next to this interpreter (``python -m mtg_daynight`` if there is
none), so ``PYTHONPATH=/path/to/other/checkout`` measures another version of the code with the same fixtures.
Every process runs with its bytecode cached (compiled once, into a temporary ``PYTHONPYCACHEPREFIX``), as after
a normal install, even where ``PYTHONDONTWRITEBYTECODE`` is set. Exit status: 0 when every row met the target,
1 when one missed it, 2 when a command failed.
"""

from __future__ import annotations

import argparse
import contextlib
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

from startup_fixture import (  # noqa: E402
    not_modified_server,
    self_signed_certificate,
    write_card_data,
    write_deck,
)

TARGET = 6.0
#: The third-party and standard-library imports each command cannot do without, timed alone (``python -c``): the
#: floor under its row. The parser is built and run, as every command does.
_PARSER = "import argparse; argparse.ArgumentParser().parse_args([])"
FLOORS = {
    "floor of the demo: argparse, msgspec, pluggy": f"{_PARSER}; import pathlib, msgspec, pluggy",
    "floor of deck scan: + platformdirs, tomllib": (
        f"{_PARSER}; import pathlib, msgspec, tomllib, difflib, platformdirs; platformdirs.user_data_dir('x')"
    ),
    "floor of the 304: argparse, http.client": f"{_PARSER}; import pathlib, json, zlib, http.client",
}
#: The row no target applies to (see the module docstring).
HTTPS_ROW = "mtg-daynight carddata update (304, https)"


def cores_free() -> str:
    """How many cores the load average leaves free, e.g. ``"0.3 of 2 cores free (load 1.7)"``."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    load = os.getloadavg()[0]
    return f"{max(0.0, cores - load):.1f} of {cores} cores free (load average {load:.2f})"


def bytecode_cached(env: dict[str, str], prefix: Path) -> dict[str, str]:
    """``env`` for processes whose bytecode is cached, as after a normal install: compiled once (by the first
    run) into the private ``prefix``, even where ``PYTHONDONTWRITEBYTECODE`` is set; nothing is written next to
    the sources. Without it every run of a checkout compiles our modules again."""
    cached = {key: value for key, value in env.items() if key != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(prefix)
    return cached


def mtg_daynight() -> list[str]:
    """How to run the command: the installed script next to this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("mtg-daynight")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mtg_daynight"]


def check(label: str, argv: list[str], env: dict[str, str], cwd: str, expect: str) -> None:
    """Run ``argv`` once and make sure it did its job (so a failing command is not timed as a fast one)."""
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
    """Wall times and CPU times (user + system: less disturbed by other processes than the wall time) of every
    row, ``reps`` rounds, the rows interleaved in each round."""
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


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=20, help="rounds; the best time of each row is kept (default 20)")
    args = parser.parse_args(argv)
    cli = mtg_daynight()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp, contextlib.ExitStack() as servers:
        directory = Path(tmp)
        url = servers.enter_context(not_modified_server())
        https_url, bundle = _https_server(servers, directory)
        deck = str(write_deck(directory))
        data = str(write_card_data(directory / "data").parent)
        env = bytecode_cached({**os.environ, "MTG_DAYNIGHT_CACHE_DIR": str(directory / "cache")}, directory / "pycache")
        if bundle is not None:  # only the https row makes a TLS connection
            env["REQUESTS_CA_BUNDLE"] = str(bundle)
        rows = {
            "python -c pass (baseline)": [sys.executable, "-c", "pass"],
            "python -c 'import mtg_daynight'": [sys.executable, "-c", "import mtg_daynight"],
            **{label: [sys.executable, "-c", code] for label, code in FLOORS.items()},
            "mtg-daynight --help": [*cli, "--help"],
            "mtg-daynight demo": [*cli, "demo"],
            "mtg-daynight deck scan (60 cards)": [*cli, "deck", "scan", "--data-dir", data, deck],
            "mtg-daynight carddata update (304)": [*cli, "carddata", "update", "--api-url", url, "--data-dir", data],
        }
        if https_url is not None:
            rows[HTTPS_ROW] = [*cli, "carddata", "update", "--api-url", https_url, "--data-dir", data]
        # Run in the temporary directory, so that ``python -c`` does not import the code of the current one.
        check("--help", rows["mtg-daynight --help"], env, tmp, "deck")
        check("demo", rows["mtg-daynight demo"], env, tmp, "Tavern Ruffian")
        check("deck scan", rows["mtg-daynight deck scan (60 cards)"], env, tmp, "needs the Day // Night helper card")
        check("carddata update", rows["mtg-daynight carddata update (304)"], env, tmp, "up to date")
        if https_url is not None:
            check("carddata update (https)", rows[HTTPS_ROW], env, tmp, "up to date")
        measure(rows, env, tmp, 1)  # compiles and caches the bytecode of every row
        free_before = cores_free()
        times = measure(rows, env, tmp, args.reps)
        free_after = cores_free()
    base_wall, base_cpu = (min(samples) for samples in times["python -c pass (baseline)"])
    print(f"start-up, best of {args.reps} (wall median in brackets), every row in the same run; commands run as "
          f"{cli[0]}")
    print(f"python {sys.version.split()[0]}; before: {free_before}; after: {free_after}")
    width = max(len(label) for label in rows)
    print(f"  {'':<{width}}  {'wall':>7}    {'(median)':>8}   {'CPU':>7}     {'wall':>6}  {'CPU':>6}")
    missed = False
    for label, (wall, cpu) in times.items():
        best = min(wall)
        line = (f"  {label:<{width}}  {best * 1e3:7.1f} ms ({statistics.median(wall) * 1e3:7.1f})  "
                f"{min(cpu) * 1e3:7.1f} ms")
        if label != "python -c pass (baseline)":
            line += f"  {best / base_wall:5.2f}x {min(cpu) / base_cpu:5.2f}x"
        if label == HTTPS_ROW:
            line += "  no target (loads the CA bundle)"
        elif label.startswith("mtg-daynight"):
            missed |= best / base_wall > TARGET
            line += f"  target <= {TARGET:g}x wall: {'ok' if best / base_wall <= TARGET else 'MISSED'}"
        print(line)
    if https_url is None:
        print("  (no https row: the openssl command could not make a test certificate)")
    return 1 if missed else 0


def _https_server(servers: contextlib.ExitStack, directory: Path) -> tuple[str | None, Path | None]:
    """The 304 server over https with a FIXTURE certificate, and a CA bundle of certifi's certificates plus that
    one; (None, None) without ``openssl``."""
    import ssl

    import certifi

    made = self_signed_certificate(directory)
    if made is None:
        return None, None
    cert, key = made
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    bundle = directory / "ca-bundle.pem"
    bundle.write_bytes(Path(certifi.where()).read_bytes() + b"\n" + cert.read_bytes())
    return servers.enter_context(not_modified_server(context)), bundle


if __name__ == "__main__":
    sys.exit(main())
