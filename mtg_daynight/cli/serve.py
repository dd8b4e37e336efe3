"""``mtg-daynight serve``: the JSON-RPC 2.0 bridge on standard input/output, for engines in any language
(docs/bridge.md). Standard output carries nothing but responses.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from mtg_daynight.bridge.protocol import PROTOCOL_VERSION
from mtg_daynight.bridge.schema import schema_json
from mtg_daynight.bridge.server import Server


def register(sub: Any) -> None:
    """Add the ``serve`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve",
        help="serve the day/night rules over JSON-RPC 2.0 on stdin/stdout (any engine, any language)",
        description="Answer JSON-RPC 2.0 requests, one JSON message per line on standard input, with one response "
                    "line each on standard output (batches supported; logs on standard error). The methods are "
                    "the facade's, one to one, plus 'initialize'. Runs until the end of input. See docs/bridge.md.",
        epilog="Plugins load from the 'mtg_daynight' entry points unless MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD=1; "
               "MTG_DAYNIGHT_TRACE=1 logs every hook call to stderr. Exit status: 0 at the end of input, 2 for a "
               "usage error, 130 when interrupted.",
    )
    parser.add_argument("--schema", action="store_true",
                        help="print the protocol's JSON Schema (docs/bridge-schema.json) and exit")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    if args.schema:
        sys.stdout.buffer.write(schema_json())
        sys.stdout.flush()
        return 0
    # Responses get their own copy of standard output; file descriptor 1 and sys.stdout then point to standard
    # error, so that nothing a plugin prints (even from C) can corrupt the protocol.
    sys.stdout.flush()
    responses = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    server = Server()
    plugins = len(server.session.daynight.pm.get_plugins())
    print(f"mtg-daynight serve: JSON-RPC 2.0 protocol {PROTOCOL_VERSION}, {plugins} plugins; one message per line "
          "on stdin", file=sys.stderr, flush=True)
    with responses:
        server.serve(sys.stdin.buffer, responses)
    return 0
