"""The JSON-RPC 2.0 bridge: the facade's methods for engines in any language, over a child process's stdin/stdout.

``mtg-daynight serve`` runs :class:`~mtg_daynight.bridge.server.Server` (one JSON message per line, batches
supported, logs on standard error only). The modules:

- :mod:`~mtg_daynight.bridge.protocol`: the JSON-RPC envelopes, error codes, limits and the wire-only types;
- :mod:`~mtg_daynight.bridge.methods`: the method table, derived one to one from the facade;
- :mod:`~mtg_daynight.bridge.server`: the loop and the dispatch;
- :mod:`~mtg_daynight.bridge.schema`: the JSON Schema of every request and result (docs/bridge-schema.json);

The host's "it can't become day/night" effects it serves are :mod:`mtg_daynight.effects`, below the bridge and
the reference host alike.

See docs/bridge.md. The Python client of a server child process the bridge's tests use is tests/bridge/client.py;
plugins/bridge-client-node/ is the Node.js example of a client.
"""
