"""The JSON-RPC 2.0 server loop: read one message per line, dispatch it, write one response line.

A bad message never stops the server and never changes a game: the envelope and the params are decoded and
checked in full (unknown members, integer ranges, valid Unicode) before the facade is called, whose own errors
leave the game's state as it was. Every answer is bounded (:class:`~mtg_daynight.bridge.protocol.Limits`).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import traceback
from collections.abc import Mapping
from typing import IO, Any, Final

import msgspec

from mtg_daynight.bridge.methods import METHODS, Method, Session
from mtg_daynight.bridge.protocol import (
    ANSWER_TOO_LARGE,
    APPLICATION_CODES,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    MAX_ERROR_MESSAGE_CHARS,
    MAX_SAFE_INTEGER,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    ErrorData,
    ErrorObject,
    Failure,
    Limits,
    ProtocolError,
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
    ANSWER_TOO_LARGE: ("Answer too large", "AnswerTooLarge"),
}

#: msgspec's message for an unknown member of a Struct that forbids them (the path is absent at the top level).
_UNKNOWN_MEMBER: Final = re.compile(r"Object contains unknown field `(.*?)`(?: - at `\$(.*)`)?", re.S)
_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: Method names longer than this get no "did you mean" (difflib's cost grows with the name).
_SUGGEST_UP_TO: Final = 100


class _Id(msgspec.Struct):
    """Only a message's id (every other member skipped): to answer a request that is not valid with its id."""

    id: RequestId | msgspec.UnsetType = msgspec.UNSET


class Server:
    """A JSON-RPC 2.0 server over one :class:`~mtg_daynight.bridge.methods.Session` (any number of games).

    ``methods``: the method table (default: the facade's, :data:`~mtg_daynight.bridge.methods.METHODS`);
    ``log``: where problems are logged (standard error); ``limits``: the sizes it answers (default: the documented
    ones, :class:`~mtg_daynight.bridge.protocol.Limits`).
    """

    def __init__(
        self,
        session: Session | None = None,
        methods: Mapping[str, Method] = METHODS,
        *,
        log: IO[str] | None = None,
        limits: Limits = Limits(),  # noqa: B008 - immutable
    ) -> None:
        self.session = session if session is not None else Session()
        self.methods = methods
        self.log = log if log is not None else sys.stderr
        self.limits = limits
        self._request = msgspec.json.Decoder(Request)
        self._id = msgspec.json.Decoder(_Id)
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
        return self._batch_answer(line)

    def _batch_answer(self, line: bytes) -> bytes | None:
        """A batch: refused as a whole when too long or too many (before any of it runs), else each request in
        order, while the responses so far are under the answer limit."""
        limits = self.limits
        if len(line) > limits.batch_bytes:
            return self._failure(None, INVALID_REQUEST, f"a batch of {len(line):,} bytes: over the limit of "
                                 f"{limits.batch_bytes:,} bytes per batch (MAX_BATCH_BYTES); nothing was carried out")
        try:
            items: list[msgspec.Raw] | list[bytes] = self._batch.decode(line)
        except (msgspec.DecodeError, RecursionError) as error:
            reread = _reread_batch(line)  # valid JSON that msgspec refuses: a string that is not valid Unicode
            if reread is None:
                return self._failure(None, PARSE_ERROR, f"the batch is not valid JSON: {_reason(error)}")
            items = reread
        if not items:
            return self._failure(None, INVALID_REQUEST, "an empty batch: send at least one request")
        if len(items) > limits.batch_requests:
            return self._failure(None, INVALID_REQUEST, f"a batch of {len(items):,} requests: over the limit of "
                                 f"{limits.batch_requests:,} per batch (MAX_BATCH_REQUESTS); nothing was carried out")
        answers: list[bytes] = []
        size = 0
        for item in items:
            answer = self._one(item) if size < limits.answer_bytes else self._not_carried_out(item)
            if answer is not None:
                answers.append(answer)
                size += len(answer) + 1
        return b"[" + b",".join(answers) + b"]" if answers else None

    def _not_carried_out(self, raw: bytes | msgspec.Raw) -> bytes | None:
        request_id = self._read_id(raw)
        if request_id is msgspec.UNSET:
            return None  # a notification: never answered
        return self._failure(request_id, ANSWER_TOO_LARGE, "not carried out: the batch's responses reached the "
                             f"limit of {self.limits.answer_bytes:,} bytes (MAX_ANSWER_BYTES); send it again")

    def _one(self, raw: bytes | msgspec.Raw) -> bytes | None:
        try:
            request = self._decode_request(raw)
        except ProtocolError as refused:
            if refused.notification:
                return None
            return self._failure(refused.request_id, refused.code, refused.message)
        notification = request.id is msgspec.UNSET
        request_id: RequestId = None if isinstance(request.id, msgspec.UnsetType) else request.id
        try:
            result = self._dispatch(request)
            if notification:
                return None
            return self._success(request.method, request_id, result)
        except ProtocolError as refused:
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
                raise _unreadable(raw, error) from None
            raise ProtocolError(INVALID_REQUEST, f"not a JSON-RPC 2.0 request: {error}", self._guess_id(raw)) from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise _unreadable(raw, error) from None
        if bytes(memoryview(request.params)[:1]) not in (b"{", b"["):
            raise ProtocolError(INVALID_REQUEST, "params must be an object (by name)",
                                None if isinstance(request.id, msgspec.UnsetType) else request.id)
        return request

    def _read_id(self, raw: bytes | msgspec.Raw) -> RequestId | msgspec.UnsetType:
        """The id of a message (UNSET: it has none), or None when it cannot be read."""
        try:
            return self._id.decode(raw).id
        except (msgspec.DecodeError, RecursionError):
            return None

    def _guess_id(self, raw: bytes | msgspec.Raw) -> RequestId:
        """The id of a request that is not a valid request, if it has a readable one (else null)."""
        request_id = self._read_id(raw)
        return None if isinstance(request_id, msgspec.UnsetType) else request_id

    def _dispatch(self, request: Request) -> Any:
        method = self.methods.get(request.method)
        if method is None:
            close = (difflib.get_close_matches(request.method, self.methods, n=1)
                     if len(request.method) <= _SUGGEST_UP_TO else [])
            hint = f"; did you mean {close[0]!r}?" if close else "; 'initialize' lists the methods"
            raise ProtocolError(METHOD_NOT_FOUND, f"no method {request.method!r}{hint}")
        try:
            params = method.decoder.decode(request.params)
        except msgspec.ValidationError as error:
            raise ProtocolError(INVALID_PARAMS, f"{request.method}: {_params_error(error)}") from None
        except (msgspec.DecodeError, RecursionError) as error:  # e.g. a string that is not UTF-8
            found = _not_unicode(request.params, "$.params")
            if found is None:
                raise ProtocolError(PARSE_ERROR, f"not valid JSON: {_reason(error)}") from None
            raise ProtocolError(INVALID_PARAMS, f"{request.method}: {_NOT_UNICODE} - at `{found[0]}`") from None
        return method(self.session, params)

    def _success(self, method: str, request_id: RequestId, result: Any) -> bytes:
        """The response to a request that succeeded, or -32003 when it is longer than one answer may be (a string
        result, such as a save, is measured before it is encoded)."""
        limit = self.limits.answer_bytes
        if isinstance(result, str) and len(result) > limit:  # at least as many bytes as characters
            return self._too_large(method, request_id, f"more than {len(result):,}")
        answer = self._encode(Success("2.0", request_id, result))
        if len(answer) > limit:
            return self._too_large(method, request_id, f"{len(answer):,}")
        return answer

    def _too_large(self, method: str, request_id: RequestId, size: str) -> bytes:
        return self._failure(request_id, ANSWER_TOO_LARGE, f"{method}: the answer would be {size} bytes, over the "
                             f"limit of {self.limits.answer_bytes:,} bytes for one answer (MAX_ANSWER_BYTES)")

    def _failure(self, request_id: RequestId, code: int, message: str, kind: str | None = None) -> bytes:
        if len(message) > MAX_ERROR_MESSAGE_CHARS:  # keep the start (what) and the end (where)
            half = MAX_ERROR_MESSAGE_CHARS // 2 - 3
            message = f"{message[:half]} ... {message[-half:]}"
        title, protocol_kind = _PROTOCOL_ERRORS.get(code, (message, ""))
        data = ErrorData(kind or protocol_kind, message)
        return self._encode(Failure("2.0", request_id, ErrorObject(code, title, data)))

    # -- the loop -----------------------------------------------------------------------------------------------

    def serve(self, reader: IO[bytes], writer: IO[bytes]) -> None:
        """Answer every line of ``reader`` on ``writer`` (flushed after each response) until end of input."""
        limit = self.limits.message_bytes
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


# -- what msgspec refuses in valid JSON: strings that are not valid Unicode ----------------------------------------

_NOT_UNICODE: Final = "a string that is not valid Unicode (a lone surrogate escape)"


def _is_unicode(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _loads(raw: bytes | msgspec.Raw) -> Any:
    """``raw`` decoded by the standard library, which reads what msgspec refuses: a lone surrogate escape such as
    ``"\\ud800"`` (valid JSON text, but no valid Unicode string). Raises ValueError for what is not JSON (bytes
    that are not UTF-8 included)."""
    return json.loads(bytes(raw).decode("utf-8"), parse_constant=_refuse_constant)


def _member(path: str, name: str) -> str:
    return f"{path}.{name}" if _IDENTIFIER.fullmatch(name) else f"{path}[{json.dumps(name)}]"


def _not_unicode(raw: bytes | msgspec.Raw, root: str) -> tuple[str, Any] | None:
    """The path (from ``root``) of the first string of ``raw`` that is not valid Unicode, and ``raw`` decoded;
    None when ``raw`` is not JSON or holds no such string."""
    try:
        value = _loads(raw)
    except (ValueError, RecursionError):
        return None
    stack: list[tuple[str, Any]] = [(root, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if not _is_unicode(item):
                return path, value
        elif isinstance(item, dict):
            if not all(map(_is_unicode, item)):
                return f"{path} (the name of a member)", value
            stack.extend((_member(path, key), member) for key, member in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{path}[{n}]", member) for n, member in reversed(list(enumerate(item))))
    return None


def _unreadable(raw: bytes | msgspec.Raw, error: Exception) -> ProtocolError:
    """The error for a message msgspec cannot decode: a string that is not valid Unicode is -32602 (in params) or
    -32600 (elsewhere) with its path and the request's id; anything else is a parse error (id null)."""
    found = _not_unicode(raw, "$")
    if found is None:
        return ProtocolError(PARSE_ERROR, f"not valid JSON: {_reason(error)}")
    path, message = found
    fields = message if isinstance(message, dict) else {}
    request_id = fields.get("id")
    readable = (type(request_id) is int and abs(request_id) <= MAX_SAFE_INTEGER) or (
        type(request_id) is str and _is_unicode(request_id))
    method = fields.get("method")
    in_params = path.startswith(("$.params.", "$.params[", "$.params ("))
    prefix = f"{method}: " if in_params and type(method) is str and _is_unicode(method) else ""
    return ProtocolError(INVALID_PARAMS if in_params else INVALID_REQUEST, f"{prefix}{_NOT_UNICODE} - at `{path}`",
                         request_id if readable else None, notification=in_params and "id" not in fields)


def _reread_batch(line: bytes) -> list[bytes] | None:
    """A batch msgspec refused, as its elements re-encoded (ASCII, so every string is an escape msgspec reads the
    same way), when it is a JSON array holding a string that is not valid Unicode; else None."""
    found = _not_unicode(line, "$")
    if found is None:
        return None
    try:
        return [json.dumps(item).encode() for item in found[1]]
    except RecursionError:  # nested deeper than the encoder goes: not a batch of requests anyway
        return None


def _params_error(error: msgspec.ValidationError) -> str:
    """msgspec's message with its path from the request (``$.params...``); an unknown member's path names it."""
    text = str(error)
    unknown = _UNKNOWN_MEMBER.fullmatch(text)
    if unknown is not None:
        name, where = unknown.groups()
        return f"unknown member `{name}` - at `{_member('$.params' + (where or ''), name)}`"
    return text.replace("`$", "`$.params", 1)


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
