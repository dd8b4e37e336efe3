"""Reporting an event to the rules (:meth:`Outcomes._report`, the one path) and carrying out what they decide: the
faces an entering batch takes, then every outcome action in order (docs/host-integration.md, section 5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from mtg_daynight.reference import log
from mtg_daynight.reference.errors import HostContractError, IllegalActionError
from mtg_daynight.reference.objects import GameObject, Zone
from mtg_daynight.reference.table import Table
from mtg_daynight.rules import (
    ChangeVetoed,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    Outcome,
    Permanent,
    Side,
    Transform,
    TransformRefused,
)


class Outcomes(Table):
    """The host's part that reports events to the rules and carries out what they decide."""

    def _enter(self, objs: list[GameObject], *, from_stack: bool, replacing: GameObject | None = None) -> None:
        """Ask the rules, then make ``objs`` enter together with the faces the outcome says (or not at all, 712.13a)."""
        permanents = [
            Permanent(o.id, o.controller, o.card.front, o.card.back, o.face, o.face_down, o.gained, o.lost,
                      frozenset(o.restrictions), o.token, o.card.meld)
            for o in objs
        ]
        for obj in objs:  # the veto hook sees an entering batch through the rules' state
            self._start_effects(obj)
        try:
            outcome = self.game.enter(*permanents)
        except Exception:
            for obj in objs:
                self._stop_effects(obj.id)
            raise
        entering = {o.id: o for o in objs}
        faces: dict[str, EnterFace] = {}
        not_entered: dict[str, DoesNotEnter] = {}
        rest = list(outcome.actions)
        while rest:
            action = rest[0]
            if not isinstance(action, EnterFace | DoesNotEnter):
                break
            rest.pop(0)
            if action.permanent not in entering:
                raise HostContractError(f"{type(action).__name__} for {action.permanent!r}, which is not entering")
            if isinstance(action, DoesNotEnter):
                not_entered[action.permanent] = action
            else:
                faces[action.permanent] = action
        if any(isinstance(a, EnterFace | DoesNotEnter) for a in rest):
            raise HostContractError("an EnterFace came after other actions: faces are chosen before anything happens")
        if replacing is not None:
            self._remove(replacing)
            self._log(log.Left, object=replacing.id, name=replacing.name, to=Zone.BATTLEFIELD, new_id=objs[0].id)
        for obj in objs:
            if from_stack:
                self.stack.remove(obj.id)
            refusal = not_entered.get(obj.id)
            if refusal is not None:  # 712.13a: it doesn't enter; the card goes to its owner's graveyard instead
                self._stop_effects(obj.id)
                gone = obj.token or obj.copy
                if not gone:
                    obj.zone, obj.face, obj.controller = Zone.GRAVEYARD, Side.FRONT, obj.owner
                    self._add(obj)
                self._log(log.NotEntered, action=refusal, name=obj.card.name, to=None if gone else Zone.GRAVEYARD)
                continue
            choice = faces.get(obj.id)
            if choice is not None:
                obj.face = choice.face  # 702.145b: chosen before it enters; replaced=True is NOT a transform
            obj.zone, obj.sick, obj.tapped = Zone.BATTLEFIELD, True, False
            self._add(obj)
            self._log(log.Entered, permanent=obj.id, name=obj.name, controller=obj.controller, face=obj.face,
                            transformed=bool(choice and choice.replaced), face_down=obj.face_down, token=obj.token,
                            rule=choice.rule if choice else "")
        self._carry_out(Outcome(tuple(rest), ()), cause="")

    def _report(
        self, event: str, arguments: dict[str, object], host_side: Callable[[], None] = lambda: None, cause: str = "",
        *, each: Sequence[str] = (),
    ) -> Outcome:
        """The one path to the rules: call the facade's ``event`` (``*each``, ``**arguments``), then, accepted, run
        ``host_side`` (the host's own state), then carry out the outcome (``cause``: of a 701.27 transform)."""
        method = getattr(self.game, event, None)
        if event.startswith("_") or not callable(method):
            raise IllegalActionError(f"report: the facade has no event {event!r}")
        outcome = method(*each, **arguments)
        if not isinstance(outcome, Outcome):
            raise HostContractError(f"report: {event!r} is not an event (it returned {type(outcome).__name__})")
        host_side()
        self._carry_out(outcome, cause=cause)
        return outcome

    def _carry_out(self, outcome: Outcome, *, cause: str) -> None:
        """Carry out ``outcome``'s actions in order: a day <-> night change puts the triggers on the stack (731.1a;
        in the upkeep when it happened in the untap step), a Transform turns the same object over (701.27)."""
        for action in outcome.actions:
            if isinstance(action, DesignationChange):
                self._log(log.DesignationChanged, action=action)
                if action.is_day_night_change:
                    change = f"{action.before} -> {action.after}"
                    for obj in self.battlefield():
                        if self.triggers_on_day_night(obj):
                            if action.during_untap_step:
                                self._upkeep_triggers.append((obj, change))
                            else:
                                self._put_trigger(obj, change, "now")
            elif isinstance(action, Transform):
                found = self.objects.get(action.permanent)
                if found is None or found.zone is not Zone.BATTLEFIELD:
                    raise HostContractError(f"Transform of {action.permanent!r}, which is not on the battlefield")
                obj = found
                if obj.face is action.to:
                    raise HostContractError(f"Transform of {obj.id!r} ({obj.name}) to its {action.to} face, "
                                            "which is already up")
                before = obj.name
                obj.face = action.to  # the same object: counters, tapped, sickness all stay
                why = cause if action.rule == "701.27" else (
                    "daybound" if action.rule in ("702.145b", "702.145c") else "nightbound")
                self._log(log.Transformed, action=action, before=before, after=obj.name, cause=why)
            elif isinstance(action, TransformRefused):
                obj = self.obj(action.permanent)
                self._log(log.Refused, action=action, name=obj.name, cause=cause)
            elif isinstance(action, ChangeVetoed):
                self._log(log.Vetoed, action=action)
            else:
                raise HostContractError(f"unexpected action {action!r} outside an entering batch")

    def _put_trigger(self, source: GameObject, change: str, at: Literal["upkeep", "now"]) -> None:
        ability = GameObject(self._new_id(), source.card, source.controller, source.controller, Zone.STACK,
                             face=source.face, ability=source.card.day_night_trigger)
        self._add(ability)
        self.stack.append(ability.id)
        self._log(log.TriggerPut, source=source.id, name=source.name, effect=source.card.day_night_trigger,
                        change=change, at=at)
