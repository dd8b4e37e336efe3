"""A Python client of ``mtg-daynight serve`` running as a child process, speaking only JSON on its stdin/stdout.

:class:`BridgeClient` sends requests and batches and reads the responses; :class:`RemoteDayNight` /
:class:`RemoteGame` give the facade's API (``new_game``, ``game.untap_step(...)``...) over it, with the facade's
types, so that Python code written for :class:`~mtg_daynight.facade.DayNight` (the reference host, the conformance
kit) runs through the bridge unchanged. It lives with the bridge's tests, which use it; engines in other languages
write the same thing in theirs (plugins/bridge-client-node/ is the Node.js example).
"""

from __future__ import annotations

import functools
import inspect
import itertools
import subprocess
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from mtg_daynight import errors
from mtg_daynight.bridge.methods import METHODS
from mtg_daynight.bridge.protocol import (
    INTERNAL_ERROR,
    EnteringCard,
    EnteringPermanent,
    ErrorData,
    ErrorObject,
    GameHandle,
    RequestId,
)
from mtg_daynight.errors import DayNightError, RulesPluginMissingError
from mtg_daynight.facade import Game
from mtg_daynight.rules import CardPermanent, Designation, GameState, Permanent, TraceLine

T = TypeVar("T")

#: The command that starts a server with this interpreter.
SERVE_COMMAND: tuple[str, ...] = (sys.executable, "-m", "mtg_daynight", "serve")

#: mtg-daynight's own errors by name (``error.data.type``): a response naming one raises it.
_KNOWN_ERRORS: dict[str, type[DayNightError]] = {
    kind.__name__: kind
    for kind in (*vars(errors).values(), RulesPluginMissingError)
    if isinstance(kind, type) and issubclass(kind, DayNightError)
}


class BridgeError(DayNightError):
    """An error response that is not one of mtg-daynight's own errors (a protocol or internal error)."""

    def __init__(self, error: ErrorObject) -> None:
        super().__init__(f"{error.code} {error.message}: {error.data.type}: {error.data.message}")
        self.error = error


class _Response(msgspec.Struct):
    jsonrpc: str
    id: RequestId
    result: msgspec.Raw = msgspec.Raw(b"null")
    error: ErrorObject | None = None


def raise_for(error: ErrorObject) -> typing.NoReturn:
    """Raise the Python exception an error response stands for (``BadEventError``... or :class:`BridgeError`)."""
    kind = _KNOWN_ERRORS.get(error.data.type)
    if kind is not None:
        raise kind(error.data.message)
    raise BridgeError(error)


def _wire(value: Any) -> Any:
    """A facade argument as JSON-ready builtins (permanents get their ``kind`` tag)."""
    if isinstance(value, Permanent | CardPermanent):
        tagged = EnteringPermanent if isinstance(value, Permanent) else EnteringCard
        value = tagged(**{name: getattr(value, name) for name in value.__struct_fields__})
    elif isinstance(value, list | tuple):
        return [_wire(v) for v in value]
    elif isinstance(value, dict):
        return {k: _wire(v) for k, v in value.items()}
    return msgspec.to_builtins(value)


class BridgeClient:
    """A ``mtg-daynight serve`` child process (``command``, default this interpreter's) and its pipes."""

    def __init__(self, command: Sequence[str] = SERVE_COMMAND, *, env: Mapping[str, str] | None = None) -> None:
        self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=None if env is None else dict(env))
        assert self.process.stdin is not None and self.process.stdout is not None
        self._stdin = self.process.stdin
        self._stdout = self.process.stdout
        self._ids = itertools.count(1)
        self._encode = msgspec.json.Encoder().encode
        self._response = msgspec.json.Decoder(_Response)
        self._responses = msgspec.json.Decoder(list[_Response])

    def exchange(self, line: bytes) -> bytes:
        """Send one message line (a request or a batch with at least one id); return the response line."""
        self._stdin.write(line.rstrip(b"\n") + b"\n")
        self._stdin.flush()
        answer = self._stdout.readline()
        if not answer:
            gone = ErrorData("ServerGone", "the server closed its output (did it exit? see its standard error)")
            raise BridgeError(ErrorObject(INTERNAL_ERROR, "Internal error", gone))
        return answer

    def call(self, method: str, params: Mapping[str, Any] | None = None, result: type[T] | Any = Any) -> T:
        """Call ``method``; return its result decoded as ``result``, or raise the error it answered."""
        request = {"jsonrpc": "2.0", "id": next(self._ids), "method": method, "params": _wire(dict(params or {}))}
        response = self._response.decode(self.exchange(self._encode(request)))
        if response.error is not None:
            raise_for(response.error)
        value: T = msgspec.json.decode(response.result, type=result)
        return value

    def batch(self, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Any]:
        """Send ``calls`` as one batch; return each result (builtins) or the exception it raised, in order."""
        first = next(self._ids)
        self._ids = itertools.count(first + len(calls))
        requests = [{"jsonrpc": "2.0", "id": first + i, "method": m, "params": _wire(dict(p))}
                    for i, (m, p) in enumerate(calls)]
        responses = {r.id: r for r in self._responses.decode(self.exchange(self._encode(requests)))}
        out: list[Any] = []
        for i in range(len(calls)):
            response = responses[first + i]
            if response.error is None:
                out.append(msgspec.json.decode(response.result))
            else:
                try:
                    raise_for(response.error)
                except DayNightError as error:
                    out.append(error)
        return out

    def close(self) -> int:
        """Close the server's input (it exits at the end of input); return its exit status."""
        if not self._stdin.closed:
            self._stdin.close()
        status = self.process.wait(timeout=30)
        self._stdout.close()
        return status

    def __enter__(self) -> BridgeClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class RemoteGame:
    """:class:`~mtg_daynight.facade.Game`'s API for one game on a bridge server: each method sends the request
    of the same name, and returns the facade's type (an :class:`~mtg_daynight.rules.Outcome` for events)."""

    def __init__(self, client: BridgeClient, game: str) -> None:
        self.client = client
        self.id = game

    def _call(self, name: str, params: dict[str, Any]) -> Any:
        """Send ``name`` with ``params`` (``game`` added); decode the result as the facade's return type."""
        returned = _returns(name)
        wanted: Any = str if returned is bytes else (Any if returned is type(None) else returned)
        value = self.client.call(name, {"game": self.id, **params}, wanted)
        return value.encode() if returned is bytes else value

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("_") or name not in METHODS or not hasattr(Game, name):
            raise AttributeError(name)
        signature = inspect.signature(_target(name))

        def method(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(None, *args, **kwargs)
            bound.apply_defaults()
            return self._call(name, {k: v for k, v in list(bound.arguments.items())[1:]})

        return method

    @property
    def designation(self) -> Designation:
        """Neither, day or night."""
        value: Designation = self._call("designation", {})
        return value

    @property
    def trace(self) -> list[TraceLine]:
        """Every decision so far, with its rule."""
        value: list[TraceLine] = self._call("trace", {})
        return value

    @property
    def state(self) -> GameState:
        """The rules' state of this game (a copy)."""
        value: GameState = self._call("state", {})
        return value


@functools.cache
def _returns(name: str) -> Any:
    return typing.get_type_hints(_target(name)).get("return")


def _target(name: str) -> Callable[..., Any]:
    attribute = inspect.getattr_static(Game, name)
    function = attribute.fget if isinstance(attribute, property) else attribute
    assert callable(function)
    return function


class RemoteDayNight:
    """:class:`~mtg_daynight.facade.DayNight`'s API over a bridge server (``client``)."""

    game_type: type[RemoteGame] = RemoteGame

    def __init__(self, client: BridgeClient) -> None:
        self.client = client

    def new_game(self, game: str, players: Sequence[str], *, variants: Sequence[str] = ()) -> RemoteGame:
        """Start a game on the server."""
        self.client.call("new_game", {"game": game, "players": list(players), "variants": list(variants)})
        return self.game_type(self.client, game)

    def game(self, game: str) -> RemoteGame:
        """The handle of a game already started on the server."""
        handle: GameHandle = self.client.call("game", {"game": game}, GameHandle)
        return self.game_type(self.client, handle.game)

    def load_game(self, game: str, data: bytes) -> RemoteGame:
        """Load a saved game on the server."""
        self.client.call("load_game", {"game": game, "data": data.decode()})
        return self.game_type(self.client, game)
