"""The bridge's wire types: JSON-RPC 2.0 envelopes, error codes, and the bridge's own params and results.

Every message is one line of JSON (newline-delimited), a request object or a batch (an array of them). The
params and results of the facade's methods are derived from the facade itself (:mod:`mtg_daynight.bridge.methods`);
the types here are the envelopes around them and the few types that exist only on the wire. The JSON Schema of all
of it is generated from these msgspec types (:mod:`mtg_daynight.bridge.schema`, docs/bridge-schema.json).
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from mtg_daynight.errors import BadEventError, DayNightError, UnknownGameError
from mtg_daynight.manager import PluginInfo
from mtg_daynight.rules import CardPermanent, Designation, Permanent

#: The bridge protocol's version: a client checks it in ``initialize``. Bumped when a method or type changes
#: incompatibly (adding a method or an optional param is compatible).
PROTOCOL_VERSION: Final = "1"

#: The longest message (one line, in bytes) the server reads; a longer one gets -32600 and is skipped.
MAX_MESSAGE_BYTES: Final = 16 * 1024 * 1024

# JSON-RPC 2.0's error codes, and the bridge's application range (-32000..-32099, "server error" in the spec).
PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
DAYNIGHT_ERROR: Final = -32000
BAD_EVENT: Final = -32001
UNKNOWN_GAME: Final = -32002

#: The application code of each mtg-daynight error (the most specific class wins; other errors: -32000).
APPLICATION_CODES: Final[tuple[tuple[type[DayNightError], int], ...]] = (
    (BadEventError, BAD_EVENT),
    (UnknownGameError, UNKNOWN_GAME),
    (DayNightError, DAYNIGHT_ERROR),
)

RequestId = int | str | None


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


class EnteringPermanent(Permanent, frozen=True, tag="permanent", tag_field="kind"):
    """A permanent entering with the faces the host gives (``"kind": "permanent"``); the fields of
    :class:`~mtg_daynight.rules.Permanent`."""


class EnteringCard(CardPermanent, frozen=True, tag="card", tag_field="kind"):
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
