"""``mtg-daynight deck scan FILE|DIR...``: which cards of a deck are day/night cards, which names are unknown,
and whether the deck needs the Day // Night helper card.

Every file is read on its own: a bad one is reported with every problem it has and the others are still scanned
(docs/decks.md). Everything printed to the terminal goes through :func:`~mtg_daynight.catalog.names.terminal_text`,
so no name, path or message carries raw control, bidi or ANSI characters. Exit status: :data:`EXIT_STATUS`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Final

import msgspec

from mtg_daynight.catalog import CardDatabase, DeckScan, ScanEntry, scan_deck
from mtg_daynight.catalog.model import USE_WORDS
from mtg_daynight.catalog.names import json_text, terminal_text
from mtg_daynight.decks import FORMATS, Deck, DeckFileError, DeckProblem, read_deck
from mtg_daynight.errors import DayNightError

from .card_options import add_card_data_options, load_card_database, warn_mod_problems

#: The deck files a directory argument scans (its own entries only: not recursive).
DECK_PATTERNS: Final = ("*.dck", "*.dek", "*.txt")

EXIT_STATUS: Final = """\
exit status:
  0  every file scanned; every name resolved, or is not in the card data (and not close to a name in it)
  1  every file scanned; some name is unknown (a suspected typo)
  2  some deck file (or directory argument) could not be read or has problems: its
     good lines and the other files are still scanned and printed; or nothing could be scanned (a
     missing --data-dir/--mods directory, a malformed snapshot, a malformed mod file with --strict-mods)
a malformed mod file is otherwise a warning: it is left out, the other mod files load"""

_PROG: Final = "mtg-daynight deck scan"
_NO_DATA_HINT: Final = "import it with 'mtg-daynight carddata update', or pass --data-dir DIR"
_FOREIGN: Final = "the card data has no non-English name for it"
_PRINTED_NAMES_HINT: Final = (
    "non-English names come with a Scryfall all_cards import: 'mtg-daynight carddata update --bulk-type all_cards' "
    "(docs/carddata.md, Non-English names)"
)
_NOT_IN_DATA: Final = (
    "it holds the day/night cards its source knew of, so an ordinary card, a day/night card newer than the data "
    "and one the data lacks all look the same; 'mtg-daynight carddata status' gives the data's date"
)


class Failed(msgspec.Struct, frozen=True):
    """A deck file with problems: its path, every problem found in it, and whether its good lines were still
    scanned (``partial``: only some lines were bad; their scan is among the decks)."""

    path: str
    errors: tuple[DeckProblem, ...]
    partial: bool = False


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
            "Read deck files (Forge .dck, MTG Arena exports, MTGO .txt and .dek, plain lists)\n"
            "and report each day/night card with its count and section, names that are\n"
            "unknown (suspected typos, with close matches), and whether the deck needs the\n"
            "Day // Night helper card. The card data holds only day/night-related cards\n"
            "(daybound/nightbound cards, cards that mention day/night, the helper card):\n"
            "other names are reported as not in the card data: it cannot tell whether they\n"
            "are day/night cards (a card newer than the data looks like Lightning Bolt). A\n"
            "directory scans its *.dck, *.dek and *.txt files (not its subdirectories). Every\n"
            "problem of a bad file is reported with its line, and the other files are still\n"
            "scanned."
        ),
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    scan.add_argument("files", nargs="+", metavar="FILE", type=Path, help="deck files, or directories of them")
    scan.add_argument("--json", action="store_true", help="print one JSON object for scripts (errors included)")
    scan.add_argument("--format", choices=FORMATS, help="read every file in this format (default: detect)")
    add_card_data_options(scan)
    scan.set_defaults(handler=_scan)
    parser.set_defaults(handler=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def deck_paths(argument: Path) -> list[Path] | Failed:
    """The files a command-line argument names: the argument itself, or a directory's deck files (sorted by
    name, hidden files skipped; an entry that is not a regular file is kept, so reading it reports it)."""
    if not argument.is_dir():
        return [argument]
    found = {p for pattern in DECK_PATTERNS for p in argument.glob(pattern) if not p.name.startswith(".")}
    if not found:
        problem = DeckProblem(None, f"no deck files ({', '.join(DECK_PATTERNS)}) in this directory")
        return Failed(str(argument), (problem,))
    return sorted(found, key=lambda p: p.name)


def read_all(arguments: list[Path], format: str | None) -> list[Deck | Failed]:
    """Read every file the arguments name, in order; a file that fails becomes a :class:`Failed`."""
    results: list[Deck | Failed] = []
    for argument in arguments:
        paths = deck_paths(argument)
        if isinstance(paths, Failed):
            results.append(paths)
            continue
        for path in paths:
            try:
                results.append(read_deck(path, format))
            except DeckFileError as error:
                results.append(Failed(str(path), error.problems, partial=error.partial is not None))
                if error.partial is not None:  # some lines were bad: the good ones are still scanned
                    results.append(error.partial)
    return results


def _scan(args: argparse.Namespace) -> int:
    read = read_all(args.files, args.format)
    try:
        database = load_card_database(args)
    except DayNightError as error:  # nothing can be scanned: one clear line (or JSON object), exit 2
        if args.json:
            _write_json({"data": None, "decks": [], "failed": [], "unknown": 0, "error": str(error), "status": 2})
        else:
            _err(f"error: {error}")
        return 2
    scans = [item if isinstance(item, Failed) else scan_deck(item, database) for item in read]
    done = [s for s in scans if isinstance(s, DeckScan)]
    failed = [s for s in scans if isinstance(s, Failed)]
    status = 2 if failed else 1 if any(s.has_unknown for s in done) else 0
    if args.json:
        _write_json({
            "data": _data_json(database),
            "decks": msgspec.to_builtins(done),
            "failed": msgspec.to_builtins(failed),
            "unknown": sum(len(s.with_status("unknown")) for s in done),
            "status": status,
        })
        return status
    _warn(database)
    for item in scans:
        if isinstance(item, Failed):
            _print_failed(item)
        else:
            _print_scan(item)
    return status


def _write_json(document: dict[str, Any]) -> None:
    encoded = msgspec.json.format(msgspec.json.encode(document), indent=2).decode()
    sys.stdout.write(json_text(encoded) + "\n")


def _data_json(database: CardDatabase) -> dict[str, Any]:
    snapshot = database.snapshot
    return {
        "snapshot": None if snapshot is None else snapshot.path,
        "snapshot_note": None if snapshot is None else snapshot.note,
        "cards": len(database),
        "mods": [mod.path for mod in database.mods],
        "clashes": msgspec.to_builtins(database.clashes),
        "mod_problems": msgspec.to_builtins(database.mod_problems),
    }


def _err(text: str) -> None:
    print(terminal_text(f"{_PROG}: {text}"), file=sys.stderr)


def _warn(database: CardDatabase) -> None:
    if not database.has_snapshot:
        _err(
            "warning: no card data loaded (no snapshot in the data directory): only community mod cards are "
            f"known, so no name could be checked ({_NO_DATA_HINT})"
        )
    for clash in database.clashes:
        _err(f"warning: {clash.describe()}")
    warn_mod_problems(database, "deck scan")


def _print_failed(failed: Failed) -> None:
    for line in DeckFileError(failed.path, failed.errors).lines():
        _err(f"error: {line}")
    count = len(failed.errors)
    problems = f"{count} problem{'s' if count > 1 else ''}"
    if failed.partial:
        _err(f"error: {failed.path}: {problems}; its other lines were scanned (below)")
    else:
        _err(f"error: {failed.path}: not scanned ({problems})")


def _out(text: str) -> None:
    print(terminal_text(text))


def _where(entry: ScanEntry, name: str) -> str:
    return f"    {entry.count:>3}  {name}  [{entry.section}, line {entry.line}]"


def _row(entry: ScanEntry) -> str:
    text = _where(entry, entry.card or entry.written)
    notes = [*entry.keywords, *(USE_WORDS[use] for use in entry.uses if use != "forbids_change")]
    if entry.forbids:
        notes.append(f"it can't become {' or '.join(entry.forbids)}")
    if entry.card and entry.written != entry.card:
        notes.append(f"written {entry.written!r}" + (f" ({entry.lang})" if entry.lang else ""))
    if entry.community:
        notes.append("community card")
    return text + (f"  ({'; '.join(notes)})" if notes else "")


def _names(entries: tuple[ScanEntry, ...]) -> str:
    distinct = tuple(dict.fromkeys(e.written for e in entries))
    return f"{len(distinct)} name{'s' if len(distinct) > 1 else ''}: {', '.join(distinct)}"


def _print_scan(scan: DeckScan) -> None:
    title = f" ({scan.deck_name})" if scan.deck_name else ""
    _out(f"{scan.path}: {scan.format}{title}")
    groups = (
        ("day/night cards", scan.with_status("day_night")),
        ("cards that mention day/night", scan.with_status("mentions_day_night")),
        ("cards that care about day/night (read it or forbid a change)", scan.with_status("reads_day_night")),
        ("the Day // Night helper card", scan.with_status("helper")),
        ("in the card data, without day/night", scan.with_status("other")),
    )
    for heading, entries in groups:
        if entries:
            _out(f"  {heading}:")
            for entry in entries:
                _out(_row(entry))
    unknown = scan.with_status("unknown")
    if unknown:
        _out("  unknown names (not in the card data, but close to a name in it: a typo, or a card the data lacks?):")
        for entry in unknown:
            hint = ", ".join(repr(s.name) for s in entry.suggestions)
            foreign = f" (or its name in another language: {_FOREIGN})" if entry.foreign_name_possible else ""
            _out(_where(entry, entry.written) + f"  did you mean {hint}?{foreign}")
        if any(entry.foreign_name_possible for entry in unknown):
            _out(f"  {_PRINTED_NAMES_HINT}")
    not_in_data = scan.with_status("not_in_data")
    unseen = len(dict.fromkeys(e.written for e in not_in_data))
    if not_in_data:
        what = "it is a day/night card" if unseen == 1 else "they are day/night cards"
        _out(f"  not in the card data ({_names(not_in_data)}): so it cannot tell whether {what} ({_NOT_IN_DATA})")
    no_data = scan.with_status("no_data")
    if no_data:
        _out(f"  not checked ({_names(no_data)}): no card data is loaded ({_NO_DATA_HINT})")
    if scan.needs_helper_card:
        _out(f"  needs the Day // Night helper card: yes ({', '.join(scan.helper_reasons)})")
    elif scan.needs_helper_card is None:
        _out("  needs the Day // Night helper card: unknown (no card data is loaded: no real card was checked)")
    elif unseen:
        _out(
            "  needs the Day // Night helper card: no, as far as the card data knows "
            f"({unseen} name{' is' if unseen == 1 else 's are'} not in it)"
        )
    else:
        _out("  needs the Day // Night helper card: no")
