"""A snapshot's integrity: what no import writes, refused when a snapshot file is read.

An import folds printings into records, so every record it writes has a name, at least one face and at least
one printing; a printing id (when it has one: MTGJSON's foreign printings have none) is listed once; a
day/night card's ``daybound_face`` / ``nightbound_face`` name one of its faces; no two records of a kind share
an oracle id and no two cards share a name; the manifest's counts are those of the records, and its texts hold
no control or bidi character (``carddata status`` prints them). A file that breaks one of these was edited by
hand or damaged: reading it raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the file, the
record and the field, so no reader works on (or prints) a half-valid snapshot. The record kinds are those of
:data:`~mtg_daynight.importer.hygiene.RECORD_KINDS` (the snapshot struct's fields), each with its count in the
manifest; the texts of the records are checked by :func:`~mtg_daynight.importer.hygiene.check_snapshot_text`.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.hygiene import RECORD_KINDS, Record, escape_text, is_clean
from mtg_daynight.importer.records import DayNightCard, HelperCard, Snapshot

#: How a record of each kind is named in a message (a kind not listed is named by its field).
_LABELS = {"cards": "card", "mentions": "mention", "helpers": "helper", "reads": "reads"}
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
        if not is_clean(text):
            return f"{where} holds a control character ({escape_text(text)[:60]!r})"
    counts = snapshot.manifest.counts
    expected = {kind: getattr(counts, kind) for kind in RECORD_KINDS}
    actual: dict[str, int] = {kind: len(getattr(snapshot, kind)) for kind in RECORD_KINDS}
    expected["printings"] = counts.printings
    actual["printings"] = sum(len(card.printings) for card in snapshot.cards)
    if expected != actual:
        return (
            f"manifest counts ({', '.join(f'{kind} {count}' for kind, count in expected.items())}) do not match "
            f"the records ({', '.join(f'{kind} {count}' for kind, count in actual.items())})"
        )
    names: set[str] = set()
    printing_ids: set[str] = set()
    for field in RECORD_KINDS:
        kind = _LABELS.get(field, field)
        records: tuple[Record, ...] = getattr(snapshot, field)
        oracle_ids: set[str] = set()
        for record in records:
            label = f"{kind} {escape_text(record.name)!r}"
            if not record.name:
                return f"a {kind} with an empty name"
            if not record.faces:
                return f"{label} has no faces"
            if not record.printings:
                return f"{label} has no printings"
            helper = isinstance(record, HelperCard)
            if not helper and not record.oracle_id:
                return f"{label} has no oracle id"
            if record.oracle_id:
                if record.oracle_id in oracle_ids:
                    return f"{label}: oracle id {record.oracle_id} is listed twice"
                oracle_ids.add(record.oracle_id)
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
