"""Card-name normalisation: the key every name lookup and suggestion uses.

A key is case-, accent- and punctuation-insensitive: ``"Tavern Ruffian"``, ``"tavern ruffian"`` and
``"TAVERN  RUFFIAN"`` give the same key, and so do ``"Æther"``/``"Aether"``, ``"Jötun"``/``"Jotun"`` and
``"Arlinn, the Pack\u2019s Hope"``/``"Arlinn, the Pack's Hope"``. Face separators are written `` // `` whatever
the spacing or slash count. Japanese voiced marks (dakuten) are kept: dropping them would merge different kana.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

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
_SPACES: Final = re.compile(r"\s+")


def name_key(name: str) -> str:
    """The lookup key of a card name: NFKD without accents, casefolded, punctuation and spacing normalised."""
    if name.isascii():  # fast path: nothing to decompose, ASCII casefold is lower()
        text = name.lower().replace("`", "'")
        if "/" in text:
            text = _SEPARATOR.sub(" // ", text)
        return " ".join(text.split())
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    stripped = "".join(c for c in decomposed if c in _KEEP_MARKS or not unicodedata.combining(c))
    text = unicodedata.normalize("NFC", stripped).translate(_PUNCTUATION)
    text = _SEPARATOR.sub(" // ", text)
    return _SPACES.sub(" ", text).strip()


def split_faces(name: str) -> tuple[str, ...]:
    """The face names of a full name written ``"Front // Back"`` (one element for a single name)."""
    return tuple(part for part in (p.strip() for p in _SEPARATOR.split(name)) if part)
