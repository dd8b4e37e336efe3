"""``mtg-daynight demo``: a short built-in game on the reference host, showing day and night come and go.

Offline, no arguments, no files: two players cast real cards, taken from the built-in cards (:func:`card`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from mtg_daynight.errors import InputFileError
from mtg_daynight.reference import Card, ReferenceHost, log
from mtg_daynight.rules import Designation
from mtg_daynight.scenarios.cards import BUILTIN
from mtg_daynight.scenarios.report import Style


def card(name: str) -> Card:
    """A card of the demo, from the built-in cards (the bundled snapshot's day/night cards, a few ordinary ones)."""
    found = BUILTIN.lookup(name)
    if found is None:
        raise InputFileError(f"the bundled card data does not hold {name!r}: the installation is broken (reinstall)")
    return found


def register(sub: Any) -> None:
    """Add the ``demo`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "demo",
        description="Play a short built-in game on the reference host: day and night come and go, each change "
                    "with the rule behind it.",
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.set_defaults(handler=_run)


class _Show:
    """Prints what happened since the last call: the rules' trace lines and the host's log."""

    def __init__(self, host: ReferenceHost, out: TextIO, style: Style) -> None:
        self.host, self.out, self.style = host, out, style
        self.trace_seen = 0
        self.log_seen = 0

    def sky(self, designation: Designation) -> str:
        unicode = self.style.unicode
        if designation is Designation.DAY:
            return self.style.paint(("\u2600 " if unicode else "") + "DAY", "1;33")
        if designation is Designation.NIGHT:
            return self.style.paint(("\u263e " if unicode else "") + "NIGHT", "1;34")
        return self.style.dim("neither day nor night")

    def turn(self, who: str) -> None:
        host = self.host
        self.out.write(f"\n{self.style.bold(f'Turn {host.turn}')} {self.style.dim('-')} {who}"
                       f"{' ' * max(1, 28 - len(who))}{self.sky(host.designation)}\n")
        self.flush(indent="  ")

    def act(self, text: str, do: Callable[[], object]) -> None:
        self.out.write(f"  {text}\n")
        do()
        self.flush(indent="    ")

    def flush(self, indent: str) -> None:
        trace = self.host.trace[self.trace_seen:]
        self.trace_seen += len(trace)
        events = self.host.log[self.log_seen:]
        self.log_seen += len(events)
        changes = [e for e in events if isinstance(e, log.DesignationChanged)]
        for line in trace:
            rule = self.style.rule(line.rule)
            if line.rule.startswith("731.2") and "->" not in line.text:
                self.out.write(f"{indent}{self.style.dim(f'{line.rule}: {line.text}')}\n")
            elif "->" in line.text and changes:
                change = changes.pop(0)
                self.out.write(f"{indent}{self.style.bold('it becomes')} {self.sky(change.after)}  "
                               f"{rule}: {line.text}\n")
            else:
                self.out.write(f"{indent}{rule}: {line.text}\n")
        for event in events:
            if isinstance(event, log.Entered) and event.transformed:
                self.out.write(f"{indent}{self.style.dim('(it entered transformed: no transform happened, so no')}"
                               f" {self.style.dim('when-this-transforms trigger)')}\n")


def play(out: TextIO, style: Style) -> ReferenceHost:
    """Play the demo game, printing as it goes; return the host (its game still open: call ``host.end()``)."""
    host = ReferenceHost(["Alice", "Bob"], game_id="demo")
    show = _Show(host, out, style)
    out.write(style.bold("mtg-daynight demo") + ": a short game on the reference host, Alice against Bob.\n")
    out.write(style.dim("Day and night follow 731.1, 731.2a-c and 702.145b-g; every line cites its rule.") + "\n")

    host.begin_turn()
    show.turn("Alice")
    ruffian = ""

    def cast(player: str, what: Card) -> str:
        spell = host.cast(player, what, id=what.front.name.split()[-1].lower())
        host.resolve()
        return spell

    def cast_ruffian() -> None:
        nonlocal ruffian
        ruffian = cast("Alice", card("Tavern Ruffian"))

    show.act("Alice casts Tavern Ruffian (daybound).", cast_ruffian)

    host.begin_turn()
    show.turn("Bob")
    show.act("Bob casts Kessig Naturalist (daybound).", lambda: cast("Bob", card("Kessig Naturalist")))

    host.begin_turn()
    show.turn("Alice")
    show.act("Alice casts no spell this turn.", lambda: None)

    host.begin_turn()
    show.turn("Bob")
    show.act("Bob casts Brutal Cathar at night.", lambda: cast("Bob", card("Brutal Cathar")))
    show.act("Bob casts Lightning Bolt: his second spell this turn.", lambda: cast("Bob", card("Lightning Bolt")))
    show.act("(Nobody cast a spell in turn 3... but Bob cast two in turn 4.)", lambda: None)

    host.begin_turn()
    show.turn("Alice")
    show.act("Alice casts Moonmist at her Tavern Ruffian.",
             lambda: (cast("Alice", card("Moonmist")),
                      host.request_transform(ruffian, "Moonmist")))

    host.begin_turn()
    show.turn("Bob")
    out.write("\n" + style.bold("The board: ") + ", ".join(
        f"{o.name} ({o.controller})" for o in host.battlefield()) + f"; it is {show.sky(host.designation)}.\n")
    out.write(style.dim("Scenario files: mtg-daynight simulate --library   Docs: docs/scenarios.md") + "\n")
    return host


def _run(args: argparse.Namespace) -> int:
    style = Style(sys.stdout, color=False if args.no_color else None)
    play(sys.stdout, style).end()
    return 0
