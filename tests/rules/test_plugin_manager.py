"""The plugin manager: check_pending, entry-point autoloading and its switch, hook-call tracing."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_daynight import DayNight, Designation
from mtg_daynight.manager import AUTOLOAD_ENV, ENTRY_POINT_GROUP, TRACE_ENV, plugin_manager

from .cards import werewolf

FAKE_PLUGIN = '''
"""A plugin installed only for this test (a fake distribution on sys.path)."""
from mtg_daynight.hookspecs import hookimpl


@hookimpl
def daynight_forbid_change(game, state, after, cause):
    return "the autoloaded test plugin forbids every change"
'''


def test_check_pending_passes_for_a_fresh_manager() -> None:
    pm = plugin_manager(autoload=False)
    pm.check_pending()  # raises PluginValidationError on an unknown hook
    assert pm.get_plugin("daynight-rules") is not None
    assert DayNight(autoload=False).pm.hook.daynight_untap_step.spec is not None


@pytest.fixture
def fake_distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A distribution with an entry point in the ``mtg_daynight`` group, visible to importlib.metadata."""
    (tmp_path / "fake_daynight_test_plugin.py").write_text(FAKE_PLUGIN)
    dist = tmp_path / "fake_daynight_test_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-daynight-test-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nfake-test = fake_daynight_test_plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "fake-test"


def test_entry_point_plugins_are_autoloaded_by_default(fake_distribution: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    dn = DayNight()
    assert dn.pm.get_plugin(fake_distribution) is not None
    g = dn.new_game("g1", ["P1"])
    assert g.become("day", "effect").vetoed  # the plugin really answers
    assert g.designation is Designation.NEITHER


@pytest.mark.parametrize("value", ["1", "true", "yes"])
def test_entry_point_autoload_switched_off_by_the_environment(
    fake_distribution: str, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, value)
    dn = DayNight()
    assert dn.pm.get_plugin(fake_distribution) is None
    assert dn.new_game("g1", ["P1"]).become("day", "effect").changes[0].after is Designation.DAY


def test_entry_point_autoload_switched_off_by_the_argument(
    fake_distribution: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    assert DayNight(autoload=False).pm.get_plugin(fake_distribution) is None


def test_env_var_0_keeps_autoloading_on(fake_distribution: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, "0")
    assert DayNight().pm.get_plugin(fake_distribution) is not None


def test_trace_env_var_traces_hook_calls(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(TRACE_ENV, "1")
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    g.enter(werewolf("w1"))
    err = capsys.readouterr().err
    assert "mtg-daynight trace:" in err
    assert "daynight_untap_step" in err and "daynight_enter" in err
    assert "702.145d" in err  # the results (outcomes) are traced too


def test_no_hook_trace_without_the_env_var(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(TRACE_ENV, raising=False)
    g = DayNight(autoload=False).new_game("g1", ["P1", "P2"])
    g.untap_step(1, "P1")
    assert "mtg-daynight trace:" not in capsys.readouterr().err
