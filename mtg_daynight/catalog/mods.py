"""Community mod files: TOML files defining fan-made cards with their faces and day/night keywords (schema, limits
and error messages: ``docs/mods.md``).

Files are validated with msgspec (unknown keys are errors) and then card by card; every problem raises
:class:`ModFileError` naming the file and the field (``cards[0].front.name``), which
:func:`~mtg_daynight.catalog.modfiles.read_mods` turns into a :class:`ModProblem` before reading on. Daybound
belongs on a front face and nightbound on a back face (702.145a); ``forbids`` is what a card's "it can't become
day/night" ability forbids (731.1). A ``.txt`` file in a mod directory is a Forge card script
(:mod:`mtg_daynight.catalog.forge_script`), validated by the same face rules (:func:`mod_face`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final, Literal

import msgspec

from mtg_daynight.errors import InputFileError
from mtg_daynight.rules.designation import Designation
from mtg_daynight.rules.permanents import Face

from .model import DAY_NIGHT_USES, CatalogCard, DayNightUse, PrintedName, make_face
from .names import card_handles

MODS_SUBDIR: Final = "custom"
#: The files of a mod directory: TOML mod files and Forge card scripts.
MOD_SUFFIXES: Final = (".toml", ".txt")
#: Most mod files one mod directory (with its subdirectories) may hold.
MAX_MOD_FILES: Final = 10_000
MAX_MOD_BYTES: Final = 1024 * 1024
MAX_MOD_CARDS: Final = 10_000
MAX_NAME_CHARS: Final = 200
#: A language code of ``printed_names`` (compiled on first use, re caches it: most scans read no mod file).
_LANG: Final = r"[a-z]{2,3}(?:[-_][a-z0-9]{2,4})?"

KeywordName = Literal["daybound", "nightbound"]


class ModFace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One face of a mod card."""

    name: str
    keywords: tuple[KeywordName, ...] = ()
    type_line: str = ""


class ModCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card of a mod file."""

    front: ModFace
    back: ModFace | None = None
    id: str | None = None
    override: bool = False
    mentions_day_night: bool = False
    printed_names: dict[str, str] = {}
    uses: tuple[DayNightUse, ...] = ()
    forbids: tuple[Literal["day", "night"], ...] = ()


class ModInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ``[mod]`` table: who made the file and what it is."""

    name: str
    author: str = ""
    description: str = ""


class ModFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole mod file."""

    mod: ModInfo
    cards: tuple[ModCard, ...] = ()


class ModEntry(msgspec.Struct, frozen=True):
    """A validated mod card and whether it may replace a card with the same name or id."""

    card: CatalogCard
    override: bool = False


class LoadedMod(msgspec.Struct, frozen=True):
    """A validated mod file: its path, its ``[mod]`` table and its cards, in file order."""

    path: str
    info: ModInfo
    cards: tuple[ModEntry, ...]


class ModProblem(msgspec.Struct, frozen=True, omit_defaults=True):
    """A mod file that could not be loaded: its path as the user gave it, why, and where in it when known (the
    ``line`` of a Forge script, the ``field`` of a TOML file)."""

    path: str
    reason: str
    line: int | None = None
    field: str | None = None

    def describe(self) -> str:
        """One line for a person: ``mods/bad.txt: line 3: ...``."""
        where = (f"line {self.line}" if self.line is not None else None, self.field)
        return ": ".join((self.path, *(part for part in where if part), self.reason))


class ModFileError(InputFileError):
    """A malformed mod file; :attr:`problem` says which file, where in it, and why (``str()`` says it all)."""

    def __init__(self, problem: ModProblem) -> None:
        super().__init__(problem.describe())
        self.problem = problem


def default_mod_dirs() -> tuple[Path, ...]:
    """``carddata/custom/`` of a source checkout (when running from one), then ``custom/`` in the user's
    card-data directory (:func:`mtg_daynight.importer.store.user_data_dir`, e.g.
    ``~/.local/share/mtg-daynight/carddata/custom/`` on Linux)."""
    from mtg_daynight.importer.store import repo_carddata_dir, user_data_dir  # lazy: see catalog/snapshot.py

    repo = repo_carddata_dir()
    return (*(() if repo is None else (repo / MODS_SUBDIR,)), user_data_dir() / MODS_SUBDIR)


def _walk(directory: Path) -> list[Path]:
    """The mod files under ``directory`` and its subdirectories, at any depth (an explicit stack, no recursion:
    a folder nested a thousand levels deep is walked like any other), sorted by their path below ``directory``.
    Symbolic links to directories are not followed; hidden files and directories are skipped; a folder that
    cannot be listed is skipped, as :func:`os.walk` does."""
    found: list[Path] = []
    pending = [directory]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if _is_dir(entry):
                if not entry.is_symlink():
                    pending.append(folder / entry.name)
            elif entry.name.endswith(MOD_SUFFIXES):
                found.append(folder / entry.name)
        if len(found) > MAX_MOD_FILES:
            raise InputFileError(f"{directory}: more than {MAX_MOD_FILES} mod files: is this really a mod directory?")
    return sorted(found, key=lambda p: p.relative_to(directory).parts)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def mod_files(directories: Iterable[Path], *, required: Sequence[Path] = ()) -> tuple[Path, ...]:
    """The mod files (``*.toml`` and Forge ``*.txt`` scripts) of ``directories`` and their subdirectories (Forge
    keeps custom card scripts in one subfolder per initial letter), sorted by path within each, a file reached
    twice (through a symbolic link) listed once. Each path is written as the user gave its directory
    (``mods/bad.txt`` for ``--mods mods``), so that messages name it so. A directory in ``required`` must exist
    (one the user named); the others are skipped when missing. Every entry with a mod suffix is listed, so that
    one that is not a regular file (a FIFO, a device) is refused by
    :func:`~mtg_daynight.catalog.modfiles.read_mod`, not skipped."""
    found: dict[Path, Path] = {}
    for directory in directories:
        if not directory.is_dir():
            if directory in required:
                what = "not a directory" if directory.exists() else "not found"
                raise InputFileError(f"{directory}: mod directory {what}")
            continue
        for path in _walk(directory):
            found.setdefault(_resolved(path), path)
    return tuple(found.values())


def _resolved(path: Path) -> Path:
    """``path`` with its symbolic links resolved (so one file reached twice is read once); a symbolic link loop
    stays as it is, so that :func:`~mtg_daynight.catalog.modfiles.read_mod` refuses it with an
    :class:`InputFileError` naming it."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # RuntimeError: "Symlink loop" (Python < 3.13); OSError (ELOOP) from 3.13
        return path


def _field(path: str) -> str:
    return path.removeprefix("$.").removeprefix("$") or "(top level)"


def _fail(source: str, field: str, what: str, line: int | None = None) -> ModFileError:
    return ModFileError(ModProblem(source, what, line, field))


def parse_mod(data: bytes | str, source: str) -> LoadedMod:
    """Validate mod-file text (TOML); ``source`` names it in errors."""
    try:
        decoded = msgspec.toml.decode(data, type=ModFile)
    except msgspec.ValidationError as error:
        message, _, where = str(error).rpartition(" - at `")
        if not message:
            raise ModFileError(ModProblem(source, str(error))) from None
        raise _fail(source, _field(where.rstrip("`")), message) from None
    except msgspec.DecodeError as error:
        raise ModFileError(ModProblem(source, f"not valid TOML: {error}")) from None
    except RecursionError:  # tomllib recurses per nesting level: 100k nested arrays or tables end here
        raise ModFileError(ModProblem(source, "not valid TOML: arrays or tables nested too deeply")) from None
    if not decoded.mod.name.strip():
        raise _fail(source, "mod.name", "must not be empty")
    if len(decoded.cards) > MAX_MOD_CARDS:
        raise _fail(source, "cards", f"{len(decoded.cards)} cards, the limit is {MAX_MOD_CARDS}")
    cards: list[ModEntry] = []
    seen: dict[str, str] = {}
    for index, card in enumerate(decoded.cards):
        built = _card(card, source, f"cards[{index}]")
        for key, _ in card_handles(built):
            if seen.get(key, built.name) != built.name:
                raise _fail(source, f"cards[{index}]", f"{built.name!r} repeats {seen[key]!r} in the same file")
            seen[key] = built.name
        cards.append(ModEntry(built, card.override))
    return LoadedMod(source, decoded.mod, tuple(cards))


def mod_face(
    name: str,
    keywords: Sequence[str],
    type_line: str,
    *,
    back: bool,
    source: str,
    name_field: str,
    keywords_field: str,
    name_line: int | None = None,
    keywords_line: int | None = None,
) -> Face:
    """A validated mod face (TOML or Forge script): a usable name (one a deck file could name: see
    :func:`mtg_daynight.decks.text.impossible_name`), and daybound only on the front face,
    nightbound only on the back face, each at most once (702.145a). Errors name ``source``, the field and (for a
    Forge script) the line."""
    name = name.strip()
    if not name:
        raise _fail(source, name_field, "must not be empty", name_line)
    if len(name) > MAX_NAME_CHARS:
        raise _fail(source, name_field, f"{len(name)} characters, the limit is {MAX_NAME_CHARS}", name_line)
    if "/" in name or not name.isprintable():
        raise _fail(source, name_field, f"{name!r}: a face name has no '/' and no control characters", name_line)
    from mtg_daynight.decks.text import impossible_name  # on first use: the deck readers load with it

    problem = impossible_name(name)
    if problem is not None:  # the same rule as for names in deck files: a deck could never name this card
        raise _fail(source, name_field, f"{name!r} {problem}", name_line)
    if len(set(keywords)) != len(keywords):
        raise _fail(source, keywords_field, "a keyword is repeated", keywords_line)
    if back and "daybound" in keywords:
        raise _fail(source, keywords_field, "daybound belongs on the front face (702.145a)", keywords_line)
    if not back and "nightbound" in keywords:
        raise _fail(source, keywords_field, "nightbound belongs on the back face (702.145a)", keywords_line)
    return make_face(name, keywords, type_line)


def _face(face: ModFace, source: str, field: str, *, back: bool) -> Face:
    return mod_face(
        face.name, face.keywords, face.type_line, back=back, source=source,
        name_field=f"{field}.name", keywords_field=f"{field}.keywords",
    )


def _card(card: ModCard, source: str, field: str) -> CatalogCard:
    front = _face(card.front, source, f"{field}.front", back=False)
    back = None if card.back is None else _face(card.back, source, f"{field}.back", back=True)
    name = front.name if back is None else f"{front.name} // {back.name}"
    if card.id is not None and (not card.id.strip() or not card.id.isprintable() or len(card.id) > 200):
        raise _fail(source, f"{field}.id", f"{card.id!r} is not a usable id (1 to 200 printable characters)")
    printed = []
    for lang, printed_name in card.printed_names.items():
        if not re.fullmatch(_LANG, lang):
            raise _fail(source, f"{field}.printed_names.{lang}", "not a language code like 'de' or 'zhs'")
        if not printed_name.strip() or len(printed_name) > 2 * MAX_NAME_CHARS or not printed_name.isprintable():
            raise _fail(source, f"{field}.printed_names.{lang}", f"{printed_name!r} is not a usable name")
        printed.append(PrintedName(lang, printed_name.strip()))
    for what, values in (("uses", card.uses), ("forbids", card.forbids)):
        if len(set(values)) != len(values):
            raise _fail(source, f"{field}.{what}", "lists a value twice")
    uses = set(card.uses) | ({"forbids_change"} if card.forbids else set())
    if "forbids_change" in uses and not card.forbids:
        raise _fail(source, f"{field}.forbids", 'say what it forbids: ["day"], ["night"] or both (731.1)')
    day_night = front.daybound or front.nightbound or (back is not None and (back.daybound or back.nightbound))
    makes = bool({"makes_day_night", "triggers_on_change"} & uses)  # as a Forge script's: it needs the helper card
    return CatalogCard(
        name=name,
        front=front,
        back=back,
        ids=() if card.id is None else (card.id.strip(),),
        printed_names=tuple(printed),
        mentions_day_night=card.mentions_day_night or (makes and not day_night),
        uses=tuple(use for use in DAY_NIGHT_USES if use in uses),
        forbids=tuple(d for d in (Designation.DAY, Designation.NIGHT) if d.value in card.forbids),
        origin="community",
        source=source,
    )
