"""The conformance kit itself, tried on broken hosts: the reference adapter with one bug injected must fail the
library scenarios that observe that bug, in the kit's default mode (what happened) as in strict mode, while the
reference adapter passes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.reference import GameObject
from mtg_daynight.rules import Outcome
from mtg_daynight.scenarios import ReferenceAdapter, library_files
from mtg_daynight.scenarios.conformance import AdapterFactory, run_conformance

LIBRARY = {path.name: path for path in library_files()}
PLAYER_LEAVES = LIBRARY["800.4a-a-leaving-players-permanents-leave-the-rules-too.toml"]
PHASED_OUT_TRIGGER = LIBRARY["702.26b-phased-out-permanent-has-no-day-night-trigger.toml"]
FACE_DOWN_TRIGGER = LIBRARY["708.2-face-down-permanent-has-no-day-night-trigger.toml"]


class _Untold:
    """The host's game, except that it is never told of anything leaving (``leave``, ``player_left``)."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def leave(self, *permanents: str) -> Outcome:
        return Outcome()

    def player_left(self, player: str) -> Outcome:
        return Outcome()


class NeverReportsPlayerLeaving(ReferenceAdapter):
    """A host that takes a leaving player and their objects out of its own game (800.4a) but never tells
    mtg-daynight: neither the permanents leaving nor the player."""

    def player_leaves(self, player: str) -> None:
        game = self.host.game
        self.host.game = _Untold(game)  # type: ignore[assignment]
        try:
            super().player_leaves(player)
        finally:
            self.host.game = game


def _every_trigger(obj: GameObject) -> bool:
    return bool(obj.card.day_night_trigger)


class TriggersFromHiddenPermanents(ReferenceAdapter):
    """A host that puts "whenever day becomes night or night becomes day" triggers on the stack from phased-out
    (702.26b) and face-down (708.2) permanents too."""

    def start(self, players: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None) -> None:
        super().start(players, teams)
        self.host.triggers_on_day_night = _every_trigger  # type: ignore[method-assign]


def _failed(factory: AdapterFactory, files: list[Path], *, strict: bool) -> list[str]:
    return [Path(r.file).name for r in run_conformance(factory, files, strict=strict) if r.status != "pass"]


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
def test_kit_fails_a_host_that_never_reports_a_player_leaving(strict: bool) -> None:
    assert _failed(NeverReportsPlayerLeaving, [PLAYER_LEAVES], strict=strict) == [PLAYER_LEAVES.name]
    assert _failed(ReferenceAdapter, [PLAYER_LEAVES], strict=strict) == []


def test_host_that_never_reports_a_player_leaving_fails_on_what_happened() -> None:
    [result] = run_conformance(NeverReportsPlayerLeaving, [PLAYER_LEAVES])
    # The rules still see the leaving player's daybound permanent: the veto's end makes it day (702.145d).
    assert any(f.check == "designation" and (f.expected, f.actual) == ("neither", "day") for f in result.failures)


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
def test_kit_fails_a_host_that_records_triggers_from_phased_out_or_face_down_permanents(strict: bool) -> None:
    files = [PHASED_OUT_TRIGGER, FACE_DOWN_TRIGGER]
    assert _failed(TriggersFromHiddenPermanents, files, strict=strict) == [f.name for f in files]
    assert _failed(ReferenceAdapter, files, strict=strict) == []


def test_trigger_failures_name_the_hidden_permanent() -> None:
    for result in run_conformance(TriggersFromHiddenPermanents, [PHASED_OUT_TRIGGER, FACE_DOWN_TRIGGER]):
        assert [f.check for f in result.failures] and all(
            f.check == "no event trigger of watcher" for f in result.failures), result.file


PHASING_FIRST = LIBRARY["502.1-phasing-happens-before-the-check.toml"]
EFFECTS_AFTER_LOAD = LIBRARY["731.1-cant-become-night-after-save-and-load.toml"]
UPKEEP_RESOLVED = LIBRARY["731.1a-upkeep-triggers-have-resolved-when-the-turn-reaches-its-main-step.toml"]
FACE_DOWN_VIEW = LIBRARY["708.2-a-face-down-permanent-is-seen-face-down-with-its-face-tapped-and-counters.toml"]


class ReportsTheUntapStepBeforePhasing(ReferenceAdapter):
    """A host that reports the untap step (and so the 502.2 check) before 502.1's phasing, then phases the
    permanents in and out afterwards, as separate events."""

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        turns = self.host.begin_turn.__self__  # type: ignore[attr-defined]
        mine = [o for o in self.host.battlefield() if o.controller in active]
        phase_out = [o.id for o in mine if o.card.phasing and not o.phased_out]
        phase_in = [o.id for o in mine if o.phased_out]
        turns._phasing = lambda group: ([], [])
        super().begin_turn(turn, active, extra)
        if phase_out:
            self.host.phase_out(*phase_out)
        if phase_in:
            self.host.phase_in(*phase_in)


class ForgetsItsEffectsOnLoad(ReferenceAdapter):
    """A host that loads a save but never registers its "it can't become day/night" effects again."""

    def save_and_load(self) -> None:
        host = self.host
        data = host.game.save()
        host.game.end()  # every plugin drops the game: the host's effects included, and they are not in the save
        host.game = host.daynight.load_game(host.game_id, data)


class StopsBeforeTheUpkeepTriggersResolve(ReferenceAdapter):
    """A host whose begin_turn stops with the upkeep's day/night triggers still on the stack."""

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        zones = self.host.begin_turn.__self__.zones  # type: ignore[attr-defined]
        zones.resolve_all = lambda: None
        try:
            super().begin_turn(turn, active, extra)
        finally:
            del zones.resolve_all


class HidesFaceDownPermanents(ReferenceAdapter):
    """A host whose view() answers None for a face-down permanent (it has no name)."""

    def view(self, permanent: str) -> Any:
        view = super().view(permanent)
        return None if view is not None and view.face_down else view


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
@pytest.mark.parametrize(("broken", "case"), [
    (ReportsTheUntapStepBeforePhasing, PHASING_FIRST),
    (ForgetsItsEffectsOnLoad, EFFECTS_AFTER_LOAD),
    (StopsBeforeTheUpkeepTriggersResolve, UPKEEP_RESOLVED),
    (HidesFaceDownPermanents, FACE_DOWN_VIEW),
], ids=["untap-step-before-phasing", "effects-forgotten-on-load", "upkeep-triggers-left", "face-down-not-seen"])
def test_kit_fails_a_host_with_the_bug_its_case_is_for(broken: AdapterFactory, case: Path, strict: bool) -> None:
    assert _failed(broken, [case], strict=strict) == [case.name]
    assert _failed(ReferenceAdapter, [case], strict=strict) == []


def test_reporting_the_untap_step_before_phasing_fails_on_what_happened() -> None:
    [result] = run_conformance(ReportsTheUntapStepBeforePhasing, [PHASING_FIRST])
    failed = {f.check for f in result.failures}
    # The watcher was phased out when it became night (702.26b): no trigger, whenever it phased in afterwards.
    assert "event trigger of watcher at upkeep" in failed, failed
    assert "event ruffian phased in (during the untap step)" in failed, failed


def test_forgetting_the_effects_on_load_makes_it_night() -> None:
    [result] = run_conformance(ForgetsItsEffectsOnLoad, [EFFECTS_AFTER_LOAD])
    assert any(f.check == "designation" and (f.expected, f.actual) == ("day", "night") for f in result.failures)
