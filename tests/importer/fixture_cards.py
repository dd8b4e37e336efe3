"""HAND-WRITTEN TEST FIXTURES in Scryfall's card-object schema. NOT REAL CARD DATA.

Every object below was written by hand for the tests: the names ("Fixture ..."), ids (``00000000-...``), sets
(``fx1``...) and texts are invented. They follow the shape of Scryfall's bulk files (card objects, transform
layout with ``card_faces``, card-level ``keywords``, reversible printings without a top-level oracle_id, the
Day // Night helper as a ``double_faced_token``, art_series objects, tokens) so the importer can be tested
without network access. Each object carries ``"_fixture": "hand-written test fixture, not real card data"``,
an unknown field the importer must ignore.
"""

from __future__ import annotations

import gzip
import io
import json
from typing import Any

from mtg_daynight.importer.bulk import ImportResult, decompressed, scan

FIXTURE_MARK = "hand-written test fixture, not real card data"


def fid(n: int) -> str:
    """A fixture id: obviously not a real Scryfall id."""
    return f"00000000-0000-4000-8000-{n:012d}"


ORACLE_WOLF = fid(9001)
ORACLE_LANTERN = fid(9002)
ORACLE_ALCHEMY = fid(9003)
ORACLE_PLAYTEST = fid(9004)
ORACLE_HELPER = fid(9005)
ORACLE_PLAIN = fid(9006)
ORACLE_MENTION = fid(9007)
ORACLE_MENTION_FACE = fid(9008)


def transform_card(
    n: int,
    *,
    oracle_id: str = ORACLE_WOLF,
    front: str = "Fixture Dawnguard",
    back: str = "Fixture Duskhowl",
    set_code: str = "fx1",
    lang: str = "en",
    released_at: str = "2021-09-24",
    digital: bool = False,
    extra_keywords: tuple[str, ...] = ("Trample",),
    **overrides: Any,
) -> dict[str, Any]:
    """A daybound // nightbound transform card object."""
    card: dict[str, Any] = {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": oracle_id,
        "name": f"{front} // {back}",
        "lang": lang,
        "released_at": released_at,
        "layout": "transform",
        "type_line": "Creature — Human Werewolf // Creature — Werewolf",
        "cmc": 2.0,
        "keywords": ["Daybound", *extra_keywords, "Nightbound"],
        "card_faces": [
            {
                "object": "card_face",
                "name": front,
                "mana_cost": "{1}{G}",
                "type_line": "Creature — Human Werewolf",
                "oracle_text": "Trample\nDaybound (fixture reminder text)",
                "power": "2",
                "toughness": "2",
                "colors": ["G"],
                "image_uris": {"normal": f"https://img.invalid/{n}-front.jpg"},
            },
            {
                "object": "card_face",
                "name": back,
                "mana_cost": "",
                "type_line": "Creature — Werewolf",
                "oracle_text": "Trample\nNightbound (fixture reminder text)",
                "power": "4",
                "toughness": "4",
                "colors": ["G"],
                "image_uris": {"normal": f"https://img.invalid/{n}-back.jpg"},
            },
        ],
        "set": set_code,
        "set_type": "expansion",
        "collector_number": str(n % 300),
        "digital": digital,
        "games": ["arena"] if digital else ["paper", "mtgo"],
        "promo_types": [],
        "frame_effects": ["sunmoondfc"],
        "legalities": {"standard": "not_legal", "brand_new_format": "legal"},
        "prices": {"usd": "0.10"},
    }
    card.update(overrides)
    return card


def plain_card(
    n: int, name: str = "Fixture Morning Bell", text: str = "At the beginning of the day, draw."
) -> dict[str, Any]:
    """A normal card that mentions day but has no daybound (must be left out)."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": ORACLE_PLAIN,
        "name": name,
        "lang": "en",
        "released_at": "2020-01-01",
        "layout": "normal",
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "oracle_text": text,
        "keywords": [],
        "set": "fx0",
        "collector_number": str(n),
        "digital": False,
        "games": ["paper"],
        "image_uris": {"normal": "https://img.invalid/plain.jpg"},
    }


def helper_card(n: int = 50, set_code: str = "tfx1") -> dict[str, Any]:
    """The Day // Night helper card (double_faced_token)."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": ORACLE_HELPER,
        "name": "Day // Night",
        "lang": "en",
        "released_at": "2021-09-24",
        "layout": "double_faced_token",
        "type_line": "Card // Card",
        "keywords": [],
        "card_faces": [
            {"object": "card_face", "name": "Day", "type_line": "Card", "oracle_text": "Fixture day side."},
            {"object": "card_face", "name": "Night", "type_line": "Card", "oracle_text": "Fixture night side."},
        ],
        "set": set_code,
        "set_type": "token",
        "collector_number": "1",
        "digital": False,
    }


def art_series(n: int = 60) -> dict[str, Any]:
    """An art_series object named like a day/night card (must be left out)."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": fid(9060),
        "name": "Fixture Dawnguard // Fixture Dawnguard",
        "lang": "en",
        "layout": "art_series",
        "type_line": "Card // Card",
        "keywords": ["Daybound"],
        "card_faces": [{"name": "Fixture Dawnguard"}, {"name": "Fixture Dawnguard"}],
        "set": "afx1",
        "collector_number": "1",
    }


def token(n: int = 70) -> dict[str, Any]:
    """A token with Daybound in its keywords (must be left out)."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": fid(9070),
        "name": "Fixture Wolf Token",
        "lang": "en",
        "layout": "token",
        "type_line": "Token Creature — Wolf",
        "oracle_text": "Daybound",
        "keywords": ["Daybound"],
        "set": "tfx1",
        "collector_number": "2",
    }


def reversible(n: int = 80) -> dict[str, Any]:
    """A reversible printing of the wolf card: no top-level oracle_id, faces carry it."""
    face = {
        "object": "card_face",
        "name": "Fixture Dawnguard",
        "oracle_id": ORACLE_WOLF,
        "layout": "transform",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Human Werewolf",
        "oracle_text": "Trample\nDaybound (fixture reminder text)",
    }
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "name": "Fixture Dawnguard // Fixture Dawnguard",
        "lang": "en",
        "released_at": "2023-01-01",
        "layout": "reversible_card",
        "keywords": ["Daybound", "Trample", "Nightbound"],
        "card_faces": [face, dict(face)],
        "set": "sfx",
        "collector_number": "7",
        "digital": False,
    }


def playtest_single(n: int = 90) -> dict[str, Any]:
    """A single-faced playtest card with daybound."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": ORACLE_PLAYTEST,
        "name": "Fixture Sunwatch Trial",
        "lang": "en",
        "released_at": "2022-10-01",
        "layout": "normal",
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Human",
        "oracle_text": "Haste\nDaybound (fixture reminder text)",
        "keywords": ["Daybound", "Haste"],
        "set": "pfx",
        "collector_number": "3",
        "digital": False,
        "promo_types": ["playtest"],
        "frame_effects": ["upcoming_frame_effect"],
    }


def _normal(n: int, oracle_id: str, name: str, text: str, **overrides: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": oracle_id,
        "name": name,
        "lang": "en",
        "released_at": "2021-09-24",
        "layout": "normal",
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Devil",
        "oracle_text": text,
        "keywords": [],
        "set": "fx1",
        "collector_number": str(n),
        "digital": False,
        "games": ["paper"],
    }
    card.update(overrides)
    return card


def mention_card(n: int = 100, **overrides: Any) -> dict[str, Any]:
    """A card that makes it day without daybound (must be kept as a card that mentions day/night)."""
    return _normal(
        n,
        ORACLE_MENTION,
        "Fixture Emberwatch Vandal",
        "If it's neither day nor night, it becomes day as Fixture Emberwatch Vandal enters.\n"
        "Whenever you cast a fixture spell, Fixture Emberwatch Vandal deals 1 damage to each opponent.",
        **overrides,
    )


def mention_on_back_face(n: int = 110) -> dict[str, Any]:
    """A modal double-faced card whose back face alone triggers when day becomes night (kept, mentions)."""
    return {
        "object": "card",
        "_fixture": FIXTURE_MARK,
        "id": fid(n),
        "oracle_id": ORACLE_MENTION_FACE,
        "name": "Fixture Bellfounder // Fixture Bell of Turning",
        "lang": "en",
        "released_at": "2022-02-18",
        "layout": "modal_dfc",
        "keywords": [],
        "card_faces": [
            {"object": "card_face", "name": "Fixture Bellfounder", "mana_cost": "{1}{W}",
             "type_line": "Creature — Human Cleric", "oracle_text": "Vigilance"},
            {"object": "card_face", "name": "Fixture Bell of Turning", "mana_cost": "{3}",
             "type_line": "Artifact",
             "oracle_text": "Whenever day becomes night or night becomes day, scry 1."},
        ],
        "set": "fx2",
        "collector_number": str(n),
        "digital": False,
        "games": ["paper"],
    }


def near_miss_candidate(n: int = 120) -> dict[str, Any]:
    """Text the scanner's loose needles hit ("becomes day" in "becomes daylight", "'s night" in
    "it's nightfall") but that does not refer to day/night (must be dropped after decoding)."""
    return _normal(
        n,
        fid(9120),
        "Fixture Nightmare Lamplighter",
        "Nightmare creatures you control get +1/+0.\n"
        "Whenever a creature becomes daylight-touched, scry 1. (It's nightfall text for a fixture.)",
    )


def near_miss_flavor(n: int = 121) -> dict[str, Any]:
    """Day/night only in the flavor text, never in the oracle text (a candidate line, dropped)."""
    return _normal(
        n, fid(9121), "Fixture Sleepy Sentry", "Defender",
        flavor_text="The sun sets, it becomes night, and the fixture sleeps.",
    )


def near_miss_no_candidate(n: int = 122) -> dict[str, Any]:
    """"Nightmare" and "daylight" without any needle: never even a candidate line."""
    return _normal(n, fid(9122), "Fixture Daylight Nightmare", "Nightmare creatures get +1/+1 in daylight.")


def fixture_objects() -> list[dict[str, Any]]:
    """The standard fixture 'bulk file': two day/night cards (one with printings in several languages and a
    reversible printing), a digital-only card, a playtest card, the helper, two cards that mention day/night
    without the keywords (one in two languages, one on its back face only), and objects to be left out (among
    them near misses: "Nightmare", "daylight", "nightfall", day/night in flavor text only)."""
    return [
        plain_card(1),
        transform_card(10),
        transform_card(
            11,
            lang="de",
            set_code="fx1",
            printed_name="Fixture Morgenwache // Fixture Abendheuler",
            card_faces=[
                {"name": "Fixture Dawnguard", "printed_name": "Fixture Morgenwache", "oracle_text": "Daybound"},
                {"name": "Fixture Duskhowl", "printed_name": "Fixture Abendheuler", "oracle_text": "Nightbound"},
            ],
        ),
        transform_card(12, set_code="fx2", released_at="2022-02-18"),
        plain_card(2, name="Fixture Day of Reckoning", text="Destroy all fixtures."),
        transform_card(
            20,
            oracle_id=ORACLE_LANTERN,
            front="Fixture Lantern Keeper",
            back="Fixture Lantern Ghoul",
            extra_keywords=("Ward",),
            set_code="fx2",
        ),
        transform_card(
            30,
            oracle_id=ORACLE_ALCHEMY,
            front="A-Fixture Brightblade",
            back="A-Fixture Gloomblade",
            digital=True,
            set_code="yfx",
        ),
        helper_card(),
        art_series(),
        token(),
        reversible(),
        playtest_single(),
        mention_card(),
        mention_card(
            101, lang="de", printed_name="Fixture Glutwacht-Vandale", set="fx2", released_at="2022-02-18"
        ),
        mention_on_back_face(),
        near_miss_candidate(),
        near_miss_flavor(),
        near_miss_no_candidate(),
    ]


def encode_jsonl(objects: list[dict[str, Any]]) -> bytes:
    """Objects as JSON Lines (the format since July 2026)."""
    return b"".join(json.dumps(o, ensure_ascii=False).encode() + b"\n" for o in objects)


def encode_legacy_array(objects: list[dict[str, Any]]) -> bytes:
    """Objects as the pre-July single array: one object per line, trailing commas."""
    lines = [json.dumps(o, ensure_ascii=False).encode() for o in objects]
    return b"[\n" + b",\n".join(lines) + b"\n]\n"


def gz(data: bytes) -> bytes:
    """Gzip ``data``."""
    return gzip.compress(data, mtime=0)


def bulk_object(
    base: str, *, compressed_size: int, updated_at: str = "2026-11-29T10:05:12.000+00:00"
) -> dict[str, Any]:
    """A July-2026-style bulk_data object (jsonl_download_uri, compressed_size) for default_cards."""
    return {
        "object": "bulk_data",
        "id": fid(7000),
        "type": "default_cards",
        "updated_at": updated_at,
        "uri": f"{base}/bulk-data/{fid(7000)}",
        "name": "Default Cards",
        "description": "FIXTURE bulk-data object",
        "jsonl_download_uri": f"{base}/file/default-cards-20261129100512.jsonl.gz",
        "compressed_size": compressed_size,
        "some_future_field": {"ignored": True},
    }


def legacy_bulk_object(base: str) -> dict[str, Any]:
    """A pre-July bulk_data object: download_uri, size, content_type, content_encoding; no JSON Lines."""
    return {
        "object": "bulk_data",
        "id": fid(7001),
        "type": "default_cards",
        "updated_at": "2026-06-01T09:00:00.000+00:00",
        "uri": f"{base}/bulk-data/{fid(7001)}",
        "name": "Default Cards",
        "description": "FIXTURE legacy bulk-data object",
        "download_uri": f"{base}/file/default-cards-20260601090000.json",
        "size": 123456,
        "content_type": "application/json",
        "content_encoding": "gzip",
    }


def import_bytes(data: bytes, *, name: str = "<data>") -> ImportResult:
    """Import a whole bulk file held in memory (gzipped or not), as ``import_file`` imports one on disk: errors
    name the line."""
    plain = decompressed(io.BytesIO(data), name).read()

    def locate(offset: int) -> str:
        line = plain.count(b"\n", 0, offset) + 1
        return f"{name}: line {line}"

    return scan(decompressed(io.BytesIO(data), name), locate=locate)
