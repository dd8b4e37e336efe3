"""Data hygiene for imported card text: what may not be in a name or text, and how to show it safely.

Real card data (Scryfall, MTGJSON) never holds control characters in names and type lines, and in rules text
only the line feed. A card file that does (NUL, ANSI escape sequences, which start with ESC, or Unicode bidi
overrides such as U+202E RIGHT-TO-LEFT OVERRIDE, which make a terminal show text other than what it is) is
broken or hostile, so the import **refuses** it: :func:`check_card_text` raises
:class:`~mtg_daynight.importer.errors.CardFileError` naming the card, the field and the character, and the
previous snapshot stays in use. Nothing is silently altered: a name that was escaped or stripped would no
longer be the card's name. :func:`escape_text` is what error messages use to show such a value without
letting it reach the terminal raw.

The check runs on every card an import keeps: its texts are joined and searched once (:func:`is_clean`); only
when a card is refused are its fields searched one by one, to name the field and the character. Every forbidden
character is unprintable (``str.isprintable()`` is false for it), so a text that is all printable (once the line
feeds of rules text are taken out) is clean without a search: the patterns are compiled only for the first text
that needs one, and reading a clean snapshot (``deck scan``) compiles none.

A snapshot file is checked the same way when it is read (:func:`check_snapshot_text`): every record of every kind
(the kinds are :class:`~mtg_daynight.importer.records.Snapshot`'s fields, :data:`RECORD_KINDS`).
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard, Snapshot

if TYPE_CHECKING:  # annotations only: reading a snapshot (deck scan, demo) does not load the Scryfall structs
    from mtg_daynight.importer.scryfall import Card

#: C0 and C1 control characters (ESC included), DEL, the Unicode line and paragraph separators, and the bidi
#: embedding/override/isolate controls and marks (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069): a regular
#: expression character class.
FORBIDDEN_CHARACTERS = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
#: In rules text a line feed separates abilities; every other forbidden character is still refused.
FORBIDDEN_IN_TEXT_CHARACTERS = FORBIDDEN_CHARACTERS.replace("\x00-\x1f", "\x00-\x09\x0b-\x1f")

#: The kinds of records a snapshot holds: every field of :class:`Snapshot` but its manifest. Derived from the
#: struct, so that a kind added there is checked when a snapshot is read without a change here.
RECORD_KINDS: tuple[str, ...] = tuple(field for field in Snapshot.__struct_fields__ if field != "manifest")
#: A record of any kind.
Record = DayNightCard | MentionCard | HelperCard | ReadsCard


def snapshot_records(snapshot: Snapshot) -> Iterator[tuple[str, Record]]:
    """(kind, record) for every record of ``snapshot``, kind by kind in :data:`RECORD_KINDS` order."""
    for kind in RECORD_KINDS:
        records: tuple[Record, ...] = getattr(snapshot, kind)
        for record in records:
            yield kind, record


@functools.cache
def _pattern(rules_text: bool) -> re.Pattern[str]:
    """The forbidden characters (in rules text, all but the line feed) as a compiled pattern, on first use."""
    return re.compile(f"[{FORBIDDEN_IN_TEXT_CHARACTERS if rules_text else FORBIDDEN_CHARACTERS}]")


def find_forbidden(text: str, *, rules_text: bool = False) -> re.Match[str] | None:
    """The first forbidden character of ``text`` (rules text may hold line feeds), or None when it has none."""
    if (text.replace("\n", "") if rules_text else text).isprintable():
        return None  # every forbidden character is unprintable
    return _pattern(rules_text).search(text)


def is_clean(text: str, *, rules_text: bool = False) -> bool:
    """True when ``text`` holds no forbidden character (rules text may hold line feeds)."""
    return find_forbidden(text, rules_text=rules_text) is None


def escape_text(text: str) -> str:
    """``text`` with every forbidden character written as a visible escape (``\\x1b``, ``\\u202e``)."""
    if text.isprintable():
        return text
    return _pattern(False).sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


#: The fields of a card and of a card face that end up in a snapshot, other than the rules text and keywords.
_CARD_FIELDS = ("name", "printed_name", "id", "oracle_id", "set", "collector_number", "lang", "layout", "mana_cost",
                "type_line")
_FACE_FIELDS = ("name", "printed_name", "mana_cost", "type_line")
_card_values = operator.attrgetter(*_CARD_FIELDS)
_face_values = operator.attrgetter(*_FACE_FIELDS)


def _fields(card: Card) -> Iterator[tuple[str, str | None, bool]]:
    """(field, value, is_rules_text) for every text of ``card`` that ends up in a snapshot."""
    yield from ((name, value, False) for name, value in zip(_CARD_FIELDS, _card_values(card), strict=True))
    yield "oracle_text", card.oracle_text, True
    for keyword in card.keywords:
        yield "keywords", keyword, False
    for i, face in enumerate(card.card_faces or ()):
        yield from ((f"card_faces[{i}].{n}", v, False) for n, v in zip(_FACE_FIELDS, _face_values(face), strict=True))
        yield f"card_faces[{i}].oracle_text", face.oracle_text, True
        for keyword in face.keywords or ():
            yield f"card_faces[{i}].keywords", keyword, False


def _texts(card: Card) -> tuple[str, str]:
    """Every text of ``card`` that :func:`_fields` lists, joined: (names and the like, rules texts)."""
    names = [*_card_values(card), *card.keywords]
    rules = [card.oracle_text]
    for face in card.card_faces or ():
        names += _face_values(face)
        names += face.keywords or ()
        rules.append(face.oracle_text)
    return "".join(filter(None, names)), "".join(filter(None, rules))


def check_card_text(card: Card) -> None:
    """Refuse a card whose names or texts hold a forbidden character (see the module docstring)."""
    names, rules = _texts(card)
    if is_clean(names) and is_clean(rules, rules_text=True):  # joining texts puts no character in between
        return
    for name, value, rules_text in _fields(card):
        if not value:
            continue
        found = find_forbidden(value, rules_text=rules_text)
        if found is not None:
            raise CardFileError(
                f"card '{escape_text(card.name)}' (id {escape_text(card.id)}): {name} holds the control "
                f"character U+{ord(found.group()):04X} at position {found.start()}: refused (names and texts "
                "must be printable)"
            )


def _snapshot_texts(snapshot: Snapshot) -> Iterator[tuple[str, str, str | None, bool]]:
    """(record name, field, value, is_rules_text) for every text of a snapshot that is ever printed, in records of
    every kind."""
    for _, record in snapshot_records(snapshot):
        yield record.name, "name", record.name, False
        for face in record.faces:
            yield record.name, "face name", face.name, False
            yield record.name, "type line", face.type_line, False
            yield record.name, "oracle text", face.oracle_text, True
            for keyword in face.keywords:
                yield record.name, "keyword", keyword, False
        for printing in record.printings:
            yield record.name, "printing id", printing.id, False
            yield record.name, "printed name", printing.printed_name, False
            for printed in printing.face_printed_names:
                yield record.name, "printed face name", printed, False


def check_snapshot_text(snapshot: Snapshot, name: str) -> None:
    """Refuse a snapshot file (named ``name``) that holds what an import refuses: the file was not written by an
    import, or was altered since, and its names must not reach a terminal raw."""
    for record, field, value, rules_text in _snapshot_texts(snapshot):
        if value and find_forbidden(value, rules_text=rules_text) is not None:
            raise CardFileError(
                f"{name}: card '{escape_text(record)}': its {field} holds a control character: not a snapshot an "
                "import wrote; run `mtg-daynight carddata update` again"
            )
