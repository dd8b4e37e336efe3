"""The conformance kit for an engine in any language: its adapter as a child process, over JSON-RPC 2.0 on stdio
(docs/conformance.md, section 3). The method table and its schema derive from the Adapter Protocol."""

from __future__ import annotations

import contextlib
import inspect
import os
import queue
import shlex
import signal
import subprocess
import threading
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from mtg_daynight import errors
from mtg_daynight.errors import DayNightError
from mtg_daynight.scenarios.adapter import Adapter, Seen, Unsupported

#: The version of this protocol, sent in ``initialize``.
PROTOCOL = 1
#: Seconds an adapter process has to answer one call (``--timeout``).
DEFAULT_TIMEOUT = 10.0
#: The longest answer line read (a bound against a runaway process).
MAX_LINE = 16 << 20
#: JSON-RPC error codes that mean "the engine cannot do this": the scenario is skipped.
UNSUPPORTED_CODES = (-32601, -32004)


class Method(NamedTuple):
    """One wire method: its params Struct, answer type, whether it is an action (answered with Seen records)."""

    params: type[msgspec.Struct]
    answer: Any
    action: bool
    signature: inspect.Signature
    summary: str


def _methods() -> dict[str, Method]:
    """The method table, from the Adapter Protocol's signatures (``seen`` is kept by the kit, never sent)."""
    table: dict[str, Method] = {}
    for name, function in vars(Adapter).items():
        if name.startswith("_") or name == "seen" or not callable(function):
            continue
        hints = typing.get_type_hints(function)
        signature = inspect.signature(function)
        fields: list[Any] = []
        if name == "report":
            fields = [("event", str), ("arguments", dict[str, Any], msgspec.field(default_factory=dict))]
        else:
            for parameter in list(signature.parameters.values())[1:]:
                kind = hints[parameter.name]
                fields.append((parameter.name, kind) if parameter.default is inspect.Parameter.empty
                              else (parameter.name, kind, parameter.default))
        params = msgspec.defstruct(f"{name}_params", fields, forbid_unknown_fields=True, kw_only=True)
        returns = hints.get("return", type(None))
        action = returns is type(None)
        answer = list[Seen] if action else returns
        table[name] = Method(params, answer, action, signature, inspect.getdoc(function) or "")
    return table


METHODS: dict[str, Method] = _methods()


def schema() -> dict[str, Any]:
    """The JSON Schema of every method's params and answer (what ``conformance --schema`` prints)."""
    names = list(METHODS)
    types = [t for name in names for t in (METHODS[name].params, METHODS[name].answer)]
    refs, components = msgspec.json.schema_components(types, ref_template="#/$defs/{name}")
    methods = {}
    for index, name in enumerate(names):
        methods[name] = {"summary": METHODS[name].summary, "params": refs[2 * index], "result": refs[2 * index + 1]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "mtg-daynight conformance adapter protocol",
        "protocol": PROTOCOL,
        "methods": {"initialize": {"summary": "The first request: the protocol version both sides speak.",
                                   "params": {"type": "object", "properties": {"protocol": {"const": PROTOCOL}}},
                                   "result": {"type": "object", "properties": {"protocol": {"const": PROTOCOL},
                                                                               "name": {"type": "string"}}}},
                    **methods},
        "$defs": components,
    }


class AdapterProcessError(DayNightError):
    """The adapter process exited, did not answer in time, or answered no JSON-RPC answer."""


def _error_class(name: object) -> type[Exception]:
    """The mtg-daynight error class an engine named in ``data.type``, or a new class of that name."""
    found = getattr(errors, name, None) if isinstance(name, str) and name.isidentifier() else None
    if isinstance(found, type) and issubclass(found, Exception):
        return found
    return type(name if isinstance(name, str) and name.isidentifier() else "AdapterError", (Exception,), {})


class _Answer(msgspec.Struct):
    jsonrpc: str
    id: int | str | None = None
    result: Any = None
    error: dict[str, Any] | None = None


class AdapterProcess:
    """One adapter child process for a whole run: JSON-RPC calls with a time limit; its group killed on close."""

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        argv = shlex.split(command)
        if not argv:
            raise errors.InputFileError("--program: an empty command")
        self.command, self.timeout, self.scenario = command, timeout, "(before the first scenario)"
        self.failure: AdapterProcessError | None = None
        self._next_id = 0
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True
            )
        except OSError as error:
            raise AdapterProcessError(f"--program {command!r}: can't start it: {error.strerror or error}") from None
        threading.Thread(target=self._read, daemon=True).start()
        answer = self.call("initialize", {"protocol": PROTOCOL})
        if not isinstance(answer, dict) or answer.get("protocol") != PROTOCOL:
            self.fail("initialize", f"answered {answer!r}, not protocol {PROTOCOL}")
        self.name = str(answer.get("name", command))

    def _read(self) -> None:
        assert self._process.stdout is not None
        while line := self._process.stdout.readline(MAX_LINE + 1):
            self._lines.put(line)
        self._lines.put(None)

    def fail(self, method: str, what: str) -> typing.NoReturn:
        """Stop the run: the process failed while answering ``method``."""
        self.failure = AdapterProcessError(f"adapter process {self.command!r}, {self.scenario}, {method}: {what}")
        self.close()
        raise self.failure

    def call(self, method: str, params: dict[str, Any]) -> Any:
        """Send one request and return its result; an error answer raises the engine's error."""
        if self.failure is not None:
            raise self.failure
        self._next_id += 1
        request = msgspec.json.encode({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params})
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(request + b"\n")
            self._process.stdin.flush()
        except OSError:
            self.fail(method, f"it exited (status {self._process.poll()}) before the request could be sent")
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self.fail(method, f"no answer within {self.timeout:g} s (--timeout)")
        if line is None:
            self.fail(method, f"it exited (status {self._process.wait(self.timeout)}) without answering")
        if len(line) > MAX_LINE:
            self.fail(method, f"an answer longer than {MAX_LINE} bytes")
        try:
            answer = msgspec.json.decode(line, type=_Answer)
        except (msgspec.DecodeError, msgspec.ValidationError):
            self.fail(method, f"it wrote {line[:80]!r}, not a JSON-RPC answer")
        if answer.id != self._next_id:
            self.fail(method, f"the answer has id {answer.id!r}, the request {self._next_id}")
        if answer.error is not None:
            code, message = answer.error.get("code"), str(answer.error.get("message", ""))
            if code in UNSUPPORTED_CODES:
                raise Unsupported(message)
            data = answer.error.get("data")
            raise _error_class(data.get("type") if isinstance(data, dict) else None)(message)
        return answer.result

    def close(self) -> None:
        """End the child: close its input, give it a moment, then kill its whole process group."""
        with contextlib.suppress(OSError, ValueError):
            if self._process.stdin is not None:
                self._process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(1)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if hasattr(os, "killpg"):
                os.killpg(self._process.pid, signal.SIGKILL)  # the group: grandchildren too
            else:  # pragma: no cover - Windows has no process groups of this kind
                self._process.kill()
        self._process.wait()


class ProgramAdapter:
    """An :class:`~mtg_daynight.scenarios.adapter.Adapter` whose every call goes to an :class:`AdapterProcess`."""

    def __init__(self, process: AdapterProcess) -> None:
        self._process = process
        self._seen: list[Seen] = []
        self._trace: Any = None  # the trace as last asked; an action call may grow it, and forgets it

    def seen(self) -> Sequence[Seen]:
        """Every record the process answered with so far, in order."""
        return self._seen

    def __getattr__(self, name: str) -> Any:
        method = METHODS.get(name)
        if method is None:
            raise AttributeError(name)

        def call(*args: Any, **kwargs: Any) -> Any:
            if method.action:
                self._trace = None
            elif name == "trace" and self._trace is not None:  # asked twice with no action between
                return self._trace
            if name == "report":
                event, *_ = args
                values: dict[str, Any] = {"event": event, "arguments": kwargs}
            else:
                bound = method.signature.bind(self, *args, **kwargs)
                values = {k: v for k, v in bound.arguments.items() if k != "self"}
            params = msgspec.to_builtins(values, order="deterministic")
            result = self._process.call(name, params)
            try:
                answer = msgspec.convert(result, method.answer, strict=False)
            except msgspec.ValidationError as error:
                self._process.fail(name, f"answered {str(result)[:80]!r}: {error}")
            if method.action:
                self._seen.extend(answer)
                return None
            if name == "trace":
                self._trace = answer
            return answer

        return call


def run_program(process: AdapterProcess, files: Sequence[str | Path] = (), **options: Any) -> list[Any]:
    """Run the scenarios on the adapter process (``options``: as for ``run_conformance``); a failed process raises
    :class:`AdapterProcessError`."""
    from mtg_daynight.scenarios.conformance import run_conformance

    def next_scenario(path: Path) -> None:
        if process.failure is not None:  # the scenario before broke the process: stop here
            raise process.failure
        process.scenario = path.name

    results = run_conformance(lambda: typing.cast(Adapter, ProgramAdapter(process)), files,
                              on_scenario=next_scenario, **options)
    if process.failure is not None:
        raise process.failure
    return results
