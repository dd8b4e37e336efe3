"""Every name the contract docs show being imported is importable from the place they show."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
IMPORT = re.compile(r"^from (mtg_daynight[\w.]*) import (\([^)]*\)|[^\n]+)", re.M)


def _imports(doc: str) -> list[tuple[str, str]]:
    text = (DOCS / doc).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    found = []
    for block in blocks:
        for module, names in IMPORT.findall(re.sub(r"#[^\n]*", "", block)):
            for name in names.strip("()").replace("\n", " ").split(","):
                if name.strip():
                    found.append((module, name.strip().split(" as ")[0]))
    return found


@pytest.mark.skipif(not DOCS.exists(), reason="docs are not in this checkout")
@pytest.mark.parametrize("doc", ["host-integration.md", "conformance.md", "scenarios.md"])
def test_every_name_shown_imported_in_the_docs_is_importable(doc: str) -> None:
    names = _imports(doc)
    assert names, doc
    missing = [f"{module}.{name}" for module, name in names if not hasattr(importlib.import_module(module), name)]
    assert missing == []


@pytest.mark.skipif(not DOCS.exists(), reason="docs are not in this checkout")
def test_the_contract_names_are_all_shown() -> None:
    shown = {name for _, name in _imports("host-integration.md") + _imports("conformance.md")}
    for name in ("EnterFace", "DoesNotEnter", "DesignationChange", "Transform", "TransformRefused", "ChangeVetoed",
                 "FaceDownRefused", "Keyword", "Designation", "DayNightError", "BadEventError",
                 "UnknownPermanentError", "Card", "CardKind", "SeenEntered", "SeenTrigger", "SeenPhased"):
        assert name in shown, name
