"""The reference host, :class:`ReferenceHost`: read it as the model adapter. It talks to the rules only through the
typed facade (:class:`~mtg_daynight.Game`), reports every event in order and carries out every outcome action.
A card that ``forbids`` a designation registers its effects (:class:`~mtg_daynight.effects.HostEffects`, ``source``
the permanent) before it enters."""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from mtg_daynight.facade import DayNight, Game
from mtg_daynight.reference import log
from mtg_daynight.reference.errors import HostContractError, IllegalActionError
from mtg_daynight.reference.objects import Zone
from mtg_daynight.reference.turns import Turns, turn_order_without
from mtg_daynight.rules import AbilityChange, Designation, Face, Keyword, Outcome

__all__ = ["ReferenceHost", "turn_order_without"]


class ReferenceHost(Turns):
    """One game on the reference engine: ``players`` in turn order, or ``teams`` for shared team turns (805);
    ``daynight`` default: a fresh one without entry-point plugins. Built on the parts Table, Outcomes, Zones, Turns.
    """

    def __init__(self, players: Sequence[str] = ("A", "B"), *, teams: Sequence[Sequence[str]] | None = None,
                 daynight: DayNight | None = None, game_id: str = "reference", variants: Sequence[str] = ()) -> None:
        if teams:
            groups = tuple(tuple(team) for team in teams)
            everyone = tuple(p for team in groups for p in team)
            if not all(groups):
                raise IllegalActionError("a team needs at least one player")
        else:
            everyone = tuple(players)
            groups = tuple((p,) for p in everyone)
        if not everyone:
            raise IllegalActionError("a game needs at least one player")
        if len(set(everyone)) != len(everyone):
            raise IllegalActionError(f"a player is listed twice: {', '.join(everyone)}")
        daynight = daynight if daynight is not None else DayNight(autoload=False)
        game = daynight.new_game(game_id, everyone, variants=variants)
        super().__init__(groups, shared_team_turns=bool(teams), daynight=daynight, game=game)

    def __repr__(self) -> str:
        return f"<ReferenceHost {self.game_id!r} turn {self.turn} {self.step}: {self.designation}>"

    def set_abilities(
        self, permanent: str, gained: Iterable[Keyword | str] = (), lost: Iterable[Keyword | str] = ()
    ) -> None:
        """Effects now grant ``gained`` and remove ``lost`` (the full current sets)."""
        [change] = self._abilities([(permanent, gained, lost)])
        self._report("set_abilities", {"permanent": permanent, "gained": change.gained, "lost": change.lost},
                     lambda: self._set_abilities([change]))

    def set_abilities_batch(self, changes: Sequence[AbilityChange]) -> None:
        """Effects change several permanents' keywords at the same moment: one event, the rules look once."""
        checked = self._abilities([(change.permanent, change.gained, change.lost) for change in changes])
        self._report("set_abilities_batch", {"changes": checked}, lambda: self._set_abilities(checked))

    def _abilities(self, changes: Sequence[tuple[str, Iterable[Keyword | str], Iterable[Keyword | str]]]
                   ) -> list[AbilityChange]:
        for permanent, _, _ in changes:
            self.permanent(permanent)
        return [AbilityChange(permanent, frozenset(Keyword(k) for k in gained), frozenset(Keyword(k) for k in lost))
                for permanent, gained, lost in changes]

    def _set_abilities(self, changes: list[AbilityChange]) -> None:
        for change in changes:
            obj = self.objects[change.permanent]
            obj.gained, obj.lost = change.gained, change.lost
            self._log(log.AbilitiesSet, permanent=obj.id, gained=tuple(sorted(change.gained)),
                      lost=tuple(sorted(change.lost)))

    def set_back_face(self, permanent: str, back: Face, cause: str) -> None:
        """An effect (``cause``, e.g. Werewhat) gives the permanent the back face ``back`` (712.9, 702.145c)."""
        obj = self.permanent(permanent)

        def host_side() -> None:
            obj.card = msgspec.structs.replace(obj.card, back=back)
            self._log(log.Reported, kind="set_back_face", arguments={"permanent": permanent, "back": back.name,
                                                                      "cause": cause})

        self._report("set_back_face", {"permanent": permanent, "back": back, "cause": cause}, host_side, cause)

    def add_restriction(self, permanent: str, restriction: str) -> None:
        """A "can't transform" effect named ``restriction`` starts applying to the permanent (each one counted)."""
        self._restriction(permanent, restriction, applies=True)

    def remove_restriction(self, permanent: str, restriction: str) -> None:
        """The "can't transform" effect ends (a permanent showing the wrong face transforms at once)."""
        self._restriction(permanent, restriction, applies=False)

    def _restriction(self, permanent: str, restriction: str, *, applies: bool) -> None:
        restrictions = self.permanent(permanent).restrictions

        def host_side() -> None:
            (restrictions.append if applies else restrictions.remove)(restriction)
            self._log(log.RestrictionChanged, permanent=permanent, restriction=restriction, applies=applies)

        event = "add_restriction" if applies else "remove_restriction"
        self._report(event, {"permanent": permanent, "restriction": restriction}, host_side)

    def request_transform(self, permanent: str, cause: str) -> bool:
        """Another effect (``cause``, e.g. "Moonmist") wants to transform the permanent. Returns whether it did."""
        self.permanent(permanent)
        outcome = self._report("request_transform", {"permanent": permanent, "cause": cause}, cause=cause)
        return any(t.permanent == permanent and t.rule == "701.27" for t in outcome.transforms)

    def become(self, to: Designation | Literal["day", "night", "switch"], cause: str) -> None:
        """An effect says "it becomes day", "it becomes night", or switches them (The Celestus)."""
        self._report("become", {"to": to, "cause": cause}, cause=cause)

    def stop_forbidding(self, permanent: str) -> None:
        """The permanent's "it can't become day/night" ability stops applying (``veto_ended``: 702.145d/g look)."""
        obj = self.permanent(permanent)
        if not obj.card.forbids or obj.forbids_ended:
            raise IllegalActionError(f"{permanent!r} ({obj.name}) has no \"it can't become day/night\" ability that "
                                     "applies")
        obj.forbids_ended = True
        self._stop_effects(obj.id)
        self._log(log.VetoEnded, permanent=permanent, name=obj.name)
        cause = f"{obj.name}'s \"it can't become day/night\" ability stops applying"
        self._report("veto_ended", {"cause": cause})

    def player_leaves(self, player: str) -> None:
        """``player`` leaves the game (800.4a): what they own leaves (one ``leave`` batch), control goes back to
        owners, their turns leave the turn order, then the rules are told with ``player_left``."""
        self._check_player(player)
        if len(self.players) == 1:
            raise IllegalActionError(f"{player!r} is the last player: end the game instead")
        gone = [o.id for o in self.battlefield() if o.owner == player]

        def host_side() -> None:
            for obj in list(self.objects.values()):
                if obj.owner == player:
                    if obj.zone is Zone.STACK:
                        self.stack.remove(obj.id)
                    self._remove(obj)
                    self._log(log.Left, object=obj.id, name=obj.name, to=None)
                elif obj.controller == player:
                    obj.controller = obj.owner

        if gone:
            self._report("leave", {}, host_side, each=gone)
        else:
            host_side()
        self.game.player_left(player)
        self.players = tuple(p for p in self.players if p != player)
        self.groups, self._group_index = turn_order_without(self.groups, self._group_index, player)
        self._extra_turns = [g for g in (tuple(p for p in t if p != player) for t in self._extra_turns) if g]
        self._log(log.PlayerLeft, player=player)

    def report(self, event: str, **arguments: object) -> Outcome:
        """Report the facade's event ``event`` with ``arguments`` and carry out its outcome (logged as ``Reported``);
        anything but an event with named parameters is an :class:`IllegalActionError`, nothing changed."""
        if not _named_event(event):
            raise IllegalActionError(f"report: {event!r} is not an event")
        return self._report(event, arguments, lambda: self._log(log.Reported, kind=event, arguments=dict(arguments)))

    def save_and_reload(self) -> bytes:
        """Save the rules' state and load it back under the same game id; return the saved bytes."""
        data = self.game.save()  # the host's effects are not in the save: their plugin sits out the game's end
        self.daynight.pm.unregister(self.effects)
        try:
            self.game.end()
            self.game = self.daynight.load_game(self.game_id, data)
        finally:
            self.daynight.pm.register(self.effects, name=f"reference-host-effects:{self.game_id}")
        if self.game.save() != data:
            raise HostContractError("save -> load -> save changed the bytes")
        self._log(log.Reloaded, size=len(data))
        return data

    def tap(self, permanent: str) -> None:
        """Tap the permanent (host state only: survives transforms)."""
        self.permanent(permanent).tapped = True

    def untap(self, permanent: str) -> None:
        """Untap the permanent."""
        self.permanent(permanent).tapped = False

    def add_counters(self, permanent: str, kind: str = "+1/+1", amount: int = 1) -> None:
        """Put ``amount`` counters of ``kind`` on the permanent (host state only)."""
        if amount < 1:
            raise IllegalActionError(f"add counters: amount must be at least 1, not {amount}")
        counters = self.permanent(permanent).counters
        counters[kind] = counters.get(kind, 0) + amount

    def end(self) -> None:
        """The game is over: the rules forget it and the effects plugin is unregistered."""
        self.game.end()
        self.daynight.pm.unregister(self.effects)


@functools.cache
def _named_event(name: str) -> bool:
    """Whether ``Game.<name>`` is an event (it answers an Outcome) whose parameters all have names."""
    method = getattr(Game, name, None) if not name.startswith("_") else None
    if not callable(method) or typing.get_type_hints(method).get("return") is not Outcome:
        return False
    return all(p.kind is not inspect.Parameter.VAR_POSITIONAL for p in inspect.signature(method).parameters.values())
