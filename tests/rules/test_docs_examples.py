"""The runnable examples of the contract docs do what the docs say."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight import Designation, DesignationChange, Face, Permanent
from mtg_daynight.rules import ChangeVetoed

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _block(doc: str, marker: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", (DOCS / doc).read_text(encoding="utf-8"), re.S)
    found = [block for block in blocks if marker in block]
    assert len(found) == 1, f"{doc}: {len(found)} python blocks contain {marker!r}"
    return found[0]


@pytest.mark.skipif(not DOCS.exists(), reason="docs are not in this checkout")
def test_702_145d_conformance_doc_forbid_hook_vetoes_a_batch_then_allows_day_once_its_source_phases_out() -> None:
    namespace: dict[str, Any] = {}
    exec(_block("conformance.md", "class ForbidHook"), namespace)  # the doc's own example
    daynight, hook = namespace["daynight"], namespace["hook"]
    game = daynight.new_game("game-1", ["A", "B"])
    other = daynight.new_game("game-2", ["A", "B"])
    hook.forbids["warden"] = frozenset({Designation.DAY})
    ruffian = Permanent("ruffian", "A", Face("Tavern Ruffian", daybound=True), Face("Tavern Smasher", nightbound=True))
    # The warden enters in the same batch as the daybound permanent: the hook must see it (from `state`).
    entered = game.enter(Permanent("warden", "A", Face("Fixture Dawn Warden")), ruffian)
    assert [a.after for a in entered.actions if isinstance(a, ChangeVetoed)] == [Designation.DAY]
    assert game.designation == Designation.NEITHER
    # Only its own game: the other game becomes day (702.145d).
    other.enter(Permanent("warden", "A", Face("Fixture Dawn Warden")), ruffian)
    assert other.designation == Designation.DAY
    # Phased out, the warden is treated as though it does not exist (702.26b): it becomes day at once.
    assert game.phase_out("warden").changes == (
        DesignationChange(Designation.NEITHER, Designation.DAY, "702.145d", during_untap_step=False),)
    daynight.pm.unregister(hook)
