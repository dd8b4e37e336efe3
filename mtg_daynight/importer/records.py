"""Our own snapshot records: the day/night cards, the cards that mention day/night, the cards that read day/night,
the Day // Night helper card, and the manifest.

These structs are what ``carddata/daynight-cards.json`` holds and what
:func:`mtg_daynight.importer.snapshot.load_snapshot` returns. They keep everything a card-lookup database needs:
every face name, the printed names of every printing, the oracle id and the Scryfall id of each printing.
All sequences are tuples (the records are frozen); the importer sorts them so that the encoded file is
deterministic.

The annotations are evaluated when the classes are defined (no ``from __future__ import annotations``), so
msgspec reads them as they are instead of evaluating strings when it first builds a decoder for them.
"""

import msgspec

#: Version of the snapshot file format; bumped when a field changes meaning, is removed, or is added in a way
#: an older snapshot cannot be read as (version 2 added ``mentions``: a version-1 file was never searched for
#: such cards, so reading it as "no card mentions day/night" would be wrong).
SNAPSHOT_FORMAT_VERSION = 2


class SnapshotFace(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One face of a card, with the keywords the importer attached to it.

    Scryfall lists keywords per card only; the importer puts Daybound on the front face, Nightbound on the
    back face, and every other keyword on each face whose oracle text mentions it.
    """

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
    """A card with daybound and/or nightbound, with its faces and all its printings.

    ``daybound_face`` / ``nightbound_face`` name the face that has the keyword (``None`` when the card has no
    such face, e.g. a single-faced playtest card whose night face is another card). ``digital`` and
    ``playtest`` are true when *every* printing is digital-only / a playtest card.
    """

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
    """The fields of a card record without daybound or nightbound (its subclasses add the field that says which
    kind it is, last, so the snapshot's bytes keep their order)."""

    name: str
    oracle_id: str
    layout: str
    faces: tuple[SnapshotFace, ...]
    printings: tuple[Printing, ...] = ()
    digital: bool = False
    playtest: bool = False


class MentionCard(_CardWithoutKeywords, frozen=True, kw_only=True, gc=False):
    """A card that refers to day or night without having daybound or nightbound.

    It makes it day or night (Brimstone Vandal: "If it's neither day nor night, it becomes day as ~ enters"),
    or triggers when day becomes night or night becomes day; a deck with one needs the Day // Night helper
    card. ``mentions_day_night`` is always true: it says what kind of record this
    is when records of every kind are listed together. ``digital`` / ``playtest`` as for :class:`DayNightCard`.
    """

    mentions_day_night: bool = True


class ReadsCard(_CardWithoutKeywords, frozen=True, kw_only=True, gc=False):
    """A card that only reads day or night (731.1): it checks the designation ("This spell costs {2} less to cast
    if it's night") without having daybound or nightbound and without making it day or night or triggering on
    the change. It cares about day/night, but a deck of such cards never has a designation to track, so it does
    not need the helper card. ``reads_day_night`` is always true (it says what kind of record this is when
    records of every kind are listed together); ``digital`` / ``playtest`` as for :class:`DayNightCard`."""

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
    """Where a snapshot's data came from.

    ``kind`` is "scryfall" (downloaded), "file" (local Scryfall bulk files), "mtgjson" (local MTGJSON files) or
    "mixed" (local files of both). For MTGJSON, ``version`` is ``meta.version`` and ``updated_at`` the
    ``meta.date`` (the oldest, when files of several builds were imported together). ``files`` lists every input
    file of a local import (empty in snapshots written before it existed: ``file_*`` then describe the one file).
    """

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
    """A whole snapshot: manifest, day/night cards, cards that mention day/night, helper cards and cards that read
    day/night (each sorted by name, then oracle id; ``reads`` is empty in snapshots written before it existed)."""

    manifest: Manifest
    cards: tuple[DayNightCard, ...] = ()
    mentions: tuple[MentionCard, ...] = ()
    helpers: tuple[HelperCard, ...] = ()
    reads: tuple[ReadsCard, ...] = ()
