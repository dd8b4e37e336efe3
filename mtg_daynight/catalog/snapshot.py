"""The catalog's view of the importer's snapshot: where it is, reading it, turning its records into cards.

The importer (:mod:`mtg_daynight.importer`) owns the snapshot file: its location
(:func:`~mtg_daynight.importer.store.locate_snapshot`), records and reader; this module only asks it, so
``mtg-daynight carddata update`` and the card database always agree on the file. Catalog-specific: a missing
snapshot is not an error (the database then holds only mod cards).

:mod:`mtg_daynight.importer` is imported on first use, not with this module: importing it (filelock, the
importer's package) costs ~30 ms, which every ``import mtg_daynight`` would otherwise pay through the card-data
plugin that :func:`mtg_daynight.manager.plugin_manager` registers, though most games never load card data.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from mtg_daynight.errors import InputFileError

from .model import CatalogCard, PrintedName, make_face

if TYPE_CHECKING:
    from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard

    Record = DayNightCard | MentionCard | HelperCard | ReadsCard


class CatalogSnapshot(msgspec.Struct, frozen=True):
    """A snapshot as the database uses it: its file, a description (the manifest's tool and import time), and its
    cards (cards that mention day/night and helper cards included, marked)."""

    path: str
    note: str
    cards: tuple[CatalogCard, ...]


# -- locating and reading ----------------------------------------------------------------------------------------


def find_snapshot(data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The snapshot file :func:`~mtg_daynight.importer.store.locate_snapshot` picks for ``data_dir`` (the same one
    ``mtg-daynight carddata status`` reports), resolved; None when there is none."""
    from mtg_daynight.importer.store import locate_snapshot  # lazy: see the module docstring

    location = locate_snapshot(data_dir)
    if not location.exists:
        return None
    try:  # the directory resolved, not the file: a link to /dev/zero must stay a snapshot's path, to be refused
        return location.path.parent.resolve() / location.path.name
    except (OSError, RuntimeError):  # a symlink loop: the reader names it (load_snapshot's typed error)
        return location.path.absolute()


def read_snapshot(path: Path) -> CatalogSnapshot:
    """Read a snapshot file with the importer's :func:`~mtg_daynight.importer.snapshot.load_snapshot`; raises
    :class:`InputFileError` (the importer's ``CardFileError``) naming the file and field when it is malformed."""
    from mtg_daynight.importer.snapshot import load_snapshot  # lazy: see the module docstring

    snapshot = load_snapshot(path)
    source = str(path)
    records: tuple[Record, ...] = (*snapshot.cards, *snapshot.mentions, *snapshot.helpers, *snapshot.reads)
    cards = tuple(to_catalog(record, source) for record in records)
    manifest = snapshot.manifest
    imported = f"imported {manifest.imported_at}" if manifest.imported_at else ""
    info = manifest.source
    origin = f"from MTGJSON {info.version} of {info.updated_at}" if info.kind == "mtgjson" else ""
    note = " ".join(part for part in (manifest.tool, imported, origin) if part)
    return CatalogSnapshot(source, note, cards)


# -- records -> cards --------------------------------------------------------------------------------------------


def to_catalog(record: Record, source: str) -> CatalogCard:
    """An importer record as a :class:`CatalogCard`: a :class:`HelperCard` is marked ``helper``, a
    :class:`MentionCard` ``mentions_day_night``, a :class:`ReadsCard` uses ``reads_day_night`` (so its kind is
    ``reads_day_night``); non-English printed names (whole and per face) are kept."""
    from mtg_daynight.importer.records import HelperCard, MentionCard, ReadsCard  # lazy (records exist already)

    faces = [make_face(f.name, f.keywords, f.type_line) for f in record.faces]
    if not faces:
        raise InputFileError(f"{source}: card {record.name!r} has no faces")
    printed: dict[tuple[str, str], None] = {}
    for printing in record.printings:
        if printing.lang == "en":
            continue
        names = [n for n in printing.face_printed_names if n]
        whole = printing.printed_name or (" // ".join(names) if names else None)
        if whole:
            printed[(printing.lang, whole)] = None
    card = None if isinstance(record, HelperCard) else record
    return CatalogCard(
        name=record.name,
        front=faces[0],
        back=faces[1] if len(faces) > 1 else None,
        oracle_id=record.oracle_id or None,
        ids=tuple(dict.fromkeys(p.id for p in record.printings)),
        printed_names=tuple(PrintedName(lang, name) for lang, name in printed),
        mentions_day_night=isinstance(record, MentionCard) and record.mentions_day_night,
        uses=("reads_day_night",) if isinstance(record, ReadsCard) else (),
        helper=card is None,
        digital=card is not None and card.digital,
        playtest=card is not None and card.playtest,
        origin="scryfall",
        source=source,
    )
