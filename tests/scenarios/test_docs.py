"""The TOML examples in docs/scenarios.md parse and pass (the docs must not lie)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtg_daynight.scenarios import ReferenceAdapter, parse_scenario, run_scenario

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
EXAMPLES = [block for block in re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
            if re.sub(r"\A# file: \S+\n", "", block).lstrip().startswith("[scenario]")] if DOC.exists() else []


@pytest.mark.skipif(not DOC.exists(), reason="docs are not in this checkout")
def test_docs_have_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("text", EXAMPLES, ids=[f"example{n}" for n in range(1, len(EXAMPLES) + 1)])
def test_docs_example_passes(text: str) -> None:
    result = run_scenario(parse_scenario(text, "docs/scenarios.md"), ReferenceAdapter())
    assert result.status == "pass", [str(f) for f in result.failures] or result.reason
