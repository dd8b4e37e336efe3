"""Card-name normalisation: the key every name lookup and suggestion uses; every handle a card is found by;
and showing names safely on a terminal.

A key is case-, accent- and punctuation-insensitive: ``"Tavern Ruffian"``, ``"tavern ruffian"`` and
``"TAVERN  RUFFIAN"`` give the same key, and so do ``"Æther"``/``"Aether"``, ``"Jötun"``/``"Jotun"`` and
``"Arlinn, the Pack\u2019s Hope"``/``"Arlinn, the Pack's Hope"``. Face separators are written `` // `` whatever
the spacing or slash count. Japanese voiced marks (dakuten) are kept: dropping them would merge different kana.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from .model import CatalogCard

HandleKind = Literal["name", "id"]

# Typographic punctuation -> its ASCII form.
_PUNCTUATION: Final = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u02bc": "'", "\u2032": "'", "\u00b4": "'",
        "`": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
        "\u00e6": "ae", "\u0153": "oe", "\u00f8": "o", "\u0131": "i", "\u0142": "l", "\u00f0": "d", "\u00fe": "th",
    }
)
_KEEP_MARKS: Final = frozenset({"\u3099", "\u309a"})  # kana voiced / semi-voiced sound marks
_SEPARATOR: Final = re.compile(r"\s*/{1,3}\s*")


def name_key(name: str) -> str:
    """The lookup key of a card name: NFKD without accents, casefolded, punctuation and spacing normalised."""
    if name.isascii():  # fast path: nothing to decompose, ASCII casefold is lower()
        text = name.lower().replace("`", "'")
        if "/" in text:
            text = _SEPARATOR.sub(" // ", text)
        return " ".join(text.split())
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    stripped = decomposed
    if any(map(unicodedata.combining, decomposed)):  # accents to drop (most printed names have none)
        stripped = "".join([c for c in decomposed if c in _KEEP_MARKS or not unicodedata.combining(c)])
    text = unicodedata.normalize("NFC", stripped).translate(_PUNCTUATION)
    text = _SEPARATOR.sub(" // ", text)
    return " ".join(text.split())


def split_faces(name: str) -> tuple[str, ...]:
    """The face names of a full name written ``"Front // Back"`` (one element for a single name)."""
    return tuple(part for part in (p.strip() for p in _SEPARATOR.split(name)) if part)


def card_handles(card: CatalogCard) -> tuple[tuple[str, HandleKind], ...]:
    """Every key a lookup could find ``card`` by, each with what it comes from: its full, face and printed
    names (``"name"``) and its ids and oracle id (``"id"``), all as :func:`name_key`, so that an id spelled like
    a name (or a name like an id) is the same key: a mod card whose id is ``"Tavern Ruffian"`` (or
    ``"TAVERN RUFFÍAN"``) has a handle in common with the real card. (Lookups fold ids by case only, names by
    :func:`name_key`; equal casefolded strings have equal keys, so comparing keys misses no collision.)"""
    names = [card.name, *(face.name for face in card.faces)]
    for printed in card.printed_names:
        names.extend((printed.name, *split_faces(printed.name)))
    ids = [*card.ids, *(() if card.oracle_id is None else (card.oracle_id,))]
    groups: tuple[tuple[HandleKind, list[str]], ...] = (("name", names), ("id", ids))
    handles: dict[str, HandleKind] = {}
    for kind, texts in groups:
        for text in texts:
            key = name_key(text)
            if key:
                handles.setdefault(key, kind)
    return tuple(handles.items())


def _unsafe(ch: str) -> bool:
    return ch != " " and not ch.isprintable()


def _escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def terminal_text(text: str) -> str:
    """``text`` with every non-printable character (controls, ESC, bidi and other format characters, line and
    paragraph separators) written ``\\uXXXX``: safe to print to a terminal. Printable text is unchanged."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) if _unsafe(ch) else ch for ch in text)


def json_text(document: str) -> str:
    """Encoded JSON with every non-printable character escaped the JSON way (``\\u202e``): the same document,
    safe to print to a terminal. (Such characters can only occur inside strings, where the escape means the
    same character.)"""
    return "\n".join(terminal_text(line) for line in document.split("\n"))
