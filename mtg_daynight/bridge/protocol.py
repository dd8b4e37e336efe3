"""The bridge's wire types: JSON-RPC 2.0 envelopes, error codes, and the bridge's own params and results.

Every message is one line of JSON (newline-delimited), a request object or a batch (an array of them). The
params and results of the facade's methods are derived from the facade itself (:mod:`mtg_daynight.bridge.methods`);
the types here are the envelopes around them and the few types that exist only on the wire. The JSON Schema of all
of it is generated from these msgspec types (:mod:`mtg_daynight.bridge.schema`, docs/bridge-schema.json).

This module is also the bridge's validation boundary as types: every wire type forbids unknown members at every
depth, integers carry their ranges (:data:`Turn`, :data:`RequestId`), and the limits on messages and answers are
its constants (:class:`Limits`).
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

# -- limits (docs/bridge.md, section 6, lists each with its number) ---------------------------------------------

MAX_MESSAGE_BYTES: Final = 16 * 1024 * 1024
"""The longest message (one line, in bytes) the server reads: 16 MiB (a big save to load). A longer line gets
-32600 and is skipped; the server goes on with the next line."""

MAX_BATCH_BYTES: Final = 1024 * 1024
"""The longest batch line (bytes): 1 MiB. A longer batch is refused as a whole (one -32600 error, nothing carried
out) before it is decoded."""

MAX_BATCH_REQUESTS: Final = 1000
"""The most elements in one batch: 1000. A batch with more is refused as a whole (one -32600 error, nothing carried
out) before any element is looked at."""

MAX_ANSWER_BYTES: Final = 16 * 1024 * 1024
"""The longest response to one request (bytes): 16 MiB. A longer one (the ``save``, ``state`` or ``trace`` of a
huge game) is replaced by a -32003 error naming this limit. A batch's requests are carried out while its responses
so far add up to less than this; the rest are answered -32003 without being carried out."""

MAX_ERROR_MESSAGE_CHARS: Final = 1000
"""The longest ``error.data.message`` (characters): 1000. A longer one (a huge unknown member's name echoed in
it) is cut in the middle, so the path at its end stays."""

MAX_SAFE_INTEGER: Final = 2**53 - 1
"""The largest integer every mainstream JSON client reads exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``): an
integer ``id`` lies in -(2^53 - 1)..2^53 - 1, or the request is refused (-32600, id null)."""

# The highest turn number, 2^31 - 1, is the rules' own (:data:`mtg_daynight.rules.validate.MAX_TURN`, re-exported
# here with its alias ``Turn``): the facade's ``turn`` parameters carry it, so the wire refuses a turn outside
# 1..2^31 - 1 with -32602 and its path before the rules see it.

#: A JSON-RPC id as the wire takes it: an integer that every client reads exactly, a string, or null.
RequestId = Annotated[int, msgspec.Meta(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)] | str | None


class Limits(msgspec.Struct, frozen=True):
    """The limits one server enforces, in bytes or requests (default: the documented constants above; tests
    inject smaller ones): ``message_bytes`` per request line, ``batch_bytes`` and ``batch_requests`` per batch,
    ``answer_bytes`` per answer and per batch's answers."""

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


# Every wire type forbids unknown members, at every depth: a typo ("daybond", "face_dwon") is an error, never a
# default silently taken.


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
