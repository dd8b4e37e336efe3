"""Reading a python-mtg position as the day/night rules see it, and turning a permanent's faces.

python-mtg keeps a game as a dict of relations (sets of tuples). A card instance (``"tavern_ruffian_..._3"``)
is an instance of a card slug (``instance_of``); a double-faced card also has
``transform_target(instance, back_slug)``. The printed characteristics of the instance (``printed_type``,
``printed_subtype``, ``printed_color``, ``printed_power``, ``printed_toughness``) are copied from the slug's
card facts (``card_type``, ...), and the engine derives everything else from them.

:func:`set_face` is the face change the day/night rules ask for (701.27 transform, or 702.145b entering back
face up): the SAME object shows another face, so only ``instance_of`` and the printed characteristics change.
Counters, tapped status, summoning sickness and attachments stay, unlike python-mtg's own ``_transform``
(which treats the result as a new object). Nothing here decides a rule: the outcome says what to do.

Relations are replaced with new sets, never changed in place, so states sharing a set are not affected.
"""

from __future__ import annotations

import re
from typing import Any

from mtg_daynight import Face, Permanent, Side

State = dict[str, Any]

#: printed relation of an instance -> the card relation of a slug it is copied from
_PRINTED = (
    ("printed_type", "card_type"),
    ("printed_subtype", "card_subtype"),
    ("printed_color", "card_color"),
    ("printed_power", "card_power"),
    ("printed_toughness", "card_toughness"),
)
_INSTANCE_SUFFIX = re.compile(r"_\d+$")
_COPY_SUFFIX = re.compile(r"(__copy\d+)+$")


def battlefield(state: State) -> set[str]:
    """The ids of everything on the battlefield."""
    return {row[0] for row in state.get("on_battlefield", ())}


def slug_of(state: State, obj: str) -> str | None:
    """The card slug ``obj`` is an instance of now (its front or its back face's slug)."""
    return next((s for (o, s) in state.get("instance_of", ()) if o == obj), None)


def copied_from(obj: str) -> str:
    """The card a python-mtg spell copy (``<spell id>__copy<n>``, ``mtg.driver._copy_spell``; a copy of a copy
    adds another suffix) was copied from; ``obj`` itself for anything else."""
    return _COPY_SUFFIX.sub("", obj)


def back_slug(state: State, obj: str) -> str | None:
    """The back face's slug of a double-faced card, None for anything else. A copy of a
    transforming spell has the copied spell's back face too (707.10g); python-mtg gives the copy only the
    front face's ``instance_of``, so the copied card's ``transform_target`` row is read instead."""
    own = next((b for (o, b) in state.get("transform_target", ()) if o == obj), None)
    original = copied_from(obj)
    if own is not None or original == obj:
        return own
    return next((b for (o, b) in state.get("transform_target", ()) if o == original), None)


def front_slug(state: State, obj: str) -> str | None:
    """The front face's slug: the instance's slug unless it shows its back face, in which case the engine's
    instance naming (``<front slug>_<n>``, a copy ``<front slug>_<n>__copy<m>``) gives it back."""
    slug = slug_of(state, obj)
    back = back_slug(state, obj)
    if slug is not None and slug != back:
        return slug
    return _INSTANCE_SUFFIX.sub("", copied_from(obj)) if back is not None else slug


def face_up(state: State, obj: str) -> Side:
    """The face ``obj`` shows in the engine: BACK when it is an instance of its back face's slug."""
    back = back_slug(state, obj)
    return Side.BACK if back is not None and slug_of(state, obj) == back else Side.FRONT


def _keywords(state: State, slug: str) -> set[str]:
    return {str(kw) for (s, kw) in state.get("card_keyword", ()) if s == slug}


def _types(state: State, slug: str) -> set[str]:
    return {str(t) for (s, t) in state.get("card_type", ()) if s == slug}


def faces(state: State, obj: str, namer: Any) -> tuple[Face, Face | None]:
    """The printed faces of ``obj`` with their day/night keywords.

    python-mtg records a werewolf's keywords once, on the front slug, as ``daybound_and_nightbound``
    (702.145a: daybound on the front face, nightbound on the back); a keyword naming daybound marks the front,
    one naming nightbound marks the back. ``namer`` maps a slug to its printed name (python-mtg's corpus).
    """
    front = front_slug(state, obj) or obj
    back = back_slug(state, obj)
    keywords = _keywords(state, front)
    daybound = any("daybound" in kw for kw in keywords)
    nightbound = any("nightbound" in kw for kw in keywords)
    front_name = str(namer(front)).split(" // ")[0]
    if back is None:
        return Face(front_name, daybound=daybound, nightbound=nightbound), None
    back_face = Face(
        str(namer(back)),
        nightbound=nightbound,
        instant_or_sorcery=bool(_types(state, back) & {"instant", "sorcery"}),
    )
    return Face(front_name, daybound=daybound), back_face


def controller(state: State, obj: str) -> str | None:
    """The player whose ``printed_control`` row names ``obj`` (the engine's control before effects)."""
    return next((p for (p, c) in state.get("printed_control", ()) if c == obj), None)


def describe(state: State, obj: str, namer: Any, *, as_controller: str | None = None) -> Permanent:
    """``obj`` as a :class:`~mtg_daynight.Permanent` for ``Game.enter``: faces, the face the engine gives it,
    whether it is face down, whether it is a token."""
    front, back = faces(state, obj, namer)
    owner = as_controller or controller(state, obj) or ""
    return Permanent(
        obj,
        owner,
        front,
        back,
        face=face_up(state, obj),
        face_down=(obj,) in state.get("face_down", ()),
        token=is_token(state, obj),
    )


def is_token(state: State, obj: str) -> bool:
    """Whether ``obj`` is a token: python-mtg's ``is_token`` relation (its created tokens are single-faced),
    or a copy of a permanent spell (``_is_copy``), which becomes a token as it resolves (707.10f; a copy of a
    transforming spell is a double-faced token, 707.10g)."""
    return (obj,) in state.get("is_token", ()) or (obj,) in state.get("_is_copy", ())


def put_into_graveyard(state: State, obj: str) -> None:
    """Take ``obj`` off the battlefield as though it never entered (712.13a ``DoesNotEnter``): a card goes to
    the graveyard front face up (712.8a), a token ceases to exist. Only the relations python-mtg's own entry
    adds are removed (battlefield, printed control, summoning sickness, tapped)."""
    set_face(state, obj, Side.FRONT)
    for relation in ("on_battlefield", "_sick", "tapped"):
        if (obj,) in state.get(relation, ()):
            state[relation] = {row for row in state[relation] if row != (obj,)}
    state["printed_control"] = {row for row in state.get("printed_control", ()) if row[1] != obj}
    if not is_token(state, obj):
        state["graveyard"] = set(state.get("graveyard", ())) | {(obj,)}


def set_face(state: State, obj: str, side: Side) -> bool:
    """Make ``obj`` show ``side``: re-point ``instance_of`` and re-derive its printed characteristics from that
    face's card facts. Everything else about the object stays. Returns whether anything changed."""
    back = back_slug(state, obj)
    if back is None:
        return False
    target = back if side is Side.BACK else front_slug(state, obj)
    if target is None or slug_of(state, obj) == target:
        return False
    state["instance_of"] = {(o, s) for (o, s) in state.get("instance_of", ()) if o != obj} | {(obj, target)}
    for printed, card in _PRINTED:
        values = {row[1] for row in state.get(card, ()) if row[0] == target}
        kept = {row for row in state.get(printed, ()) if row[0] != obj}
        state[printed] = kept | {(obj, v) for v in values}
    return True
