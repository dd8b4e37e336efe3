"""Card-data snapshots: what a snapshot may hold, encoding and reading one, the guards of an update, and what
changed between two (where one lives and how it is written: :mod:`mtg_daynight.importer.store`).

A snapshot is one file, ``daynight-cards.json``, manifest and records together, so one ``os.replace`` swaps both.
The text rules (:func:`check_card_text`: a card with a control or bidi character is refused, never altered) and
the one validation walk of every reader (:func:`decode_snapshot`: texts and integrity of every record of every
kind) are described in ``docs/carddata.md``, "Data hygiene".
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from mtg_daynight.importer.errors import CardFileError, SnapshotMissingError, SnapshotRefusedError, SnapshotVersionError
from mtg_daynight.importer.records import (
    SNAPSHOT_FORMAT_VERSION,
    DayNightCard,
    HelperCard,
    MentionCard,
    ReadsCard,
    Snapshot,
)

if TYPE_CHECKING:  # annotations only: reading a snapshot (deck scan, demo) does not load the Scryfall structs
    from mtg_daynight.importer.scryfall import Card

#: The snapshot's file name in its directory.
SNAPSHOT_NAME = "daynight-cards.json"

#: The kinds of records a snapshot holds: every field of :class:`Snapshot` but its manifest. Derived from the
#: struct, so that a kind added there is checked when a snapshot is read without a change here.
RECORD_KINDS: tuple[str, ...] = tuple(name for name in Snapshot.__struct_fields__ if name != "manifest")
#: A record of any kind.
Record = DayNightCard | MentionCard | HelperCard | ReadsCard


def snapshot_records(snapshot: Snapshot) -> Iterator[tuple[str, Record]]:
    """(kind, record) for every record of ``snapshot``, kind by kind in :data:`RECORD_KINDS` order."""
    return ((kind, record) for kind in RECORD_KINDS for record in getattr(snapshot, kind))


# -- text hygiene --------------------------------------------------------------------------------------------------

#: C0 and C1 control characters (ESC included), DEL, the Unicode line and paragraph separators, and the bidi
#: embedding/override/isolate controls and marks (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069): a regular
#: expression character class.
FORBIDDEN_CHARACTERS = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
#: In rules text a line feed separates abilities; every other forbidden character is still refused.
FORBIDDEN_IN_TEXT_CHARACTERS = FORBIDDEN_CHARACTERS.replace("\x00-\x1f", "\x00-\x09\x0b-\x1f")


@functools.cache
def _pattern(rules_text: bool) -> re.Pattern[str]:
    """The forbidden characters (in rules text, all but the line feed) as a compiled pattern, on first use."""
    return re.compile(f"[{FORBIDDEN_IN_TEXT_CHARACTERS if rules_text else FORBIDDEN_CHARACTERS}]")


def find_forbidden(text: str, *, rules_text: bool = False) -> re.Match[str] | None:
    """The first forbidden character of ``text`` (rules text may hold line feeds), or None when it has none."""
    if (text.replace("\n", "") if rules_text else text).isprintable():
        return None  # every forbidden character is unprintable
    return _pattern(rules_text).search(text)


def escape_text(text: str) -> str:
    """``text`` with every forbidden character written as a visible escape (``\\x1b``, ``\\u202e``)."""
    if text.isprintable():
        return text
    return _pattern(False).sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


#: The fields of a card and of a card face that end up in a snapshot, other than the rules text and keywords.
_CARD_FIELDS = ("name", "printed_name", "id", "oracle_id", "set", "collector_number", "lang", "layout", "mana_cost",
                "type_line")
_FACE_FIELDS = ("name", "printed_name", "mana_cost", "type_line")


def _fields(card: Card) -> Iterator[tuple[str, str | None, bool]]:
    """(field, value, is_rules_text) for every text of ``card`` that ends up in a snapshot."""
    yield from ((name, getattr(card, name), False) for name in _CARD_FIELDS)
    yield "oracle_text", card.oracle_text, True
    yield from (("keywords", keyword, False) for keyword in card.keywords)
    for i, face in enumerate(card.card_faces or ()):
        yield from ((f"card_faces[{i}].{name}", getattr(face, name), False) for name in _FACE_FIELDS)
        yield f"card_faces[{i}].oracle_text", face.oracle_text, True
        yield from ((f"card_faces[{i}].keywords", keyword, False) for keyword in face.keywords or ())


def check_card_text(card: Card) -> None:
    """Refuse a card whose names or texts hold a forbidden character, naming the card, the field and the character."""
    for name, value, rules_text in _fields(card):
        found = find_forbidden(value, rules_text=rules_text) if value else None
        if found is not None:
            raise CardFileError(
                f"card '{escape_text(card.name)}' (id {escape_text(card.id)}): {name} holds the control "
                f"character U+{ord(found.group()):04X} at position {found.start()}: refused (names and texts "
                "must be printable)"
            )


# -- encoding, decoding and the one validation walk ---------------------------------------------------------------

_DECODER = msgspec.json.Decoder(Snapshot)
#: How a record of each kind is named in a message (a kind not listed is named by its field).
_LABELS = {"cards": "card", "mentions": "mention", "helpers": "helper", "reads": "reads"}
_HINT = "not a snapshot an import wrote; run `mtg-daynight carddata update` again"


class _VersionOnly(msgspec.Struct):
    format_version: int = 0


class _ManifestOnly(msgspec.Struct):
    manifest: _VersionOnly


def encode_snapshot(snapshot: Snapshot) -> bytes:
    """Encode a snapshot deterministically (same records, same bytes), indented, ending with a newline."""
    return msgspec.json.format(msgspec.json.encode(snapshot), indent=1) + b"\n"


def decode_snapshot(data: bytes, *, name: str = "<snapshot>") -> Snapshot:
    """Decode snapshot bytes and check them in the one validation walk; raise :class:`CardFileError` naming ``name``
    when they are not a snapshot an import wrote."""
    what = "not a card-data snapshot"
    try:
        version = msgspec.json.decode(data, type=_ManifestOnly).manifest.format_version
        if version != SNAPSHOT_FORMAT_VERSION:
            raise SnapshotVersionError(
                f"{name}: snapshot format version {version} is not supported (this mtg-daynight reads "
                f"version {SNAPSHOT_FORMAT_VERSION}); run `mtg-daynight carddata update` again"
            )
        what = "broken snapshot"
        snapshot = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise CardFileError(f"{name}: {what}: {error}") from None
    except RecursionError:
        raise CardFileError(f"{name}: {what}: nested too deeply") from None
    problem = _problem(snapshot)
    if problem is not None:
        raise CardFileError(f"{name}: {problem}: {_HINT}")
    return snapshot


def load_snapshot(path_or_dir: str | os.PathLike[str]) -> Snapshot:
    """Read and check a card-data snapshot: ``path_or_dir`` is a directory holding ``daynight-cards.json``, or any
    other path, read as the snapshot file itself (reading changes nothing, so only here may a path name the file).

    Raises :class:`~mtg_daynight.importer.errors.SnapshotMissingError` when there is no snapshot and
    :class:`~mtg_daynight.importer.errors.CardFileError` when the file is not a valid snapshot.
    """
    path = Path(path_or_dir).expanduser()
    try:
        if path.name != SNAPSHOT_NAME and path.is_dir():
            path /= SNAPSHOT_NAME
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO or /dev/zero would block or never end
            raise CardFileError(f"{path}: not a regular file: not a card-data snapshot")
        data = path.read_bytes()
    except FileNotFoundError:
        raise SnapshotMissingError(
            f"no card-data snapshot at {path}; run `mtg-daynight carddata update` to create one"
        ) from None
    except OSError as error:
        raise CardFileError(f"{path}: cannot read: {error.strerror or error}") from None
    return decode_snapshot(data, name=str(path))


def _strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    """(path, text) for every string inside ``value`` (builtins: dicts, lists or tuples, scalars)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for n, item in enumerate(value):
            yield from _strings(item, f"{where}[{n}]")


def _record_texts(record: Record) -> Iterator[tuple[str, str | None, bool]]:
    """(field, value, is_rules_text) for every text of ``record`` that is ever printed."""
    yield "name", record.name, False
    for face in record.faces:
        yield "face name", face.name, False
        yield "type line", face.type_line, False
        yield "oracle text", face.oracle_text, True
        yield from (("keyword", keyword, False) for keyword in face.keywords)
    for printing in record.printings:
        yield "printing id", printing.id, False
        yield "printed name", printing.printed_name, False
        yield from (("printed face name", printed, False) for printed in printing.face_printed_names)


def _problem(snapshot: Snapshot) -> str | None:
    """What is wrong with ``snapshot``, or None: the manifest, then one walk over the records."""
    for where, text in _strings(msgspec.to_builtins(snapshot.manifest), "manifest"):
        if find_forbidden(text) is not None:
            return f"{where} holds a control character ({escape_text(text)[:60]!r})"
    expected = {kind: getattr(snapshot.manifest.counts, kind) for kind in (*RECORD_KINDS, "printings")}
    actual: dict[str, int] = {kind: len(getattr(snapshot, kind)) for kind in RECORD_KINDS}
    actual["printings"] = sum(len(card.printings) for card in snapshot.cards)
    if expected != actual:
        return (
            f"manifest counts ({', '.join(f'{kind} {count}' for kind, count in expected.items())}) do not match "
            f"the records ({', '.join(f'{kind} {count}' for kind, count in actual.items())})"
        )
    names: set[str] = set()
    printing_ids: set[str] = set()
    oracle_ids: dict[str, set[str]] = {kind: set() for kind in RECORD_KINDS}
    for kind, record in snapshot_records(snapshot):
        for text_field, value, rules_text in _record_texts(record):
            if value and find_forbidden(value, rules_text=rules_text) is not None:
                return f"card '{escape_text(record.name)}': its {text_field} holds a control character"
        label = f"{_LABELS.get(kind, kind)} {escape_text(record.name)!r}"
        if not record.name:
            return f"a {_LABELS.get(kind, kind)} with an empty name"
        if not record.faces:
            return f"{label} has no faces"
        if not record.printings:
            return f"{label} has no printings"
        helper = isinstance(record, HelperCard)
        if not helper and not record.oracle_id:
            return f"{label} has no oracle id"
        if record.oracle_id:
            if record.oracle_id in oracle_ids[kind]:
                return f"{label}: oracle id {record.oracle_id} is listed twice"
            oracle_ids[kind].add(record.oracle_id)
        if not helper:
            if record.name in names:
                return f"{label} is listed twice"
            names.add(record.name)
        for printing in record.printings:
            if printing.id in printing_ids:  # empty for an MTGJSON foreign printing: Scryfall ids only
                return f"{label}: printing id {printing.id} is listed twice"
            if printing.id:
                printing_ids.add(printing.id)
        if isinstance(record, DayNightCard):
            if record.daybound_face is None and record.nightbound_face is None:
                return f"{label} has neither a daybound nor a nightbound face"
            faces = {face.name for face in record.faces}
            for face_field, face_name in (("daybound_face", record.daybound_face),
                                          ("nightbound_face", record.nightbound_face)):
                if face_name is not None and face_name not in faces:
                    return f"{label}: {face_field} {escape_text(face_name)!r} is not one of its faces"
    return None


# -- the guards of an update ---------------------------------------------------------------------------------------

#: How each record kind is named in a refusal for having fewer records (a kind not listed: by its field).
_PLURALS = {"cards": "day/night cards", "mentions": "cards that mention day/night", "helpers": "helper cards",
            "reads": "cards that read day/night"}


def check_plausible(new: Snapshot, old: Snapshot | None, *, force: bool = False) -> list[str]:
    """Refuse, in one line naming the counts, a new snapshot with no day/night cards or fewer records of any kind
    than ``old`` (the data in use); with ``force``, return that as warnings."""
    problems: list[str] = []
    if not new.cards:
        problems.append("the new import found no day/night cards")
    for kind in RECORD_KINDS if old is not None else ():
        before, after = len(getattr(old, kind)), len(getattr(new, kind))
        if after < before:
            problems.append(f"the new import has fewer {_PLURALS.get(kind, kind)} ({after}) than the data in use "
                            f"({before})")
    if problems and not force:
        raise SnapshotRefusedError(
            "; ".join(problems) + "; kept the current snapshot (use --force to replace it anyway)"
        )
    return problems


def parse_time(text: str | None) -> datetime | None:
    """An ISO 8601 time of a manifest (``Z`` or an offset; none read as UTC), or None when absent or unreadable."""
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


#: Seconds a snapshot's date may lie ahead of the clock (time zones, a slightly fast server) and still count.
FUTURE_SLACK = 86400.0


class Age(NamedTuple):
    """How old a snapshot's data is (``carddata status``): ``seconds`` since its date (the source's, else the
    import's; None without one), ``future`` when that date is more than :data:`FUTURE_SLACK` ahead, and the date
    as written."""

    seconds: float | None
    future: bool
    dated: str

    def older_than(self, max_age: float) -> bool:
        """Too old for ``max_age`` seconds: older, or of unknown age (no date, or a date in the future)."""
        return self.seconds is None or self.future or self.seconds > max_age


def snapshot_age(snapshot: Snapshot, now: datetime) -> Age:
    """The :class:`Age` of ``snapshot``'s data at ``now``."""
    manifest = snapshot.manifest
    reference = parse_time(manifest.source.updated_at) or parse_time(manifest.imported_at)
    seconds = (now - reference).total_seconds() if reference else None
    dated = manifest.source.updated_at or manifest.imported_at
    return Age(seconds, seconds is not None and seconds < -FUTURE_SLACK, dated)


def check_not_older(new: Snapshot, old: Snapshot | None, *, allow_older: bool = False) -> list[str]:
    """Refuse, in one line naming both dates, a new snapshot whose data is older than ``old``'s by the sources'
    own dates (nothing is said when either is unknown); with ``allow_older``, return that as a warning."""
    if old is None:
        return []
    new_date, old_date = parse_time(new.manifest.source.updated_at), parse_time(old.manifest.source.updated_at)
    if new_date is None or old_date is None or new_date >= old_date:
        return []
    problem = (
        f"the new data is dated {new.manifest.source.updated_at}, older than the data in use "
        f"(dated {old.manifest.source.updated_at})"
    )
    if not allow_older:
        raise SnapshotRefusedError(f"{problem}; kept the current snapshot (use --allow-older to import it anyway)")
    return [problem]


def same_data(new: Snapshot, old: Snapshot | None) -> bool:
    """True when writing ``new`` over ``old`` would change nothing but ``manifest.imported_at`` (same records, same
    sources, same version of mtg-daynight): an update then leaves ``old``'s file as it is."""
    if old is None:
        return False
    manifest = msgspec.structs.replace(new.manifest, imported_at=old.manifest.imported_at)
    return msgspec.structs.replace(new, manifest=manifest) == old


# -- what changed --------------------------------------------------------------------------------------------------


@dataclass
class SnapshotDiff:
    """What changed between two snapshots' records (keyed by kind and oracle id): the names added and removed,
    and ``changed`` as (name, changed field names)."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[tuple[str, list[str]]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when nothing was added, removed or changed."""
        return not (self.added or self.removed or self.changed)

    def summary(self) -> str:
        """One line: ``N added, N removed, N changed``."""
        return f"{len(self.added)} added, {len(self.removed)} removed, {len(self.changed)} changed"

    def lines(self) -> list[str]:
        """One line per change: ``+ name``, ``- name``, ``~ name (fields)``."""
        return ([f"+ {name}" for name in self.added] + [f"- {name}" for name in self.removed]
                + [f"~ {name} ({', '.join(fields)})" for name, fields in self.changed])


def diff_snapshots(old: Snapshot | None, new: Snapshot) -> SnapshotDiff:
    """Compare the records of two snapshots (a helper without an oracle id is keyed by its name; the manifests
    are not compared)."""
    before, after = (
        {f"{kind}:{rec.oracle_id or rec.name}": rec for kind, rec in snapshot_records(s)} if s is not None else {}
        for s in (old, new)
    )
    diff = SnapshotDiff(sorted(after[k].name for k in after.keys() - before.keys()),
                        sorted(before[k].name for k in before.keys() - after.keys()))
    for key in sorted(before.keys() & after.keys(), key=lambda k: after[k].name):
        a, b = before[key], after[key]
        if a != b:
            diff.changed.append((b.name, [f for f in b.__struct_fields__ if getattr(a, f) != getattr(b, f)]))
    return diff
