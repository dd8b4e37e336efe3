"""What an ``expect`` checks: the designation, faces, names, permanents, the stack, events (:mod:`.patterns`) and
trace."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from mtg_daynight.rules import Designation, Side
from mtg_daynight.scenarios.patterns import EventPattern


class PermanentCheck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What to check about one permanent; every field is optional. ``on_battlefield = false``: it is gone."""

    face: Side | None = None
    name: str | None = None
    tapped: bool | None = None
    counters: dict[str, int] | None = None
    phased_out: bool | None = None
    face_down: bool | None = None
    on_battlefield: bool | None = None


Scope = Literal["turn", "action", "game"]


class ChecksInput(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An ``expect`` table as read from the file (event patterns still raw tables); see :class:`Checks`."""

    designation: Designation | None = None
    faces: dict[str, Side] = {}
    names: dict[str, str] = {}
    permanents: dict[str, PermanentCheck] = {}
    gone: tuple[str, ...] = ()
    events: tuple[dict[str, Any], ...] = ()
    absent: tuple[dict[str, Any], ...] = ()
    trace: tuple[str, ...] = ()
    scope: Scope = "turn"
    no_events: bool = False
    stack: int | None = None


class Checks(msgspec.Struct, frozen=True, gc=False):
    """The body of an ``expect``, built by the parser from :class:`ChecksInput` (each key, ``scope`` and
    ``no_events`` included: docs/scenarios.md, "Checks")."""

    designation: Designation | None = None
    faces: dict[str, Side] = {}
    names: dict[str, str] = {}
    permanents: dict[str, PermanentCheck] = {}
    gone: tuple[str, ...] = ()
    events: tuple[EventPattern, ...] = ()
    absent: tuple[EventPattern, ...] = ()
    trace: tuple[str, ...] = ()
    scope: Scope = "turn"
    no_events: bool = False
    stack: int | None = None

    @property
    def checks_something(self) -> bool:
        """Whether this ``expect`` names anything to check (``scope`` alone does not)."""
        return bool(self.designation is not None or self.faces or self.names or self.permanents or self.gone
                    or self.events or self.absent or self.trace or self.no_events or self.stack is not None)
