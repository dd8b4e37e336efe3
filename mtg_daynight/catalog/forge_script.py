"""Forge card scripts as mod cards: a ``.txt`` in a mod directory, written in Forge's card-script format.

A script is ``Key:Value`` lines, one face after another; a line ``ALTERNATE`` starts the second face. What is
read (see ``docs/mods.md``)::

    Name:Lantern-Keeper of Thraben          # the face's name (required, once per face)
    Types:Creature Human Werewolf           # its type line (an Instant or Sorcery face never turns up, 712.10)
    K:Daybound                              # a keyword line; Daybound on the front, Nightbound on the back
    Oracle:...                              # rules text: "becomes day/night" marks a card that mentions them
    AlternateMode:DoubleFaced               # a transforming double-faced card (other modes: first face only)

    ALTERNATE

    Name:Lantern-Eater
    Types:Creature Werewolf
    K:Nightbound

Every other key (``ManaCost``, ``Colors``, ``PT``, ``A``, ``T``, ``S``, ``SVar``, ``DeckHas``...) is Forge's
business and ignored, as are blank lines. A card with another ``AlternateMode`` (a split, adventure, flip or
modal double-faced card) never transforms, so only its first face is read: a modder's whole custom-cards folder
loads, and such a card is known as a card without day/night. Faces are checked by the same rules as a TOML mod card's
(:func:`~mtg_daynight.catalog.mods.mod_face`: a usable name, 702.145a keyword placement) and every error
raises :class:`~mtg_daynight.errors.InputFileError` naming the file and the line. Pure: text in, card out.
"""

from __future__ import annotations

from typing import Final

import msgspec

from mtg_daynight.errors import InputFileError

from .model import CatalogCard
from .mods import MAX_MOD_BYTES, LoadedMod, ModEntry, ModInfo, mod_face

ALTERNATE: Final = "ALTERNATE"
DOUBLE_FACED: Final = "DoubleFaced"
_KEYWORDS: Final = {"daybound": "daybound", "nightbound": "nightbound"}


class _Face(msgspec.Struct):
    """One face as the script writes it, with the line of each field (for errors)."""

    start: int
    name: str | None = None
    name_line: int = 0
    type_line: str = ""
    keywords: list[str] = msgspec.field(default_factory=list)
    keyword_lines: list[int] = msgspec.field(default_factory=list)
    oracle: str = ""


def _fail(source: str, line: int, what: str) -> InputFileError:
    return InputFileError(f"{source}: line {line}: {what}")


def _decode(data: bytes | str, source: str) -> str:
    if isinstance(data, str):
        text = data
    else:
        if len(data) > MAX_MOD_BYTES:
            raise InputFileError(f"{source}: too large: more than {MAX_MOD_BYTES} bytes")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InputFileError(f"{source}: not UTF-8 text (byte {error.start})") from None
    return text.removeprefix("\ufeff")


def _faces(text: str, source: str) -> tuple[list[_Face], int | None, str | None]:
    """The faces of the script, and the line and value of its ``AlternateMode``."""
    faces = [_Face(start=1)]
    mode_line: int | None = None
    mode: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line == ALTERNATE:
            if len(faces) == 2:
                raise _fail(source, number, "a second ALTERNATE: a mod card has at most two faces")
            faces.append(_Face(start=number))
            continue
        if line.startswith("[") and line.endswith("]"):
            raise _fail(
                source, number, f"{line[:40]!r} is a section header: this is a Forge edition or deck file, not a card "
                "script (point --mods at the folder of card scripts, such as Forge's custom/cards)",
            )
        key, sep, value = line.partition(":")
        if not sep or not key.strip() or " " in key.strip():
            raise _fail(source, number, f"expected a Forge script line like 'Name:Card Name', got {line[:60]!r}")
        key, value = key.strip(), value.strip()
        face = faces[-1]
        if key == "Name":
            if face.name is not None:
                raise _fail(source, number, f"a second Name: line in one face (the first is line {face.name_line})")
            face.name, face.name_line = value, number
        elif key == "Types":
            face.type_line = value
        elif key == "K":
            keyword = _KEYWORDS.get(value.casefold())
            if keyword is not None:
                face.keywords.append(keyword)
                face.keyword_lines.append(number)
        elif key == "Oracle":
            face.oracle = value
        elif key == "AlternateMode":
            mode_line, mode = number, value
    return faces, mode_line, mode


def _keyword_line(face: _Face, *, back: bool) -> int:
    """The line to blame for a keyword problem of ``face``: the misplaced keyword (702.145a), else a repeat."""
    misplaced = "daybound" if back else "nightbound"
    for keyword, line in zip(face.keywords, face.keyword_lines, strict=True):
        if keyword == misplaced:
            return line
    seen: set[str] = set()
    for keyword, line in zip(face.keywords, face.keyword_lines, strict=True):
        if keyword in seen:
            return line
        seen.add(keyword)
    return face.keyword_lines[0] if face.keyword_lines else face.start


def parse_forge_script(data: bytes | str, source: str) -> LoadedMod:
    """Read one Forge card script as a mod file holding one community card; ``source`` names it in errors."""
    from mtg_daynight.importer.fold import MENTION_PATTERN  # the importer's own "mentions day/night" rule

    text = _decode(data, source)
    faces, mode_line, mode = _faces(text, source)
    if len(faces) == 2 and mode != DOUBLE_FACED:
        found = f"AlternateMode:{mode}" if mode is not None else "no AlternateMode line"
        if faces[1].keywords:  # 702.145a: daybound/nightbound belong to a transforming double-faced card
            where = mode_line if mode_line is not None else faces[1].start
            raise _fail(
                source, where, f"{found}: a card whose ALTERNATE face has nightbound must say "
                f"AlternateMode:{DOUBLE_FACED} (a transforming double-faced card, 702.145a)",
            )
        faces = faces[:1]  # 712.9: split, adventure, flip, modal cards never transform: the first face is the card
    if len(faces) == 1 and mode == DOUBLE_FACED:
        raise _fail(source, mode_line or 1, f"AlternateMode:{DOUBLE_FACED} but no ALTERNATE face follows")
    built = []
    for index, face in enumerate(faces):
        if face.name is None:
            what = "the script" if index == 0 else f"the ALTERNATE face (line {face.start})"
            raise _fail(source, face.start, f"{what} has no Name: line")
        built.append(
            mod_face(
                face.name, face.keywords, face.type_line, back=index == 1, source=source,
                name_field=f"line {face.name_line}: Name",
                keywords_field=f"line {_keyword_line(face, back=index == 1)}: K",
            )
        )
    front, back = built[0], built[1] if len(built) == 2 else None
    day_night = any(f.daybound or f.nightbound for f in built)
    mentions = not day_night and any(MENTION_PATTERN.search(face.oracle) for face in faces)
    card = CatalogCard(
        name=front.name if back is None else f"{front.name} // {back.name}",
        front=front,
        back=back,
        mentions_day_night=mentions,
        origin="community",
        source=source,
    )
    info = ModInfo(name=card.name, description="Forge card script")
    return LoadedMod(source, info, (ModEntry(card),))
