"""Reading MTGJSON v5 files, a set file (``{"meta", "data": {"code", "cards", "tokens", ...}}``) or AllPrintings
(``{"meta", "data": {"MID": {...set...}, ...}}``), into the same records as a Scryfall import: each card's face
records joined and checked (:func:`join_faces`, :func:`checked_faces`), made Scryfall-shaped cards
(:func:`to_cards`) and folded by :class:`~mtg_daynight.importer.fold.Folder`. A file of at most
:data:`~mtg_daynight.importer.limits.MAX_WHOLE_FILE_BYTES` decompressed is decoded whole by msgspec
(:class:`_Whole`), a larger one streamed by ``ijson.basic_parse`` (:class:`_Streamed`), both behind the nesting
and token guards (:func:`limit_nesting`); either way every set object goes through :class:`_Set`.
The mapping, the checks and the bounds: docs/carddata.md, "MTGJSON files".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import ijson  # type: ignore[import-untyped]
import msgspec

from mtg_daynight.importer.bulk import UTF8_BOM, Decompressed, ImportResult, decompressed
from mtg_daynight.importer.errors import CardFileError, FaceRecordError, RecordLimitError
from mtg_daynight.importer.fold import (
    DAYBOUND,
    HELPER_LAYOUT,
    HELPER_NAME,
    MENTION_PATTERN,
    NIGHTBOUND,
    READS_PATTERN,
    Folder,
)
from mtg_daynight.importer.limits import MAX_RECORD_BYTES, MAX_SET_KEPT_BYTES, MAX_SET_RECORDS, MAX_WHOLE_FILE_BYTES
from mtg_daynight.importer.scryfall import Card, CardFace
from mtg_daynight.importer.snapshot import escape_text

#: MTGJSON's ``foreignData.language`` names -> Scryfall's language codes (an unknown name is kept, lowercased).
LANGUAGES = {
    "English": "en",
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Portuguese": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Hebrew": "he",
    "Latin": "la",
    "Ancient Greek": "grc",
    "Arabic": "ar",
    "Sanskrit": "sa",
    "Phyrexian": "ph",
    "Quenya": "qya",
}

class Meta(msgspec.Struct, kw_only=True):
    """MTGJSON's ``meta`` object: the build's date and version."""

    date: str = ""
    version: str = ""


class Identifiers(msgspec.Struct, kw_only=True):  # field names are MTGJSON's (camelCase)
    """The ids of a face record (only the Scryfall ones are read)."""

    scryfallId: str | None = None
    scryfallOracleId: str | None = None


class ForeignIdentifiers(msgspec.Struct, kw_only=True):
    """The ids of a foreign printing (newer MTGJSON builds give its Scryfall id)."""

    scryfallId: str | None = None


class ForeignData(msgspec.Struct, kw_only=True):
    """A printing of the card in another language."""

    language: str
    name: str | None = None
    faceName: str | None = None
    identifiers: ForeignIdentifiers | None = None


class FaceRecord(msgspec.Struct, kw_only=True):
    """One MTGJSON card (or token) record: one face of one printing."""

    uuid: str = ""
    name: str
    faceName: str | None = None
    side: str | None = None
    layout: str = ""
    number: str = ""
    setCode: str = ""
    manaCost: str | None = None
    type: str | None = None
    text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: list[str] | None = None
    printedName: str | None = None  # MTGJSON 5.3: an English printing's own printed name
    keywords: list[str] = msgspec.field(default_factory=list)
    otherFaceIds: list[str] = msgspec.field(default_factory=list)
    isOnlineOnly: bool = False
    originalReleaseDate: str | None = None  # a promotion printed outside its set's release (Secret Lair ...)
    promoTypes: list[str] = msgspec.field(default_factory=list)
    frameEffects: list[str] = msgspec.field(default_factory=list)
    availability: list[str] = msgspec.field(default_factory=list)
    identifiers: Identifiers = msgspec.field(default_factory=Identifiers)
    foreignData: list[ForeignData] = msgspec.field(default_factory=list)


class SetRecord(msgspec.Struct, kw_only=True):
    """One MTGJSON set: its code, type, release date and its card and token records."""

    code: str = ""
    type: str | None = None
    releaseDate: str | None = None
    isOnlineOnly: bool = False
    cards: list[FaceRecord] = msgspec.field(default_factory=list)
    tokens: list[FaceRecord] = msgspec.field(default_factory=list)


#: Sets whose MTGJSON file lists the Day // Night helper card among its tokens: a file holding one of them but no
#: helper card lost it (an unknown token layout, a broken build), which the import reports.
HELPER_SETS = frozenset({"MID", "VOW"})


# -- joining faces (pure) ---------------------------------------------------------------------------------------


def _face_order(record: FaceRecord) -> tuple[str, int]:
    """A face's place in its card: its ``side``, then where its ``faceName`` stands in the combined name."""
    parts = record.name.split(" // ")
    where = parts.index(record.faceName) if record.faceName in parts else len(parts)
    return (record.side or "", where)


#: Layouts of cards printed on two sides, whose every face MTGJSON lists as its own record: one such face
#: without its partner lost it.
TWO_SIDED_LAYOUTS = frozenset({"transform", "modal_dfc", "double_faced_token"})


def _has_keyword(record: FaceRecord, keyword: str) -> bool:
    folded = keyword.casefold()
    return any(k.casefold() == folded for k in record.keywords)


def _refuse(faces: list[FaceRecord], what: str) -> FaceRecordError:
    labels = ", ".join(
        f"'{escape_text(f.faceName or f.name)}' (side {f.side or '-'}, uuid {f.uuid or '-'})" for f in faces
    )
    return FaceRecordError(f"card '{escape_text(faces[0].name)}' (faces {labels}): {what}: refused")


def checked_faces(faces: list[FaceRecord]) -> list[FaceRecord]:
    """The face records of one card in their order (``side`` a, b, ...; without ``side``, where the ``faceName``
    stands in the combined name), checked; raise :class:`FaceRecordError` naming the card and its faces when they
    contradict each other: two faces on one side, a two-sided or day/night face without its partner, a day/night
    card (702.145) whose keywords break 702.145a, b or e (the cases: docs/carddata.md, "MTGJSON files")."""
    faces = sorted(faces, key=_face_order)
    sides = [face.side for face in faces if face.side]
    if len(set(sides)) != len(sides):
        twice = next(side for side in sides if sides.count(side) > 1)
        raise _refuse(faces, f"two face records on side '{escape_text(twice)}'")
    day = [_has_keyword(face, DAYBOUND) for face in faces]
    night = [_has_keyword(face, NIGHTBOUND) for face in faces]
    lone = len(faces) == 1 and faces[0].side is not None
    if lone and (faces[0].layout in TWO_SIDED_LAYOUTS or day[0] or night[0]):
        raise _refuse(faces, "a face of a two-sided card without its partner")
    if not any(day) and not any(night):
        return faces
    if any(d and n for d, n in zip(day, night, strict=True)):
        raise _refuse(faces, "a face both daybound and nightbound (702.145a: they are on opposite faces)")
    if len(faces) > 2:
        raise _refuse(faces, "a day/night card with more than two faces (702.145a)")
    if any(day[1:]):
        raise _refuse(faces, "Daybound on the back face; it belongs on the front (702.145b)")
    if len(faces) == 2 and (night[0] or day[0] != night[1]):
        raise _refuse(faces, "the front must have Daybound and the back Nightbound (702.145a, 702.145b, 702.145e)")
    return faces


def join_faces(records: list[FaceRecord]) -> list[list[FaceRecord]]:
    """Group the face records of one set into cards, in the order of their first records: records of one ``name``
    linked by ``otherFaceIds`` (either way), else (older builds) of one combined name ("A // B"), set and collector
    number; each group checked by :func:`checked_faces`."""
    by_uuid = {r.uuid: r for r in records if r.uuid}
    unlinked: dict[tuple[str, str, str], list[FaceRecord]] = {}  # older builds: the faces of one printing
    for record in records:
        if not record.otherFaceIds and " // " in record.name:
            unlinked.setdefault((record.name, record.setCode, record.number), []).append(record)
    seen: set[int] = set()
    groups: list[list[FaceRecord]] = []
    for record in records:
        if id(record) in seen:
            continue
        if not record.otherFaceIds and " // " in record.name:
            mates = unlinked[(record.name, record.setCode, record.number)]
            seen.update(id(mate) for mate in mates)
            groups.append(checked_faces(mates))
            continue
        group = [record]
        seen.add(id(record))
        todo = list(record.otherFaceIds)
        while todo:
            mate = by_uuid.get(todo.pop())
            if mate is None or id(mate) in seen or mate.name != record.name:
                continue
            seen.add(id(mate))
            group.append(mate)
            todo.extend(mate.otherFaceIds)
        groups.append(checked_faces(group))
    return groups


def _face_fields(record: FaceRecord) -> dict[str, Any]:
    """The fields a Scryfall card face (or a single-faced card) takes from one MTGJSON face record."""
    return {
        "mana_cost": record.manaCost,
        "type_line": record.type,
        "oracle_text": record.text,
        "power": record.power,
        "toughness": record.toughness,
        "loyalty": record.loyalty,
        "defense": record.defense,
        "colors": record.colors,
        "keywords": list(record.keywords),
    }


def _card_face(record: FaceRecord, printed_name: str | None = None) -> CardFace:
    """A Scryfall card face from a face record; ``printed_name``: a foreign printing's name for it."""
    return CardFace(
        name=record.faceName or record.name,
        printed_name=printed_name,
        oracle_id=record.identifiers.scryfallOracleId,
        layout=record.layout,
        **_face_fields(record),
    )


def _english_face(record: FaceRecord, index: int) -> CardFace:
    """A face of the English printing, with MTGJSON 5.3's printed name when the printing has its own."""
    printed = record.printedName
    if printed is not None and " // " in printed:  # the whole card's printed name: take this face's part
        parts = printed.split(" // ")
        printed = parts[index] if index < len(parts) else None
    return _card_face(record, printed)


def _foreign_names(faces: list[FaceRecord]) -> dict[str, tuple[str | None, list[str], str | None]]:
    """Per language code: the printed name of the whole card, of each face, and the printing's Scryfall id."""
    out: dict[str, tuple[str | None, list[str], str | None]] = {}
    for index, record in enumerate(faces):
        for foreign in record.foreignData:
            lang = LANGUAGES.get(foreign.language, foreign.language.casefold())
            if lang == "en":
                continue
            whole, names, scryfall_id = out.get(lang, (None, [""] * len(faces), None))
            face_name = foreign.faceName or (foreign.name if len(faces) == 1 else None)
            if face_name:
                names[index] = face_name
            if foreign.name and (len(faces) == 1 or " // " in foreign.name):
                whole = foreign.name
            if foreign.identifiers is not None and foreign.identifiers.scryfallId:
                scryfall_id = scryfall_id or foreign.identifiers.scryfallId
            out[lang] = (whole, names, scryfall_id)
    return out


def to_cards(faces: list[FaceRecord], card_set: SetRecord) -> list[Card]:
    """The Scryfall-shaped card objects of one joined MTGJSON card: the English printing, then one per language
    of ``foreignData``. A card whose first face has no ``identifiers.scryfallId`` gives none (it has no id the
    snapshot could name it by)."""
    first = faces[0]
    scryfall_id = first.identifiers.scryfallId
    if not scryfall_id:
        return []
    multi = len(faces) > 1
    common: dict[str, Any] = {
        "oracle_id": first.identifiers.scryfallOracleId,
        "name": first.name,
        "layout": first.layout,
        "released_at": first.originalReleaseDate or card_set.releaseDate,
        "set": (first.setCode or card_set.code).lower(),
        "set_type": card_set.type,
        "collector_number": first.number,
        "digital": first.isOnlineOnly or card_set.isOnlineOnly,
        "games": list(first.availability),
        "promo_types": list(first.promoTypes),
        "frame_effects": list(first.frameEffects),
    }
    if not multi:
        common.update(_face_fields(first))
    english_faces = [_english_face(f, i) for i, f in enumerate(faces)] if multi else None
    english_printed = first.printedName if not multi or (first.printedName and " // " in first.printedName) else None
    english = Card(id=scryfall_id, lang="en", printed_name=english_printed, card_faces=english_faces, **common)
    cards = [english]
    for lang, (whole, names, foreign_id) in sorted(_foreign_names(faces).items()):
        printed = whole or (" // ".join(n for n in names if n) if any(names) else None)
        card_faces = [_card_face(f, n or None) for f, n in zip(faces, names, strict=True)] if multi else None
        cards.append(Card(id=foreign_id or "", lang=lang, printed_name=printed, card_faces=card_faces, **common))
    return cards


_KEYWORDS = frozenset({DAYBOUND.casefold(), NIGHTBOUND.casefold()})


def may_keep(record: object) -> bool:
    """A quick, generous test on one raw face record (a ``dict`` as parsed): may the card it is a face of be kept?
    The helper's layout or name, a Daybound or Nightbound keyword, or text matching the mention or reads pattern:
    a superset of what :func:`~mtg_daynight.importer.fold.classify` keeps, which still decides on the joined card.
    """
    if not isinstance(record, dict):
        return True  # let validation report it
    if record.get("layout") == HELPER_LAYOUT or record.get("name") == HELPER_NAME:
        return True
    keywords = record.get("keywords")
    if isinstance(keywords, list) and any(isinstance(k, str) and k.casefold() in _KEYWORDS for k in keywords):
        return True
    text = record.get("text")
    if not isinstance(text, str):
        return False
    return MENTION_PATTERN.search(text) is not None or READS_PATTERN.search(text) is not None


# -- the file layer ---------------------------------------------------------------------------------------------


class Bounds(NamedTuple):
    """The bounds on one MTGJSON file (``importer/limits.py``); a test passes smaller ones."""

    record_bytes: int = MAX_RECORD_BYTES
    set_records: int = MAX_SET_RECORDS
    set_kept_bytes: int = MAX_SET_KEPT_BYTES
    whole_file_bytes: int = MAX_WHOLE_FILE_BYTES


#: The set-level fields read (:class:`SetRecord`); any other member of a set is skipped.
SET_FIELDS = frozenset({"code", "type", "releaseDate", "isOnlineOnly"})
RECORD_LISTS = frozenset({"cards", "tokens"})
_OPEN = frozenset({"start_map", "start_array"})
_CLOSE = frozenset({"end_map", "end_array"})
_MEMBERS = msgspec.json.Decoder(dict[str, msgspec.Raw])
_ITEMS = msgspec.json.Decoder(list[msgspec.Raw])


def _size(n: int) -> str:
    """``n`` bytes in words (MiB or KiB when exact)."""
    return f"{n >> 20} MiB" if n % (1 << 20) == 0 else f"{n >> 10} KiB" if n % 1024 == 0 else f"{n:,} bytes"


class _Whole:
    """A JSON value of a file decoded whole: a view into its bytes, decoded when asked."""

    def __init__(self, data: bytes | msgspec.Raw) -> None:
        self.data = data

    def build(self, what: str, set_: _Set) -> object:
        """The value as Python objects; refused past ``bounds.record_bytes``."""
        if len(self.data) > set_.bounds.record_bytes:
            raise set_.too_long(what)
        return msgspec.json.decode(self.data)

    def members(self) -> Iterator[tuple[str, _Value]]:
        """The members of an object (none for anything else)."""
        try:
            members = _MEMBERS.decode(self.data)
        except msgspec.ValidationError:
            return iter(())
        return ((key, _Whole(raw)) for key, raw in members.items())

    def items(self) -> Iterator[_Value] | None:
        """The items of an array, None for anything else."""
        try:
            items = _ITEMS.decode(self.data)
        except msgspec.ValidationError:
            return None
        return (_Whole(raw) for raw in items)


class _Streamed:
    """A JSON value of a file read as parser events (``ijson.basic_parse``): built, walked or skipped once, so
    memory stays flat whatever the size of the file."""

    def __init__(self, reader: _BlockReader, events: Iterator[tuple[str, Any]], first: tuple[str, Any]) -> None:
        self.reader, self.events, self.first = reader, events, first
        self.done = False

    def build(self, what: str, set_: _Set) -> object:
        """The value as Python objects; refused once ``bounds.record_bytes`` more of the file is read."""
        self.done = True
        builder = ijson.ObjectBuilder()
        limit = self.reader.position + set_.bounds.record_bytes
        (event, value), depth = self.first, 0
        while True:
            builder.event(event, value)
            depth += (event in _OPEN) - (event in _CLOSE)
            if depth == 0:
                return builder.value
            if self.reader.position > limit:
                raise set_.too_long(what)
            event, value = next(self.events)

    def skip(self) -> None:
        """Pass over the value unless it was read."""
        if self.done:
            return
        self.done = True
        event, depth = self.first[0], 0
        while True:
            depth += (event in _OPEN) - (event in _CLOSE)
            if depth == 0:
                return
            event = next(self.events)[0]

    def _children(self, end: str) -> Iterator[tuple[str, _Streamed]]:
        self.done = True
        while (event := next(self.events))[0] != end:
            key, first = (str(event[1]), next(self.events)) if end == "end_map" else ("", event)
            child = _Streamed(self.reader, self.events, first)
            yield key, child
            child.skip()

    def members(self) -> Iterator[tuple[str, _Value]]:
        """The members of an object (none for anything else, skipped)."""
        if self.first[0] == "start_map":
            return self._children("end_map")
        self.skip()
        return iter(())

    def items(self) -> Iterator[_Value] | None:
        """The items of an array, None for anything else."""
        if self.first[0] != "start_array":
            return None
        return (child for _, child in self._children("end_array"))


_Value = _Whole | _Streamed


class _Set:
    """One set object, whatever the file: its members read (:meth:`member`), the bounds, the filter
    (:func:`may_keep`, and the faces of multi-faced cards, possible partners), each kept record validated at
    once; :meth:`end` gives the set to fold."""

    def __init__(self, name: str, where: str, bounds: Bounds) -> None:
        self.name, self.where, self.bounds = name, where, bounds
        self.fields: dict[str, object] = {}
        self.has_records = False
        self.count = self.kept_bytes = 0
        self.kept: dict[str, list[tuple[bool, FaceRecord]]] = {"cards": [], "tokens": []}

    def refuse(self, what: str) -> CardFileError:
        """The error for a bad record or field of this set."""
        return CardFileError(f"{self.name}: {self.where}: bad MTGJSON record: {what}")

    def too_long(self, what: str) -> RecordLimitError:
        """The error for a record or field longer than ``bounds.record_bytes``."""
        limit = _size(self.bounds.record_bytes)
        return RecordLimitError(f"{self.name}: {self.where}: {what} is longer than {limit} (MAX_RECORD_BYTES): refused")

    def member(self, key: str, value: _Value) -> None:
        """One member of the set: a field read, a record list walked; anything else is skipped."""
        if key in SET_FIELDS:
            self.fields[key] = value.build(f"field {key}", self)
        elif key in RECORD_LISTS:
            self.has_records = True
            items = value.items()
            if items is None:
                raise self.refuse(f"{key} is not an array")
            for index, item in enumerate(items):
                self.record(key, index, item.build(f"record {key}[{index}]", self))

    def record(self, kind: str, index: int, raw: object) -> None:
        """One raw record (as parsed) of ``cards`` or ``tokens``: counted; kept, validated, if it may be needed."""
        self.count += 1
        if self.count > self.bounds.set_records:
            raise RecordLimitError(
                f"{self.name}: {self.where}: more than {self.bounds.set_records:,} card and token records "
                "in one set (MAX_SET_RECORDS): refused"
            )
        candidate = may_keep(raw)
        name = raw.get("name") if isinstance(raw, dict) else None
        if not candidate and not (isinstance(name, str) and " // " in name):
            return
        try:
            record = msgspec.convert(raw, FaceRecord)
        except msgspec.ValidationError as error:
            raise self.refuse(str(error).replace("`$", f"`$.{kind}[{index}]", 1)) from None
        self.kept_bytes += len(msgspec.json.encode(record))
        if self.kept_bytes > self.bounds.set_kept_bytes:
            raise RecordLimitError(
                f"{self.name}: {self.where}: the records kept of one set (possible day/night, mention and "
                f"helper cards and their other faces) pass {_size(self.bounds.set_kept_bytes)} "
                "(MAX_SET_KEPT_BYTES): refused"
            )
        self.kept[kind].append((candidate, record))

    def end(self) -> SetRecord:
        """The set as a :class:`SetRecord`: its fields, its candidates and their other faces (same name)."""
        try:
            card_set = msgspec.convert(self.fields, SetRecord)
        except msgspec.ValidationError as error:
            raise self.refuse(str(error)) from None
        for kind, kept in self.kept.items():
            names = {record.name for candidate, record in kept if candidate}
            setattr(card_set, kind, [record for candidate, record in kept if candidate or record.name in names])
        return card_set


def _read(name: str, top: _Value, bounds: Bounds, fold: Callable[[SetRecord], None]) -> tuple[object, bool]:
    """Read the top-level object (``meta``, ``data``; other members skipped), fold each set object; return the
    meta object and whether the file is AllPrintings."""
    meta: object = None
    allprintings = False
    for key, value in top.members():
        if key == "meta":
            meta = value.build("the meta object", _Set(name, "meta", bounds))
        elif key == "data":
            allprintings = _read_data(name, value, bounds, fold)
    return meta, allprintings


def _read_data(name: str, data: _Value, bounds: Bounds, fold: Callable[[SetRecord], None]) -> bool:
    """``data``: one set (a set file) or one set per member (AllPrintings, told by a first member that is a set
    object with records); each set folded when it ends. Return whether it is AllPrintings."""
    file_set = _Set(name, "data", bounds)
    allprintings = False
    for index, (key, value) in enumerate(data.members()):
        if not allprintings and (index > 0 or key in SET_FIELDS | RECORD_LISTS):
            file_set.member(key, value)
            continue
        card_set = _Set(name, f"set {key}", bounds)
        for member in value.members():
            card_set.member(*member)
        if card_set.has_records:
            allprintings = True
            fold(card_set.end())
        elif index > 0:
            raise CardFileError(f"{name}: data.{key}: not an MTGJSON set object (no cards)")
    if file_set.has_records:
        fold(file_set.end())
    return allprintings


# -- the guards in front of every parse (docs/carddata.md, "MTGJSON files") ------------------------------------

#: Deepest nesting accepted (real MTGJSON files: about 8; ijson's memory at this depth: about a megabyte).
MAX_DEPTH = 512
#: Longest stretch of bytes without a double quote accepted: one string, number or run of spaces.
MAX_TOKEN = 2 << 20
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: Decompressed block size: under :data:`MAX_TOKEN`, so that the token bound only looks at each block's first and
#: last quote.
BLOCK_SIZE = min(1 << 20, MAX_TOKEN // 2)


def _longest_run(text: bytes, run: int) -> tuple[int, bool]:
    """The quote-free run at the end of ``text`` (``run`` bytes carried in from before it), and whether a run
    longer than :data:`MAX_TOKEN` bytes lies in it."""
    first = text.find(b'"')
    if first < 0:
        run += len(text)
        return run, run > MAX_TOKEN
    if run + first > MAX_TOKEN:
        return run, True
    if len(text) > MAX_TOKEN and any(len(part) > MAX_TOKEN for part in text.split(b'"')):
        return run, True
    return len(text) - 1 - text.rfind(b'"'), False


def _what_runs(block: bytes) -> str:
    """What a run without quotes in ``block`` is made of, in words (whitespace, digits, or a string or number)."""
    body = block.translate(None, b'"')
    if not body.translate(None, b" \t\r\n"):
        return "a run of whitespace"
    if not body.translate(None, b"0123456789 \t\r\n,-+.eE"):
        return "a run of numbers and whitespace"
    return "a single JSON string or number"


def limit_nesting(blocks: Iterable[bytes], name: str) -> Iterator[bytes]:
    """Yield ``blocks`` unchanged; raise :class:`CardFileError` naming ``name`` and the byte offset once the JSON
    in them nests deeper than :data:`MAX_DEPTH` (or piles up more unmatched brackets than it could hold), or
    holds more than :data:`MAX_TOKEN` bytes without a double quote (one string or number too long to parse).

    ijson's memory grows with the square of the depth, yajl's time with the square of a token. Both checks work
    at the speed of C: the brackets alone (``bytes.translate``), matched pairs removed until none is left, the
    unmatched carried to the next block (brackets inside strings count too: the depth can only be
    overestimated); each block's first and last quote, escapes replaced by same-length stand-ins."""
    carried = b""
    offset = 0
    run = 0
    odd_backslash = False
    for block in blocks:
        # Escapes removed, so that neither \" nor \\ inside a string counts as a quote; a backslash that ends
        # the previous block escapes this block's first byte.
        text = (b"\\" if odd_backslash else b"") + block
        if b"\\" in text:  # same-length stand-ins: the run counts every byte of the file
            text = text.replace(b"\\\\", b"xx").replace(b'\\"', b"xx")
        odd_backslash = (len(block) - len(block.rstrip(b"\\"))) % 2 == 1
        run, too_long = _longest_run(text, run)
        if too_long:
            raise CardFileError(
                f"{name}: {_what_runs(block)} longer than {MAX_TOKEN >> 20} MiB within its first "
                f"{offset + len(block)} bytes: refused (no card data holds one)"
            )
        brackets = carried + block.translate(None, _NOT_BRACKETS)
        for _ in range(MAX_DEPTH + 1):
            reduced = brackets.replace(b"[]", b"").replace(b"{}", b"")
            if len(reduced) == len(brackets):
                break
            brackets = reduced
        else:
            brackets = b"[" * (MAX_DEPTH + 1)  # more rounds than the limit: at least that deep
        offset += len(block)
        if brackets.count(b"[") + brackets.count(b"{") > MAX_DEPTH or len(brackets) > 4 * MAX_DEPTH:
            raise CardFileError(
                f"{name}: JSON nested deeper than {MAX_DEPTH} levels (or brackets out of balance) within its first "
                f"{offset} bytes: refused"
            )
        carried = brackets
        yield block


def _blocks(data: Decompressed, check: Callable[[], object] | None) -> Iterator[bytes]:
    """The decompressed blocks of ``data`` (without a byte order mark at the start), ``check()`` called before
    each."""
    first = True
    while True:
        if check is not None:
            check()
        block = data.read(BLOCK_SIZE)
        if not block:
            return
        yield block.removeprefix(UTF8_BOM) if first else block
        first = False


def _head(blocks: Iterator[bytes], limit: int) -> tuple[list[bytes], bool]:
    """The first ``blocks``, up to the first that passes ``limit`` bytes, and whether they are all of them."""
    head: list[bytes] = []
    size = 0
    for block in blocks:
        head.append(block)
        size += len(block)
        if size > limit:
            return head, False
    return head, True


class _BlockReader:
    """Blocks (``head``, then ``rest``) as a binary file object for ijson, ``position`` counting the bytes read."""

    def __init__(self, head: list[bytes], rest: Iterator[bytes]) -> None:
        self._head, self._rest = head, rest
        self._pending = b""
        self._at = 0  # bytes of ``_pending`` already read
        self.position = 0

    def read(self, size: int) -> bytes:
        if self._at == len(self._pending):
            self._pending, self._at = self._head.pop(0) if self._head else next(self._rest, b""), 0
        data = self._pending[self._at : self._at + size]
        self._at += len(data)
        self.position += len(data)
        return data


def read_mtgjson(
    path: str | Path,
    folder: Folder,
    *,
    on_progress: Callable[[int], None] | None = None,
    check: Callable[[], object] | None = None,
    bounds: Bounds | None = None,
) -> ImportResult:
    """Read one MTGJSON file (set file or AllPrintings, plain or compressed; see the module) and fold its cards
    into ``folder``; the result holds the records of every file folded into ``folder`` so far, and this file's
    facts. ``on_progress(n)`` is called after each set with the bytes of the file read so far, ``check()`` before
    each decompressed block. Raises :class:`CardFileError` naming the file and where it is broken (the byte, or the
    set and record), :class:`FaceRecordError` naming the card whose faces contradict each other,
    :class:`RecordLimitError` naming the set and the limit passed.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")
    bounds = bounds or Bounds()
    sets: list[tuple[str, int]] = []  # each set's code and the face records validated
    kinds: list[str] = []  # what the folder kept each card as

    def fold(card_set: SetRecord) -> None:
        """Join the faces of a set's cards and tokens and fold them into ``folder``."""
        sets.append((card_set.code, len(card_set.cards) + len(card_set.tokens)))
        try:
            for records in (card_set.cards, card_set.tokens):
                for faces in join_faces(records):
                    kinds.extend(kind for card in to_cards(faces, card_set) if (kind := folder.add(card)))
        except CardFileError as error:
            raise type(error)(f"{name}: set {card_set.code or '?'}: {error}") from None
        if on_progress is not None:
            on_progress(data.raw_size)

    try:
        with path.open("rb") as raw:
            data = decompressed(raw, name)
            where = "decompressed data" if data.compression != "none" else "file"
            blocks = limit_nesting(_blocks(data, check), name)
            too_big = data.compression == "none" and path.stat().st_size > bounds.whole_file_bytes + len(UTF8_BOM)
            head, whole = ([], False) if too_big else _head(blocks, bounds.whole_file_bytes)
            if whole:
                meta, allprintings, size = _read_whole(name, where, head, bounds, fold)
            else:
                meta, allprintings, size = _read_stream(name, where, _BlockReader(head, blocks), bounds, fold)
    except OSError as error:
        raise CardFileError(f"{name}: cannot read: {error.strerror or error}") from None
    if not sets:
        raise CardFileError(f"{name}: not an MTGJSON file (no data object with cards)")
    try:
        build = msgspec.convert(meta, Meta) if isinstance(meta, dict) else Meta()
    except msgspec.ValidationError as error:
        raise CardFileError(f"{name}: bad MTGJSON meta object: {error}") from None
    missing = ", ".join(sorted(HELPER_SETS.intersection(code.upper() for code, _ in sets)))
    warnings = (
        f"{name}: no Day // Night helper card found, though the file holds {missing}, whose tokens include it (an "
        "MTGJSON build this importer does not know?)",
    )
    folded = folder.build()
    return ImportResult(
        cards=folded.cards,
        helpers=folded.helpers,
        mentions=folded.mentions,
        reads=folded.reads,
        format="mtgjson-allprintings" if allprintings else "mtgjson-set",
        gzipped=data.gzipped,
        decompressor=data.decompressor,
        candidate_lines=sum(records for _, records in sets),
        decompressed_bytes=size,
        file_size=data.raw_size,
        sha256=data.sha256,
        objects_kept=len(kinds),
        warnings=warnings if missing and "helper" not in kinds else (),
        sets=tuple(code for code, _ in sets),
        version=build.version,
        date=build.date,
    )


def _invalid(name: str, where: str, at: int, message: str) -> CardFileError:
    return CardFileError(f"{name}: invalid MTGJSON (truncated or not JSON) near byte {at} of the {where}: {message}")


def _read_whole(
    name: str, where: str, blocks: list[bytes], bounds: Bounds, fold: Callable[[SetRecord], None]
) -> tuple[object, bool, int]:
    """The file decoded whole (:class:`_Whole`): its meta object, whether it is AllPrintings, its size."""
    data = b"".join(blocks)
    blocks.clear()  # the file held once
    try:
        return (*_read(name, _Whole(data), bounds, fold), len(data))
    except msgspec.DecodeError as error:
        at = re.search(r"byte (\d+)", str(error))
        raise _invalid(name, where, int(at.group(1)) if at else len(data), str(error)) from None


def _read_stream(
    name: str, where: str, reader: _BlockReader, bounds: Bounds, fold: Callable[[SetRecord], None]
) -> tuple[object, bool, int]:
    """The file read as parser events (:class:`_Streamed`): its meta object, whether it is AllPrintings, its size."""
    events = ijson.basic_parse(reader, use_float=True)
    try:
        meta, allprintings = _read(name, _Streamed(reader, events, next(events)), bounds, fold)
        for _ in events:
            raise CardFileError(f"{name}: trailing data after the MTGJSON object (near byte {reader.position})")
    except (ijson.JSONError, StopIteration) as error:
        message = str(error).splitlines()[0] if str(error) else "truncated"
        raise _invalid(name, where, reader.position, message) from None
    return meta, allprintings, reader.position
