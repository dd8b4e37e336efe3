"""The reference host: a small in-memory engine that carries out the day/night contract exactly.

Read it as the model adapter. It talks to the rules only through the typed facade (:class:`~mtg_daynight.Game`),
reports every event in the order it happens, and carries out every :class:`~mtg_daynight.Outcome` action in order:

1. ``EnterFace``: *before* the permanents enter, set each one's face; ``replaced=True`` means it enters
   transformed (702.145b), which is not a transform: no "transformed" event for it.
2. ``DesignationChange``: note it; for day <-> night (728.1a) put "whenever day becomes night or night becomes
   day" triggers on the stack: at the beginning of the upkeep when it happened during the untap step (no player
   gets priority there), else at once.
3. ``Transform``: turn the permanent over. The same object: counters, tapped, summoning sickness stay.
4. ``TransformRefused`` / ``ChangeVetoed``: nothing happens; logged.

The one other contact with pluggy is an effect the host itself implements: permanents whose card ``forbids`` a
designation ("it can't become night") are answered through a small ``daynight_forbid_change`` plugin the host
registers for its own game id (the contract's veto hook). It reads the rules' ``state`` it is given to know
whether the permanent is on the battlefield, phased in and face up *now*, so a veto ends by itself when its
permanent leaves, phases out or is turned face down (those events look again, 702.145d/g). When the ability
stops applying for another reason (:meth:`ReferenceHost.stop_forbidding`), the host calls ``veto_ended``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Literal

from mtg_daynight.errors import BadEventError
from mtg_daynight.facade import DayNight, Game
from mtg_daynight.hookspecs import hookimpl
from mtg_daynight.reference import log
from mtg_daynight.reference.cards import Card
from mtg_daynight.reference.errors import HostContractError, IllegalActionError
from mtg_daynight.reference.objects import GameObject, Step, Zone
from mtg_daynight.rules import (
    ChangeVetoed,
    Designation,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    GameState,
    Keyword,
    Outcome,
    Permanent,
    Side,
    TraceLine,
    Transform,
    TransformRefused,
)


def turn_order_without(
    groups: tuple[tuple[str, ...], ...], index: int, player: str
) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The turn order (players, or teams under shared team turns) once ``player`` has left the game (800.4a), and
    the new index of the place the next turn follows (``index`` in the old order: -1 before the first turn). A
    team goes on without them; a group left empty is taken out."""
    kept: list[tuple[str, ...]] = []
    place = -1
    for n, group in enumerate(groups):
        rest = tuple(p for p in group if p != player)
        if rest:
            kept.append(rest)
        if n == index:  # the next turn goes to the player (team) after this place in the order
            place = len(kept) - 1
    return tuple(kept), place


class _HostEffects:
    """The host's own static abilities that answer the veto hook ("it can't become night")."""

    def __init__(self, host: ReferenceHost) -> None:
        self._host = host

    @hookimpl
    def daynight_forbid_change(self, game: str, state: GameState, after: Designation, cause: str) -> str | None:
        """Veto ``after`` while a permanent whose card forbids it is on the battlefield, phased in and face up
        (as the rules' state says now: an entering batch counts, a permanent that just left does not)."""
        if game != self._host.game_id:
            return None
        for obj in self._host.forbidders.values():
            tracked = state.permanents.get(obj.id)
            if tracked is None or tracked.phased_out or tracked.face_down or obj.forbids_ended:
                continue
            if after in obj.card.forbids:
                return f"{obj.card.face(tracked.face).name} ({obj.id}) says it can't become {after}"
        return None


class ReferenceHost:
    """One game on the reference engine. See the package docstring for the whole API.

    ``players`` in turn order; ``teams`` (lists of players) switches to shared team turns (805): each turn
    belongs to a whole team. ``daynight``: the plugin manager wrapper to use (default: a fresh one without
    entry-point plugins, so that nothing installed changes the reference behaviour).
    """

    def __init__(
        self,
        players: Sequence[str] = ("A", "B"),
        *,
        teams: Sequence[Sequence[str]] | None = None,
        daynight: DayNight | None = None,
        game_id: str = "reference",
        variants: Sequence[str] = (),
    ) -> None:
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
        self.players: tuple[str, ...] = everyone
        self.groups: tuple[tuple[str, ...], ...] = groups
        self.shared_team_turns = bool(teams)
        self.game_id = game_id
        self.daynight = daynight if daynight is not None else DayNight(autoload=False)
        self.game: Game = self.daynight.new_game(game_id, everyone, variants=variants)
        self._effects = _HostEffects(self)
        self.daynight.pm.register(self._effects, name=f"reference-host-effects:{game_id}")
        self.turn = 0
        self.step = Step.BEFORE_GAME
        self.active: tuple[str, ...] = ()
        self.log: list[log.Event] = []
        self.objects: dict[str, GameObject] = {}
        self._battlefield: dict[str, GameObject] = {}  # the permanents, in the order they entered
        #: Objects whose card says "it can't become day/night", entering or on the battlefield.
        self.forbidders: dict[str, GameObject] = {}
        self.stack: list[str] = []
        self._ids = itertools.count(1)
        self._group_index = -1
        self._extra_turns: list[tuple[str, ...]] = []
        self._upkeep_triggers: list[tuple[GameObject, str]] = []
        self._cause = ""

    # -- reading -------------------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<ReferenceHost {self.game_id!r} turn {self.turn} {self.step}: {self.designation}>"

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

    def events(self, *kinds: type[log.LogEntry]) -> list[log.Event]:
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
                ("restrictions", frozenset(obj.restrictions), tracked.restrictions),
            ):
                if mine != theirs:
                    problems.append(f"{object_id} ({obj.name}): host {what} {mine!r}, rules {theirs!r}")
        for object_id in state.permanents.keys() - on_battlefield.keys():
            problems.append(f"the rules track {object_id} but it is not on the host's battlefield")
        return problems

    # -- turns ---------------------------------------------------------------------------------------------------

    def next_active(self) -> tuple[str, ...]:
        """Who the next turn belongs to: the most recent extra turn (500.7), else the next player or team."""
        if self._extra_turns:
            return self._extra_turns[-1]
        return self.groups[(self._group_index + 1) % len(self.groups)]

    def take_extra_turn(self, player: str) -> None:
        """``player`` (or, under shared team turns, their team) takes an extra turn after this one (500.7)."""
        self._check_player(player)
        self._extra_turns.append(self._group_of(player))

    def begin_turn(
        self, active: str | Sequence[str] | None = None, *, extra: bool = False, untap_step: bool = True
    ) -> int:
        """Begin the next turn and play it up to its main step; return its number.

        ``active``: default :meth:`next_active`. Giving it explicitly plays that player's (team's) turn; with
        ``extra=True`` the normal turn order then continues as if it had not happened. ``untap_step=False``: the
        active players skip their untap step (Stasis): no 502.1 phasing, no 502.2 check, no 502.3 untapping;
        reported with ``untap_step_skipped``.

        Anything left on the stack resolves first (every player passes). Then:

        - untap step: 502.1 phasing (the active players' phased-in permanents with phasing phase out, and their
          phased-out permanents phase in), reported with the untap step to the rules, which run the 502.2 check
          (728.2); then 502.3 the active players' permanents untap. Summoning sickness wears off for permanents
          they have controlled continuously since the turn began.
        - upkeep: day/night triggers from a change in the untap step go on the stack, then resolve.
        - main step.
        """
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
        if not untap_step:
            outcome = self.game.untap_step_skipped(turn, group)
            self.turn, self.step, self.active = turn, Step.UNTAP, group
            if not extra:
                self._group_index = self.groups.index(group)
            self._log(log.TurnBegan, active=group, extra=extra, untap_step=False)
            self._carry_out(outcome, cause="")
            for obj in self.battlefield():  # 302.6: summoning sickness still wears off; nothing untaps
                if obj.controller in group:
                    obj.sick = False
            return self._upkeep_and_main(turn)
        mine = [o for o in self.battlefield() if o.controller in group]
        phase_out = [o for o in mine if o.card.phasing and not o.phased_out]
        phase_in = [o for o in mine if o.phased_out]
        # 502.1 happened; report it with the untap step, then 502.2 is the rules' check.
        outcome = self.game.untap_step(turn, group, phased_in=[o.id for o in phase_in],
                                       phased_out=[o.id for o in phase_out])
        self.turn, self.step, self.active = turn, Step.UNTAP, group
        if not extra:
            self._group_index = self.groups.index(group)
        self._log(log.TurnBegan, active=group, extra=extra)
        for obj in phase_out:
            obj.phased_out = True
            self._log(log.PhasedOut, permanent=obj.id, name=obj.name)
        for obj in phase_in:
            obj.phased_out = False
            self._log(log.PhasedIn, permanent=obj.id, name=obj.name)
        self._carry_out(outcome, cause="")
        for obj in self.battlefield():  # 502.3 untap; 302.6 summoning sickness wears off
            if obj.controller in group and not obj.phased_out:
                obj.tapped = False
                obj.sick = False
        return self._upkeep_and_main(turn)

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

    # -- spells --------------------------------------------------------------------------------------------------

    def cast(self, player: str, card: Card, *, id: str | None = None) -> str:
        """``player`` casts ``card``: it goes on the stack front face up; return the spell's id. Counts for 728.2.

        ``id``: the id to give it (default: a new ``oN``); it keeps it when it resolves into a permanent."""
        self._in_turn("cast a spell")
        self._check_player(player)
        obj = GameObject(self._new_id(id), card, player, player, Zone.STACK)
        self.game.cast(player, card.front.name)
        self._add(obj)
        self.stack.append(obj.id)
        self._log(log.SpellCast, spell=obj.id, name=card.front.name, player=player, cast=True)
        return obj.id

    def copy_spell(self, player: str, spell: str, *, id: str | None = None) -> str:
        """``player`` puts a copy of ``spell`` (on the stack) on the stack without casting it (707.10): it does not
        count for 728.2. A copy of a permanent spell becomes a token when it resolves."""
        self._in_turn("copy a spell")
        self._check_player(player)
        original = self.obj(spell)
        if original.zone is not Zone.STACK or original.ability:
            raise IllegalActionError(f"copy: {spell!r} ({original.name}) is not a spell on the stack")
        obj = GameObject(self._new_id(id), original.card, player, player, Zone.STACK, copy=True)
        self.game.copy_spell(player, original.card.front.name)
        self._add(obj)
        self.stack.append(obj.id)
        self._log(log.SpellCast, spell=obj.id, name=original.card.front.name, player=player, cast=False)
        return obj.id

    def resolve(self) -> str:
        """Resolve the top of the stack; return its id. A permanent spell enters the battlefield (asking the rules
        for its face first); an instant or sorcery goes to the graveyard; a copy or ability ceases to exist."""
        if not self.stack:
            raise IllegalActionError("resolve: the stack is empty")
        obj = self.objects[self.stack[-1]]
        if obj.ability:
            self.stack.pop()
            self._remove(obj)
            self._log(log.Resolved, object=obj.id, name=obj.name)
            return obj.id
        if obj.card.is_permanent:
            obj.token = obj.copy  # 608.3f: a resolving copy of a permanent spell becomes a token
            self._enter([obj], from_stack=True)
            self._log_resolved(obj)
            return obj.id
        self.stack.pop()
        self._log(log.Resolved, object=obj.id, name=obj.name)
        self._relocate(obj, Zone.GRAVEYARD)  # a copy ceases to exist instead (704.5e)
        return obj.id

    def _log_resolved(self, obj: GameObject) -> None:
        # Logged after Entered: the spell resolved by becoming that permanent.
        self._log(log.Resolved, object=obj.id, name=obj.card.front.name)

    def resolve_all(self) -> list[str]:
        """Resolve everything on the stack, top first; return the ids."""
        done = []
        while self.stack:
            done.append(self.resolve())
        return done

    # -- the battlefield ---------------------------------------------------------------------------------------

    def put_onto_battlefield(
        self,
        card: Card,
        controller: str,
        *,
        transformed: bool = False,
        face_down: bool = False,
        token: bool = False,
        id: str | None = None,
    ) -> str:
        """Put ``card`` onto the battlefield without casting it (from outside the modelled zones); return its id.

        ``transformed``: an effect puts it onto the battlefield transformed; ``face_down``: manifest-like."""
        ids = None if id is None else [id]
        return self.put_many([(card, controller)], transformed=transformed, face_down=face_down, token=token,
                             ids=ids)[0]

    def put_many(
        self,
        cards: Sequence[tuple[Card, str]],
        *,
        transformed: bool | Sequence[bool] = False,
        face_down: bool = False,
        token: bool = False,
        ids: Sequence[str] | None = None,
    ) -> list[str]:
        """Put several cards onto the battlefield at the same time (one simultaneous batch); return their ids.

        ``transformed``: for all of them, or one flag per card; ``ids``: the ids to give them (default: new ``oN``
        ids)."""
        if ids is not None and (len(ids) != len(cards) or len(set(ids)) != len(ids)):
            raise IllegalActionError(f"put: {len(cards)} cards need {len(cards)} distinct ids, got {list(ids)}")
        flags = [transformed] * len(cards) if isinstance(transformed, bool) else list(transformed)
        if len(flags) != len(cards):
            raise IllegalActionError(f"put: {len(cards)} cards but {len(flags)} 'transformed' flags")
        for given in ids or ():
            self._new_id(given)
        objs = []
        for n, (card, controller) in enumerate(cards):
            self._check_player(controller)
            transformed = flags[n]
            if transformed and card.back is None:
                raise IllegalActionError(f"{card.name} can't enter transformed: it has no back face")
            face = Side.BACK if transformed else Side.FRONT
            objs.append(GameObject(self._new_id(None if ids is None else ids[n]), card, controller, controller,
                                   Zone.EXILE, face=face,
                                   token=token, face_down=face_down))
        self._enter(objs, from_stack=False)
        return [o.id for o in objs]

    def create_token_copy(
        self, of: str, controller: str | None = None, *, double_faced: bool = True, id: str | None = None
    ) -> str:
        """Create a token that copies permanent ``of``; return its id.

        ``double_faced=True`` (707.8a): a transforming token with both faces, entering with the same face up as
        the original (at night a daybound one still enters transformed). ``double_faced=False``: a single-faced
        token with only the face that is up (e.g. a copy effect that copies only that face): it keeps daybound or
        nightbound but can never transform."""
        source = self.permanent(of)
        if source.face_down:
            # 708.2b: face-down status is part of the copiable values; a copy of a face-down permanent gets its
            # face-down characteristics (no name, no abilities, so no daybound), not the card's faces. This host
            # models no nameless permanent, so it refuses rather than copy the hidden faces.
            raise IllegalActionError(
                f"token copy of {of!r}: it is face down, and a copy of a face-down permanent has no name and no "
                "abilities (708.2b: face-down status is copiable), not its card's faces; the reference host does "
                "not model that"
            )
        who = source.controller if controller is None else controller
        self._check_player(who)
        card = source.card if double_faced else source.card.single_faced(source.face)
        face = source.face if double_faced else Side.FRONT
        obj = GameObject(self._new_id(id), card, who, who, Zone.EXILE, face=face, token=True)
        self._enter([obj], from_stack=False)
        return obj.id

    def move(
        self, object_id: str, to: Zone | Literal["graveyard", "exile"], *, id: str | None = None
    ) -> str | None:
        """Move a permanent (or a spell on the stack) to the graveyard or exile; return its new id (400.7: a new
        object), or None when a token or copy ceases to exist. ``id``: the card's id in its new zone (default a
        new ``oN``; the id it had is allowed, since the old object no longer exists)."""
        zone = Zone(to)
        if zone not in (Zone.GRAVEYARD, Zone.EXILE):
            raise IllegalActionError(f"move {object_id!r}: can only move to the graveyard or exile, not {zone}")
        obj = self.obj(object_id)
        if id is not None and id != object_id:
            self._new_id(id)  # checked before anything changes
        outcome: Outcome | None = None
        if obj.zone is Zone.BATTLEFIELD:
            outcome = self.game.leave(obj.id)
        elif obj.zone is Zone.STACK and not obj.ability:
            self.stack.remove(obj.id)
        else:
            raise IllegalActionError(f"move {object_id!r} ({obj.name}): it is in the {obj.zone}")
        new = self._relocate(obj, zone, id=id)
        if outcome is not None:  # 702.145g: the last daybound permanent left while neither
            self._carry_out(outcome, cause="")
        return new

    def return_to_battlefield(
        self, object_id: str, controller: str | None = None, *, transformed: bool = False, id: str | None = None
    ) -> str:
        """Return a card from the graveyard or exile to the battlefield: a new object (400.7); return its id."""
        obj = self.obj(object_id)
        if obj.zone not in (Zone.GRAVEYARD, Zone.EXILE):
            raise IllegalActionError(f"return {object_id!r} ({obj.name}): it is in the {obj.zone}, not in a graveyard "
                                     "or exile")
        who = obj.owner if controller is None else controller
        self._check_player(who)
        if transformed and obj.card.back is None:
            raise IllegalActionError(f"{obj.card.name} can't enter transformed: it has no back face")
        new_id = id if id is not None and id == object_id else self._new_id(id)  # the card's own id may be kept
        new = GameObject(new_id, obj.card, obj.owner, who, Zone.EXILE,
                         face=Side.BACK if transformed else Side.FRONT)
        self._enter([new], from_stack=False, replacing=obj)
        return new.id

    def phase_out(self, *permanents: str) -> None:
        """These permanents phase out (an effect, outside the untap step). They phase in during their controller's
        next untap step (502.1)."""
        objs = [self.permanent(p) for p in permanents]
        outcome = self.game.phase_out(*permanents)
        for obj in objs:
            obj.phased_out = True
            self._log(log.PhasedOut, permanent=obj.id, name=obj.name)
        self._carry_out(outcome, cause="")  # 702.145g: the last daybound permanent phased out while neither

    def phase_in(self, *permanents: str) -> None:
        """These permanents phase in (an effect, outside the untap step)."""
        objs = [self.permanent(p) for p in permanents]
        outcome = self.game.phase_in(*permanents)
        for obj in objs:
            obj.phased_out = False
            self._log(log.PhasedIn, permanent=obj.id, name=obj.name)
        self._carry_out(outcome, cause="")

    def turn_face_down(self, permanent: str) -> bool:
        """An effect turns the permanent face down (708.2: no abilities). Asked first: a double-faced permanent
        (712.16) or a face-down one (708.2b) is left as it is. Returns whether it was turned face down."""
        obj = self.permanent(permanent)
        outcome = self.game.turn_face_down(permanent)
        refused = outcome.face_down_refused
        if refused:
            self._log(log.FaceDownRefused, permanent=permanent, name=obj.name, rule=refused[0].rule)
            return False
        obj.face_down = True
        self._log(log.TurnedFaceDown, permanent=permanent)
        self._carry_out(outcome, cause="")
        return True

    def turn_face_up(self, permanent: str, face: Side | Literal["front", "back"] = Side.FRONT) -> None:
        """The face-down permanent is turned face up: front face up (712.15a; the rules refuse ``"back"``).
        Turning face up is not a transform."""
        obj = self.permanent(permanent)
        if Side(face) is not Side.FRONT:  # 712.15a: a host never turns a face-down permanent face up back face up
            raise BadEventError(f"turn face up: {permanent!r} can't be turned face up back face up: a face-down "
                                "transforming double-faced permanent turned face up has its front face up (712.15a)")
        outcome = self.game.turn_face_up(permanent)
        obj.face_down, obj.face = False, Side.FRONT
        self._log(log.TurnedFaceUp, permanent=permanent, name=obj.name, face=Side.FRONT)
        self._carry_out(outcome, cause="")

    def set_abilities(
        self, permanent: str, *, gained: Iterable[Keyword | str] = (), lost: Iterable[Keyword | str] = ()
    ) -> None:
        """Effects now grant ``gained`` and remove ``lost`` (the full current sets)."""
        obj = self.permanent(permanent)
        new_gained, new_lost = frozenset(Keyword(k) for k in gained), frozenset(Keyword(k) for k in lost)
        outcome = self.game.set_abilities(permanent, gained=new_gained, lost=new_lost)
        obj.gained, obj.lost = new_gained, new_lost
        self._log(log.AbilitiesSet, permanent=permanent, gained=tuple(sorted(new_gained)),
                  lost=tuple(sorted(new_lost)))
        self._carry_out(outcome, cause="")

    def add_restriction(self, permanent: str, restriction: str) -> None:
        """A "can't transform" effect named ``restriction`` starts applying to the permanent."""
        obj = self.permanent(permanent)
        outcome = self.game.add_restriction(permanent, restriction)
        obj.restrictions.add(restriction)
        self._log(log.RestrictionChanged, permanent=permanent, restriction=restriction, applies=True)
        self._carry_out(outcome, cause="")

    def remove_restriction(self, permanent: str, restriction: str) -> None:
        """The "can't transform" effect ends (a permanent showing the wrong face transforms at once)."""
        obj = self.permanent(permanent)
        outcome = self.game.remove_restriction(permanent, restriction)
        obj.restrictions.discard(restriction)
        self._log(log.RestrictionChanged, permanent=permanent, restriction=restriction, applies=False)
        self._carry_out(outcome, cause="")

    def request_transform(self, permanent: str, cause: str) -> bool:
        """Another effect (``cause``, e.g. "Moonmist") wants to transform the permanent. Returns whether it did."""
        self.permanent(permanent)
        outcome = self.game.request_transform(permanent, cause)
        self._carry_out(outcome, cause=cause)
        return any(t.permanent == permanent and t.rule == "701.28" for t in outcome.transforms)

    def become(self, to: Designation | Literal["day", "night", "switch"], cause: str) -> None:
        """An effect says "it becomes day", "it becomes night", or switches them (The Celestus)."""
        self._carry_out(self.game.become(to, cause), cause=cause)

    def stop_forbidding(self, permanent: str) -> None:
        """The permanent's "it can't become day/night" ability stops applying (it loses its abilities): the host
        tells the rules with ``veto_ended``, so 702.145d/g look again at once."""
        obj = self.permanent(permanent)
        if not obj.card.forbids or obj.forbids_ended:
            raise IllegalActionError(f"{permanent!r} ({obj.name}) has no \"it can't become day/night\" ability that "
                                     "applies")
        obj.forbids_ended = True
        self._log(log.VetoEnded, permanent=permanent, name=obj.name)
        self._carry_out(self.game.veto_ended(f"{obj.name}'s \"it can't become day/night\" ability stops applying"),
                        cause="")

    def player_leaves(self, player: str) -> None:
        """``player`` leaves the game (800.4a): every object they own leaves the game (the permanents in one
        ``leave`` batch), control of permanents they control but do not own goes back to their owners, their
        turns are taken out of the turn order (a turn of theirs in progress goes on to its end), then the rules
        are told with ``player_left``."""
        self._check_player(player)
        if len(self.players) == 1:
            raise IllegalActionError(f"{player!r} is the last player: end the game instead")
        gone = [o for o in self.battlefield() if o.owner == player]
        outcome = self.game.leave(*(o.id for o in gone)) if gone else None
        for obj in list(self.objects.values()):
            if obj.owner == player:
                if obj.zone is Zone.STACK:
                    self.stack.remove(obj.id)
                self._remove(obj)
                self._log(log.Left, object=obj.id, name=obj.name, to=None)
            elif obj.controller == player:
                obj.controller = obj.owner
        if outcome is not None:
            self._carry_out(outcome, cause="")
        self.game.player_left(player)
        self.players = tuple(p for p in self.players if p != player)
        self.groups, self._group_index = turn_order_without(self.groups, self._group_index, player)
        self._extra_turns = [g for g in (tuple(p for p in t if p != player) for t in self._extra_turns) if g]
        self._log(log.PlayerLeft, player=player)

    def save_and_reload(self) -> bytes:
        """Save the rules' state and load it back under the same game id (what an engine that stores ``save()``
        in its positions does); the game then goes on from the loaded state. Returns the saved bytes."""
        data = self.game.save()
        self.game = self.daynight.load_game(self.game_id, data)
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
        """Put ``amount`` counters of ``kind`` on the permanent (host state only: survives transforms)."""
        if amount < 1:
            raise IllegalActionError(f"add counters: amount must be at least 1, not {amount}")
        counters = self.permanent(permanent).counters
        counters[kind] = counters.get(kind, 0) + amount

    def end(self) -> None:
        """The game is over: the rules forget it and the host's effects plugin is unregistered."""
        self.game.end()
        self.daynight.pm.unregister(self._effects)

    # -- carrying out outcomes -----------------------------------------------------------------------------------

    def _enter(self, objs: list[GameObject], *, from_stack: bool, replacing: GameObject | None = None) -> None:
        """Ask the rules, then make ``objs`` enter together with the faces the outcome says (the ones that do not
        enter after all, 712.13a, go to their owner's graveyard instead)."""
        permanents = [
            Permanent(o.id, o.controller, o.card.front, o.card.back, o.face, o.face_down, o.gained, o.lost,
                      frozenset(o.restrictions), o.token)
            for o in objs
        ]
        for obj in objs:  # the veto hook sees an entering batch through the rules' state
            if obj.card.forbids:
                self.forbidders[obj.id] = obj
        try:
            outcome = self.game.enter(*permanents)
        except Exception:
            for obj in objs:
                self.forbidders.pop(obj.id, None)
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
                self.forbidders.pop(obj.id, None)
                gone = obj.token or obj.copy
                if not gone:
                    obj.zone, obj.face, obj.controller = Zone.GRAVEYARD, Side.FRONT, obj.owner
                    self._add(obj)
                self._log(log.NotEntered, permanent=obj.id, name=obj.card.name, rule=refusal.rule,
                          to=None if gone else Zone.GRAVEYARD)
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

    def _carry_out(self, outcome: Outcome, *, cause: str) -> None:
        for action in outcome.actions:
            if isinstance(action, DesignationChange):
                self._log(log.DesignationChanged, before=action.before, after=action.after, rule=action.rule,
                          during_untap_step=action.during_untap_step)
                if action.is_day_night_change:
                    change = f"{action.before} -> {action.after}"
                    for obj in self.battlefield():
                        if obj.card.day_night_trigger and not obj.phased_out and not obj.face_down:
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
                why = cause if action.rule == "701.28" else (
                    "daybound" if action.rule in ("702.145b", "702.145c") else "nightbound")
                self._log(log.Transformed, permanent=obj.id, before=before, after=obj.name, to=action.to,
                          rule=action.rule, cause=why)
            elif isinstance(action, TransformRefused):
                obj = self.obj(action.permanent)
                self._log(log.Refused, permanent=obj.id, name=obj.name, rule=action.rule, reason=action.reason,
                          cause=cause)
            elif isinstance(action, ChangeVetoed):
                self._log(log.Vetoed, after=action.after, rule=action.rule, reason=action.reason)
            else:
                raise HostContractError(f"unexpected action {action!r} outside an entering batch")

    def _put_trigger(self, source: GameObject, change: str, at: Literal["upkeep", "now"]) -> None:
        ability = GameObject(self._new_id(), source.card, source.controller, source.controller, Zone.STACK,
                             face=source.face, ability=source.card.day_night_trigger)
        self._add(ability)
        self.stack.append(ability.id)
        self._log(log.TriggerPut, source=source.id, name=source.name, effect=source.card.day_night_trigger,
                  change=change, at=at)

    # -- helpers -------------------------------------------------------------------------------------------------

    def _relocate(self, obj: GameObject, zone: Zone, *, id: str | None = None) -> str | None:
        self._remove(obj)
        if obj.token or obj.copy:
            self._log(log.Left, object=obj.id, name=obj.name, to=None)
            return None
        new = GameObject(self._new_id(id), obj.card, obj.owner, obj.owner, zone)
        self._add(new)
        self._log(log.Left, object=obj.id, name=obj.name, to=zone, new_id=new.id)
        return new.id

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
        self.forbidders.pop(obj.id, None)

    def _log(self, kind: type[log.LogEntry], **fields: object) -> None:
        self.log.append(kind(turn=self.turn, step=self.step, **fields))  # type: ignore[arg-type]

    def _check_player(self, player: str) -> None:
        if player not in self.players:
            raise IllegalActionError(f"unknown player {player!r} (players: {', '.join(self.players)})")

    def _group_of(self, player: str) -> tuple[str, ...]:
        return next(g for g in self.groups if player in g)

    def _in_turn(self, what: str) -> None:
        if self.turn == 0:
            raise IllegalActionError(f"can't {what} before the first turn has begun")

