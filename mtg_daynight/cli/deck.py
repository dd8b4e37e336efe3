"""``mtg-daynight deck scan FILE...``: which cards of a deck are day/night cards, which names are unknown, and
whether the deck needs the Day // Night helper card. Exit status: 0 every name resolved (or was presumably an
ordinary card), 1 some name was unknown, 2 an error (malformed deck or mod file)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import msgspec

from mtg_daynight.catalog import CardDatabase, DeckScan, ScanEntry, load_database, scan_deck
from mtg_daynight.decks import FORMATS, read_deck


def register(sub: Any) -> None:
    """Add the ``deck`` sub-command and its ``scan`` action."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "deck", description="Work with deck files."
    )
    actions = parser.add_subparsers(dest="deck_command", metavar="ACTION")
    scan: argparse.ArgumentParser = actions.add_parser(
        "scan",
        help="report day/night cards, unknown names and whether the Day // Night helper card is needed",
        description=(
            "Read deck files (Forge .dck, MTG Arena exports, MTGO .txt and .dek, plain lists) and report each "
            "day/night card with its count and section, names that are unknown (suspected typos, with close "
            "matches), and whether the deck needs the Day // Night helper card. The card data holds only "
            "day/night-related cards (daybound/nightbound cards, cards that mention day/night, the helper card): "
            "other names are reported as not checked. Exit status: 0 every name resolved or is presumably an "
            "ordinary card, 1 some name is "
            "unknown, 2 an error."
        ),
    )
    scan.add_argument("files", nargs="+", metavar="FILE", type=Path, help="deck files")
    scan.add_argument("--json", action="store_true", help="print one JSON object for scripts")
    scan.add_argument("--format", choices=FORMATS, help="read every file in this format (default: detect)")
    scan.add_argument("--data-dir", type=Path, help="directory holding the card data snapshot")
    scan.add_argument(
        "--mods", type=Path, action="append", default=[], metavar="DIR",
        help="also merge the mod files (*.toml) of DIR (repeatable)",
    )
    scan.add_argument(
        "--no-default-mods", action="store_true",
        help="skip carddata/custom/ and the user's custom/ directory",
    )
    scan.set_defaults(handler=_scan)
    parser.set_defaults(handler=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _data_json(database: CardDatabase) -> dict[str, Any]:
    snapshot = database.snapshot
    return {
        "snapshot": None if snapshot is None else snapshot.path,
        "snapshot_note": None if snapshot is None else snapshot.note,
        "cards": len(database),
        "mods": [mod.path for mod in database.mods],
        "clashes": msgspec.to_builtins(database.clashes),
    }


def _scan(args: argparse.Namespace) -> int:
    decks = [read_deck(path, args.format) for path in args.files]  # every file is read before anything prints
    database = load_database(args.data_dir, args.mods, default_mods=not args.no_default_mods)
    scans = [scan_deck(deck, database) for deck in decks]
    status = 1 if any(s.has_unknown for s in scans) else 0
    if args.json:
        document = {
            "data": _data_json(database),
            "decks": msgspec.to_builtins(scans),
            "unknown": sum(len(s.with_status("unknown")) for s in scans),
            "status": status,
        }
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(document), indent=2).decode() + "\n")
    else:
        _warn(database)
        for scan in scans:
            _print_scan(scan)
    return status


def _warn(database: CardDatabase) -> None:
    if not database.has_snapshot:
        print(
            "mtg-daynight deck scan: warning: no card data snapshot found: only community mod cards are known, "
            "so no real card was checked (import the Scryfall data, or pass --data-dir)",
            file=sys.stderr,
        )
    for clash in database.clashes:
        print(f"mtg-daynight deck scan: warning: {clash.describe()}", file=sys.stderr)


def _row(entry: ScanEntry) -> str:
    text = f"    {entry.count:>3}  {entry.card or entry.written}  [{entry.section}, line {entry.line}]"
    notes = list(entry.keywords)
    if entry.card and entry.written != entry.card:
        notes.append(f"written {entry.written!r}" + (f" ({entry.lang})" if entry.lang else ""))
    if entry.community:
        notes.append("community card")
    return text + (f"  ({'; '.join(notes)})" if notes else "")


def _print_scan(scan: DeckScan) -> None:
    title = f" ({scan.deck_name})" if scan.deck_name else ""
    print(f"{scan.path}: {scan.format}{title}")
    groups = (
        ("day/night cards", scan.with_status("day_night")),
        ("cards that mention day/night", scan.with_status("mentions_day_night")),
        ("the Day // Night helper card", scan.with_status("helper")),
        ("known cards without day/night", scan.with_status("other")),
    )
    for heading, entries in groups:
        if entries:
            print(f"  {heading}:")
            for entry in entries:
                print(_row(entry))
    unknown = scan.with_status("unknown")
    if unknown:
        print("  unknown names:")
        for entry in unknown:
            hint = ", ".join(repr(s.name) for s in entry.suggestions)
            print(
                f"    {entry.count:>3}  {entry.written}  [{entry.section}, line {entry.line}]"
                + (f"  did you mean {hint}?" if hint else "  (not a card name)")
            )
    unchecked = scan.with_status("unchecked")
    if unchecked:
        distinct = tuple(dict.fromkeys(e.written for e in unchecked))
        print(
            f"  not checked ({len(distinct)} name{'s' if len(distinct) > 1 else ''}): not in the day/night card "
            f"data and not close to any name in it, so presumably not day/night cards: {', '.join(distinct)}"
        )
    if scan.needs_helper_card:
        print(f"  needs the Day // Night helper card: yes ({', '.join(scan.helper_reasons)})")
    elif scan.needs_helper_card is None:
        print("  needs the Day // Night helper card: unknown (no card data snapshot: no real card was checked)")
    else:
        print("  needs the Day // Night helper card: no")
