"""The one place that knows the Scryfall snapshot's shape: finding it, reading it, turning records into cards.

The importer (``mtg_daynight.cards``) owns the real snapshot format. Until its records module is available,
this module reads an interim JSON format (:class:`SnapshotFile`) whose records have the fields the database
needs (:class:`CardRecord` and friends, written as Protocols so the importer's structs fit them as they are).
Tests write hand-made FIXTURE snapshots in that format with :func:`write_snapshot`; no real snapshot is ever
fabricated.

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
#: The interim snapshot file name inside a data directory.
SNAPSHOT_FILE: Final = "catalog-snapshot.json"


class FaceRecord(Protocol):
    """One face of a snapshot card: name, the keywords the importer attached to it, its type line."""

    @property
    def name(self) -> str: ...
    @property
    def keywords(self) -> Sequence[str]: ...
    @property
    def type_line(self) -> str: ...


class PrintingRecord(Protocol):
    """One printing: Scryfall id, set, collector number, language and (non-English) printed name."""

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


class CardRecord(Protocol):
    """One card of the snapshot, as the database needs it."""

    @property
    def name(self) -> str: ...
    @property
    def oracle_id(self) -> str: ...
    @property
    def faces(self) -> Sequence[FaceRecord]: ...
    @property
    def printings(self) -> Sequence[PrintingRecord]: ...
    @property
    def digital(self) -> bool: ...
    @property
    def playtest(self) -> bool: ...
    @property
    def helper(self) -> bool: ...
    @property
    def mentions_day_night(self) -> bool: ...


# -- the interim on-disk format (msgspec structs that satisfy the Protocols) -----------------------------------


class FaceRec(msgspec.Struct, frozen=True, omit_defaults=True):
    """A face in the interim format."""

    name: str
    keywords: tuple[str, ...] = ()
    type_line: str = ""


class PrintingRec(msgspec.Struct, frozen=True, omit_defaults=True):
    """A printing in the interim format."""

    id: str
    set: str
    collector_number: str
    lang: str = "en"
    printed_name: str | None = None


class CardRec(msgspec.Struct, frozen=True, omit_defaults=True):
    """A card in the interim format."""

    name: str
    oracle_id: str
    faces: tuple[FaceRec, ...]
    printings: tuple[PrintingRec, ...] = ()
    digital: bool = False
    playtest: bool = False
    helper: bool = False
    mentions_day_night: bool = False


class SnapshotFile(msgspec.Struct, frozen=True, omit_defaults=True):
    """The interim snapshot file: a note saying what it is (fixtures say FIXTURE), the cards, and optionally
    every card name Scryfall knows (``all_names``), which lets a deck scan tell typos from ordinary cards."""

    note: str
    cards: tuple[CardRec, ...]
    all_names: tuple[str, ...] | None = None


class Snapshot(msgspec.Struct, frozen=True):
    """A snapshot as the database uses it: where it came from, its cards, and the full name list if any."""

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
    source = str(path)
    cards = tuple(to_catalog(record, source) for record in decoded.cards)
    return Snapshot(source, decoded.note, cards, decoded.all_names)


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


def to_catalog(record: CardRecord, source: str) -> CatalogCard:
    """A snapshot record as a :class:`CatalogCard`."""
    faces = [_face(f) for f in record.faces]
    if not faces:
        raise InputFileError(f"{source}: card {record.name!r} has no faces")
    printed: dict[tuple[str, str], None] = {}
    for printing in record.printings:
        if printing.printed_name and printing.lang != "en":
            printed[(printing.lang, printing.printed_name)] = None
    return CatalogCard(
        name=record.name,
        front=faces[0],
        back=faces[1] if len(faces) > 1 else None,
        oracle_id=record.oracle_id or None,
        ids=tuple(dict.fromkeys(p.id for p in record.printings)),
        printed_names=tuple(PrintedName(lang, name) for lang, name in printed),
        mentions_day_night=record.mentions_day_night,
        helper=record.helper,
        digital=record.digital,
        playtest=record.playtest,
        origin="scryfall",
        source=source,
    )
