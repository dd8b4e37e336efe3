"""The catalog's view of the importer's snapshot: where it is, reading it, turning its records into cards.

The importer (:mod:`mtg_daynight.cards`) owns everything about the snapshot file (``daynight-cards.json``):
its location (:func:`mtg_daynight.cards.paths.resolve_data_dir`: ``--data-dir``, else ``$MTG_DAYNIGHT_DATA_DIR``,
else a source checkout's ``carddata/``, else the platformdirs user data directory's ``carddata/``), its records
(:mod:`mtg_daynight.cards.records`) and its reader (:func:`mtg_daynight.cards.snapshot.load_snapshot`). This
module only asks those, so ``mtg-daynight carddata update`` and the card database always agree on the file.
What is catalog-specific here: a missing snapshot is not an error (the database then holds only mod cards),
the conversion of records into :class:`~mtg_daynight.catalog.model.CatalogCard`, and two optional extensions
of the format the importer does not write: ``mentions_day_night`` on a card (matched by oracle id) and a
top-level ``all_names`` list of every card name. They are decoded only when the file contains them.

:mod:`mtg_daynight.cards` is imported on first use, not with this module: importing it (filelock, the
importer's package) costs ~30 ms, which every ``import mtg_daynight`` would otherwise pay through the card-data
plugin that :func:`mtg_daynight.manager.plugin_manager` registers, though most games never load card data.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

import msgspec

from mtg_daynight.errors import InputFileError

from .model import CatalogCard, PrintedName, make_face

if TYPE_CHECKING:
    from mtg_daynight.cards.records import DayNightCard, HelperCard


class CatalogSnapshot(msgspec.Struct, frozen=True):
    """A snapshot as the database uses it: its file, a description (the manifest's tool and import time), its
    cards (helper cards included, marked), and the full name list if the file has one."""

    path: str
    note: str
    cards: tuple[CatalogCard, ...]
    all_names: tuple[str, ...] | None = None


# -- the optional extensions (not written by the importer; read only when present) ------------------------------

_EXTENSION_MARKS = (b'"all_names"', b'"mentions_day_night"')


class _CardExtension(msgspec.Struct, frozen=True):
    oracle_id: str = ""
    mentions_day_night: bool = False


class _Extensions(msgspec.Struct, frozen=True):
    cards: tuple[_CardExtension, ...] = ()
    all_names: tuple[str, ...] | None = None


def _read_extensions(path: Path) -> _Extensions:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputFileError(f"{path}: cannot read the card data snapshot: {error.strerror or error}") from error
    if not any(mark in data for mark in _EXTENSION_MARKS):
        return _Extensions()
    try:
        return msgspec.json.decode(data, type=_Extensions)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise InputFileError(f"{path}: not a card data snapshot: {error}") from None


# -- locating and reading ----------------------------------------------------------------------------------------


def find_snapshot(data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The snapshot file in the data directory :func:`~mtg_daynight.cards.paths.resolve_data_dir` picks for
    ``data_dir`` (the same one ``mtg-daynight carddata update`` writes), resolved; None when it has none."""
    from mtg_daynight.cards.paths import resolve_data_dir, snapshot_path  # lazy: see the module docstring

    path = snapshot_path(resolve_data_dir(data_dir))
    return path.resolve() if path.is_file() else None


def read_snapshot(path: Path) -> CatalogSnapshot:
    """Read a snapshot file with the importer's :func:`~mtg_daynight.cards.snapshot.load_snapshot`; raises
    :class:`InputFileError` (the importer's ``CardFileError``) naming the file and field when it is malformed."""
    from mtg_daynight.cards.snapshot import load_snapshot  # lazy: see the module docstring

    snapshot = load_snapshot(path)
    extensions = _read_extensions(path)
    mentions = {c.oracle_id for c in extensions.cards if c.mentions_day_night}
    source = str(path)
    cards = tuple(
        to_catalog(record, source, mentions_day_night=record.oracle_id in mentions) for record in snapshot.cards
    ) + tuple(to_catalog(record, source) for record in snapshot.helpers)
    manifest = snapshot.manifest
    imported = f"imported {manifest.imported_at}" if manifest.imported_at else ""
    note = " ".join(part for part in (manifest.tool, imported) if part)
    return CatalogSnapshot(source, note, cards, extensions.all_names)


# -- records -> cards --------------------------------------------------------------------------------------------


def _is_day_night_card(record: DayNightCard | HelperCard) -> TypeGuard[DayNightCard]:
    from mtg_daynight.cards.records import DayNightCard  # lazy (already imported by whoever made the record)

    return isinstance(record, DayNightCard)


def to_catalog(
    record: DayNightCard | HelperCard, source: str, *, mentions_day_night: bool = False
) -> CatalogCard:
    """An importer record as a :class:`CatalogCard` (a :class:`HelperCard` is marked ``helper``); non-English
    printed names (whole and per face) are kept."""
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
    card = record if _is_day_night_card(record) else None
    return CatalogCard(
        name=record.name,
        front=faces[0],
        back=faces[1] if len(faces) > 1 else None,
        oracle_id=record.oracle_id or None,
        ids=tuple(dict.fromkeys(p.id for p in record.printings)),
        printed_names=tuple(PrintedName(lang, name) for lang, name in printed),
        mentions_day_night=mentions_day_night,
        helper=card is None,
        digital=card is not None and card.digital,
        playtest=card is not None and card.playtest,
        origin="scryfall",
        source=source,
    )
