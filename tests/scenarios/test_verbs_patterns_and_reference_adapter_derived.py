"""Verbs declared as rows, patterns derived from the Seen records, the reference adapter's methods derived from the
Adapter Protocol: each plays, matches and says what its one declaration says."""

from __future__ import annotations

import inspect
from typing import Any

import msgspec
import pytest

from mtg_daynight.errors import InputFileError
from mtg_daynight.reference import ReferenceHost, log
from mtg_daynight.scenarios import Adapter, ReferenceAdapter, parse_scenario
from mtg_daynight.scenarios.patterns import PATTERNS, Pattern, _derived

from .helpers import CHECK, HEADER


class _Recorder:
    """An adapter that only records which method each action calls, with what."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, args))


def test_a_verb_row_calls_its_adapter_method_with_its_fields_and_says_its_words() -> None:
    text = HEADER + """[[turn]]
actions = [{ put = "Grizzly Bears", as = "b" }, { tap = "b" }, { counters = "b", add = 2 }, { phase_out = "b" },
           { restrict = "b" }, { face_up = "b" }, { token_copy = "b" }, { save_load = true }]
""" + CHECK
    actions = parse_scenario(text).turns[0].actions[1:]
    recorder = _Recorder()
    for action in actions:
        action.perform(recorder, {})  # type: ignore[arg-type]
    assert recorder.calls == [
        ("tap", ("b",)), ("add_counters", ("b", "+1/+1", 2)), ("phase_out", (("b",),)),
        ("add_restriction", ("b", "can't transform")), ("turn_face_up", ("b", "front")),
        ("token_copy", ("b", None, "token copy of b", True)), ("save_and_load", ()),
    ]
    assert [a.describe() for a in actions] == [
        "tap b", "put 2 +1/+1 counter(s) on b", "b phase out", "\"can't transform\" starts applying to b",
        "b is turned face up (front face)", "", "save the game and load it back",
    ]


@pytest.mark.parametrize(("action", "message"), [
    ('{ tap = "nobody" }', "unknown name 'nobody'"),
    ('{ phase_out = ["b", "nobody"] }', "unknown name 'nobody'"),
    ('{ counters = "b", add = 0 }', "'add' must be at least 1"),
    ('{ extra_turn = "Z" }', "'extra_turn': unknown player 'Z'"),
    ('{ token_copy = "b", controller = "Z" }', "'controller': unknown player 'Z'"),
    ('{ cast = "No Such Card" }', "unknown card 'No Such Card'"),
])
def test_a_fields_marker_type_says_what_parsing_checks(action: str, message: str) -> None:
    text = HEADER + f'[[turn]]\nactions = [{{ put = "Grizzly Bears", as = "b" }}, {action}]\n'
    with pytest.raises(InputFileError, match=message):
        parse_scenario(text)


class SeenTapped(msgspec.Struct, frozen=True, tag="tapped"):
    """A record no pattern row names."""

    permanent: str
    during_untap_step: bool


def test_a_seen_record_without_a_row_gets_a_pattern_from_its_tag_and_fields() -> None:
    derived = _derived(SeenTapped)
    pattern = msgspec.convert({"tapped": "x", "during_untap_step": True}, derived)
    assert isinstance(pattern, Pattern) and derived.names == "tapped"
    assert pattern.matches(SeenTapped("x", True)) and not pattern.matches(SeenTapped("x", False))  # type: ignore[arg-type]
    assert pattern.describe() == derived.of(SeenTapped("x", True)).describe() == "tapped x (during_untap_step = True)"
    assert list(PATTERNS) == ["entered", "transformed", "refused", "became", "vetoed", "trigger", "not_entered",
                              "not_face_down", "phased"]


def test_the_reference_adapter_derives_each_protocol_method_it_does_not_write() -> None:
    for name in ("tap", "phase_out", "set_back_face", "become", "add_counters"):
        method = getattr(ReferenceAdapter, name)
        assert inspect.signature(method) == inspect.signature(getattr(Adapter, name))
        assert method.__doc__ == getattr(Adapter, name).__doc__


class _HostWithoutBecome(ReferenceHost):
    become = None  # type: ignore[assignment]


def test_a_derived_method_the_host_has_no_method_for_goes_through_the_hosts_report() -> None:
    adapter = ReferenceAdapter()
    adapter._host = _HostWithoutBecome(["A", "B"])
    adapter.host.begin_turn()
    adapter.become(to="night", cause="Moonmist")
    assert adapter.host.designation == "night"
    [reported] = adapter.host.events(log.Reported)
    assert (reported.kind, reported.arguments) == ("become", {"to": "night", "cause": "Moonmist"})
