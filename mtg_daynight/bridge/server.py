"""The JSON-RPC 2.0 server loop: read one message per line, dispatch it, write one response line.

:meth:`Server.handle` turns one line (a request or a batch) into its response line, or None when nothing is to
be answered (notifications, blank lines); :meth:`Server.serve` runs it over two binary streams until end of input.
A bad message never stops the server and never changes a game: the envelope and the params are decoded and
checked in full before the facade is called, and the facade's own errors (``BadEventError``...) leave the game's
state as it was. Logs go to standard error only.
"""

from __future__ import annotations

import difflib
import sys
import traceback
from collections.abc import Mapping
from typing import IO, Any, Final

import msgspec

from mtg_daynight.bridge.methods import METHODS, Method, Session
from mtg_daynight.bridge.protocol import (
    APPLICATION_CODES,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    MAX_MESSAGE_BYTES,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    ErrorData,
    ErrorObject,
    Failure,
    Request,
    RequestId,
    Success,
)
from mtg_daynight.errors import DayNightError

_PROTOCOL_ERRORS: Final = {
    PARSE_ERROR: ("Parse error", "ParseError"),
    INVALID_REQUEST: ("Invalid Request", "InvalidRequest"),
    METHOD_NOT_FOUND: ("Method not found", "MethodNotFound"),
    INVALID_PARAMS: ("Invalid params", "InvalidParams"),
    INTERNAL_ERROR: ("Internal error", "InternalError"),
}


class _Refused(Exception):
    """A message the server answers with a protocol error."""

    def __init__(self, code: int, message: str, request_id: RequestId = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.request_id = request_id


def _guess_id(raw: bytes | msgspec.Raw) -> RequestId:
    """The id of a request that is not a valid request, if it has a readable one (else null)."""
    try:
        value = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return None
    request_id = value.get("id") if isinstance(value, dict) else None
    return request_id if isinstance(request_id, int | str) and not isinstance(request_id, bool) else None


class Server:
    """A JSON-RPC 2.0 server over one :class:`~mtg_daynight.bridge.methods.Session` (any number of games).

    ``methods``: the method table (default: the facade's, :data:`~mtg_daynight.bridge.methods.METHODS`);
    ``log``: where problems are logged (standard error).
    """

    def __init__(
        self,
        session: Session | None = None,
        methods: Mapping[str, Method] = METHODS,
        *,
        log: IO[str] | None = None,
        max_message_bytes: int = MAX_MESSAGE_BYTES,
    ) -> None:
        self.session = session if session is not None else Session()
        self.methods = methods
        self.log = log if log is not None else sys.stderr
        self.max_message_bytes = max_message_bytes
        self._request = msgspec.json.Decoder(Request)
        self._batch = msgspec.json.Decoder(list[msgspec.Raw])
        self._encode = msgspec.json.Encoder().encode

    # -- one line -----------------------------------------------------------------------------------------------

    def handle(self, line: bytes) -> bytes | None:
        """The response line (without its newline) to one message line, or None when there is none to send."""
        line = line.strip()
        if not line:
            return None
        if line[:1] != b"[":
            return self._one(line)
        try:
            items = self._batch.decode(line)
        except (msgspec.DecodeError, RecursionError) as error:
            return self._failure(None, PARSE_ERROR, f"the batch is not valid JSON: {_reason(error)}")
        if not items:
            return self._failure(None, INVALID_REQUEST, "an empty batch: send at least one request")
        answers = [answer for answer in map(self._one, items) if answer is not None]
        return b"[" + b",".join(answers) + b"]" if answers else None

    def _one(self, raw: bytes | msgspec.Raw) -> bytes | None:
        try:
            request = self._decode_request(raw)
        except _Refused as refused:
            return self._failure(refused.request_id, refused.code, refused.message)
        notification = request.id is msgspec.UNSET
        request_id: RequestId = None if isinstance(request.id, msgspec.UnsetType) else request.id
        try:
            result = self._dispatch(request)
            if notification:
                return None
            return self._encode(Success("2.0", request_id, result))
        except _Refused as refused:
            return None if notification else self._failure(request_id, refused.code, refused.message)
        except DayNightError as error:
            if notification:
                return None
            code = next(code for kind, code in APPLICATION_CODES if isinstance(error, kind))
            return self._failure(request_id, code, str(error), type(error).__name__)
        except Exception as error:  # a plugin's bug: log it, answer, keep serving
            print(f"mtg-daynight serve: internal error in {request.method!r}:", file=self.log)
            traceback.print_exc(file=self.log)
            if notification:
                return None
            return self._failure(request_id, INTERNAL_ERROR, f"{type(error).__name__}: {error}", type(error).__name__)

    def _decode_request(self, raw: bytes | msgspec.Raw) -> Request:
        try:
            request = self._request.decode(raw)
        except msgspec.ValidationError as error:
            if not _is_json(raw):
                raise _Refused(PARSE_ERROR, f"not valid JSON: {_reason(error)}") from None
            raise _Refused(INVALID_REQUEST, f"not a JSON-RPC 2.0 request: {error}", _guess_id(raw)) from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise _Refused(PARSE_ERROR, f"not valid JSON: {_reason(error)}") from None
        if bytes(memoryview(request.params)[:1]) not in (b"{", b"["):
            raise _Refused(INVALID_REQUEST, "params must be an object (by name)",
                           None if isinstance(request.id, msgspec.UnsetType) else request.id)
        return request

    def _dispatch(self, request: Request) -> Any:
        method = self.methods.get(request.method)
        if method is None:
            close = difflib.get_close_matches(request.method, self.methods, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; 'initialize' lists the methods"
            raise _Refused(METHOD_NOT_FOUND, f"no method {request.method!r}{hint}")
        try:
            params = method.decoder.decode(request.params)
        except msgspec.ValidationError as error:
            where = str(error).replace("`$", "`$.params", 1)
            raise _Refused(INVALID_PARAMS, f"{request.method}: {where}") from None
        except (msgspec.DecodeError, RecursionError) as error:  # e.g. a string that is not UTF-8
            raise _Refused(PARSE_ERROR, f"not valid JSON: {_reason(error)}") from None
        return method(self.session, params)

    def _failure(self, request_id: RequestId, code: int, message: str, kind: str | None = None) -> bytes:
        title, protocol_kind = _PROTOCOL_ERRORS.get(code, (message, ""))
        data = ErrorData(kind or protocol_kind, message)
        return self._encode(Failure("2.0", request_id, ErrorObject(code, title, data)))

    # -- the loop -----------------------------------------------------------------------------------------------

    def serve(self, reader: IO[bytes], writer: IO[bytes]) -> None:
        """Answer every line of ``reader`` on ``writer`` (flushed after each response) until end of input."""
        limit = self.max_message_bytes
        while True:
            line = reader.readline(limit + 1)
            if not line:
                return
            if len(line) > limit and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):  # skip the rest of the oversized message
                    line = reader.readline(limit)
                answer: bytes | None = self._failure(
                    None, INVALID_REQUEST, f"a message longer than {limit} bytes (one line): skipped")
            else:
                answer = self.handle(line)
            if answer is not None:
                writer.write(answer + b"\n")
                writer.flush()


def _is_json(raw: bytes | msgspec.Raw) -> bool:
    try:
        msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return False
    return True


def _reason(error: Exception) -> str:
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return str(error)
