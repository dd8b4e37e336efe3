"""The snapshot's records (what ``carddata/daynight-cards.json`` holds, docs/carddata.md): frozen, tuples only,
sorted by the importer so that the encoded file is deterministic. No ``from __future__ import annotations``:
msgspec reads the annotations as they are instead of evaluating strings when it first builds a decoder."""

import msgspec

#: Version of the snapshot file format, bumped when an older snapshot cannot be read as the new one (version 2
#: added ``mentions``: a version-1 file was never searched for such cards).
SNAPSHOT_FORMAT_VERSION = 2


class SnapshotFace(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One face of a card, with the keywords the importer attached to it
    (:func:`~mtg_daynight.importer.fold.faces_with_keywords`)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    keywords: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] | None = None


class Printing(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One printing (one Scryfall card object) of a card."""

    id: str
    set: str
    collector_number: str
    lang: str
    printed_name: str | None = None
    face_printed_names: tuple[str, ...] = ()
    released_at: str | None = None
    layout: str = ""
    set_type: str | None = None
    digital: bool = False
    playtest: bool = False
    games: tuple[str, ...] = ()
    promo_types: tuple[str, ...] = ()
    frame_effects: tuple[str, ...] = ()
    image_uris: tuple[str, ...] = ()


class DayNightCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A card with daybound and/or nightbound, with its faces and all its printings. ``daybound_face`` /
    ``nightbound_face`` name the face with the keyword (or None); ``digital`` / ``playtest``: every printing is."""

    name: str
    oracle_id: str
    layout: str
    daybound_face: str | None
    nightbound_face: str | None
    faces: tuple[SnapshotFace, ...]
    keywords: tuple[str, ...] = ()
    printings: tuple[Printing, ...] = ()
    digital: bool = False
    playtest: bool = False


class _CardWithoutKeywords(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A card record without daybound or nightbound (subclasses add their kind's field last: the bytes' order)."""

    name: str
    oracle_id: str
    layout: str
    faces: tuple[SnapshotFace, ...]
    printings: tuple[Printing, ...] = ()
    digital: bool = False
    playtest: bool = False


class MentionCard(_CardWithoutKeywords, frozen=True, kw_only=True, gc=False):
    """A card that makes it day or night or triggers on the change, without daybound or nightbound (a deck with
    one needs the helper card). ``mentions_day_night`` is always true: it tells the kind in a mixed listing."""

    mentions_day_night: bool = True


class ReadsCard(_CardWithoutKeywords, frozen=True, kw_only=True, gc=False):
    """A card that only reads day or night (731.1: "costs {2} less to cast if it's night"); a deck of them needs no
    helper card. ``reads_day_night`` is always true: it tells the kind in a mixed listing."""

    reads_day_night: bool = True


class HelperCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The Day // Night helper card (a ``double_faced_token``) that tracks day and night at the table."""

    name: str
    oracle_id: str | None
    layout: str
    faces: tuple[SnapshotFace, ...]
    printings: tuple[Printing, ...] = ()


class SourceFile(msgspec.Struct, frozen=True, kw_only=True):
    """One input file of a local import (``--from-file``, given once or more)."""

    name: str
    size: int
    sha256: str
    source: str  # "scryfall" (a bulk file) or "mtgjson"
    format: str  # "jsonl", "json-array", "mtgjson-set" or "mtgjson-allprintings"
    compression: str = "none"  # "gzip", "xz", "bzip2" or "none"
    version: str | None = None  # MTGJSON's meta.version
    date: str | None = None  # MTGJSON's meta.date
    sets: tuple[str, ...] = ()  # MTGJSON set codes read


class SourceInfo(msgspec.Struct, frozen=True, kw_only=True):
    """Where a snapshot's data came from: ``kind`` "scryfall" (downloaded), "file" (local Scryfall files),
    "mtgjson" or "mixed"; MTGJSON's ``meta.version`` and oldest ``meta.date``; ``files``: a local import's files."""

    kind: str
    bulk_type: str | None = None
    bulk_id: str | None = None
    updated_at: str | None = None
    api_etag: str | None = None
    download_uri: str | None = None
    file_name: str = ""
    file_size: int = 0
    file_sha256: str = ""
    format: str = ""  # "jsonl", "json-array", "mtgjson-set", "mtgjson-allprintings" (or several, joined by ", ")
    gzipped: bool = False
    version: str | None = None
    files: tuple[SourceFile, ...] = ()


class Counts(msgspec.Struct, frozen=True, kw_only=True):
    """Sizes of a snapshot and of the scan that produced it."""

    cards: int
    helpers: int
    printings: int  # of the day/night cards
    mentions: int = 0
    reads: int = 0
    candidate_lines: int = 0
    decompressed_bytes: int = 0


class Manifest(msgspec.Struct, frozen=True, kw_only=True):
    """The manifest stored at the top of a snapshot file."""

    format_version: int = SNAPSHOT_FORMAT_VERSION
    tool: str = "mtg-daynight"
    tool_version: str = ""
    imported_at: str = ""
    source: SourceInfo
    counts: Counts


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A whole snapshot: the manifest and the records of each kind, each sorted by name, then oracle id."""

    manifest: Manifest
    cards: tuple[DayNightCard, ...] = ()
    mentions: tuple[MentionCard, ...] = ()
    helpers: tuple[HelperCard, ...] = ()
    reads: tuple[ReadsCard, ...] = ()
