"""MTGO ``.dek`` files: XML with one ``<Cards>`` element per card line (format: ``docs/decks.md``).

Parsed with the standard library's expat, made safe: a ``<!DOCTYPE`` or ``<!ENTITY`` declaration is refused
before parsing and again by the parser's handlers, so no entity is ever expanded and nothing is ever fetched.
"""

from __future__ import annotations

import re
from typing import NoReturn

from .entries import EntryCollector
from .model import MAIN, SIDEBOARD, DeckEntry
from .problems import DeckFileError
from .text import fail, parse_count

# Patterns of .dek files only: compiled on first use (re caches them), not by every deck scan.
_DECLARATION = r"(?i)<!\s*(DOCTYPE|ENTITY)"
_WHOLE_NUMBER = r"[+-]?[0-9]+"
_TRUE = frozenset({"true", "1", "yes"})
_FALSE = frozenset({"false", "0", "no", ""})


def parse_dek(text: str, source: str) -> tuple[tuple[DeckEntry, ...], str | None]:
    """Parse the text of an MTGO ``.dek`` file: its entries (``.dek`` carries no deck name)."""
    from xml.parsers import expat  # loaded for .dek files only

    declaration = re.search(_DECLARATION, text)
    if declaration is not None:
        line = text.count("\n", 0, declaration.start()) + 1
        raise fail(source, line, f"XML {declaration.group(1).upper()} declarations are not allowed in a .dek file")
    entries = EntryCollector(source)
    parser = expat.ParserCreate(encoding="utf-8")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    depth = 0
    root_seen = False

    def refuse(*_: object) -> NoReturn:
        raise fail(source, parser.CurrentLineNumber, "XML DOCTYPE and ENTITY declarations are not allowed")

    def refuse_external(*_: object) -> int:
        refuse()

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, root_seen
        depth += 1
        number = parser.CurrentLineNumber
        if depth == 1:
            if tag != "Deck":
                raise fail(source, number, f"the document element is <{tag}>, expected <Deck>")
            root_seen = True
        elif depth == 2 and tag == "Cards":
            with entries.line():
                _add_card(attrs, entries, number, source)

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse_external
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise fail(source, None, f"not valid text (invalid character at position {exc.start})") from exc
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        raise entries.stop(fail(source, exc.lineno, f"malformed XML: {reason} (column {exc.offset + 1})")) from exc
    except DeckFileError as error:  # the document element, a declaration: the rest of the file is not a deck
        raise entries.stop(error) from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - expat internals, kept as a guard
        raise entries.stop(fail(source, parser.CurrentLineNumber, f"malformed XML: {exc}")) from exc
    if not root_seen:  # pragma: no cover - expat reports an empty document itself
        raise fail(source, None, "no <Deck> element")
    return entries.result()


def _add_card(attrs: dict[str, str], entries: EntryCollector, number: int, source: str) -> None:
    """Record one ``<Cards Quantity=".." Sideboard=".." Name=".."/>`` element."""
    name = attrs.get("Name")
    if name is None:
        raise fail(source, number, "<Cards> has no Name attribute")
    quantity = attrs.get("Quantity")
    if quantity is None:
        raise fail(source, number, "<Cards> has no Quantity attribute")
    quantity = quantity.strip()
    if re.fullmatch(_WHOLE_NUMBER, quantity) is None:
        raise fail(source, number, f"Quantity {quantity!r} is not a whole number")
    sideboard = attrs.get("Sideboard", "false").strip().casefold()
    if sideboard not in _TRUE and sideboard not in _FALSE:
        raise fail(source, number, f"Sideboard {attrs['Sideboard']!r} is neither true nor false")
    entries.add(parse_count(quantity, number, source), name, SIDEBOARD if sideboard in _TRUE else MAIN, number)
