"""A snapshot's integrity: what no import writes, refused when a snapshot file is read.

An import folds printings into records, so every record it writes has a name, at least one face and at least
one printing; a printing id (when it has one: MTGJSON's foreign printings have none) is listed once; a
day/night card's ``daybound_face`` / ``nightbound_face`` name one of its faces; no two records of a kind share
an oracle id and no two cards share a name; the manifest's counts are those of the records, and its texts hold
no control or bidi character (``carddata status`` prints them). A file that breaks one of these was edited by
hand or damaged: reading it raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the file, the
record and the field, so no reader works on (or prints) a half-valid snapshot.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.hygiene import FORBIDDEN, escape_text
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard, Snapshot

Record = DayNightCard | MentionCard | HelperCard | ReadsCard
_HINT = "not a snapshot an import wrote; run `mtg-daynight carddata update` again"


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


def _problem(snapshot: Snapshot) -> str | None:
    """What is wrong with ``snapshot``, or None."""
    for where, text in _strings(msgspec.to_builtins(snapshot.manifest), "manifest"):
        if FORBIDDEN.search(text) is not None:
            return f"{where} holds a control character ({escape_text(text)[:60]!r})"
    counts = snapshot.manifest.counts
    printings = sum(len(card.printings) for card in snapshot.cards)
    actual = (len(snapshot.cards), len(snapshot.mentions), len(snapshot.helpers), printings, len(snapshot.reads))
    if (counts.cards, counts.mentions, counts.helpers, counts.printings, counts.reads) != actual:
        return (
            f"manifest counts (cards {counts.cards}, mentions {counts.mentions}, helpers {counts.helpers}, "
            f"printings {counts.printings}, reads {counts.reads}) do not match the records ({actual[0]}, "
            f"{actual[1]}, {actual[2]}, {actual[3]}, {actual[4]})"
        )
    names: set[str] = set()
    printing_ids: set[str] = set()
    groups: tuple[tuple[str, tuple[Record, ...]], ...] = (
        ("card", snapshot.cards), ("mention", snapshot.mentions), ("helper", snapshot.helpers),
        ("reads", snapshot.reads),
    )
    for kind, records in groups:
        oracle_ids: set[str] = set()
        for record in records:
            label = f"{kind} {escape_text(record.name)!r}"
            if not record.name:
                return f"a {kind} with an empty name"
            if not record.faces:
                return f"{label} has no faces"
            if not record.printings:
                return f"{label} has no printings"
            if kind != "helper" and not record.oracle_id:
                return f"{label} has no oracle id"
            if record.oracle_id:
                if record.oracle_id in oracle_ids:
                    return f"{label}: oracle id {record.oracle_id} is listed twice"
                oracle_ids.add(record.oracle_id)
            if kind != "helper":
                if record.name in names:
                    return f"{label} is listed twice"
                names.add(record.name)
            for printing in record.printings:
                if printing.id in printing_ids:  # empty for an MTGJSON foreign printing: Scryfall ids only
                    return f"{label}: printing id {printing.id} is listed twice"
                if printing.id:
                    printing_ids.add(printing.id)
            if isinstance(record, DayNightCard):
                faces = {face.name for face in record.faces}
                if record.daybound_face is None and record.nightbound_face is None:
                    return f"{label} has neither a daybound nor a nightbound face"
                for field, face_name in (("daybound_face", record.daybound_face),
                                         ("nightbound_face", record.nightbound_face)):
                    if face_name is not None and face_name not in faces:
                        return f"{label}: {field} {escape_text(face_name)!r} is not one of its faces"
    return None


def check_snapshot_integrity(snapshot: Snapshot, name: str) -> None:
    """Raise :class:`CardFileError` naming ``name`` (the file) when ``snapshot`` is not one an import writes."""
    problem = _problem(snapshot)
    if problem is not None:
        raise CardFileError(f"{name}: {problem}: {_HINT}")
