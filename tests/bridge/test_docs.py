"""docs/bridge.md's transcripts are real: every ``-->`` line is sent, in order, to one server (no entry-point
plugins), and the ``<--`` lines must be exactly what it answers. After a deliberate change of the output, run
``MTG_DAYNIGHT_WRITE_DOCS=1 python -m pytest tests/bridge/test_docs.py`` to rewrite the answers, and read the diff."""

from __future__ import annotations

import os
import re
from pathlib import Path

from mtg_daynight.bridge.server import Server

DOC = Path(__file__).resolve().parents[2] / "docs" / "bridge.md"
_BLOCK = re.compile(r"```jsonl\n(.*?)```", re.S)


def _replay(text: str, server: Server) -> str:
    """The document with every transcript block's answers replaced by the server's."""

    def block(match: re.Match[str]) -> str:
        out = []
        for line in match.group(1).splitlines():
            if line.startswith("--> "):
                out.append(line)
                answer = server.handle(line[4:].encode())
                if answer is not None:
                    out.append("<-- " + answer.decode())
            elif not line.startswith("<-- "):
                out.append(line)
        return "```jsonl\n" + "\n".join(out) + "\n```"

    return _BLOCK.sub(block, text)


def test_doc_transcripts_are_what_the_server_answers(server: Server) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert len(_BLOCK.findall(text)) >= 4, "docs/bridge.md lost its transcripts"
    replayed = _replay(text, server)
    if os.environ.get("MTG_DAYNIGHT_WRITE_DOCS") and replayed != text:
        DOC.write_text(replayed, encoding="utf-8")
    expected = [line for line in text.splitlines() if line.startswith("<-- ")]
    actual = [line for line in replayed.splitlines() if line.startswith("<-- ")]
    assert actual == expected


def test_doc_transcripts_conform_to_the_schema_types(server: Server) -> None:
    """Each request of the doc decodes as its method's request type and each result as the method's result type:
    the msgspec types docs/bridge-schema.json is generated from."""
    import json

    import msgspec

    from mtg_daynight.bridge.methods import METHODS
    from mtg_daynight.bridge.protocol import Failure
    from mtg_daynight.bridge.schema import _request_type

    checked = 0
    for block in _BLOCK.findall(DOC.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if not line.startswith("--> "):
                continue
            try:
                sent = json.loads(line[4:])
            except ValueError:  # the doc's example of a parse error
                sent = None
            answer = server.handle(line[4:].encode())
            requests = sent if isinstance(sent, list) else [sent]
            answers = json.loads(answer) if answer else []
            for request, response in zip(requests, answers if isinstance(answers, list) else [answers], strict=False):
                method = METHODS.get(request.get("method")) if isinstance(request, dict) else None
                if method is None or "error" in response:
                    msgspec.convert(response, Failure)
                    continue
                msgspec.convert(request, _request_type(method))
                if method.result is not None:
                    msgspec.convert(response["result"], method.result)
                checked += 1
    assert checked >= 15


def test_host_integration_state_example_runs() -> None:
    """docs/host-integration.md's example of the game state as a whole (the Python side of the bridge's `state`
    section) runs, and its assertions hold."""
    host_doc = DOC.with_name("host-integration.md")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", host_doc.read_text(encoding="utf-8"), re.S)
              if "state-demo" in b]
    assert len(blocks) == 1
    exec(blocks[0], {})
