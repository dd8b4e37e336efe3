#!/usr/bin/env python3
"""Benchmark of the day/night rules plugin (issue 2): prints figures and ratios measured in the same run.

(a) Per-event cost through ``pm.hook`` of ``daynight_spell_cast`` and ``daynight_untap_step`` (a turn with no
    change: it is night and the previous active player cast nothing), next to a no-op hookimpl of the same hooks
    (a separate plugin manager with the same hookspecs whose plugin returns a constant Outcome). Target: <= 1.5x.
(b) The cost of one day/night flip with 10 day/night permanents among 100 vs among 100,000 permanents (the
    effect way: ``daynight_become`` night then day; and the untap-step way: a 728.2a/b flip). Target: <= 2x.

Timing: time.perf_counter_ns around a loop of N calls, repeated R times; the best (lowest) round counts. Run:

    python scripts/bench_hooks.py [--quick]
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from collections.abc import Callable

import pluggy

from mtg_daynight import hookspecs
from mtg_daynight.hookspecs import PROJECT
from mtg_daynight.manager import plugin_manager
from mtg_daynight.plugin import hookimpl
from mtg_daynight.rules import Designation, Face, Outcome, Permanent

CONSTANT = Outcome()
RUFFIAN = Face("Tavern Ruffian", daybound=True)
SMASHER = Face("Tavern Smasher", nightbound=True)
BEAR = Face("Grizzly Bears")


class NoOp:
    """The baseline: answers the same hooks with a constant Outcome and does nothing else."""

    @hookimpl
    def daynight_spell_cast(self, game: str, player: str, cast: bool, spell: str) -> Outcome:
        """Constant answer."""
        return CONSTANT

    @hookimpl
    def daynight_untap_step(
        self, game: str, turn: int, active: tuple[str, ...], phased_in: tuple[str, ...], phased_out: tuple[str, ...]
    ) -> Outcome:
        """Constant answer."""
        return CONSTANT


def paired_best(runs: list[Callable[[int], None]], calls: int, rounds: int) -> list[float]:
    """Best-of-``rounds`` ns per call of each of ``runs``, measured in alternation (round 1 of each, then round
    2 of each, ...) so that a change in machine speed during the run hits all of them alike."""
    best = [float("inf")] * len(runs)
    for run in runs:
        run(max(1, calls // 10))  # warm up
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for n, run in enumerate(runs):
                start = time.perf_counter_ns()
                run(calls)
                best[n] = min(best[n], time.perf_counter_ns() - start)
    finally:
        gc.enable()
    return [b / calls for b in best]


# -- (a) per-event cost -------------------------------------------------------------------------------------


def rules_manager() -> pluggy.PluginManager:
    """The real thing: hookspecs + rules plugin, no entry-point plugins, no tracing."""
    return plugin_manager(autoload=False, trace=False)


def noop_manager() -> pluggy.PluginManager:
    """Same hookspecs, only the no-op plugin."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(NoOp(), name="noop")
    pm.check_pending()
    return pm


def spell_cast_runner(pm: pluggy.PluginManager, *, start_game: bool) -> Callable[[int], None]:
    hook = pm.hook
    if start_game:
        hook.daynight_game_start(game="g", players=("P1", "P2"), variants=())
        hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    call = hook.daynight_spell_cast

    def run(n: int) -> None:
        for _ in range(n):
            call(game="g", player="P1", cast=True, spell="Opt")

    return run


def untap_runner(pm: pluggy.PluginManager, *, start_game: bool) -> Callable[[int], None]:
    """Untap steps at night where the previous active player cast nothing: it stays night (no change)."""
    hook = pm.hook
    turn = [0]
    if start_game:
        hook.daynight_game_start(game="g", players=("P1", "P2"), variants=())
        hook.daynight_become(game="g", to=Designation.NIGHT, cause="bench")
    call = hook.daynight_untap_step
    actives = (("P1",), ("P2",))

    def run(n: int) -> None:
        t = turn[0]
        for i in range(n):
            t += 1
            call(game="g", turn=t, active=actives[i & 1], phased_in=(), phased_out=())
        turn[0] = t

    if start_game:  # sanity: no change happens in these turns
        run(2)
        outcome = call(game="g", turn=turn[0] + 1, active=("P1",), phased_in=(), phased_out=())
        turn[0] += 1
        assert not outcome.changes, outcome
    return run


# -- (b) flip cost ------------------------------------------------------------------------------------------


def flip_manager(total: int, day_night: int = 10) -> pluggy.PluginManager:
    """A game with ``day_night`` werewolves among ``total`` permanents, day."""
    pm = rules_manager()
    hook = pm.hook
    hook.daynight_game_start(game="g", players=("P1", "P2"), variants=())
    hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    step = max(1, total // day_night)
    batch = [
        Permanent(f"p{i}", "P1" if i % 2 else "P2", RUFFIAN, SMASHER) if i % step == 0 and i // step < day_night
        else Permanent(f"p{i}", "P1" if i % 2 else "P2", BEAR)
        for i in range(total)
    ]
    hook.daynight_enter(game="g", permanents=tuple(batch))
    state = hook.daynight_game_state(game="g")
    assert len(state.permanents) == total and len(state.relevant) == day_night
    assert state.designation is Designation.DAY
    return pm


def become_flip_runner(pm: pluggy.PluginManager) -> Callable[[int], None]:
    """n flips: night, day, night, ... (each transforms every werewolf)."""
    call = pm.hook.daynight_become
    order = (Designation.NIGHT, Designation.DAY)
    state = pm.hook.daynight_game_state(game="g")

    def run(n: int) -> None:
        for i in range(n):
            call(game="g", to=order[i & 1], cause="bench")
        if state.designation is not Designation.DAY:
            call(game="g", to=Designation.DAY, cause="bench")  # odd n: start the next round at day again
        state.trace.clear()  # keep memory flat between rounds

    return run


def untap_flip_runner(pm: pluggy.PluginManager) -> Callable[[int], None]:
    """n untap-step flips: the previous active player casts nothing (day -> night, 728.2a), then two spells
    (night -> day, 728.2b). The casts are part of the measured cost (2 spell_cast calls every other turn)."""
    hook = pm.hook
    untap, cast = hook.daynight_untap_step, hook.daynight_spell_cast
    state = hook.daynight_game_state(game="g")
    turn = [1]

    def run(n: int) -> None:
        t = turn[0]
        for i in range(n):
            if i & 1:  # it is night: cast two spells so that the next untap step makes it day
                cast(game="g", player="P1", cast=True, spell="a")
                cast(game="g", player="P1", cast=True, spell="b")
            t += 1
            untap(game="g", turn=t, active=("P1",), phased_in=(), phased_out=())
        turn[0] = t
        state.trace.clear()

    return run


def profile(hook: str) -> int:
    """Where the time of one hook call goes (cProfile adds overhead: read the shares, not the absolute times)."""
    import cProfile
    import pstats

    make = spell_cast_runner if hook == "spell_cast" else untap_runner
    run = make(rules_manager(), start_game=True)
    run(5_000)
    profiler = cProfile.Profile()
    profiler.runcall(run, 50_000)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run, noisier figures)")
    parser.add_argument("--profile", choices=["spell_cast", "untap_step"],
                        help="instead: profile that hook (cProfile, 50,000 calls) and print the top functions")
    args = parser.parse_args(argv)
    if args.profile:
        return profile(args.profile)
    calls, rounds = (2_000, 5) if args.quick else (20_000, 40)
    flips, flip_rounds = (200, 5) if args.quick else (1_000, 30)

    print(f"mtg-daynight hook benchmark: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"pluggy {pluggy.__version__}, {platform.machine()}")
    print(f"per-event: best of {rounds} rounds x {calls:,} calls; "
          f"flips: best of {flip_rounds} rounds x {flips:,} flips")
    print()
    print("(a) per-event cost through pm.hook, rules plugin vs a no-op hookimpl on the same hook")
    print(f"    {'hook':<28}{'rules plugin':>14}{'no-op impl':>14}{'ratio':>9}  target <= 1.5x")
    results_ok = True
    for name, make in (("daynight_spell_cast", spell_cast_runner), ("daynight_untap_step", untap_runner)):
        rules_run = make(rules_manager(), start_game=True)
        noop_run = make(noop_manager(), start_game=False)
        rules_ns, noop_ns = paired_best([rules_run, noop_run], calls, rounds)
        ratio = rules_ns / noop_ns
        ok = ratio <= 1.5
        results_ok &= ok
        print(f"    {name:<28}{rules_ns:>11.0f} ns{noop_ns:>11.0f} ns{ratio:>8.2f}x  {'ok' if ok else 'MISSED'}")
    print()
    print("(b) one day/night flip (10 werewolves transform each time), 10 day/night permanents among N")
    print(f"    {'flip':<34}{'N = 100':>13}{'N = 100,000':>15}{'ratio':>9}  target <= 2x")
    small, large = flip_manager(100), flip_manager(100_000)
    for name, make in (("become night / become day (730.1)", become_flip_runner),
                       ("untap-step check (728.2a/b)", untap_flip_runner)):
        small_ns, large_ns = paired_best([make(small), make(large)], flips, flip_rounds)
        ratio = large_ns / small_ns
        ok = ratio <= 2.0
        results_ok &= ok
        print(f"    {name:<34}{small_ns / 1000:>10.2f} us{large_ns / 1000:>12.2f} us{ratio:>8.2f}x  "
              f"{'ok' if ok else 'MISSED'}")
    print()
    print("all targets met" if results_ok else "some targets MISSED (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
