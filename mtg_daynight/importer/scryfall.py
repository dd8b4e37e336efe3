"""msgspec structs for the parts of Scryfall's objects that the importer reads. Unknown fields are ignored and
enumeration-like fields are plain ``str`` (Scryfall adds values without notice); only what an import cannot do
without is required."""

from __future__ import annotations

import msgspec


class BulkData(msgspec.Struct, kw_only=True):
    """A ``bulk_data`` object from ``GET /bulk-data/{type}`` (with the pre-July 2026 ``download_uri`` of old
    mirrors)."""

    object: str = "bulk_data"
    id: str | None = None
    type: str
    updated_at: str | None = None
    jsonl_download_uri: str | None = None
    compressed_size: int | None = None
    download_uri: str | None = None

    @property
    def is_legacy(self) -> bool:
        """True when the object only has the pre-July ``download_uri`` (a single JSON array file)."""
        return self.jsonl_download_uri is None and self.download_uri is not None

    @property
    def file_uri(self) -> str | None:
        """The URI of the file to download: the JSON Lines one if present, else the legacy one."""
        return self.jsonl_download_uri or self.download_uri


class ImageUris(msgspec.Struct, gc=False):
    """``image_uris``: only ``normal`` is read (decoding the other sizes cost ~20 % of a candidate line's time)."""

    normal: str | msgspec.UnsetType = msgspec.UNSET


class CardFace(msgspec.Struct, kw_only=True, gc=False):
    """One face of a multi-faced card object. ``gc=False`` (here and on :class:`Card`): no reference cycle is
    possible, and untracked structs decode ~5 % faster."""

    name: str
    mana_cost: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    printed_name: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: list[str] | None = None
    keywords: list[str] | None = None  # MTGJSON's per-face keywords (Scryfall has none today)
    oracle_id: str | None = None
    layout: str | None = None
    image_uris: ImageUris | None = None


class Card(msgspec.Struct, kw_only=True, gc=False):
    """A card object from a bulk file: only the fields the importer uses."""

    object: str = "card"
    id: str
    oracle_id: str | None = None
    name: str
    #: The printing's own name (non-English printings, and since 2026 some English ones).
    printed_name: str | None = None
    lang: str
    layout: str
    released_at: str | None = None
    mana_cost: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: list[str] | None = None
    keywords: list[str] = msgspec.field(default_factory=list)
    card_faces: list[CardFace] | None = None
    set: str
    set_type: str | None = None
    collector_number: str
    digital: bool = False
    games: list[str] = msgspec.field(default_factory=list)
    promo_types: list[str] = msgspec.field(default_factory=list)
    frame_effects: list[str] = msgspec.field(default_factory=list)
    image_uris: ImageUris | None = None


CARD_DECODER = msgspec.json.Decoder(Card)
CARD_LIST_DECODER = msgspec.json.Decoder(list[Card])
BULK_DATA_DECODER = msgspec.json.Decoder(BulkData)
