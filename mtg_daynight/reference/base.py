"""The reference host's state and its reading side: players, turn, step, objects, stack, log, and the
bookkeeping every other part uses (ids, adding and removing objects, logging).

The host is layered by concern, each layer a class built on the one below: :class:`HostBase` (this module),
:class:`~mtg_daynight.reference.outcomes.Outcomes` (carrying out what the rules decide),
:class:`~mtg_daynight.reference.zones.Zones` (spells and zone moves), :class:`~mtg_daynight.reference.turns.Turns`
(turn structure) and :class:`~mtg_daynight.reference.host.ReferenceHost` (effects, players, the game's end).
"""

from __future__ import annotations

import itertools

from mtg_daynight.effects import HostEffects
from mtg_daynight.facade import DayNight, Game
from mtg_daynight.reference.errors import IllegalActionError
from mtg_daynight.reference.log import Event, LogEntry
from mtg_daynight.reference.objects import GameObject, Step, Zone
from mtg_daynight.rules import Designation, TraceLine


class HostBase:
    """The host's state (set up by :class:`~mtg_daynight.reference.host.ReferenceHost`) and its reading side."""

    players: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]
    shared_team_turns: bool
    game_id: str
    daynight: DayNight
    game: Game
    effects: HostEffects
    turn: int
    step: Step
    active: tuple[str, ...]
    log: list[Event]
    objects: dict[str, GameObject]
    _battlefield: dict[str, GameObject]  # the permanents, in the order they entered
    stack: list[str]
    _ids: itertools.count[int]
    _group_index: int
    _extra_turns: list[tuple[str, ...]]
    _upkeep_triggers: list[tuple[GameObject, str]]
    forbidding: dict[str, list[str]]

    # -- reading -------------------------------------------------------------------------------------------------

    @property
    def designation(self) -> Designation:
        """Neither, day or night, as the rules say."""
        return self.game.designation

    @property
    def trace(self) -> tuple[TraceLine, ...]:
        """The rules' trace for this game (every decision with its rule)."""
        return self.game.trace

    def obj(self, object_id: str) -> GameObject:
        """The object with this id, in any zone (raises IllegalActionError if there is none)."""
        try:
            return self.objects[object_id]
        except KeyError:
            raise IllegalActionError(f"no object {object_id!r} in game {self.game_id!r}") from None

    def permanent(self, object_id: str) -> GameObject:
        """The permanent with this id (raises IllegalActionError if it is not on the battlefield)."""
        obj = self.obj(object_id)
        if obj.zone is not Zone.BATTLEFIELD:
            raise IllegalActionError(f"{object_id!r} ({obj.name}) is not on the battlefield: it is in the {obj.zone}")
        return obj

    def battlefield(self) -> list[GameObject]:
        """The permanents on the battlefield (phased out ones included), in the order they entered."""
        return list(self._battlefield.values())

    def events(self, *kinds: type[LogEntry]) -> list[Event]:
        """The log, or only its entries of the given kinds."""
        if not kinds:
            return list(self.log)
        return [e for e in self.log if isinstance(e, kinds)]

    def check(self) -> list[str]:
        """Where the host and the rules disagree (empty when they agree): every battlefield permanent must be known
        to the rules with the same face, phasing and face-down status, and nothing else may be."""
        state = self.game.state
        problems = []
        on_battlefield = {o.id: o for o in self.battlefield()}
        for object_id, obj in on_battlefield.items():
            tracked = state.permanents.get(object_id)
            if tracked is None:
                problems.append(f"{object_id} ({obj.name}) is on the battlefield but unknown to the rules")
                continue
            for what, mine, theirs in (
                ("face", obj.face, tracked.face),
                ("phased out", obj.phased_out, tracked.phased_out),
                ("face down", obj.face_down, tracked.face_down),
                ("restrictions", tuple(sorted(obj.restrictions)), tracked.restrictions),
            ):
                if mine != theirs:
                    problems.append(f"{object_id} ({obj.name}): host {what} {mine!r}, rules {theirs!r}")
        for object_id in state.permanents.keys() - on_battlefield.keys():
            problems.append(f"the rules track {object_id} but it is not on the host's battlefield")
        return problems


    # -- bookkeeping ---------------------------------------------------------------------------------------------

    def _new_id(self, given: str | None = None) -> str:
        if given is not None:
            if not given or given in self.objects:
                raise IllegalActionError(f"id {given!r} is already in use (or empty)")
            return given
        while True:
            made = f"o{next(self._ids)}"
            if made not in self.objects:
                return made

    def _add(self, obj: GameObject) -> None:
        self.objects[obj.id] = obj
        if obj.zone is Zone.BATTLEFIELD:
            self._battlefield[obj.id] = obj

    def _remove(self, obj: GameObject) -> None:
        del self.objects[obj.id]
        self._battlefield.pop(obj.id, None)
        self._stop_effects(obj.id)

    def _start_effects(self, obj: GameObject) -> None:
        """Register ``obj``'s "it can't become day/night" effects (702.145d/g and 731.1 ask them through the veto
        hook; they apply while the rules see ``obj`` on the battlefield, phased in and face up)."""
        for after in sorted(obj.card.forbids):
            effect = f"{obj.card.face(obj.face).name} ({obj.id}) says it can't become {after}"
            self.effects.add_cant_become(self.game_id, effect, after, source=obj.id)
            self.forbidding.setdefault(obj.id, []).append(effect)

    def _stop_effects(self, object_id: str) -> None:
        for effect in self.forbidding.pop(object_id, []):
            self.effects.remove_cant_become(self.game_id, effect)

    def _log(self, entry: type[LogEntry], **fields: object) -> None:
        self.log.append(entry(turn=self.turn, step=self.step, **fields))  # type: ignore[arg-type]

    def _check_player(self, player: str) -> None:
        if player not in self.players:
            raise IllegalActionError(f"unknown player {player!r} (players: {', '.join(self.players)})")

    def _group_of(self, player: str) -> tuple[str, ...]:
        return next(g for g in self.groups if player in g)

    def _in_turn(self, what: str) -> None:
        if self.turn == 0:
            raise IllegalActionError(f"can't {what} before the first turn has begun")


