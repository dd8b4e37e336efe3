"""The entry points: :func:`read_deck` for a file, :func:`parse_deck` for text already in memory."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from mtg_daynight.errors import InputFileError
from mtg_daynight.inputfile import read_regular_file

from .arena import parse_arena
from .dek import parse_dek
from .detect import detect_format
from .forge import parse_forge
from .limits import MAX_FILE_BYTES
from .model import FORMATS, Deck, DeckEntry, DeckFormat
from .mtgo import parse_mtgo
from .plain import parse_plain
from .problems import DeckFileError, DeckProblem
from .text import decode, fail, split_lines

_LineParser = Callable[[list[str], str], tuple[tuple[DeckEntry, ...], str | None]]
_LINE_PARSERS: Final[dict[str, _LineParser]] = {
    "forge": parse_forge,
    "arena": parse_arena,
    "mtgo": parse_mtgo,
    "plain": parse_plain,
}


def parse_deck(text: str, *, source: str = "<string>", format: str | None = None) -> Deck:
    """Parse deck text into a :class:`Deck` without reading any file or looking up any card.

    ``format`` is one of :data:`FORMATS` (``"forge"``, ``"arena"``, ``"mtgo"``, ``"dek"``, ``"plain"``);
    when ``None`` it is detected from the content (see :mod:`mtg_daynight.decks.detect`). ``source`` names the
    text in error messages and becomes :attr:`Deck.path`.

    Raises :class:`~mtg_daynight.decks.problems.DeckFileError` for malformed or over-limit text (every bad
    line, not only the first); :class:`ValueError` for an unknown ``format``.
    """
    return _parse(text, source, _check_format(format), "")


def read_deck(path: str | os.PathLike[str], format: str | None = None) -> Deck:
    """Read and parse the deck file at ``path``; see :func:`parse_deck`.

    At most :data:`~mtg_daynight.decks.limits.MAX_FILE_BYTES` are read, decoded by
    :func:`~mtg_daynight.decks.text.decode`; the extension helps detection (``.dek`` is MTGO XML, ``.dck`` is
    Forge). A path that is not a regular file (a FIFO, a device, a directory) is refused without reading (it
    never blocks); it, and a file that cannot be read (missing, no permission), raise :class:`DeckFileError` too.
    """
    chosen = _check_format(format)
    source = os.fspath(path)
    try:
        data = read_regular_file(source, MAX_FILE_BYTES, "deck file")
    except InputFileError as error:
        problem = DeckProblem(None, str(error).removeprefix(f"{source}: "))
        raise DeckFileError(source, (problem,), fatal=True) from error.__cause__ or error
    return _parse(decode(data, source), source, chosen, Path(source).suffix)


def _check_format(format: str | None) -> DeckFormat | None:
    if format is None:
        return None
    for known in FORMATS:
        if format == known:
            return known
    raise ValueError(f"unknown deck format {format!r}: expected one of {', '.join(FORMATS)}")


def _parse(text: str, source: str, format: DeckFormat | None, suffix: str) -> Deck:
    lines = split_lines(text, source)
    chosen = format if format is not None else detect_format(text, lines, suffix)
    try:
        if chosen == "dek":
            entries, name = parse_dek(text, source)
        else:
            entries, name = _LINE_PARSERS[chosen](lines, source)
    except DeckFileError as error:
        if error.fatal or not error.entries:
            raise
        # the good lines, with the deck's name, for a caller to scan
        partial = Deck(path=source, format=chosen, entries=error.entries, name=error.name)
        raise DeckFileError(source, error.problems, partial=partial) from None
    if not entries:
        raise fail(source, None, f"no cards found (read as {chosen})")
    return Deck(path=source, format=chosen, entries=entries, name=name)
