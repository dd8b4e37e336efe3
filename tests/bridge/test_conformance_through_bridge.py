"""The conformance kit through the bridge: the reference host talks to a ``mtg-daynight serve`` child process
only through JSON, and the whole scenario library must pass, every scenario a game of the same server."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight.scenarios.conformance import check_scenario, conformance_cases
from tests.bridge.client import BridgeClient
from tests.bridge.remote_host import bridge_adapter_factory


@pytest.mark.parametrize("path", conformance_cases(), ids=lambda p: p.stem)
def test_scenario_library_passes_through_the_bridge(path: Path, child: BridgeClient) -> None:
    result = check_scenario(path, bridge_adapter_factory(child))
    assert result.status == "pass"
