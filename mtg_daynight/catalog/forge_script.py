"""Forge card scripts as mod cards: a ``.txt`` in a mod directory, written in Forge's card-script format (what
is read, Forge's day/night vocabulary and every check: ``docs/mods.md``, Forge card scripts).

A script is ``Key:Value`` lines, one face after another; a line ``ALTERNATE`` starts the second face. Forge's
day/night vocabulary in ability lines classifies the card (:data:`~mtg_daynight.catalog.model.DayNightUse`,
731.1); every other key and parameter is ignored. Faces are checked by the same rules as a TOML mod card's
(:func:`~mtg_daynight.catalog.mods.mod_face`: a usable name, 702.145a keyword placement).

Lines are split as Forge splits them (Java's ``BufferedReader.readLine``: at ``\n``, ``\r\n`` or ``\r``, each
line then trimmed of characters up to U+0020). A character that Forge and other readers disagree about as a line
break (:data:`_SEPARATORS`) is refused wherever it is: otherwise one reader could see a ``K:Daybound`` line that
another reads as part of a ``Name:``. Every error is a :class:`~mtg_daynight.catalog.mods.ModFileError` naming the
file and the line. Pure: text in, card out.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Final

import msgspec

from mtg_daynight.rules import Designation

from .model import DAY_NIGHT_USES, CatalogCard, DayNightUse
from .mods import MAX_MOD_BYTES, LoadedMod, ModEntry, ModFileError, ModInfo, ModProblem, mod_face

ALTERNATE: Final = "ALTERNATE"
DOUBLE_FACED: Final = "DoubleFaced"
_KEYWORDS: Final = {"daybound": "daybound", "nightbound": "nightbound"}
#: Characters refused anywhere in a line: what Python's ``str.splitlines`` (and Unicode) breaks lines at but
#: Forge does not, and the carriage return, which Forge breaks at but a reader splitting at ``\n`` does not.
_SEPARATORS: Final = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: What Java's ``String.trim()`` strips from both ends of a line: every character up to U+0020.
_TRIM: Final = "".join(map(chr, range(0x21)))
#: The keys whose values hold Forge ability parameters (``Key$ Value | ...``).
_ABILITY_KEYS: Final = frozenset({"A", "T", "S", "R", "SVar"})
_DAY_TIME_VALUES: Final = frozenset({"Day", "Night", "Switch"})
#: What ``S:Mode$ CantChangeDayTime`` forbids, by its ``NewTime$`` (absent: any change).
_NEW_TIME: Final = {
    "Day": (Designation.DAY,), "Night": (Designation.NIGHT,), None: (Designation.DAY, Designation.NIGHT)
}


class _Face(msgspec.Struct):
    """One face as the script writes it, with the line of each field (for errors)."""

    start: int
    name: str | None = None
    name_line: int = 0
    type_line: str = ""
    keywords: list[str] = msgspec.field(default_factory=list)
    keyword_lines: list[int] = msgspec.field(default_factory=list)
    oracle: str = ""


class _Uses(msgspec.Struct):
    """What the script's ability lines do with the designation (731.1), and what a forbidding ability forbids."""

    uses: set[DayNightUse] = msgspec.field(default_factory=set)
    forbids: set[Designation] = msgspec.field(default_factory=set)


def _fail(source: str, line: int, what: str) -> ModFileError:
    return ModFileError(ModProblem(source, what, line))


def _decode(data: bytes | str, source: str) -> str:
    if isinstance(data, str):
        text = data
    else:
        if len(data) > MAX_MOD_BYTES:
            raise ModFileError(ModProblem(source, f"too large: more than {MAX_MOD_BYTES} bytes"))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ModFileError(ModProblem(source, f"not UTF-8 text (byte {error.start})")) from None
    return text.removeprefix("\ufeff")


def _character(char: str) -> str:
    code = f"U+{ord(char):04X}"
    name = unicodedata.name(char, "")
    return f"{code} ({name})" if name else code


def script_lines(text: str, source: str) -> Iterator[tuple[int, str]]:
    """The lines of a script as Forge reads them, numbered from 1 and trimmed (see the module docstring);
    a line holding a line separator Forge and other readers disagree about is refused."""
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.removesuffix("\r")
        found = _SEPARATORS.search(line)
        if found is not None:
            char = found.group()
            why = (
                "a carriage return not followed by a line feed: Forge starts a new line there, readers that split "
                "at line feeds do not" if char == "\r"
                else "a line separator inside a line: Forge reads it as part of the line, other readers start a "
                "new line there"
            )
            raise _fail(source, number, f"{_character(char)} at column {found.start() + 1} is {why}")
        yield number, line.strip(_TRIM)


def _parameters(value: str) -> dict[str, str]:
    """Forge ability parameters: ``Mode$ DayTimeChanges | Execute$ X`` -> ``{"Mode": "DayTimeChanges", ...}``."""
    found = {}
    for part in value.split("|"):
        key, sep, item = part.partition("$")
        if sep:
            found[key.strip()] = item.strip()
    return found


def _read_uses(key: str, value: str, source: str, number: int, into: _Uses) -> None:
    """Record what an ability line (``A:``, ``T:``, ``S:``, ``R:`` or ``SVar:``) does with day and night."""
    if key == "SVar":
        value = value.partition(":")[2]  # SVar:Name:DB$ DayTime | ...
    params = _parameters(value)
    if "DayTime" in (params.get("DB"), params.get("SP"), params.get("AB")):  # 731.1: "it becomes day/night"
        if params.get("Value") not in _DAY_TIME_VALUES:
            found = params.get("Value")
            raise _fail(source, number, f"a DayTime effect needs Value$ Day, Night or Switch, not {found!r}")
        into.uses.add("makes_day_night")
    if key == "T" and params.get("Mode") == "DayTimeChanges":  # "whenever day becomes night or night becomes day"
        into.uses.add("triggers_on_change")
    if key == "S" and params.get("Mode") == "CantChangeDayTime":  # "it can't become night" (731.1)
        new_time = params.get("NewTime")
        if new_time not in _NEW_TIME:
            what = f"CantChangeDayTime: NewTime$ is Day or Night (or absent: both), not {new_time!r}"
            raise _fail(source, number, what)
        into.uses.add("forbids_change")
        into.forbids.update(_NEW_TIME[new_time])
    if (
        params.get("Condition") in ("Day", "Night")
        or params.get("DayTime") in ("Neither", "Day", "Night")
        or params.get("Count", "").split(".")[0] == "Night"
    ):  # "if it's night", "if it's neither day nor night"
        into.uses.add("reads_day_night")


def _faces(text: str, source: str, uses: _Uses) -> tuple[list[_Face], int | None, str | None]:
    """The faces of the script, and the line and value of its ``AlternateMode``; ``uses`` collects what its
    ability lines do with day and night."""
    faces = [_Face(start=1)]
    mode_line: int | None = None
    mode: str | None = None
    for number, line in script_lines(text, source):
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
        elif key == "Types":  # the type line: an Instant or Sorcery face never turns up (712.10)
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
        elif key in _ABILITY_KEYS:
            _read_uses(key, value, source, number, uses)
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
    uses = _Uses()
    faces, mode_line, mode = _faces(text, source, uses)
    if len(faces) == 2 and mode != DOUBLE_FACED:
        found = f"AlternateMode:{mode}" if mode is not None else "no AlternateMode line"
        if faces[1].keywords:  # 702.145a: daybound/nightbound belong to a double-faced card
            where = mode_line if mode_line is not None else faces[1].start
            raise _fail(
                source, where, f"{found}: a card whose ALTERNATE face has nightbound must say "
                f"AlternateMode:{DOUBLE_FACED} (a double-faced card, 702.145a)",
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
                name_field="Name", name_line=face.name_line,
                keywords_field="K", keywords_line=_keyword_line(face, back=index == 1),
            )
        )
    front, back = built[0], built[1] if len(built) == 2 else None
    day_night = any(f.daybound or f.nightbound for f in built)
    makes = {"makes_day_night", "triggers_on_change"} & uses.uses  # as the importer's cards that mention day/night
    mentions = not day_night and (bool(makes) or any(MENTION_PATTERN.search(face.oracle) for face in faces))
    card = CatalogCard(
        name=front.name if back is None else f"{front.name} // {back.name}",
        front=front,
        back=back,
        mentions_day_night=mentions,
        uses=tuple(use for use in DAY_NIGHT_USES if use in uses.uses),
        forbids=tuple(d for d in (Designation.DAY, Designation.NIGHT) if d in uses.forbids),
        origin="community",
        source=source,
    )
    info = ModInfo(name=card.name, description="Forge card script")
    return LoadedMod(source, info, (ModEntry(card),))
