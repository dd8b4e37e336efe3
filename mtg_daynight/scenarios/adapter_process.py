"""``python -m mtg_daynight.scenarios.adapter_process [package.module:factory]``: an in-process adapter (default:
the reference host's) served on stdin/stdout for ``conformance --program``, a fresh one per ``start``."""

from __future__ import annotations

import sys
from typing import IO, Any

import msgspec

from mtg_daynight.scenarios.adapter import Adapter
from mtg_daynight.scenarios.conformance import AdapterFactory, factory_name, load_factory
from mtg_daynight.scenarios.program import METHODS, PROTOCOL

_DEFAULT = "mtg_daynight.scenarios:ReferenceAdapter"


class _NoMethod(Exception):
    """The request names no method of the protocol."""


class _Request(msgspec.Struct):
    jsonrpc: str
    method: str
    id: int | str | None = None
    params: dict[str, Any] = {}


def answer(adapter: Adapter | None, factory: AdapterFactory, request: _Request) -> tuple[Adapter | None, Any]:
    """Carry out one request on ``adapter`` (a fresh one for ``start``): the adapter to use next, and the result."""
    if request.method == "initialize":
        return adapter, {"protocol": PROTOCOL, "name": factory_name(factory)}
    method = METHODS.get(request.method)
    if method is None:
        raise _NoMethod(request.method)
    params = msgspec.convert(request.params, method.params)
    if request.method == "start":
        adapter = factory()
    if adapter is None:
        raise RuntimeError("no game: call start first")
    values = msgspec.structs.asdict(params)
    function = getattr(adapter, request.method)
    before = 0 if request.method == "start" else len(adapter.seen())
    result = function(values["event"], **values["arguments"]) if request.method == "report" else function(**values)
    if method.action:
        result = list(adapter.seen()[before:])  # only the new records: linear
    return adapter, msgspec.to_builtins(result, order="deterministic")


def serve(factory: AdapterFactory, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Answer requests, one JSON-RPC message per line, until the input ends."""
    adapter: Adapter | None = None
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = msgspec.json.decode(line, type=_Request)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            reply: dict[str, Any] = {"id": None, "error": {"code": -32700, "message": str(error)}}
        else:
            try:
                adapter, result = answer(adapter, factory, request)
                reply = {"id": request.id, "result": result}
            except _NoMethod:
                reply = {"id": request.id, "error": {"code": -32601, "message": f"no method {request.method!r}"}}
            except NotImplementedError as error:  # Unsupported too: the scenario is skipped
                reply = {"id": request.id, "error": {"code": -32004, "message": str(error) or request.method}}
            except Exception as error:  # the engine's answer: the kit re-raises it as this class
                reply = {"id": request.id, "error": {"code": -32000, "message": str(error),
                                                     "data": {"type": type(error).__name__}}}
        stdout.write(msgspec.json.encode({"jsonrpc": "2.0", **reply}) + b"\n")
        stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """Serve the adapters of the factory named in ``argv`` (default: the reference adapter)."""
    args = sys.argv[1:] if argv is None else argv
    serve(load_factory(args[0] if args else _DEFAULT), sys.stdin.buffer, sys.stdout.buffer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
