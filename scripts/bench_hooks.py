#!/usr/bin/env python3
"""Benchmark of the day/night rules plugin: prints figures and ratios measured in the same run.

(a) Per-event cost through ``pm.hook``, next to a no-op hookimpl of the same hook (a separate plugin manager with
    the same hookspecs whose plugin returns a constant Outcome), with the validation of every argument and the
    trace on, as in real use. Every event takes the rules' one general path; the target is <= 4x for each:
    - ``daynight_untap_step``, a turn with no change (it is night and the previous active player cast nothing,
      so one trace line says why it stays night; the spell tally hook is asked, and nobody answers);
    - ``daynight_spell_cast``;
    - ``daynight_enter`` of one ordinary permanent (Grizzly Bears);
    - ``daynight_enter`` of one day/night permanent (Tavern Ruffian, front face up at day: an EnterFace action
      and its trace line).
(b) The cost of one day/night flip with 10 day/night permanents among 100 vs among 100,000 permanents (the
    effect way: ``daynight_become`` night then day; and the untap-step way: a 731.2a/b flip). Target: <= 2x.
(c) ``daynight_enter`` of Tavern Ruffian named by card (``CardPermanent(..., card="Tavern Ruffian")``, its faces
    from the default card data: the bundled snapshot unless an import or ``$MTG_DAYNIGHT_DATA_DIR`` says
    otherwise) vs the same card given by its faces (``Permanent(..., Face(...), Face(...))``), both on a manager
    with the default card data. Target: <= 2x.

Timing: a clock around a loop of N calls, repeated R times, the rules plugin and its baseline in alternation; the
best (lowest) round counts. The machine may be shared: the header says how many cores were free (os.getloadavg)
when the run started, and ``--cores 1`` pins the process to one core. ``--write-doc`` also writes the figures into
docs/performance.md (section ``bench_hooks``, through scripts/performance_doc.py). Run:

    python scripts/bench_hooks.py [--quick] [--cores N] [--write-doc]
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
from collections.abc import Callable

import pluggy

from mtg_daynight import hookspecs
from mtg_daynight.hookspecs import PROJECT, hookimpl
from mtg_daynight.manager import plugin_manager
from mtg_daynight.rules import CardPermanent, Designation, Face, Outcome, Permanent, TraceLine

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

    @hookimpl
    def daynight_enter(self, game: str, permanents: tuple[Permanent, ...]) -> Outcome:
        """Constant answer."""
        return CONSTANT


#: The clock: CPU time of this thread (time spent descheduled by other processes on a shared machine is not
#: counted); ``--clock wall`` switches to time.perf_counter_ns.
CLOCK: Callable[[], int] = time.thread_time_ns


#: A runner: ``prepare(n)`` (untimed) gets ``n`` calls ready, ``run(n)`` makes them (timed).
Runner = tuple[Callable[[int], None], Callable[[int], None]]


def timed(run: Callable[[int], None]) -> Runner:
    """A runner that needs no preparation."""
    return (lambda n: None), run


def paired_best(runs: list[Runner], calls: int, rounds: int) -> list[float]:
    """Best-of-``rounds`` ns per call of each of ``runs``, measured in alternation (round 1 of each, then round
    2 of each, ...) so that a change in machine speed during the run hits all of them alike."""
    best = [float("inf")] * len(runs)
    for prepare, run in runs:
        prepare(max(1, calls // 10))
        run(max(1, calls // 10))  # warm up
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for n, (prepare, run) in enumerate(runs):
                prepare(calls)
                start = CLOCK()
                run(calls)
                best[n] = min(best[n], CLOCK() - start)
    finally:
        gc.enable()
    return [b / calls for b in best]


def free_cores() -> tuple[int, float, int]:
    """(cores this process may use, 1-minute load average, cores free of that load)."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return usable, load, max(0, round((os.cpu_count() or 1) - load))


# -- (a) per-event cost -------------------------------------------------------------------------------------


def rules_manager() -> pluggy.PluginManager:
    """The real thing: hookspecs + rules plugin, no entry-point plugins, no tracing."""
    return plugin_manager(autoload=False, trace=False, card_data=False)


def card_data_manager() -> pluggy.PluginManager:
    """The rules plugin with the default card data (``DayNight()``'s manager, without entry-point plugins)."""
    return plugin_manager(autoload=False, trace=False, card_data=True)


def noop_manager() -> pluggy.PluginManager:
    """Same hookspecs, only the no-op plugin."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(NoOp(), name="noop")
    pm.check_pending()
    return pm


def spell_cast_runner(pm: pluggy.PluginManager, *, start_game: bool) -> Runner:
    hook = pm.hook
    if start_game:
        hook.daynight_game_start(game="g", players=("P1", "P2"), variants=())
        hook.daynight_untap_step(game="g", turn=1, active=("P1",), phased_in=(), phased_out=())
    call = hook.daynight_spell_cast

    def run(n: int) -> None:
        for _ in range(n):
            call(game="g", player="P1", cast=True, spell="Opt")

    return timed(run)


def untap_runner(pm: pluggy.PluginManager, *, start_game: bool) -> Runner:
    """Untap steps at night where the previous active player cast nothing: it stays night (no change). Each turn
    adds its trace line; the trace is cleared between rounds (untimed), as the flip runners do, so that a round
    is a long game rather than one game of a million turns whose trace fills the memory."""
    hook = pm.hook
    turn = [0]
    if start_game:
        hook.daynight_game_start(game="g", players=("P1", "P2"), variants=())
        hook.daynight_become(game="g", to=Designation.NIGHT, cause="bench")
        state = hook.daynight_game_state(game="g")
    call = hook.daynight_untap_step
    actives = (("P1",), ("P2",))

    def prepare(n: int) -> None:
        if start_game:
            state.trace.clear()

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
        assert not outcome.changes and len(outcome.trace) == 1, outcome
    return prepare, run


def enter_runner(
    pm: pluggy.PluginManager, *, start_game: bool, day_night: bool, by_card: bool = False
) -> Runner:
    """One permanent per call, each a new object with a new id, entering a game where it is day; a new game for
    each round (started while preparing it, untimed). ``by_card``: Tavern Ruffian named by card, its faces from
    the card data."""
    hook = pm.hook
    batches: list[tuple[Permanent | CardPermanent, ...]] = []
    rounds = [0]
    front, back = (RUFFIAN, SMASHER) if day_night else (BEAR, None)

    def permanent(id_: str) -> Permanent | CardPermanent:
        return CardPermanent(id_, "P1", card="Tavern Ruffian") if by_card else Permanent(id_, "P1", front, back)

    def prepare(n: int) -> None:
        rounds[0] += 1
        game = f"g{rounds[0]}"
        if start_game:
            if rounds[0] > 1:
                hook.daynight_game_end(game=f"g{rounds[0] - 1}")
            hook.daynight_game_start(game=game, players=("P1", "P2"), variants=())
            hook.daynight_untap_step(game=game, turn=1, active=("P1",), phased_in=(), phased_out=())
            hook.daynight_become(game=game, to=Designation.DAY, cause="bench")
        batches[:] = [(permanent(f"p{i}"),) for i in range(n)]

    def run(n: int) -> None:
        call, game = hook.daynight_enter, f"g{rounds[0]}"
        for batch in batches[:n]:
            call(game=game, permanents=batch)

    if start_game:  # sanity: what the row claims happens
        prepare(1)
        outcome = hook.daynight_enter(game="g1", permanents=(permanent("x"),))
        assert len(outcome.actions) == (1 if day_night else 0) and not outcome.changes, outcome
        assert all(isinstance(line, TraceLine) for line in outcome.trace)
    return prepare, run


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


def become_flip_runner(pm: pluggy.PluginManager) -> Runner:
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

    return timed(run)


def untap_flip_runner(pm: pluggy.PluginManager) -> Runner:
    """n untap-step flips: the previous active player casts nothing (day -> night, 731.2a), then two spells
    (night -> day, 731.2b). The casts are part of the measured cost (2 spell_cast calls every other turn)."""
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

    return timed(run)


EVENTS: dict[str, tuple[Callable[..., Runner], float, dict[str, bool]]] = {
    "daynight_untap_step (no change)": (untap_runner, 4.0, {}),
    "daynight_spell_cast": (spell_cast_runner, 4.0, {}),
    "daynight_enter (ordinary)": (enter_runner, 4.0, {"day_night": False}),
    "daynight_enter (day/night)": (enter_runner, 4.0, {"day_night": True}),
}
PROFILES = {"untap_step": "daynight_untap_step (no change)", "spell_cast": "daynight_spell_cast",
            "enter": "daynight_enter (ordinary)", "enter_day_night": "daynight_enter (day/night)"}


def profile(hook: str) -> int:
    """Where the time of one hook call goes (cProfile adds overhead: read the shares, not the absolute times)."""
    import cProfile
    import pstats

    make, _, options = EVENTS[PROFILES[hook]]
    prepare, run = make(rules_manager(), start_game=True, **options)
    prepare(5_000)
    run(5_000)
    prepare(50_000)
    profiler = cProfile.Profile()
    profiler.runcall(run, 50_000)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run, noisier figures)")
    parser.add_argument("--profile", choices=sorted(PROFILES),
                        help="instead: profile that hook (cProfile, 50,000 calls) and print the top functions")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu (default): this thread's CPU time, so time the process spends waiting for a core "
                             "on a loaded machine is not counted; wall: time.perf_counter_ns")
    parser.add_argument("--cores", type=int, metavar="N",
                        help="pin this process to N cores (os.sched_setaffinity) before measuring, e.g. --cores 1")
    parser.add_argument("--write-doc", action="store_true",
                        help="also write the figures into docs/performance.md (section bench_hooks)")
    args = parser.parse_args(argv)
    if args.cores is not None:
        if not hasattr(os, "sched_setaffinity"):
            parser.error("--cores needs os.sched_setaffinity (Linux)")
        allowed = sorted(os.sched_getaffinity(0))
        if not 1 <= args.cores <= len(allowed):
            parser.error(f"--cores must be between 1 and {len(allowed)}")
        os.sched_setaffinity(0, allowed[: args.cores])
    global CLOCK
    CLOCK = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    if args.profile:
        return profile(args.profile)
    calls, rounds = (2_000, 5) if args.quick else (20_000, 40)
    flips, flip_rounds = (200, 5) if args.quick else (1_000, 30)
    out: list[str] = []

    def say(line: str = "") -> None:
        print(line)
        out.append(line)

    say(f"mtg-daynight hook benchmark: Python {platform.python_version()} ({platform.python_implementation()}), "
        f"pluggy {pluggy.__version__}, {platform.machine()}")
    say(f"per-event: best of {rounds} rounds x {calls:,} calls; "
        f"flips: best of {flip_rounds} rounds x {flips:,} flips; clock: "
        f"{'CPU time of this thread' if args.clock == 'cpu' else 'wall (perf_counter)'}")
    usable, load, free = free_cores()
    say(f"cores: {os.cpu_count()} on the machine, {usable} usable by this run"
        f"{' (--cores)' if args.cores else ''}; load average {load:.2f}, so about {free} free at the start")
    say()
    say("(a) per-event cost through pm.hook, rules plugin vs a no-op hookimpl on the same hook")
    say(f"    {'hook':<34}{'rules plugin':>14}{'no-op impl':>14}{'ratio':>9}  target")
    results_ok = True
    for name, (make, target, options) in EVENTS.items():
        rules_run = make(rules_manager(), start_game=True, **options)
        noop_run = make(noop_manager(), start_game=False, **options)
        rules_ns, noop_ns = paired_best([rules_run, noop_run], calls, rounds)
        ratio = rules_ns / noop_ns
        ok = ratio <= target
        results_ok &= ok
        say(f"    {name:<34}{rules_ns:>11.0f} ns{noop_ns:>11.0f} ns{ratio:>8.2f}x  <= {target:.1f}x "
            f"{'ok' if ok else 'MISSED'}")
    say()
    say("(b) one day/night flip (10 werewolves transform each time), 10 day/night permanents among N")
    say(f"    {'flip':<34}{'N = 100':>13}{'N = 100,000':>15}{'ratio':>9}  target <= 2x")
    small, large = flip_manager(100), flip_manager(100_000)
    for name, make in (("become night / become day (731.1)", become_flip_runner),
                       ("untap-step check (731.2a/b)", untap_flip_runner)):
        small_ns, large_ns = paired_best([make(small), make(large)], flips, flip_rounds)
        ratio = large_ns / small_ns
        ok = ratio <= 2.0
        results_ok &= ok
        say(f"    {name:<34}{small_ns / 1000:>10.2f} us{large_ns / 1000:>12.2f} us{ratio:>8.2f}x  "
            f"{'ok' if ok else 'MISSED'}")
    say()
    say("(c) daynight_enter of Tavern Ruffian, default card data: named by card vs given by its faces")
    say(f"    {'enter':<34}{'by card name':>14}{'by faces':>14}{'ratio':>9}  target <= 2x")
    card_run = enter_runner(card_data_manager(), start_game=True, day_night=True, by_card=True)
    faces_run = enter_runner(card_data_manager(), start_game=True, day_night=True)
    card_ns, faces_ns = paired_best([card_run, faces_run], calls, rounds)
    ratio = card_ns / faces_ns
    ok = ratio <= 2.0
    results_ok &= ok
    say(f"    {'daynight_enter (Tavern Ruffian)':<34}{card_ns:>11.0f} ns{faces_ns:>11.0f} ns{ratio:>8.2f}x  "
        f"{'ok' if ok else 'MISSED'}")
    say()
    say("all targets met" if results_ok else "some targets MISSED (see above)")
    if hasattr(os, "getloadavg"):
        say(f"load average at the end: {os.getloadavg()[0]:.2f}")
    if args.write_doc:
        from performance_doc import write_section  # scripts/ is this script's directory, first on sys.path

        command = "python scripts/bench_hooks.py" + "".join(
            f" {flag}" for flag, on in (("--quick", args.quick), (f"--cores {args.cores}", args.cores)) if on
        )
        write_section("bench_hooks", "## Rules plugin per event (scripts/bench_hooks.py)\n\n"
                      "Each event through `pm.hook` against a no-op hookimpl of the same hook, the cost of a\n"
                      "day/night flip against the size of the battlefield, and a card entered by name against the\n"
                      "same card entered by its faces. Command: "
                      f"`{command} --write-doc`.\n\n```\n" + "\n".join(out) + "\n```\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
