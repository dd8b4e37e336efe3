"""The bridge's wire types: JSON-RPC 2.0 envelopes, error codes, limits, and the few types that exist only on the
wire (the params and results of the facade's methods are derived in :mod:`mtg_daynight.bridge.methods`).

This module is the bridge's validation boundary as types: every wire type forbids unknown members at every depth
(a typo such as "daybond" is an error, never a default silently taken), integers carry their ranges
(:data:`Turn`, :data:`RequestId`), and the limits on messages and answers are its constants (:class:`Limits`).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import msgspec

from mtg_daynight.errors import BadEventError, DayNightError, UnknownGameError
from mtg_daynight.manager import PluginInfo
from mtg_daynight.rules import CardPermanent, Designation, Face, Permanent
from mtg_daynight.rules.validate import MAX_TURN as MAX_TURN  # re-exported: the wire's bound is the rules'
from mtg_daynight.rules.validate import Turn as Turn

#: The bridge protocol's version: a client checks it in ``initialize``. Bumped when a method or type changes
#: incompatibly (adding a method or an optional param is compatible).
PROTOCOL_VERSION: Final = "1"

# -- limits (docs/bridge.md, section 6, lists each with its number and what happens past it) ------------------

MAX_MESSAGE_BYTES: Final = 16 * 1024 * 1024
"""The longest message (one line, in bytes) the server reads (a big save to load)."""

MAX_BATCH_BYTES: Final = 1024 * 1024
"""The longest batch line (bytes)."""

MAX_BATCH_REQUESTS: Final = 1000
"""The most requests in one batch."""

MAX_ANSWER_BYTES: Final = 16 * 1024 * 1024
"""The longest response to one request (bytes), and the most a batch's responses add up to before its other
requests are answered -32003 without being carried out."""

MAX_ERROR_MESSAGE_CHARS: Final = 1000
"""The longest ``error.data.message`` (characters); a longer one is cut in the middle, so the path at its end
stays."""

MAX_SAFE_INTEGER: Final = 2**53 - 1
"""The largest integer every mainstream JSON client reads exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``): an
integer ``id`` lies in -(2^53 - 1)..2^53 - 1, or the request is refused (-32600, id null)."""

# The highest turn number, 2^31 - 1, is the rules' own (``MAX_TURN`` and ``Turn``, re-exported above): the facade's
# ``turn`` parameters carry it, so the wire refuses a turn outside 1..2^31 - 1 (-32602) before the rules see it.

#: A JSON-RPC id as the wire takes it: an integer that every client reads exactly, a string, or null.
RequestId = Annotated[int, msgspec.Meta(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)] | str | None


class Limits(msgspec.Struct, frozen=True):
    """The limits one server enforces: the message, batch and answer sizes above (their defaults; tests inject
    smaller ones)."""

    message_bytes: int = MAX_MESSAGE_BYTES
    batch_bytes: int = MAX_BATCH_BYTES
    batch_requests: int = MAX_BATCH_REQUESTS
    answer_bytes: int = MAX_ANSWER_BYTES


# JSON-RPC 2.0's error codes, and the bridge's application range (-32000..-32099, "server error" in the spec).
PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
DAYNIGHT_ERROR: Final = -32000
BAD_EVENT: Final = -32001
UNKNOWN_GAME: Final = -32002
ANSWER_TOO_LARGE: Final = -32003

#: The application code of each mtg-daynight error (the most specific class wins; other errors: -32000).
APPLICATION_CODES: Final[tuple[tuple[type[DayNightError], int], ...]] = (
    (BadEventError, BAD_EVENT),
    (UnknownGameError, UNKNOWN_GAME),
    (DayNightError, DAYNIGHT_ERROR),
)



class ProtocolError(Exception):
    """A message the server answers with a protocol error (``code``: -32700..-32600, or -32003), not a game's."""

    def __init__(self, code: int, message: str, request_id: RequestId = None, *, notification: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.request_id = request_id
        self.notification = notification  # the message was a notification: the error is not answered


class Request(msgspec.Struct, forbid_unknown_fields=True):
    """A JSON-RPC 2.0 request; without ``id`` it is a notification (no response). ``params`` by name only."""

    jsonrpc: Literal["2.0"]
    method: str
    params: msgspec.Raw = msgspec.Raw(b"{}")
    id: RequestId | msgspec.UnsetType = msgspec.UNSET


class Success(msgspec.Struct):
    """The response to a request that succeeded: ``result`` is the method's result (null for none)."""

    jsonrpc: Literal["2.0"]
    id: RequestId
    result: Any


class ErrorData(msgspec.Struct):
    """What went wrong: ``type`` names the exception (``BadEventError``, ``UnknownGameError``, ...) or the
    protocol error (``ParseError``, ``InvalidRequest``, ``MethodNotFound``, ``InvalidParams``, ``InternalError``);
    ``message`` says what was wrong and where."""

    type: str
    message: str


class ErrorObject(msgspec.Struct):
    """A JSON-RPC error: ``code`` (see docs/bridge.md), a one-line ``message`` and the ``data``."""

    code: int
    message: str
    data: ErrorData


class Failure(msgspec.Struct):
    """The response to a request that failed (``id`` is null when the request's id could not be read)."""

    jsonrpc: Literal["2.0"]
    id: RequestId
    error: ErrorObject


# -- types that exist only on the wire -------------------------------------------------------------------------


class EnteringFace(Face, frozen=True, forbid_unknown_fields=True):
    """A face as an entering permanent gives it: the fields of :class:`~mtg_daynight.rules.Face`."""


class EnteringPermanent(Permanent, frozen=True, tag="permanent", tag_field="kind", forbid_unknown_fields=True):
    """A permanent entering with the faces the host gives (``"kind": "permanent"``); the fields of
    :class:`~mtg_daynight.rules.Permanent`."""

    front: EnteringFace
    back: EnteringFace | None = None


class EnteringCard(CardPermanent, frozen=True, tag="card", tag_field="kind", forbid_unknown_fields=True):
    """A permanent entering that names its card (``"kind": "card"``); the card data gives its faces. The fields
    of :class:`~mtg_daynight.rules.permanents.CardPermanent`."""


class GameHandle(msgspec.Struct, frozen=True):
    """A game that exists on the server (the result of ``new_game``, ``load_game`` and ``game``)."""

    game: str
    designation: Designation


class InitializeResult(msgspec.Struct, frozen=True):
    """What this server is: protocol and library versions, the loaded plugins, the house-rule variants they
    offer (``new_game``'s ``variants``), and every method it serves."""

    protocol_version: str
    library: str
    library_version: str
    plugins: tuple[PluginInfo, ...]
    variants: tuple[str, ...]
    methods: tuple[str, ...]
