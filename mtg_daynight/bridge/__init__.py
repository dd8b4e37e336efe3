"""The JSON-RPC 2.0 bridge: the facade's methods for engines in any language, over a child process's stdin/stdout
(``mtg-daynight serve``, docs/bridge.md; its modules: docs/architecture.md, "Hosts over the facade").
"""
