"""The runner: scopes, counts, skips for unsupported actions, errors from the engine."""

from __future__ import annotations

from mtg_daynight.scenarios import ReferenceAdapter, parse_scenario, run_scenario

from .helpers import CHECK, HEADER


class NoCountersAdapter(ReferenceAdapter):
    """An engine that cannot put counters on permanents."""

    def add_counters(self, permanent: str, kind: str, amount: int) -> None:
        raise NotImplementedError("counters")


class BrokenAdapter(ReferenceAdapter):
    """An engine that forgets to carry out transforms (reports the face it had)."""

    def become(self, to: str, cause: str) -> None:  # type: ignore[override]
        raise RuntimeError("engine crashed")


def test_count_and_scope_action() -> None:
    text = HEADER + """
[[turn]]
actions = [
  { put = ["Tavern Ruffian", "Kessig Naturalist"], as = ["r", "n"] },
  { become = "night" },
  { expect = { events = [{ transformed = "r", count = 1 }, { transformed = "n", count = 1 }], scope = "action" } },
  { become = "day" },
  { expect = { events = [{ transformed = "r", count = 2 }], scope = "turn" } },
  { expect = { events = [{ transformed = "r", count = 3 }], scope = "game" } },
]
"""
    result = run_scenario(parse_scenario(text, "s.toml"), ReferenceAdapter())
    assert [str(f) for f in result.failures] == [
        "s.toml, turn 1, action 6 (expect): event transformed r: expected 3 x transformed r, "
        "got 2 x: transformed r to back (702.145b); transformed r to front (702.145e)"
    ]
    assert result.status == "fail" and result.checks == 4


def test_unsupported_action_skips_the_scenario() -> None:
    text = HEADER + '[[turn]]\nactions = [{ put = "Grizzly Bears", as = "b" }, { counters = "b" }]\n' + CHECK
    result = run_scenario(parse_scenario(text), NoCountersAdapter())
    assert result.status == "skip" and "counters" in result.reason


def test_engine_exception_is_an_error_not_a_crash() -> None:
    text = HEADER + '[[turn]]\nactions = [{ become = "night" }, { expect = { designation = "night" } }]\n'
    result = run_scenario(parse_scenario(text), BrokenAdapter())
    assert result.status == "error" and "engine crashed" in result.reason
    assert result.failures[0].verb == "become"


def test_absent_and_trace_checks_fail_with_details() -> None:
    text = HEADER + """
[[turn]]
actions = [
  { put = "Tavern Ruffian", as = "r" },
  { expect = { absent = [{ became = "day" }], trace = ["no such words"] } },
]
"""
    result = run_scenario(parse_scenario(text, "s.toml"), ReferenceAdapter())
    assert [f.check for f in result.failures] == ["no event became day", "trace has 'no such words'"]
    assert "became day from neither (702.145d)" in result.failures[0].actual
