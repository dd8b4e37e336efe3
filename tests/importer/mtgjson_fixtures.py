"""HAND-WRITTEN TEST FIXTURES in MTGJSON v5's schema. NOT REAL CARD DATA.

Names ("Fixture ..."), uuids and Scryfall ids (``00000000-...``), set codes (``FXM``...) and texts are invented.
The records follow the shape of MTGJSON's set files: one record per face with ``side``, ``faceName``, the
combined ``name``, per-face ``keywords``, ``otherFaceIds``, ``identifiers.scryfallId`` / ``scryfallOracleId``,
``foreignData``, ``isOnlineOnly``, ``promoTypes``, and the Day // Night helper among the set's ``tokens``. Each
record carries ``"_fixture"``, an unknown field the reader must ignore.
"""

from __future__ import annotations

import json
from typing import Any

from tests.importer.fixture_cards import FIXTURE_MARK, fid

META = {"date": "2099-01-02", "version": "0.0.0+FIXTURE"}


def sid(n: int) -> str:
    """A fixture Scryfall printing id (a range the Scryfall fixtures do not use)."""
    return fid(50_000 + n)


def oid(n: int) -> str:
    """A fixture Scryfall oracle id."""
    return fid(60_000 + n)


def uuid(n: int) -> str:
    """A fixture MTGJSON uuid (not a real one)."""
    return f"11111111-0000-5000-8000-{n:012d}"


def face(
    n: int, name: str, face_name: str | None, side: str | None, keywords: list[str], text: str, **more: Any
) -> dict[str, Any]:
    """One face record."""
    record: dict[str, Any] = {
        "_fixture": FIXTURE_MARK,
        "uuid": uuid(n),
        "name": name,
        "side": side,
        "layout": "transform" if side else "normal",
        "number": str(more.pop("number", n)),
        "setCode": more.pop("setCode", "FXM"),
        "manaCost": "{1}{G}",
        "type": "Creature — Werewolf",
        "text": text,
        "power": "2",
        "toughness": "2",
        "colors": ["G"],
        "keywords": keywords,
        "availability": ["paper"],
        "identifiers": {"scryfallId": sid(n), "scryfallOracleId": oid(n)},
        "foreignData": [],
        "rulings": [{"date": "2099-01-01", "text": "Fixture ruling."}],
        "legalities": {"vintage": "Legal"},
        "convertedManaCost": 2.0,
    }
    if face_name is not None:
        record["faceName"] = face_name
    if side is None:
        record.pop("side")
    record.update(more)
    return record


def werewolf(
    n: int, front: str = "Fixture Moonward Hunter", back: str = "Fixture Moonward Howler", **more: Any
) -> list[dict[str, Any]]:
    """A daybound // nightbound card: two face records linked by otherFaceIds, sharing the Scryfall ids."""
    name = f"{front} // {back}"
    ids = {"scryfallId": sid(n), "scryfallOracleId": oid(n)}
    a = face(
        n,
        name,
        front,
        "a",
        ["Daybound"],
        "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)",
        identifiers=ids,
        otherFaceIds=[uuid(n + 1)],
        **more,
    )
    b = face(
        n + 1,
        name,
        back,
        "b",
        ["Nightbound", "Trample"],
        "Trample\nNightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)",
        identifiers=ids,
        otherFaceIds=[uuid(n)],
        number=more.get("number", n),
        **{k: v for k, v in more.items() if k != "number"},
    )
    b.pop("manaCost")
    return [a, b]


def mention(
    n: int, name: str = "Fixture Sunspeaker", text: str = "{T}: If it's night, it becomes day."
) -> dict[str, Any]:
    """A single-faced card that makes it day or night without the keywords."""
    return face(n, name, None, None, [], text)


def helper_token(n: int, set_code: str = "TFXM") -> list[dict[str, Any]]:
    """The Day // Night helper card as MTGJSON lists it among a set's tokens."""
    ids = {"scryfallId": sid(n), "scryfallOracleId": oid(9999)}
    common = {"layout": "double_faced_token", "setCode": set_code, "identifiers": ids, "type": "Card"}
    a = face(
        n,
        "Day // Night",
        "Day",
        "a",
        ["Transform"],
        "As it becomes day, transform all nightbound permanents.",
        otherFaceIds=[uuid(n + 1)],
        **common,
    )
    b = face(
        n + 1,
        "Day // Night",
        "Night",
        "b",
        ["Transform"],
        "As it becomes night, transform all daybound permanents.",
        otherFaceIds=[uuid(n)],
        number=n,
        **common,
    )
    return [a, b]


def set_object(
    code: str, cards: list[dict[str, Any]], tokens: list[dict[str, Any]] | None = None, **more: Any
) -> dict[str, Any]:
    """One MTGJSON set object."""
    return {
        "baseSetSize": len(cards),
        "booster": {"default": {"boosters": [{"contents": {"common": 10}, "weight": 1}]}},
        "cards": cards,
        "code": code,
        "isOnlineOnly": False,
        "name": f"Fixture set {code}",
        "releaseDate": "2099-01-01",
        "tokens": tokens or [],
        "type": "expansion",
        **more,
    }


def set_file(card_set: dict[str, Any], meta: dict[str, str] = META) -> bytes:
    """A set file's bytes."""
    return json.dumps({"meta": meta, "data": card_set}).encode()


def all_printings(*sets: dict[str, Any], meta: dict[str, str] = META) -> bytes:
    """An AllPrintings file's bytes: every set under its code."""
    return json.dumps({"meta": meta, "data": {s["code"]: s for s in sets}}).encode()


def fixture_set() -> dict[str, Any]:
    """A set with a werewolf, a card that mentions day/night, a plain card and the helper token."""
    cards = [
        *werewolf(100),
        mention(110),
        face(120, "Fixture Plain Bear", None, None, [], "Fixture bear text."),
        face(130, "Fixture Sunlit Path", None, None, [], "Search for a card that becomes daylight."),
    ]
    return set_object("FXM", cards, helper_token(200))
