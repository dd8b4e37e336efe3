"""The one place that knows the Scryfall snapshot's shape: finding it, reading it, turning records into cards.

The importer (``mtg_daynight.cards``) owns the snapshot format (``carddata/daynight-cards.json``, the
structs of ``mtg_daynight.cards.records``). This module decodes that file with its own *subset* of those
structs (msgspec ignores the fields it does not name), described by the Protocols below, so it depends on
nothing but the fields the database needs: card name, oracle id, faces (name, type line, keywords the importer
attached per face), printings (id, set, collector number, language, printed names), digital/playtest flags,
and the helper cards. Two optional extensions the importer does not write (yet) are read when present:
``mentions_day_night`` on a card and a top-level ``all_names`` list of every card name.

Tests write hand-made FIXTURE snapshots with :func:`write_snapshot`, marked in the manifest's ``tool``;
no real snapshot is ever fabricated.

Where the snapshot is looked for (the first directory that has one wins): the ``data_dir`` given, else the
repository's ``carddata/``, else the user data directory (platformdirs, app "mtg-daynight").
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Protocol

import msgspec
import platformdirs

from mtg_daynight.errors import InputFileError
from mtg_daynight.rules import Face

from .model import CatalogCard, PrintedName

APP_NAME: Final = "mtg-daynight"
#: The snapshot file name inside a data directory (the importer's).
SNAPSHOT_FILE: Final = "daynight-cards.json"


class FaceRecord(Protocol):
    """One face of a snapshot card: name, the keywords the importer attached to it, its type line."""

    @property
    def name(self) -> str: ...
    @property
    def keywords(self) -> Sequence[str]: ...
    @property
    def type_line(self) -> str: ...


class PrintingRecord(Protocol):
    """One printing: Scryfall id, set, collector number, language and (non-English) printed names."""

    @property
    def id(self) -> str: ...
    @property
    def set(self) -> str: ...
    @property
    def collector_number(self) -> str: ...
    @property
    def lang(self) -> str: ...
    @property
    def printed_name(self) -> str | None: ...
    @property
    def face_printed_names(self) -> Sequence[str]: ...


class CardRecord(Protocol):
    """One card of the snapshot (a day/night card or a helper card), as the database needs it."""

    @property
    def name(self) -> str: ...
    @property
    def oracle_id(self) -> str | None: ...
    @property
    def faces(self) -> Sequence[FaceRecord]: ...
    @property
    def printings(self) -> Sequence[PrintingRecord]: ...


# -- the subset of the importer's format this module decodes (msgspec structs that satisfy the Protocols) ---


class FaceRec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A face (subset of ``mtg_daynight.cards.records.Face``)."""

    name: str
    type_line: str = ""
    keywords: tuple[str, ...] = ()


class PrintingRec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A printing (subset of ``mtg_daynight.cards.records.Printing``)."""

    id: str
    set: str
    collector_number: str
    lang: str
    printed_name: str | None = None
    face_printed_names: tuple[str, ...] = ()


class CardRec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A day/night card (subset of ``DayNightCard``), plus the optional ``mentions_day_night`` extension."""

    name: str
    oracle_id: str
    faces: tuple[FaceRec, ...]
    printings: tuple[PrintingRec, ...] = ()
    digital: bool = False
    playtest: bool = False
    mentions_day_night: bool = False


class HelperRec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The Day // Night helper card (subset of ``HelperCard``)."""

    name: str
    oracle_id: str | None
    faces: tuple[FaceRec, ...]
    printings: tuple[PrintingRec, ...] = ()


class ManifestRec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The manifest fields this module reports (subset of ``Manifest``)."""

    format_version: int = 1
    tool: str = ""
    imported_at: str = ""


class SnapshotFile(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A snapshot file: manifest, day/night cards, helper cards, and the optional ``all_names`` extension
    (every card name Scryfall knows, which lets a deck scan tell typos from ordinary cards)."""

    manifest: ManifestRec
    cards: tuple[CardRec, ...] = ()
    helpers: tuple[HelperRec, ...] = ()
    all_names: tuple[str, ...] | None = None


class Snapshot(msgspec.Struct, frozen=True):
    """A snapshot as the database uses it: its file, a description (the manifest's tool and import time), its
    cards (helper cards included, marked), and the full name list if any."""

    path: str
    note: str
    cards: tuple[CatalogCard, ...]
    all_names: tuple[str, ...] | None = None


# -- locating, reading, writing --------------------------------------------------------------------------------


def repo_data_dir() -> Path:
    """The repository's ``carddata/`` directory."""
    return Path(__file__).resolve().parents[2] / "carddata"


def user_data_dir() -> Path:
    """The user's data directory for mtg-daynight (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def find_snapshot(data_dir: Path | None = None) -> Path | None:
    """The snapshot file to load: in ``data_dir`` when given, else in ``carddata/`` or the user data
    directory; None when there is none."""
    candidates = [data_dir] if data_dir is not None else [repo_data_dir(), user_data_dir()]
    for directory in candidates:
        path = directory / SNAPSHOT_FILE
        if path.is_file():
            return path.resolve()
    return None


def read_snapshot(path: Path) -> Snapshot:
    """Read a snapshot file; :class:`InputFileError` naming the file and field when it is malformed."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputFileError(f"{path}: cannot read the card data snapshot: {error.strerror or error}") from error
    try:
        decoded = msgspec.json.decode(data, type=SnapshotFile)
    except msgspec.ValidationError as error:
        raise InputFileError(f"{path}: not a card data snapshot: {error}") from None
    except msgspec.DecodeError as error:
        raise InputFileError(f"{path}: not a card data snapshot (malformed JSON): {error}") from None
    if decoded.manifest.format_version != 1:
        raise InputFileError(
            f"{path}: manifest.format_version: snapshot format {decoded.manifest.format_version} is not supported "
            "(this version reads format 1)"
        )
    source = str(path)
    cards = tuple(
        to_catalog(record, source, digital=record.digital, playtest=record.playtest,
                   mentions_day_night=record.mentions_day_night)
        for record in decoded.cards
    ) + tuple(to_catalog(record, source, helper=True) for record in decoded.helpers)
    manifest = decoded.manifest
    imported = f"imported {manifest.imported_at}" if manifest.imported_at else ""
    note = " ".join(part for part in (manifest.tool, imported) if part)
    return Snapshot(source, note, cards, decoded.all_names)


def write_snapshot(path: Path, snapshot: SnapshotFile) -> None:
    """Write a snapshot file atomically (temporary file, then ``os.replace``): for fixtures and benchmarks."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(msgspec.json.encode(snapshot))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _face(record: FaceRecord) -> Face:
    keywords = {k.casefold() for k in record.keywords}
    types = record.type_line.casefold()
    return Face(
        record.name,
        daybound="daybound" in keywords,
        nightbound="nightbound" in keywords,
        instant_or_sorcery="instant" in types or "sorcery" in types,
    )


def to_catalog(
    record: CardRecord,
    source: str,
    *,
    helper: bool = False,
    digital: bool = False,
    playtest: bool = False,
    mentions_day_night: bool = False,
) -> CatalogCard:
    """A snapshot record as a :class:`CatalogCard`; non-English printed names (whole and per face) are kept."""
    faces = [_face(f) for f in record.faces]
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
    return CatalogCard(
        name=record.name,
        front=faces[0],
        back=faces[1] if len(faces) > 1 else None,
        oracle_id=record.oracle_id or None,
        ids=tuple(dict.fromkeys(p.id for p in record.printings)),
        printed_names=tuple(PrintedName(lang, name) for lang, name in printed),
        mentions_day_night=mentions_day_night,
        helper=helper,
        digital=digital,
        playtest=playtest,
        origin="scryfall",
        source=source,
    )
