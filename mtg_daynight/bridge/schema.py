"""The JSON Schema of the bridge protocol, generated from the msgspec types (shipped as docs/bridge-schema.json,
printed by ``mtg-daynight serve --schema``). It validates one message line, a request (one per method) or a batch;
``$defs`` holds every type by its Python name, ``methods`` each method's params and result (null: JSON null).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from mtg_daynight.bridge.methods import METHODS, Method
from mtg_daynight.bridge.protocol import PROTOCOL_VERSION, Failure, RequestId, Success

_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _request_type(method: Method) -> type[msgspec.Struct]:
    """The whole request for ``method``, as a Struct (for the schema only)."""
    return msgspec.defstruct(
        f"{method.params.__name__.removesuffix('Params')}Request",
        [
            ("jsonrpc", Literal["2.0"]),
            ("method", Literal[method.name]),
            ("params", method.params),
            ("id", RequestId, None),
        ],
        namespace={"__doc__": f"The ``{method.name}`` request: {method.summary}"},
    )


def schema(methods: Mapping[str, Method] = METHODS) -> dict[str, Any]:
    """The protocol's JSON Schema document (deterministic: same code, same document)."""
    requests = [_request_type(method) for method in methods.values()]
    results = [method.result for method in methods.values() if method.result is not None]
    (*refs,), components = msgspec.json.schema_components([*requests, *results, Success, Failure])
    request_refs = refs[: len(requests)]
    result_refs = iter(refs[len(requests): len(requests) + len(results)])
    table = {
        method.name: {
            "summary": method.summary,
            "params": {"$ref": f"#/$defs/{method.params.__name__}"},
            "result": next(result_refs) if method.result is not None else {"type": "null"},
        }
        for method in methods.values()
    }
    return {
        "$schema": _DIALECT,
        "$id": f"https://mtg-daynight.invalid/bridge-schema/{PROTOCOL_VERSION}",
        "title": f"mtg-daynight bridge, JSON-RPC 2.0 protocol {PROTOCOL_VERSION}",
        "description": "One message per line: a request, or a batch (array) of requests. The response is a "
                       "Success or a Failure (an array of them for a batch). See docs/bridge.md.",
        "oneOf": [
            {"$ref": "#/$defs/Request"},
            {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/Request"}},
        ],
        "methods": table,
        "responses": {"success": refs[-2], "failure": refs[-1]},
        "$defs": dict(sorted({**components, "Request": {"anyOf": request_refs}}.items())),
    }


def schema_json(methods: Mapping[str, Method] = METHODS) -> bytes:
    """The schema as the bytes docs/bridge-schema.json holds (indented, sorted, with a final newline)."""
    return msgspec.json.format(msgspec.json.encode(schema(methods)), indent=2) + b"\n"
