"""Benchmark the JSON-RPC bridge: round trip per event against a bare echo server written the same way, same run.

    python scripts/bench_bridge.py [--events N] [--batch B] [--repeat R] [--json] [--write-doc]

Three child processes, each started the same way (``python ... serve`` on pipes, no entry-point plugins):

- **echo**: the bridge's own server loop (:class:`mtg_daynight.bridge.server.Server`: same reading, envelope
  decoding, params Struct decoding, dispatch and encoding) with one method, ``echo``, that returns its params;
- **bridge**: ``mtg-daynight serve``.

It measures, one request in flight at a time (write a line, read the answer):

1. ``cast`` (the smallest event: params like echo's, an empty Outcome back) vs ``echo`` with the same params;
2. a game mix: per turn an untap step that turns day to night or back (10 day/night permanents transform, a
   long Outcome), two spells every other turn, one permanent entering and leaving; per event;
3. batches of B events per line (casts, and the game mix), in events per second;
4. start-up: from starting ``mtg-daynight serve`` to its answer to ``initialize``;

and the same game mix called in-process through the method table (the facade, no JSON, no pipe), which says what
the bridge adds per event. Each round measures every figure once (so all share the load of the moment); each figure
is the best of R rounds (the median is printed too). The machine may be shared: the script prints the CPU count and
load average; compare the ratios, which are measured in the same run, rather than the absolute figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench_report import printed, write_doc

from mtg_daynight.bridge.methods import METHODS, Method, Session
from mtg_daynight.bridge.server import Server
from mtg_daynight.facade import DayNight
from mtg_daynight.manager import AUTOLOAD_ENV

CAST = {"game": "bench", "player": "alice", "spell": "Opt"}
PERMANENTS = 10


class _Echo:
    def echo(self, game: str, player: str, spell: str = "") -> dict[str, str]:
        """Return the params."""
        return {"game": game, "player": player, "spell": spell}


def echo_server() -> None:
    """The echo server: the bridge's loop with a one-method table (run with ``--echo-server``)."""
    echo = Method(_Echo.echo, lambda session, params: _Echo())
    server = Server(Session(DayNight(autoload=False)), {"echo": echo})
    server.serve(sys.stdin.buffer, sys.stdout.buffer)


class Child:
    """A server child process driven with prepared lines."""

    def __init__(self, command: list[str]) -> None:
        env = {**os.environ, AUTOLOAD_ENV: "1"}
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        self.ids = iter(range(1, 1 << 62))

    def line(self, method: str, params: dict[str, Any]) -> bytes:
        return json.dumps({"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params},
                          separators=(",", ":")).encode() + b"\n"

    def batch(self, calls: list[tuple[str, dict[str, Any]]]) -> bytes:
        return b"[" + b",".join(self.line(m, p).rstrip() for m, p in calls) + b"]\n"

    def run(self, lines: list[bytes]) -> float:
        """Send each line and wait for its answer; return the seconds it took. Checks no answer is an error."""
        write, flush, read = self.stdin.write, self.stdin.flush, self.stdout.readline
        start = time.perf_counter()
        answers = []
        for line in lines:
            write(line)
            flush()
            answers.append(read())
        elapsed = time.perf_counter() - start
        bad = [a for a in answers if b'"error"' in a]
        if bad or len(answers) != len(lines):
            raise SystemExit(f"bench_bridge: the server answered an error: {bad[:1]!r}")
        return elapsed

    def close(self) -> None:
        self.stdin.close()
        self.process.wait(timeout=60)


def _permanent(i: int) -> dict[str, Any]:
    return {"kind": "permanent", "id": f"w{i}", "controller": "alice", "front": {"name": f"Fixture Wolf {i}",
            "daybound": True}, "back": {"name": f"Fixture Night Wolf {i}", "nightbound": True}}


def startup() -> float:
    """Seconds from starting ``mtg-daynight serve`` to its answer to ``initialize`` (a client's first wait)."""
    start = time.perf_counter()
    child = Child([sys.executable, "-m", "mtg_daynight", "serve"])
    child.run([child.line("initialize", {})])
    elapsed = time.perf_counter() - start
    child.close()
    return elapsed


def mix(game: str, turns: int, first_turn: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """The game mix's events, ``turns`` turns from ``first_turn`` (alice and bob alternate)."""
    for turn in range(first_turn, first_turn + turns):
        active = "alice" if turn % 2 else "bob"
        yield "untap_step", {"game": game, "turn": turn, "active": active}
        if turn % 4 in (0, 1):  # the active player casts two spells every other turn: night -> day
            yield "cast", {"game": game, "player": active, "spell": "Opt"}
            yield "cast", {"game": game, "player": active, "spell": "Consider"}
        bear = {"kind": "permanent", "id": f"b{turn}", "controller": active, "front": {"name": "Grizzly Bears"}}
        yield "enter", {"game": game, "permanents": [bear]}
        yield "leave", {"game": game, "permanents": [f"b{turn}"]}


def setup(child: Child, game: str) -> None:
    child.run([child.line("new_game", {"game": game, "players": ["alice", "bob"]}),
               child.line("untap_step", {"game": game, "turn": 1, "active": "alice"}),
               child.line("enter", {"game": game, "permanents": [_permanent(i) for i in range(PERMANENTS)]})])


def in_process(events: list[tuple[str, dict[str, Any]]]) -> float:
    """The same events through the Python facade, in this process (the bridge's methods, without JSON)."""
    session = Session(DayNight(autoload=False))
    game = events[0][1]["game"]
    calls = []
    for name, params in [("new_game", {"game": game, "players": ["alice", "bob"]}),
                         ("untap_step", {"game": game, "turn": 1, "active": "alice"}),
                         ("enter", {"game": game, "permanents": [_permanent(i) for i in range(PERMANENTS)]}),
                         *events]:
        method = METHODS[name]
        calls.append((method, method.decoder.decode(json.dumps(params).encode())))
    for method, params in calls[:3]:
        method(session, params)
    start = time.perf_counter()
    for method, params in calls[3:]:
        method(session, params)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=3000, help="events per measurement (default 3000)")
    parser.add_argument("--batch", type=int, default=100, help="events per batch line (default 100)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure; the best is kept (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--write-doc", action="store_true", help="write the figures into docs/performance.md")
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        echo_server()
        return 0
    n, size = args.events, args.batch
    echo = Child([sys.executable, os.path.abspath(__file__), "--echo-server"])
    bridge = Child([sys.executable, "-m", "mtg_daynight", "serve"])
    figures: dict[str, Any] = {"cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
                               "events": n, "batch": size, "repeat": args.repeat}
    try:
        echo.run([echo.line("echo", CAST) for _ in range(200)])  # warm up both
        setup(bridge, "bench")
        bridge.run([bridge.line("cast", CAST) for _ in range(200)])
        games = iter(range(1, 1 << 30))
        mix_events: list[tuple[str, dict[str, Any]]] = []

        def mix_once(batch: bool) -> float:
            game = f"mix{next(games)}"
            setup(bridge, game)
            events = list(itertools.islice(mix(game, n, first_turn=2), n))
            mix_events[:] = events
            if batch:
                lines = [bridge.batch(events[i:i + size]) for i in range(0, len(events), size)]
            else:
                lines = [bridge.line(m, p) for m, p in events]
            elapsed = bridge.run(lines)
            bridge.run([bridge.line("end", {"game": game})])
            return elapsed

        # Each round measures every figure once, so that all of them share the machine's load of the moment.
        measures: dict[str, Callable[[], float]] = {
            "echo": lambda: echo.run([echo.line("echo", CAST) for _ in range(n)]),
            "cast": lambda: bridge.run([bridge.line("cast", CAST) for _ in range(n)]),
            "mix": lambda: mix_once(batch=False),
            "python": lambda: in_process(mix_events),
            "batch_cast": lambda: bridge.run([bridge.batch([("cast", CAST)] * size) for _ in range(max(1, n // size))]),
            "batch_mix": lambda: mix_once(batch=True),
            "startup": startup,
        }
        runs: dict[str, list[float]] = {name: [] for name in measures}
        for _ in range(args.repeat):
            for name, measure in measures.items():
                runs[name].append(measure())
        echo_s, cast_s, mix_s, python_s, batch_cast_s, batch_mix_s, startup_s = (
            (min(runs[name]), statistics.median(runs[name])) for name in measures)
    finally:
        echo.close()
        bridge.close()
    batches = max(1, n // size) * size

    def us(seconds: float, count: int) -> float:
        return round(seconds / count * 1e6, 1)

    figures.update({
        "echo_round_trip_us": us(echo_s[0], n),
        "cast_round_trip_us": us(cast_s[0], n),
        "cast_vs_echo": round(cast_s[0] / echo_s[0], 2),
        "mix_round_trip_us": us(mix_s[0], n),
        "mix_vs_echo": round(mix_s[0] / echo_s[0], 2),
        "batched_casts_per_s": round(batches / batch_cast_s[0]),
        "batched_mix_events_per_s": round(n / batch_mix_s[0]),
        "in_process_mix_us": us(python_s[0], n),
        "mix_bridge_cost_us": us(mix_s[0] - python_s[0], n),
        "mix_bridge_cost_vs_echo": round((mix_s[0] - python_s[0]) / echo_s[0], 2),
        "startup_ms": round(startup_s[0] * 1e3, 1),
        "medians_us": {"echo": us(echo_s[1], n), "cast": us(cast_s[1], n), "mix": us(mix_s[1], n)},
    })
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    with printed() as output:
        print_figures(figures, n, size, args.repeat)
    if args.write_doc:
        write_doc("bridge", "The JSON-RPC bridge (`scripts/bench_bridge.py`)", output.getvalue())
    return 0


def print_figures(figures: dict[str, Any], n: int, size: int, repeat: int) -> None:
    """Print the figures for people."""
    free = max(0.0, (figures["cpus"] or 1) - figures["load_average"][0])
    print(f"machine: {figures['cpus']} CPUs, load average {figures['load_average']}, about {free:.1f} cores free "
          "(shared with other work: compare the ratios, measured in the same run)")
    print(f"{n} events per figure, best of {repeat} rounds (median in brackets); one request in flight:")
    print(f"  echo server (same loop, one method)  {figures['echo_round_trip_us']:8.1f} us per round trip "
          f"[{figures['medians_us']['echo']}]")
    print(f"  cast                                 {figures['cast_round_trip_us']:8.1f} us per round trip "
          f"[{figures['medians_us']['cast']}]  = {figures['cast_vs_echo']}x echo")
    print(f"  game mix (untap/cast/enter/leave)    {figures['mix_round_trip_us']:8.1f} us per event "
          f"[{figures['medians_us']['mix']}]  = {figures['mix_vs_echo']}x echo")
    print(f"batches of {size}:")
    print(f"  casts                                {figures['batched_casts_per_s']:8d} events/s")
    print(f"  game mix                             {figures['batched_mix_events_per_s']:8d} events/s")
    print(f"start-up: {figures['startup_ms']} ms from starting 'serve' to its answer to 'initialize'")
    print(f"in process, the same game mix through the method table (no JSON, no pipe): "
          f"{figures['in_process_mix_us']} us per event,")
    print(f"  so the bridge adds {figures['mix_bridge_cost_us']} us per event "
          f"= {figures['mix_bridge_cost_vs_echo']}x echo")

if __name__ == "__main__":
    sys.exit(main())
