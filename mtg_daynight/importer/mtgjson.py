"""Reading MTGJSON v5 files: a set file (``{"meta", "data": {"code", "cards", "tokens", ...}}``) or AllPrintings
(``{"meta", "data": {"MID": {...set...}, ...}}``), plain, gzip, xz or bzip2, recognised by content.

MTGJSON has one record per *face*. This module joins the faces of each card into one Scryfall-shaped
:class:`~mtg_daynight.importer.scryfall.Card` and hands it to the same :class:`~mtg_daynight.importer.fold.Folder`
as the Scryfall import, so both sources produce the same records by the same rules (what is a day/night card,
what mentions day/night, the helper card, the folding of printings):

* faces are joined by ``otherFaceIds`` among the records of one set that carry the same ``name`` (the combined
  "Front // Back"), ordered by ``side`` (a, b, ...); an older build's records without ``otherFaceIds`` are
  joined by that ``name`` (when it has " // ") and their collector ``number``, ordered by ``side``, else by where
  their ``faceName`` stands in the name;
* Daybound and Nightbound come from each face's own ``keywords`` (MTGJSON lists keywords per face), nothing is
  guessed;
* ids are ``identifiers.scryfallId`` (the printing) and ``identifiers.scryfallOracleId`` (the card), so a
  snapshot from MTGJSON and one from Scryfall name the same cards by the same ids;
* the printed names of other languages come from ``foreignData`` (one printing per language, with the Scryfall
  id MTGJSON gives for it, else an empty id);
* the Day // Night helper card comes from the set's ``tokens``, found by its oracle id or its name and text
  whatever its layout (``double_faced_token`` since MTGJSON 5.2, ``token`` in 5.1); a file that holds MID or VOW
  (a set file, or AllPrintings) but no helper card is reported (:attr:`MtgjsonFile.warnings`);
* MTGJSON 5.3's ``printedName`` / ``printedType`` / ``printedText`` (an English printing's own printed name
  and texts) become the printing's printed name; the card stays keyed by its oracle id and name. Fields a
  build removed (``firstPrinting``, ``isStarter``) are not read;
* ``isOnlineOnly`` (of the card or the set) -> digital; ``promoTypes`` containing ``playtest`` -> playtest;
  ``availability`` -> games; the card's ``originalReleaseDate``, else its set's ``releaseDate`` -> released_at;
  the set's ``type`` -> set_type.

Memory: the file is parsed by ``ijson`` (its C backend, yajl2_c, where installed) one set object at a time, so
an AllPrintings file of any size costs the memory of its largest set, never the whole file (see
``scripts/bench_mtgjson.py`` for the figures against ``json.load``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import ijson  # type: ignore[import-untyped]
import msgspec

from mtg_daynight.importer.decompress import BlockStream, Compression, HashedFile, file_blocks, open_decompressed
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import (
    DAYBOUND,
    HELPER_LAYOUT,
    HELPER_NAME,
    MENTION_PATTERN,
    NIGHTBOUND,
    READS_PATTERN,
    Folder,
)
from mtg_daynight.importer.importer import checked
from mtg_daynight.importer.nesting import MAX_TOKEN, limit_nesting
from mtg_daynight.importer.scryfall import Card, CardFace

MtgjsonFormat = Literal["mtgjson-set", "mtgjson-allprintings"]

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

#: Decompressed block size: under :data:`~mtg_daynight.importer.nesting.MAX_TOKEN`, so that the token bound only
#: looks at each block's first and last quote.
BLOCK_SIZE = min(1 << 20, MAX_TOKEN // 2)


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
    printedName: str | None = None  # MTGJSON 5.3: an English printing's own printed name and texts
    printedType: str | None = None
    printedText: str | None = None
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


@dataclass
class MtgjsonFile:
    """What reading one MTGJSON file found."""

    format: MtgjsonFormat
    meta: Meta
    compression: Compression
    file_size: int = 0
    sha256: str = ""
    decompressed_bytes: int = 0
    sets: list[str] = field(default_factory=list)
    records: int = 0  # face records validated: those of cards that may be kept (see may_keep)
    kept: int = 0  # joined cards the folder kept
    helpers: int = 0  # of them, helper cards
    warnings: list[str] = field(default_factory=list)


#: Sets whose MTGJSON file lists the Day // Night helper card among its tokens: a file holding one of them but no
#: helper card lost it (an unknown token layout, a broken build), which the import reports.
HELPER_SETS = frozenset({"MID", "VOW"})


# -- joining faces (pure) ---------------------------------------------------------------------------------------


def _face_order(record: FaceRecord) -> tuple[str, int]:
    """A face's place in its card: its ``side``; without one, where its ``faceName`` stands in the combined name."""
    parts = record.name.split(" // ")
    where = parts.index(record.faceName) if record.faceName in parts else len(parts)
    return (record.side or "", where)


def _unlinked_mates(records: list[FaceRecord]) -> dict[tuple[str, str, str], list[FaceRecord]]:
    """Records of multi-faced cards (name "A // B") that an older build left without ``otherFaceIds``, grouped by
    name, set and collector number: the faces of one printing."""
    groups: dict[tuple[str, str, str], list[FaceRecord]] = {}
    for record in records:
        if not record.otherFaceIds and " // " in record.name:
            groups.setdefault((record.name, record.setCode, record.number), []).append(record)
    return groups


def join_faces(records: list[FaceRecord]) -> list[list[FaceRecord]]:
    """Group the face records of one set into cards: records with the same ``name`` linked (in either
    direction) by ``otherFaceIds``, or, in builds without ``otherFaceIds``, records of a combined name ("A // B")
    with the same set and collector number; each group ordered by ``side`` (else by ``faceName``). Order of the
    groups: first record's order."""
    by_uuid = {r.uuid: r for r in records if r.uuid}
    unlinked = _unlinked_mates(records)
    seen: set[int] = set()
    groups: list[list[FaceRecord]] = []
    for record in records:
        if id(record) in seen:
            continue
        if not record.otherFaceIds and " // " in record.name:
            mates = unlinked[(record.name, record.setCode, record.number)]
            seen.update(id(mate) for mate in mates)
            groups.append(sorted(mates, key=_face_order))
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
        group.sort(key=lambda r: r.side or "")
        groups.append(group)
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
    """A face of the English printing, with MTGJSON 5.3's printed name and texts when the printing has its own."""
    printed = record.printedName
    if printed is not None and " // " in printed:  # the whole card's printed name: take this face's part
        parts = printed.split(" // ")
        printed = parts[index] if index < len(parts) else None
    face = _card_face(record, printed)
    face.printed_type_line = record.printedType
    face.printed_text = record.printedText
    return face


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
    if not multi:
        english.printed_type_line = first.printedType
        english.printed_text = first.printedText
    cards = [english]
    for lang, (whole, names, foreign_id) in sorted(_foreign_names(faces).items()):
        printed = whole or (" // ".join(n for n in names if n) if any(names) else None)
        card_faces = [_card_face(f, n or None) for f, n in zip(faces, names, strict=True)] if multi else None
        cards.append(Card(id=foreign_id or "", lang=lang, printed_name=printed, card_faces=card_faces, **common))
    return cards


_KEYWORDS = frozenset({DAYBOUND.casefold(), NIGHTBOUND.casefold()})


def may_keep(record: object) -> bool:
    """A quick, generous test on one raw face record (a ``dict`` as parsed): can the card it is a face of be kept?

    True for the helper card's layout or name, a Daybound or Nightbound keyword, or text matching
    :data:`~mtg_daynight.importer.fold.MENTION_PATTERN` or :data:`~mtg_daynight.importer.fold.READS_PATTERN`:
    a superset of what
    :func:`~mtg_daynight.importer.fold.classify` keeps, which still decides on the joined card. It spares
    validating and joining the faces of the thousands of cards that have nothing to do with day and night.
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


def candidates(records: object) -> object:
    """The raw records of a set's ``cards`` (or ``tokens``) that :func:`may_keep` accepts, with every record of
    the same ``name`` (the other faces of those cards); anything but a list is returned as it is."""
    if not isinstance(records, list):
        return records
    names = {r.get("name") if isinstance(r, dict) else None for r in records if may_keep(r)}
    return [r for r in records if not isinstance(r, dict) or r.get("name") in names]


def fold_set(card_set: SetRecord, folder: Folder) -> tuple[int, int]:
    """Join the faces of a set's cards and tokens and fold them in; return how many cards the folder kept, and
    how many of them were helper cards."""
    kept = helpers = 0
    for records in (card_set.cards, card_set.tokens):
        for faces in join_faces(records):
            for card in to_cards(faces, card_set):
                kind = folder.add(card)
                if kind is not None:
                    kept += 1
                    helpers += kind == "helper"
    return kept, helpers


# -- the file layer ---------------------------------------------------------------------------------------------


def _meta(path: Path) -> Meta:
    """The ``meta`` object of an MTGJSON file (MTGJSON writes it first, so this reads only the file's start)."""
    stream = BlockStream(limit_nesting(file_blocks(path, BLOCK_SIZE), str(path)))
    try:
        raw = next(iter(ijson.items(stream, "meta")), None)
    except ijson.JSONError:
        return Meta()  # the main pass reports where the file is broken
    finally:
        stream.close()
    try:
        return msgspec.convert(raw, Meta) if isinstance(raw, dict) else Meta()
    except msgspec.ValidationError as error:
        raise CardFileError(f"{path}: bad MTGJSON meta object: {error}") from None


def _convert_set(raw: object, name: str, where: str) -> SetRecord:
    """Validate a raw set object, with only the :func:`candidates` among its cards and tokens."""
    if isinstance(raw, dict):
        raw = {**raw, "cards": candidates(raw.get("cards", [])), "tokens": candidates(raw.get("tokens", []))}
    try:
        return msgspec.convert(raw, SetRecord)
    except msgspec.ValidationError as error:
        raise CardFileError(f"{name}: {where}: bad MTGJSON record: {error}") from None


def _is_set(value: object) -> bool:
    return isinstance(value, dict) and ("cards" in value or "tokens" in value)


def read_mtgjson(
    path: str | Path,
    folder: Folder,
    *,
    on_progress: Callable[[int], None] | None = None,
    check: Callable[[], object] | None = None,
) -> MtgjsonFile:
    """Read one MTGJSON file (set file or AllPrintings, plain or compressed) and fold its cards into ``folder``.

    ``on_progress(n)`` is called after each set with the number of bytes of the file read so far; ``check()``
    before each decompressed block (a deadline raises from it). Raises
    :class:`~mtg_daynight.importer.errors.CardFileError` naming the file and the byte of the decompressed data
    near which it is broken (truncated, not JSON), or the set and field of a bad record.
    """
    path = Path(path)
    name = str(path)
    if not path.is_file():
        raise CardFileError(f"{name}: no such file")
    meta = _meta(path)
    source = HashedFile(path)
    try:
        data = open_decompressed(source.chunks(), name)
    except BaseException:
        source.close()
        raise
    blocks = data.blocks(BLOCK_SIZE)
    stream = BlockStream(limit_nesting(blocks if check is None else checked(blocks, check), name))
    result = MtgjsonFile(format="mtgjson-set", meta=meta, compression=data.compression)
    members: dict[str, object] = {}

    def fold(card_set: SetRecord) -> None:
        result.sets.append(card_set.code)
        result.records += len(card_set.cards) + len(card_set.tokens)
        try:
            kept, helpers = fold_set(card_set, folder)
        except CardFileError as error:
            raise CardFileError(f"{name}: set {card_set.code or '?'}: {error}") from None
        result.kept += kept
        result.helpers += helpers
        if on_progress is not None:
            on_progress(source.size)

    try:
        items: Iterator[tuple[str, object]] = ijson.kvitems(stream, "data", use_float=True)
        for key, value in items:
            if not members and _is_set(value):
                result.format = "mtgjson-allprintings"
            if result.format == "mtgjson-allprintings":
                if not _is_set(value):
                    raise CardFileError(f"{name}: data.{key}: not an MTGJSON set object (no cards)")
                fold(_convert_set(value, name, f"set {key}"))
            else:
                members[key] = value
        trailing = stream.position
        while rest := stream.read(1 << 20):
            if rest.strip():
                raise CardFileError(f"{name}: trailing data after the MTGJSON object (near byte {trailing})")
            trailing = stream.position
    except ijson.JSONError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise CardFileError(
            f"{name}: invalid MTGJSON (truncated or not JSON) near byte {stream.position} of the "
            f"{'decompressed data' if data.compression != 'none' else 'file'}: {message}"
        ) from None
    except OSError as error:
        raise CardFileError(f"{name}: cannot read: {error.strerror or error}") from None
    finally:
        stream.close()
        source.close()
    if result.format == "mtgjson-set":
        if not _is_set(members):
            raise CardFileError(f"{name}: not an MTGJSON file (no data object with cards)")
        fold(_convert_set(members, name, "data"))
    missing = sorted(HELPER_SETS.intersection(code.upper() for code in result.sets))
    if missing and not result.helpers:
        result.warnings.append(
            f"{name}: no Day // Night helper card found, though the file holds {', '.join(missing)}, whose tokens "
            "include it (an MTGJSON build this importer does not know?)"
        )
    result.file_size = source.size
    result.sha256 = source.sha256
    result.decompressed_bytes = stream.position
    return result
