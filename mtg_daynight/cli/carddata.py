"""``mtg-daynight carddata``: update, list and check the day/night card data (printing and arguments only)."""

from __future__ import annotations

import argparse
import re
import sys
from typing import TYPE_CHECKING

from mtg_daynight.importer.errors import CardDataError, SnapshotMissingError, UnreachableError
from mtg_daynight.importer.limits import (
    BULK_TYPES,
    DEFAULT_BULK_TYPE,
    DEFAULT_DEADLINE,
    DEFAULT_RETRIES,
    DEFAULT_TIMEOUT,
    STALL_BYTES,
)
from mtg_daynight.importer.store import locate_snapshot

if TYPE_CHECKING:
    from typing import Any

    from mtg_daynight.importer.records import Snapshot, SourceInfo
    from mtg_daynight.importer.update import UpdateOutcome

# ``update`` answered "not modified" must not load msgspec, the records or the snapshot reader (see
# docs/architecture.md, "Start-up"): ``list`` and ``status`` import them (and json, datetime) where they read.

DESCRIPTION = """\
Manage the day/night card data: the cards with daybound/nightbound, the cards that mention day/night without
them (they make it day or night, or trigger when it changes), the cards that only read it ("if it's night"),
their faces and printings, and the Day // Night helper card, imported from Scryfall's bulk data (or local
Scryfall or MTGJSON files) into one snapshot file (daynight-cards.json).

Which snapshot is read: --data-dir (or $MTG_DAYNIGHT_DATA_DIR) if given, and only that; else your own import
in the user data directory; else a source checkout's carddata/ if it holds one; else the snapshot bundled
with mtg-daynight (MTGJSON 5.2.0 of 2022-04-25: the day/night cards of Innistrad: Midnight Hunt and Crimson
Vow). `update` writes into --data-dir, $MTG_DAYNIGHT_DATA_DIR or the user data directory; `reset` removes that
snapshot again, so the bundled one is used. Downloads are cached in your user cache directory
(--cache-dir or MTG_DAYNIGHT_CACHE_DIR overrides it).

Exit status: 0 done; 1 `status --check` found the snapshot missing or too old; 2 an error (a bad or missing
file, no card data where it was asked for, a failed update: the previous snapshot is kept); 3 `update` could
not reach the server (see `update --help`).
"""

UPDATE_HELP = """\
Download Scryfall's bulk file (or read --from-file), keep the day/night cards and write the snapshot.
Asks Scryfall first whether the file changed (If-None-Match): when it has not, nothing is downloaded.
The file is decompressed and scanned while it downloads; an interrupted download resumes on the next run.
The old snapshot is kept when anything fails; when the new data is older than the data in use (by the sources'
own dates: Scryfall's updated_at, MTGJSON's meta.date) unless --allow-older; and when the new import looks
broken (no day/night cards, or fewer cards of any kind than the data in use, the helper card included) unless
--force. Prints the cards added, removed and changed (--quiet: nothing when nothing changed, one line when
something did); waits (retries, another update holding the lock) and errors are announced on stderr.

Offline (the name does not resolve, the connection is refused, the network is unreachable) it stops at once,
without retrying, with one line; the current snapshot stays in use. Worst case against a hostile or broken
server: the run ends within --deadline (plus at most one --timeout), after at most --retries retries in all,
so at most 2 + --retries requests (redirects aside, at most 5 per request).

exit status:
  0  the snapshot was written, or Scryfall reports no change ("up to date")
  2  an error (bad option or input, HTTP error, retries or deadline exhausted, refused import): snapshot
     unchanged
  3  the server could not be reached at all (offline?): snapshot unchanged
  130  interrupted (Ctrl-C): snapshot unchanged, the partial download is kept for resuming
"""

#: Exit status when the server cannot be reached at all (see UPDATE_HELP).
EXIT_UNREACHABLE = 3


def register(sub: Any) -> None:
    """Add the ``carddata`` sub-command and its ``update``, ``list`` and ``status`` actions."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "carddata",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="carddata_action", metavar="ACTION")
    parser.set_defaults(handler=lambda args: _usage(parser))

    update = actions.add_parser(
        "update",
        help="import Scryfall's bulk data into the snapshot",
        description=UPDATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    update.add_argument(
        "--bulk-type",
        choices=BULK_TYPES,
        default=DEFAULT_BULK_TYPE,
        help="which bulk file: oracle_cards (one object per card, ~24 MB), default_cards (every English "
        "printing, ~77 MB; the default), all_cards (every printing in every language, ~390 MB)",
    )
    update.add_argument(
        "--from-file",
        metavar="PATH",
        action="append",
        help="import local files instead of downloading; repeat it to import several files into one snapshot. "
        "Each is recognised by its content: a Scryfall bulk file (.jsonl or legacy .json array) or an MTGJSON "
        "set file or AllPrintings; plain, gzip, xz or bzip2",
    )
    update.add_argument("--data-dir", metavar="DIR", help="directory of the snapshot (default: see above)")
    update.add_argument(
        "--cache-dir",
        metavar="DIR",
        help="directory of the downloaded bulk files (default: $MTG_DAYNIGHT_CACHE_DIR, else your user cache "
        "directory); files there that mtg-daynight did not write are left alone",
    )
    update.add_argument(
        "--api-url",
        metavar="URL",
        help="use this API base URL instead of https://api.scryfall.com (a mirror or a test server); "
        "lifts the https-on-Scryfall-hosts check",
    )
    update.add_argument(
        "--force",
        action="store_true",
        help="replace the snapshot even if the import looks broken (no day/night cards, or fewer cards of a kind "
        "than the data in use)",
    )
    update.add_argument(
        "--allow-older",
        action="store_true",
        help="import data older than the data in use (by Scryfall's updated_at or MTGJSON's meta.date)",
    )
    update.add_argument(
        "--quiet",
        action="store_true",
        help="for cron: print nothing when nothing changed, one line when something did (errors and warnings "
        "still go to stderr)",
    )
    update.add_argument(
        "--retries",
        metavar="N",
        type=_non_negative_int,
        default=DEFAULT_RETRIES,
        help=f"retries for the whole run, whatever failed: HTTP 5xx, 429, a dropped or stalled transfer "
        f"(waits 1, 2, 4, ... s between them; default: {DEFAULT_RETRIES})",
    )
    update.add_argument(
        "--timeout",
        metavar="S",
        type=_positive_seconds,
        default=DEFAULT_TIMEOUT,
        help=f"connect timeout, and stall timeout: an attempt fails when fewer than {STALL_BYTES} bytes arrive "
        f"in S seconds (default: {DEFAULT_TIMEOUT:g})",
    )
    update.add_argument(
        "--deadline",
        metavar="S",
        type=_positive_seconds,
        default=None,
        help=f"give up when the whole run (requests, transfers, waits, the import) takes longer than S seconds "
        f"(default: {DEFAULT_DEADLINE:g}, i.e. {DEFAULT_DEADLINE / 60:g} minutes; none for --from-file)",
    )
    update.set_defaults(handler=_update)

    lister = actions.add_parser(
        "list",
        help="list the cards of the snapshot",
        description="List the day/night cards, the cards that mention day/night, the cards that read day/night "
        "and the helper card.",
    )
    lister.add_argument(
        "--json",
        action="store_true",
        help="print a JSON array of objects, one per record: kind (day_night, mentions_day_night, "
        "reads_day_night or helper), name, oracle_id, layout, faces, printings with set/collector_number/lang/id/"
        "printed_name; day_night records also have daybound_face, nightbound_face, keywords, digital, playtest; "
        "mentions_day_night and reads_day_night records digital, playtest",
    )
    lister.add_argument("--data-dir", metavar="DIR", help="directory of the snapshot (default: see above)")
    lister.set_defaults(handler=_list)

    status = actions.add_parser(
        "status",
        help="show which snapshot is in use, where it came from and how old it is",
        description="Show the snapshot's manifest. With --check, exit 1 when the snapshot is missing or older "
        "than --max-age (for CI).",
    )
    status.add_argument("--json", action="store_true", help="print the status as a JSON object")
    status.add_argument("--data-dir", metavar="DIR", help="directory of the snapshot (default: see above)")
    status.add_argument(
        "--check", action="store_true", help="exit 1 when the snapshot is missing or older than --max-age"
    )
    status.add_argument(
        "--max-age",
        metavar="AGE",
        default="30d",
        help="age limit for --check: a number with unit s, m, h, d or w (default: 30d). The age is counted "
        "from the data's own date: Scryfall's updated_at, or MTGJSON's meta.date (for the bundled snapshot "
        "too); only for local Scryfall files, which carry no date, from the import time",
    )
    status.set_defaults(handler=_status)

    reset = actions.add_parser(
        "reset",
        help="remove your imported snapshot, so the bundled one is used again",
        description="Remove the snapshot `update` wrote (in --data-dir, $MTG_DAYNIGHT_DATA_DIR or the user data "
        "directory), in one step and holding the update lock; readers then fall back to a checkout's carddata/ "
        "or the bundled snapshot (with --data-dir or $MTG_DAYNIGHT_DATA_DIR: to no card data). Prints the "
        "snapshot now in use.",
    )
    reset.add_argument("--data-dir", metavar="DIR", help="directory of the snapshot to remove (default: see above)")
    reset.set_defaults(handler=_reset)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


# -- update ------------------------------------------------------------------------------------------------
class _TqdmProgress:
    """Download (or import) progress bar on stderr (hidden when stderr is not a terminal)."""

    def __init__(self, desc: str = "downloading") -> None:
        self._bar: Any = None
        self._desc = desc

    def start(self, total: int | None, initial: int) -> None:
        from tqdm import tqdm  # type: ignore[import-untyped]

        self._bar = tqdm(
            total=total,
            initial=initial,
            unit="B",
            unit_scale=True,
            unit_divisor=1000,  # MB, as the summary says
            desc=self._desc,
            file=sys.stderr,
            disable=not sys.stderr.isatty(),
            leave=False,
        )

    def advance(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _mb(n: int) -> str:
    """Bytes in MB (10^6 bytes, as the progress bar counts)."""
    return f"{n / 1_000_000:.1f} MB"


def plural(n: int, word: str) -> str:
    """``1 printing``, ``2 printings``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _contents(counts: Any) -> str:
    """What a snapshot holds, from its manifest's counts."""
    return (
        f"{plural(counts.cards, 'day/night card')} ({plural(counts.printings, 'printing')}), "
        f"{counts.mentions} that mention day/night, {counts.reads} that read day/night, "
        f"{plural(counts.helpers, 'helper card')}"
    )


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def _say(text: str) -> None:
    """Print one line of output, escaped for the terminal (a path may hold control characters)."""
    from mtg_daynight.catalog.names import terminal_text

    print(terminal_text(text))


def _notify(message: str) -> None:
    from mtg_daynight.catalog.names import terminal_text
    from mtg_daynight.cli import hide_credentials

    print(terminal_text(f"mtg-daynight carddata update: {hide_credentials(message)}"), file=sys.stderr, flush=True)


def _update(args: argparse.Namespace) -> int:
    from mtg_daynight.importer.update import run_update  # HTTP (requests) only for the update

    try:
        outcome = run_update(
            data_dir=args.data_dir,
            cache_dir=args.cache_dir,
            bulk_type=args.bulk_type,
            from_file=args.from_file,
            api_url=args.api_url,
            force=args.force,
            allow_older=args.allow_older,
            progress=_TqdmProgress("importing" if args.from_file else "downloading"),
            retries=args.retries,
            timeout=args.timeout,
            deadline=args.deadline,
            notify=_notify,
        )
    except UnreachableError as error:
        _notify(str(error))
        return EXIT_UNREACHABLE
    from mtg_daynight.catalog.names import terminal_text

    for warning in outcome.warnings:
        print(terminal_text(f"warning: {warning}"), file=sys.stderr)
    if args.quiet:
        _print_quiet(outcome)
    else:
        _print_update(outcome)
    return 0


def _print_quiet(outcome: UpdateOutcome) -> None:
    """``--quiet``: nothing when nothing changed (Scryfall reports no change, or no card changed), else one line."""
    if outcome.up_to_date or outcome.diff.empty or outcome.snapshot is None:
        return
    source = outcome.snapshot.manifest.source
    date = f" of {source.updated_at}" if source.updated_at else ""
    _say(f"card data updated{date}: {outcome.diff.summary()} -> {outcome.snapshot_file}")


def _print_update(outcome: UpdateOutcome) -> None:
    if outcome.up_to_date:
        _say(
            "up to date: Scryfall reports no change since the last update; nothing downloaded "
            f"({outcome.snapshot_file})"
        )
        return
    snapshot = outcome.snapshot
    assert snapshot is not None
    source = snapshot.manifest.source
    if source.kind == "scryfall":
        how = "downloaded " + _mb(outcome.download.size) if outcome.download else "reused the cached download"
        if outcome.download and outcome.download.resumed:
            how += " (resumed)"
        _say(f"{source.bulk_type} of {source.updated_at}: {how}")
    else:
        _say(f"imported {source.file_name} ({_mb(source.file_size)})")
    _say(f"{_contents(snapshot.manifest.counts)} -> {outcome.snapshot_file}")
    if outcome.diff.empty:
        _say("no card changed" if outcome.written else "no card changed: the snapshot is the same, left as it was")
    else:
        _say(f"changes: {outcome.diff.summary()}")
        for line in outcome.diff.lines():
            _say(f"  {line}")


# -- list --------------------------------------------------------------------------------------------------
def _load(data_dir: str | None) -> Snapshot:
    from mtg_daynight.importer.snapshot import load_snapshot

    return load_snapshot(locate_snapshot(data_dir).path)


def _records(snapshot: Snapshot) -> list[dict[str, Any]]:
    """Every record as a JSON object with its ``kind`` first: day/night cards, mention cards, helper cards."""
    import msgspec

    groups: tuple[tuple[str, tuple[Any, ...]], ...] = (
        ("day_night", snapshot.cards),
        ("mentions_day_night", snapshot.mentions),
        ("reads_day_night", snapshot.reads),
        ("helper", snapshot.helpers),
    )
    return [{"kind": kind, **msgspec.to_builtins(record)} for kind, records in groups for record in records]


def _flags(digital: bool, playtest: bool) -> str:
    flags = [flag for flag, on in (("digital", digital), ("playtest", playtest)) if on]
    return f" [{', '.join(flags)}]" if flags else ""


def _list(args: argparse.Namespace) -> int:
    snapshot = _load(args.data_dir)
    if args.json:
        import json

        print(json.dumps(_records(snapshot), ensure_ascii=False, indent=1))
        return 0
    for card in snapshot.cards:
        faces = f"day: {card.daybound_face or '-'}, night: {card.nightbound_face or '-'}"
        printings = plural(len(card.printings), "printing")
        print(f"{card.name}  ({faces}; {printings}){_flags(card.digital, card.playtest)}")
    for mention in snapshot.mentions:
        flags = _flags(mention.digital, mention.playtest)
        print(f"{mention.name}  (mentions day/night; {plural(len(mention.printings), 'printing')}){flags}")
    for reads in snapshot.reads:
        flags = _flags(reads.digital, reads.playtest)
        print(f"{reads.name}  (reads day/night; {plural(len(reads.printings), 'printing')}){flags}")
    for helper in snapshot.helpers:
        print(f"{helper.name}  (helper card; {plural(len(helper.printings), 'printing')})")
    print(
        f"{plural(len(snapshot.cards), 'day/night card')}, {len(snapshot.mentions)} that mention day/night, "
        f"{len(snapshot.reads)} that read day/night, {plural(len(snapshot.helpers), 'helper card')}",
        file=sys.stderr,
    )
    return 0


# -- status ------------------------------------------------------------------------------------------------
_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "": 86400}


def parse_age(text: str) -> float:
    """Parse an age such as ``36h`` or ``7d`` (a bare number means days) into seconds."""
    match = _AGE.match(text)
    if not match:
        raise CardDataError(f"--max-age: cannot read {text!r} (use e.g. 12h, 7d, 2w)")
    return float(match.group(1)) * _UNIT[match.group(2)]


#: What each origin of :func:`~mtg_daynight.importer.store.locate_snapshot` means, for the status line.
_ORIGINS = {
    "--data-dir": "given with --data-dir",
    "$MTG_DAYNIGHT_DATA_DIR": "given with $MTG_DAYNIGHT_DATA_DIR",
    "user": "your import, in the user data directory",
    "checkout": "imported into this checkout's carddata/",
    "bundled": "bundled with mtg-daynight; `carddata update` replaces it with current Scryfall data",
    "none": "no snapshot",
}


def _source_line(source: SourceInfo) -> str:
    if source.kind == "scryfall":
        return f"Scryfall {source.bulk_type}, updated {source.updated_at} (ETag {source.api_etag})"
    if source.kind == "mtgjson":
        return f"MTGJSON {source.version or '(no version)'} of {source.updated_at or '(no date)'}"
    if source.kind == "mixed":
        return "local Scryfall and MTGJSON files" + (f" (MTGJSON {source.version})" if source.version else "")
    return f"local file {source.file_name}"


def _mod_dirs() -> list[str]:
    """The directories whose mod files every reader loads by default (see docs/mods.md)."""
    from mtg_daynight.catalog.mods import default_mod_dirs

    return [str(path) for path in default_mod_dirs()]


def _reset(args: argparse.Namespace) -> int:
    from mtg_daynight.importer.store import Store

    store = Store.resolve(args.data_dir)
    removed = store.remove_snapshot(notify=_notify)
    what = f"removed {store.snapshot}" if removed else f"no imported snapshot in {store.data}"
    location = locate_snapshot(args.data_dir)
    now = f"{location.path} ({_ORIGINS[location.origin]})" if location.exists else "no card data"
    _say(f"{what}; in use now: {now}")
    return 0


def _status(args: argparse.Namespace) -> int:
    import json
    from datetime import UTC, datetime

    import msgspec

    from mtg_daynight.catalog.names import terminal_text
    from mtg_daynight.importer.snapshot import load_snapshot, snapshot_age

    max_age = parse_age(args.max_age) if args.check else None
    location = locate_snapshot(args.data_dir)
    try:
        snapshot = load_snapshot(location.path)
    except SnapshotMissingError as error:
        if args.json:
            missing = {
                "path": str(location.path),
                "origin": location.origin,
                "bundled": False,
                "exists": False,
                "source": None,
                "date": None,
                "age_seconds": None,
                "too_old": True if args.check else None,
                "manifest": None,
                "mod_dirs": _mod_dirs(),
            }
            print(json.dumps(missing, indent=1))
        if args.check:
            print(terminal_text(f"carddata status: {error}"), file=sys.stderr)
            return 1
        raise
    manifest = snapshot.manifest
    data_age = snapshot_age(snapshot, datetime.now(UTC))
    age, future, dated = data_age
    too_old = max_age is not None and data_age.older_than(max_age)
    if args.json:
        data = {
            "path": str(location.path),
            "origin": location.origin,
            "bundled": location.origin == "bundled",
            "exists": True,
            "source": manifest.source.kind,
            "date": dated or None,
            "age_seconds": round(age) if age is not None else None,
            "too_old": too_old if args.check else None,
            "manifest": msgspec.to_builtins(manifest),
            "mod_dirs": _mod_dirs(),
        }
        print(json.dumps(data, indent=1))
    else:
        source = manifest.source
        _say(f"snapshot:   {location.path}")
        _say(f"in use:     {_ORIGINS[location.origin]}")
        _say(f"source:     {_source_line(source)}")
        for item in source.files or ():
            _say(f"file:       {item.name}, {_mb(item.size)}, sha256 {item.sha256}")
        if not source.files:
            _say(f"file:       {source.file_name}, {_mb(source.file_size)}, sha256 {source.file_sha256}")
        imported = f"{manifest.imported_at} " if manifest.imported_at else ""
        _say(f"imported:   {imported}by {manifest.tool} {manifest.tool_version}")
        if future:
            _say(f"age:        unknown: dated {dated}, in the future (is the clock right?)")
        elif age is not None:
            _say(f"age:        {age / 86400:.1f} days (from {dated})")
        _say(f"contents:   {_contents(manifest.counts)}")
        _say(f"mod files:  {', '.join(_mod_dirs())} (your own cards: *.toml mod files, *.txt Forge scripts)")
    if too_old:
        hint = " (the bundled snapshot: run `mtg-daynight carddata update`)" if location.origin == "bundled" else ""
        why = "is dated in the future, so its age is unknown" if future else f"is older than {args.max_age}"
        print(f"carddata status: the snapshot {why}{hint}", file=sys.stderr)
        return 1
    return 0
