"""Permanents as the day/night rules see them: faces, keywords, phasing, face-down status, restrictions.

Rules: 702.145a (daybound and nightbound sit on opposite faces of double-faced cards), 702.145b/e (the static
abilities they represent), 701.27 (transforming), 702.26 (phasing), 708.2 (face down).
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``), as in state.py.
import msgspec

from mtg_daynight.rules.designation import Keyword, Side


class Face(msgspec.Struct, frozen=True, omit_defaults=True):
    """One face of a card as printed: its name and whether it has daybound or nightbound.

    ``instant_or_sorcery`` marks a face a permanent can never show (701.27): a permanent whose other face is
    such a face cannot transform (Werewhat with an instant as its back face).
    """

    name: str
    daybound: bool = False
    nightbound: bool = False
    instant_or_sorcery: bool = False

    def has(self, keyword: Keyword) -> bool:
        """Whether this face is printed with ``keyword``."""
        return self.daybound if keyword is Keyword.DAYBOUND else self.nightbound


class Permanent(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a host reports about a permanent as it enters the battlefield.

    - ``id``: the host's identifier of this object; a permanent that leaves and comes back is a new object and
      may get a new id (or reuse the old one after the ``leave`` event).
    - ``front`` / ``back``: its faces; ``back`` is None for anything that is not a double-faced
      card or token (a single-faced token copy of a daybound card, for instance).
    - ``face``: the face it would enter with if day/night did not matter (front, unless an effect puts it onto
      the battlefield transformed). At night a daybound double-faced permanent enters back face up anyway
      (702.145b).
    - ``face_down``: it enters face down (morph, manifest, disguise): no abilities while face down (708.2).
    - ``gained`` / ``lost``: day/night keywords that effects grant it or take from it as it enters.
    - ``restrictions``: names of the host's "can't transform" effects that already apply to it.
    - ``token``: it is a token, not a card. A double-faced token (707.8a, 707.10g: a copy of a transforming
      permanent or spell) has both faces and can transform (712.9), but it is not "represented by a double-faced
      card", so daybound's "enters transformed" (702.145b) does not apply to it: at night it enters front face
      up and then transforms at once (702.145c), which is a real transform.
    - ``meld``: it is a meld card (or another double-faced card that is not a *transforming* double-faced card),
      with or without its ``back``: only transforming double-faced cards and tokens can transform (712.9), so it
      never transforms nor enters transformed, whatever daybound or nightbound an effect gives it; and a
      double-faced permanent can't be turned face down (712.16).
    """

    id: str
    controller: str
    front: Face
    back: Face | None = None
    face: Side = Side.FRONT
    face_down: bool = False
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    restrictions: frozenset[str] = frozenset()
    token: bool = False
    meld: bool = False

    @property
    def name(self) -> str:
        """The full name: "Front // Back" for a double-faced permanent."""
        return self.front.name if self.back is None else f"{self.front.name} // {self.back.name}"

    @property
    def represented_by_double_faced_card(self) -> bool:
        """702.145b's condition for entering transformed: a transforming double-faced card (712.9), not a token
        nor a meld card."""
        return self.back is not None and not self.token and not self.meld

    @property
    def double_faced(self) -> bool:
        """Whether it is a double-faced permanent, which can't be turned face down (712.16): it has a back face, or
        it is a meld card."""
        return self.back is not None or self.meld

    @property
    def cares_about_day_night(self) -> bool:
        """Whether any face has, or an effect grants, daybound or nightbound."""
        front, back = self.front, self.back
        return bool(self.gained or front.daybound or front.nightbound or (
            back is not None and (back.daybound or back.nightbound)))


class CardPermanent(msgspec.Struct, frozen=True, omit_defaults=True):
    """A permanent a host names by card identity only; the card data supplies its faces and keywords.

    ``card`` is a Scryfall id, an oracle id, a full name ("Front // Back") or either face's name. The other
    fields mean what they mean on :class:`Permanent`. A host that knows better (a copy, granted or lost
    abilities) reports a :class:`Permanent` with the faces itself, or uses ``gained``/``lost``.
    """

    id: str
    controller: str
    card: str
    face: Side = Side.FRONT
    face_down: bool = False
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    restrictions: frozenset[str] = frozenset()
    token: bool = False

    def with_faces(self, front: Face, back: Face | None) -> Permanent:
        """The :class:`Permanent` this becomes once the card data gave its faces."""
        return Permanent(
            self.id, self.controller, front, back, self.face, self.face_down, self.gained, self.lost,
            self.restrictions, self.token,
        )


class AbilityChange(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The day/night keywords effects now grant one permanent (``gained``) and remove from it (``lost``): the
    full current sets, as for ``set_abilities``. Several of them reported together
    (:meth:`mtg_daynight.Game.set_abilities_batch`) happen at the same moment and are evaluated once (702.145d/g).
    """

    permanent: str
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()


class CardFaces(msgspec.Struct, frozen=True):
    """What the card data knows of a card: its faces with their keywords, and whether it is a day/night card."""

    name: str
    front: Face
    back: Face | None = None
    day_night: bool = True


class _OnTheBattlefield:
    """What the rules can say of a permanent on the battlefield, from its record's fields (shared by the rules' own
    mutable :class:`Tracked` and the host's frozen :class:`PermanentView`)."""

    __slots__ = ()

    card: Permanent
    face: Side
    face_down: bool
    phased_out: bool
    gained: frozenset[Keyword]
    lost: frozenset[Keyword]
    restrictions: frozenset[str] | tuple[str, ...]

    @property
    def id(self) -> str:
        """The host's id of this permanent."""
        return self.card.id

    @property
    def up(self) -> Face:
        """The face that is up now."""
        back = self.card.back
        return back if self.face is Side.BACK and back is not None else self.card.front

    @property
    def name(self) -> str:
        """The name of the face that is up (the full name while face down, for traces only)."""
        return self.card.name if self.face_down else self.up.name

    def has(self, keyword: Keyword) -> bool:
        """Whether it has ``keyword`` now: printed on the face that is up, or granted, and not removed.

        A face-down permanent's copiable values are those of a 2/2 with no text (708.2): it has no printed
        abilities, but abilities other effects grant it still apply (708.2), so a face-down permanent granted
        daybound has daybound. A phased-out one is treated as though it does not exist (702.26b), so it has none
        for these rules.
        """
        if self.phased_out or keyword in self.lost:
            return False
        if keyword in self.gained:
            return True
        return not self.face_down and self.up.has(keyword)

    @property
    def can_transform(self) -> bool:
        """Whether turning it over is possible at all (701.27): a transforming double-faced permanent (712.9) whose
        other face is not an instant or sorcery face (712.10)."""
        back = self.card.back
        if back is None or self.card.meld:  # 712.9: a meld card is no transforming double-faced card
            return False
        other = back if self.face is Side.FRONT else self.card.front
        return not other.instant_or_sorcery

    @property
    def cares_about_day_night(self) -> bool:
        """Whether this permanent belongs in the day/night index (any face or effect gives it a keyword)."""
        return bool(self.gained) or self.card.cares_about_day_night


# gc=False: a record holds a checked Permanent (faces of strings and flags), enums and frozensets of strings, so it
# can never be part of a reference cycle; the garbage collector need not track one per permanent.
class Tracked(_OnTheBattlefield, msgspec.Struct, omit_defaults=True, gc=False):
    """The plugin's record of one permanent on the battlefield (mutable; owned by one game's state)."""

    card: Permanent
    face: Side = Side.FRONT
    face_down: bool = False
    phased_out: bool = False
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    #: one name per "can't transform" effect that applies, sorted: a name twice while two effects of that name
    #: apply (two Immerwolves), so that the permanent stays restricted until both end (701.27)
    restrictions: tuple[str, ...] = ()

    def view(self) -> "PermanentView":  # defined below
        """A frozen copy of this record, for hosts (what :meth:`mtg_daynight.Game.permanent` returns)."""
        return PermanentView(
            self.card, self.face, self.face_down, self.phased_out, self.gained, self.lost,
            frozenset(self.restrictions),
        )


class PermanentView(_OnTheBattlefield, msgspec.Struct, frozen=True, omit_defaults=True):
    """What the rules know of one permanent on the battlefield, at the moment it was asked (immutable):

    - ``card``: the permanent as it entered (its faces, controller, token status);
    - ``face``: the face that is up; ``face_down``; ``phased_out`` (702.26b);
    - ``gained`` / ``lost``: the day/night keywords effects grant or remove now;
    - ``restrictions``: the names of the host's "can't transform" effects that apply to it (a name applies
      while at least one effect of that name does).

    ``has(keyword)``, ``up``, ``name`` and ``can_transform`` answer as the rules do.
    """

    card: Permanent
    face: Side = Side.FRONT
    face_down: bool = False
    phased_out: bool = False
    gained: frozenset[Keyword] = frozenset()
    lost: frozenset[Keyword] = frozenset()
    restrictions: frozenset[str] = frozenset()
