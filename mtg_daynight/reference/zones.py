"""Spells and zone moves of the reference host: casting, copying and resolving spells, putting permanents onto
the battlefield, moving them to a graveyard or exile and back (400.7: a new object), phasing and turning face
down or up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from mtg_daynight.errors import BadEventError
from mtg_daynight.reference import log
from mtg_daynight.reference.cards import Card
from mtg_daynight.reference.errors import IllegalActionError
from mtg_daynight.reference.objects import GameObject, Zone
from mtg_daynight.reference.outcomes import Outcomes
from mtg_daynight.rules import Side


class Zones(Outcomes):
    """The host's part for spells and zone moves."""

    # -- spells --------------------------------------------------------------------------------------------------

    def cast(self, player: str, card: Card, *, id: str | None = None) -> str:
        """``player`` casts ``card`` (counts for 731.2): on the stack front face up as ``id``; return the id."""
        self._in_turn("cast a spell")
        self._check_player(player)
        obj = GameObject(self._new_id(id), card, player, player, Zone.STACK)
        self.game.cast(player, card.front.name)
        self._add(obj)
        self.stack.append(obj.id)
        self._log(log.SpellCast, spell=obj.id, name=card.front.name, player=player, cast=True)
        return obj.id

    def copy_spell(self, player: str, spell: str, *, id: str | None = None) -> str:
        """``player`` puts a copy of ``spell`` on the stack without casting it (707.10; not counted for 731.2)."""
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
        """Resolve the top of the stack; return its id."""
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
            self._log(log.Resolved, object=obj.id, name=obj.card.front.name)  # after Entered: it became that
            return obj.id
        self.stack.pop()
        self._log(log.Resolved, object=obj.id, name=obj.name)
        self._relocate(obj, Zone.GRAVEYARD)  # a copy ceases to exist instead (704.5e)
        return obj.id

    def resolve_all(self) -> list[str]:
        """Resolve everything on the stack, top first; return the ids."""
        done = []
        while self.stack:
            done.append(self.resolve())
        return done

    # -- the battlefield ---------------------------------------------------------------------------------------

    def put_onto_battlefield(self, card: Card, controller: str, *, transformed: bool = False, face_down: bool = False,
                             token: bool = False, id: str | None = None) -> str:
        """Put ``card`` onto the battlefield without casting it; return its id."""
        ids = None if id is None else [id]
        return self.put_many([(card, controller)], transformed=transformed, face_down=face_down, token=token,
                             ids=ids)[0]

    def put_many(self, cards: Sequence[tuple[Card, str]], *, transformed: bool | Sequence[bool] = False,
                 face_down: bool = False, token: bool = False, ids: Sequence[str] | None = None) -> list[str]:
        """Put several cards onto the battlefield in one simultaneous batch (``transformed``: one flag or one per
        card); return their ids."""
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
            if flags[n] and card.back is None:
                raise IllegalActionError(f"{card.name} can't enter transformed: it has no back face")
            objs.append(GameObject(self._new_id(None if ids is None else ids[n]), card, controller, controller,
                                   Zone.EXILE, face=Side.BACK if flags[n] else Side.FRONT, token=token,
                                   face_down=face_down))
        self._enter(objs, from_stack=False)
        return [o.id for o in objs]

    def create_token_copy(
        self, of: str, controller: str | None = None, *, double_faced: bool = True, id: str | None = None
    ) -> str:
        """Create a token that copies permanent ``of`` (``double_faced=False``: only the face that is up, 707.8a);
        return its id."""
        source = self.permanent(of)
        if source.face_down:  # 708.2b: the copy would be nameless, which this host does not model
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
        """Move a permanent or spell to the graveyard or exile; return its new id (400.7), or None when a token or
        copy ceases to exist (``id``: its id there; the old one is allowed)."""
        zone = Zone(to)
        if zone not in (Zone.GRAVEYARD, Zone.EXILE):
            raise IllegalActionError(f"move {object_id!r}: can only move to the graveyard or exile, not {zone}")
        obj = self.obj(object_id)
        if id is not None and id != object_id:
            self._new_id(id)  # checked before anything changes
        if obj.zone is Zone.BATTLEFIELD:  # 702.145g: the last daybound permanent may have left while neither
            new: list[str | None] = []
            self._report("leave", {}, lambda: new.append(self._relocate(obj, zone, id=id)), each=(obj.id,))
            return new[0]
        if obj.zone is not Zone.STACK or obj.ability:
            raise IllegalActionError(f"move {object_id!r} ({obj.name}): it is in the {obj.zone}")
        self.stack.remove(obj.id)
        return self._relocate(obj, zone, id=id)

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
        """These permanents phase out by an effect (they phase in at their controller's next untap step, 502.1)."""
        self._phase(permanents, phased_out=True)  # 702.145g: the last daybound permanent phased out while neither

    def phase_in(self, *permanents: str) -> None:
        """These permanents phase in (an effect, outside the untap step)."""
        self._phase(permanents, phased_out=False)

    def _phase(self, permanents: Sequence[str], *, phased_out: bool) -> None:
        objs = [self.permanent(p) for p in permanents]

        def host_side() -> None:
            for obj in objs:
                obj.phased_out = phased_out
                self._log(log.PhasedOut if phased_out else log.PhasedIn, permanent=obj.id, name=obj.name)

        self._report("phase_out" if phased_out else "phase_in", {}, host_side, each=permanents)

    def turn_face_down(self, permanent: str) -> bool:
        """An effect turns the permanent face down (708.2) unless the rules refuse (712.16, 708.2b); return whether."""
        obj = self.permanent(permanent)
        outcome = self.game.turn_face_down(permanent)
        refused = outcome.face_down_refused
        if refused:
            self._log(log.FaceDownRefused, action=refused[0], name=obj.name)
            return False
        obj.face_down = True
        self._log(log.TurnedFaceDown, permanent=permanent)
        self._carry_out(outcome, cause="")
        return True

    def turn_face_up(self, permanent: str, face: Side | Literal["front", "back"] = Side.FRONT) -> None:
        """The face-down permanent is turned face up, front face up (712.15a; not a transform)."""
        obj = self.permanent(permanent)
        if Side(face) is not Side.FRONT:  # 712.15a: a host never turns a face-down permanent face up back face up
            raise BadEventError(f"turn face up: {permanent!r} can't be turned face up back face up: a face-down "
                                "double-faced permanent turned face up has its front face up (712.15a)")

        def host_side() -> None:
            obj.face_down, obj.face = False, Side.FRONT
            self._log(log.TurnedFaceUp, permanent=permanent, name=obj.name, face=Side.FRONT)

        self._report("turn_face_up", {"permanent": permanent}, host_side)

    def _relocate(self, obj: GameObject, zone: Zone, *, id: str | None = None) -> str | None:
        self._remove(obj)
        if obj.token or obj.copy:
            self._log(log.Left, object=obj.id, name=obj.name, to=None)
            return None
        new = GameObject(self._new_id(id), obj.card, obj.owner, obj.owner, zone)
        self._add(new)
        self._log(log.Left, object=obj.id, name=obj.name, to=zone, new_id=new.id)
        return new.id
