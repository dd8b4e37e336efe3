"""The scenario format says everything the contract can: a starting designation, turns without an untap step,
save and load, a player leaving, error_type, "no events at all", phasing and queued triggers in the trace,
messages by scenario names; and a long scenario costs linear work."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from mtg_daynight.errors import InputFileError
from mtg_daynight.rules import TraceLine
from mtg_daynight.scenarios import ReferenceAdapter, parse_scenario, run_scenario
from mtg_daynight.scenarios.adapter import Seen

from .helpers import CHECK, HEADER


def _run(text: str, adapter: ReferenceAdapter | None = None) -> object:
    return run_scenario(parse_scenario(HEADER + text, "s.toml"), adapter or ReferenceAdapter())


def test_starting_designation_before_turn_1() -> None:
    result = run_scenario(parse_scenario('[scenario]\ntitle = "t"\nplayers = ["A", "B"]\ndesignation = "night"\n'
                                         '[[turn]]\nexpect = { designation = "night" }\n'), ReferenceAdapter())
    assert result.status == "pass" and result.steps[0].label == "before turn 1: it is night"


def test_error_type_matches_the_class_or_a_base_class_and_fails_otherwise() -> None:
    result = _run("""
[[turn]]
actions = [
  { put = "Grizzly Bears", as = "b" },
  { face_up = "b", error_type = "BadEventError" },
  { face_up = "b", error_type = "DayNightError" },
  { face_up = "b", error_type = "KeyError" },
]
""")
    assert [f.check for f in result.failures] == ["error"]  # type: ignore[attr-defined]
    assert result.failures[0].action == 4 and "BadEventError" in result.failures[0].actual  # type: ignore[attr-defined]


def test_no_events_check_lists_what_happened() -> None:
    result = _run("""
[[turn]]
actions = [{ put = "Tavern Ruffian", as = "r" }, { expect = { no_events = true, scope = "action" } }]
""")
    failure = result.failures[0]  # type: ignore[attr-defined]
    assert failure.check == "no events at all" and "entered r" in failure.actual and "became day" in failure.actual


def test_turn_without_untap_step_and_its_label() -> None:
    result = _run('[[turn]]\nuntap_step = false\nexpect = { no_events = true, trace = ["without an untap step"] }\n')
    assert result.status == "pass" and result.steps[0].label == "turn 1: A (no untap step)"  # type: ignore[attr-defined]


def test_untap_step_must_be_a_boolean() -> None:
    with pytest.raises(InputFileError, match="'untap_step' must be true or false"):
        parse_scenario(HEADER + '[[turn]]\nuntap_step = "no"\n', "s.toml")


def test_leave_game_takes_the_player_out_of_the_turn_order() -> None:
    scenario = parse_scenario('[scenario]\ntitle = "t"\nplayers = ["A", "B", "C"]\n'
                              '[[turn]]\nactions = [{ leave_game = "B" }]\n[[turn]]\n[[turn]]\n' + CHECK, "s.toml")
    assert [t.active for t in scenario.turns] == [("A",), ("C",), ("A",)]


@pytest.mark.parametrize(("actions", "message"), [
    ('{ leave_game = "Z" }', "unknown player 'Z'"),
    ('{ leave_game = "B" }, { cast = "Lightning Bolt", by = "B" }', "'B' has left the game"),
    ('{ leave_game = "B" }, { leave_game = "A" }', "'A' is the last player"),
])
def test_leave_game_errors_name_the_player(actions: str, message: str) -> None:
    with pytest.raises(InputFileError, match=message):
        parse_scenario(HEADER + f"[[turn]]\nactions = [{actions}]\n", "s.toml")


def test_phasing_and_queued_upkeep_triggers_are_in_the_readable_trace() -> None:
    result = _run("""
[cards."Fixture Watcher"]
day_night_trigger = "1 damage"
phasing = true

[[turn]]
actions = [{ put = ["Fixture Watcher", "Tavern Ruffian"], as = ["w", "r"] }]

[[turn]]
expect = { designation = "night" }
""")
    lines = [line for step in result.steps for line in step.trace]  # type: ignore[attr-defined]
    assert any(line.startswith("502.4: w's day/night trigger was queued in the untap step") for line in lines)
    assert "502.1: w phases out (engine)" not in lines  # w is A's: it phases out in A's untap step, not B's
    assert result.status == "pass"  # type: ignore[attr-defined]


def test_messages_name_objects_by_scenario_names_after_zone_changes() -> None:
    result = _run("""
[[turn]]
actions = [
  { put = "Tavern Ruffian", as = "ruffian" },
  { leave = "ruffian" },
  { leave = "ruffian", error = "'ruffian'" },
  { return = "ruffian", as = "again" },
  { transform = "again", cause = "Moonmist" },
  { expect = { trace = ["Tavern Ruffian (again)"] } },
]
""")
    assert result.status == "pass", [str(f) for f in result.failures]  # type: ignore[attr-defined]
    text = "\n".join(line for step in result.steps for line in step.trace)  # type: ignore[attr-defined]
    assert "(o" not in text and "'o" not in text


class CountingAdapter(ReferenceAdapter):
    """Counts how many ``seen()`` records and trace lines the runner reads (slices it takes, lists it copies)."""

    def __init__(self) -> None:
        super().__init__()
        self.read = 0

    def seen(self) -> Sequence[Seen]:  # type: ignore[override]
        return _Counted(super().seen(), self)

    def trace(self) -> Sequence[TraceLine]:  # type: ignore[override]
        return _Counted(super().trace(), self)


class _Counted(Sequence):  # type: ignore[type-arg]
    def __init__(self, items: list, owner: CountingAdapter) -> None:  # type: ignore[type-arg]
        self.items, self.owner = items, owner

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        got = self.items[index]
        self.owner.read += len(got) if isinstance(index, slice) else 1
        return got

    def __iter__(self):  # type: ignore[no-untyped-def]
        self.owner.read += len(self.items)
        return iter(self.items)


def _long(turns: int) -> str:
    body = ('[[turn]]\nactions = [{ cast = "Lightning Bolt" }, { cast = "Tavern Ruffian" }, '
            '{ expect = { designation = "day" } }]\n')
    return HEADER + body * turns


def test_simulate_work_grows_linearly_with_the_file() -> None:
    """Not a timed test: the number of observed records and trace lines the runner reads, and the log entries the
    reference adapter converts, for N and 4N turns. Quadratic reading (the whole log copied and
    converted on every action) would make the ratio ~16."""
    work = []
    for turns in (50, 200):
        adapter = CountingAdapter()
        result = run_scenario(parse_scenario(_long(turns), "long.toml"), adapter)
        assert result.status == "pass"
        work.append(adapter.read + adapter._converted)
    assert work[1] / work[0] < 4.5, work


class OldAdapter(ReferenceAdapter):
    """An adapter written before the optional methods existed."""

    begin_turn_without_untap_step = None  # type: ignore[assignment]
    save_and_load = None  # type: ignore[assignment]


@pytest.mark.parametrize("body", [
    '[[turn]]\nuntap_step = false\n' + CHECK,
    '[[turn]]\nactions = [{ save_load = true }]\n' + CHECK,
])
def test_an_adapter_without_an_optional_method_skips_the_scenario(body: str) -> None:
    result = run_scenario(parse_scenario(HEADER + body, "s.toml"), OldAdapter())
    assert result.status == "skip" and "the adapter has no" in result.reason
