"""Turn structure of the reference host: the turn order (extra turns, 500.7; players leaving, 800.4a), the untap
step (502.1 phasing, the rules' 502.2 check, 502.3 untap) and the upkeep's queued day/night triggers (502.4)."""

from __future__ import annotations

from collections.abc import Sequence

from mtg_daynight.reference import log
from mtg_daynight.reference.errors import IllegalActionError
from mtg_daynight.reference.objects import GameObject, Step
from mtg_daynight.reference.zones import Zones


def turn_order_without(
    groups: tuple[tuple[str, ...], ...], index: int, player: str
) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The turn order once ``player`` has left (800.4a; an empty group is taken out), and the new index of the
    place the next turn follows (``index`` in the old order: -1 before the first turn)."""
    kept: list[tuple[str, ...]] = []
    place = -1
    for n, group in enumerate(groups):
        rest = tuple(p for p in group if p != player)
        if rest:
            kept.append(rest)
        if n == index:  # the next turn goes to the player (team) after this place in the order
            place = len(kept) - 1
    return tuple(kept), place


class Turns(Zones):
    """The host's part for turn structure."""

    def next_active(self) -> tuple[str, ...]:
        """Who the next turn belongs to: the most recent extra turn (500.7), else the next player or team."""
        if self._extra_turns:
            return self._extra_turns[-1]
        return self.groups[(self._group_index + 1) % len(self.groups)]

    def take_extra_turn(self, player: str) -> None:
        """``player`` (or, under shared team turns, their team) takes an extra turn after this one (500.7)."""
        self._check_player(player)
        self._extra_turns.append(next(g for g in self.groups if player in g))

    def begin_turn(
        self, active: str | Sequence[str] | None = None, *, extra: bool = False, untap_step: bool = True
    ) -> int:
        """Resolve the stack, then play the next turn (``active``: default :meth:`next_active`; ``extra=True``: the
        turn order then goes on as if it had not happened) up to its main step; return its number: the untap step
        (502.1 phasing, the rules' 502.2 check of 731.2, 502.3; ``untap_step=False``: none), then the upkeep."""
        if active is None:
            group = self.next_active()
            if self._extra_turns:
                self._extra_turns.pop()
                extra = True
        else:
            group = (active,) if isinstance(active, str) else tuple(active)
            for player in group:
                self._check_player(player)
            if group not in self.groups:
                raise IllegalActionError(f"{'+'.join(group)} is not a player or team that takes turns "
                                         f"(turn order: {', '.join('+'.join(g) for g in self.groups)})")
        self.resolve_all()
        turn = self.turn + 1
        phase_out, phase_in = self._phasing(group) if untap_step else ([], [])

        def host_side() -> None:
            self.turn, self.step, self.active = turn, Step.UNTAP, group
            if not extra:
                self._group_index = self.groups.index(group)
            self._log(log.TurnBegan, active=group, extra=extra, untap_step=untap_step)
            self._phase_carried_out(phase_out, phase_in)

        if untap_step:  # 502.1 happened; report it with the untap step, then 502.2 is the rules' check
            self._report("untap_step", {"turn": turn, "active": group, "phased_in": [o.id for o in phase_in],
                                        "phased_out": [o.id for o in phase_out]}, host_side)
        else:
            self._report("untap_step_skipped", {"turn": turn, "active": group}, host_side)
        self._untap(group, untapping=untap_step)
        return self._upkeep_and_main(turn)

    def additional_beginning_phase(self) -> int:
        """An additional beginning phase in this turn (500.8), played as :meth:`begin_turn` plays one but reported
        with ``additional_untap_step``, up to the main step again; returns the turn's number."""
        self._in_turn("begin an additional beginning phase")
        self.resolve_all()
        group = self.active
        phase_out, phase_in = self._phasing(group)
        arguments: dict[str, object] = {"turn": self.turn, "phased_in": [o.id for o in phase_in],
                                        "phased_out": [o.id for o in phase_out]}

        def host_side() -> None:
            self.step = Step.UNTAP
            self._log(log.Reported, kind="additional_untap_step", arguments=dict(arguments))
            self._phase_carried_out(phase_out, phase_in)

        self._report("additional_untap_step", arguments, host_side)
        self._untap(group, untapping=True)
        return self._upkeep_and_main(self.turn)

    def _phasing(self, group: tuple[str, ...]) -> tuple[list[GameObject], list[GameObject]]:
        """502.1: the active players' phased-in permanents with phasing phase out, their phased-out ones phase in."""
        mine = [o for o in self.battlefield() if o.controller in group]
        return [o for o in mine if o.card.phasing and not o.phased_out], [o for o in mine if o.phased_out]

    def _phase_carried_out(self, phase_out: list[GameObject], phase_in: list[GameObject]) -> None:
        for obj in phase_out:
            obj.phased_out = True
            self._log(log.PhasedOut, permanent=obj.id, name=obj.name)
        for obj in phase_in:
            obj.phased_out = False
            self._log(log.PhasedIn, permanent=obj.id, name=obj.name)

    def _untap(self, group: tuple[str, ...], *, untapping: bool) -> None:
        """502.3: the active players' permanents untap (if ``untapping``); 302.6: summoning sickness wears off."""
        for obj in self.battlefield():
            if obj.controller in group and not (untapping and obj.phased_out):
                if untapping:
                    obj.tapped = False
                obj.sick = False

    def _upkeep_and_main(self, turn: int) -> int:
        self.step = Step.UPKEEP
        self._log(log.StepBegan)
        pending, self._upkeep_triggers = self._upkeep_triggers, []
        for source, change in pending:
            self._put_trigger(source, change, "upkeep")
        self.resolve_all()
        self.step = Step.MAIN
        self._log(log.StepBegan)
        return turn
