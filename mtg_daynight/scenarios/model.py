"""Scenario files as data: msgspec Structs for the file, its cards and turns (the grammar: docs/scenarios.md)."""

from __future__ import annotations

from typing import Literal

import msgspec

from mtg_daynight.reference import Card, CardKind
from mtg_daynight.rules import Designation
from mtg_daynight.scenarios.actions import Action, FaceSpec
from mtg_daynight.scenarios.checks import Checks


class CardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An inline card (``[cards."Name"]``). ``front`` defaults to a plain face named after the table key."""

    front: FaceSpec | None = None
    back: FaceSpec | None = None
    kind: CardKind = CardKind.PERMANENT
    phasing: bool = False
    day_night_trigger: str = ""
    forbids: tuple[Designation, ...] = ()
    meld: bool = False
    fixture: bool = True
    note: str = ""


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ``[scenario]`` table. ``designation``: it is already day or night before turn 1 (an effect made it so
    before the game's first turn: 731.1)."""

    title: str
    players: tuple[str, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()
    rules: tuple[str, ...] = ()
    description: str = ""
    designation: Literal["day", "night"] | None = None


class Turn(msgspec.Struct, frozen=True, gc=False):
    """One ``[[turn]]``: who is active (checked), whether it is an extra turn, its actions, and ``expect``
    (checked after the actions). ``untap_step=False``: the turn begins without an untap step (Stasis)."""

    number: int
    active: tuple[str, ...]
    extra: bool
    actions: tuple[Action, ...]
    expect: Checks | None = None
    untap_step: bool = True


class Scenario(msgspec.Struct, frozen=True):
    """A parsed scenario: header, every card name it uses (resolved to a Card), and turns with their active players
    worked out. Every ``as``, ``by`` and ``controller`` left out in the file is filled in by the parser."""

    file: str
    header: Header
    groups: tuple[tuple[str, ...], ...]
    players: tuple[str, ...]
    cards: dict[str, Card]
    turns: tuple[Turn, ...]

    @property
    def title(self) -> str:
        """The scenario's title."""
        return self.header.title

    @property
    def shared_team_turns(self) -> bool:
        """Whether turns belong to teams (805)."""
        return bool(self.header.teams)
