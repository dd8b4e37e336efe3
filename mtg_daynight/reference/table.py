"""The reference host's table: the game's state, its reading side, and the bookkeeping the host's parts share."""

from __future__ import annotations

import itertools

from mtg_daynight.effects import HostEffects
from mtg_daynight.facade import DayNight, Game
from mtg_daynight.reference.errors import IllegalActionError
from mtg_daynight.reference.log import Event, LogEntry
from mtg_daynight.reference.objects import GameObject, Step, Zone
from mtg_daynight.rules import Designation, TraceLine


class Table:
    """One game's state on the reference engine: ``players``, ``groups``, ``turn``, ``step``, ``active``,
    ``objects`` (by id, in every zone), ``stack`` (ids, top last), ``log``, ``game``, ``daynight``."""

    def __init__(self, groups: tuple[tuple[str, ...], ...], *, shared_team_turns: bool, daynight: DayNight,
                 game: Game) -> None:
        everyone = tuple(p for group in groups for p in group)
        self.players: tuple[str, ...] = everyone
        self.groups: tuple[tuple[str, ...], ...] = groups
        self.shared_team_turns = shared_team_turns
        self.game_id = game.id
        self.daynight = daynight
        self.game = game
        self.effects = HostEffects(daynight.pm)
        daynight.pm.register(self.effects, name=f"reference-host-effects:{game.id}")
        self.turn = 0
        self.step = Step.BEFORE_GAME
        self.active: tuple[str, ...] = ()
        self.log: list[Event] = []
        self.objects: dict[str, GameObject] = {}
        self._battlefield: dict[str, GameObject] = {}  # the permanents, in the order they entered
        #: The host's "it can't become day/night" effects by the id of their source (entering or on the battlefield).
        self.forbidding: dict[str, list[str]] = {}
        self.stack: list[str] = []
        self._ids = itertools.count(1)
        self._group_index = -1
        self._extra_turns: list[tuple[str, ...]] = []
        self._upkeep_triggers: list[tuple[GameObject, str]] = []

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

    def triggers_on_day_night(self, obj: GameObject) -> bool:
        """Whether ``obj``'s day/night-changed ability triggers (731.1a): not phased out (702.26b) nor face down
        (708.2)."""
        return bool(obj.card.day_night_trigger) and not obj.phased_out and not obj.face_down

    def check(self) -> list[str]:
        """Where the host's battlefield and the rules' permanents disagree (empty when they agree)."""
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
        """Register ``obj``'s "it can't become day/night" effects (731.1 and 702.145d/g ask them: the veto hook)."""
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

    def _in_turn(self, what: str) -> None:
        if self.turn == 0:
            raise IllegalActionError(f"can't {what} before the first turn has begun")
