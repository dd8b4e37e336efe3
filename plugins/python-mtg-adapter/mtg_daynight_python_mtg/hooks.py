"""The python-mtg internals the adapter wraps, and why each one.

python-mtg has no event API, and one ``push`` can run through whole turns: the untap step is never a decision
point, the per-turn spell counters are reset inside ``push``, and a permanent spell has resolved before
``push`` returns. So the adapter wraps these functions (checked by :func:`~mtg_daynight_python_mtg.compat.
check_engine` first):

==============================  ==================================================================
``mtg.engine.env._advance_one``  one step of the turn loop: when the step is the untap step, report
                                 the untap step (502.2) *before* it untaps (502.3)
``mtg.driver._fire_cast_triggers``  601.2i, a spell becomes cast (hand, response, commander casts)
``mtg.driver.cast_face_down``    a morph/disguise cast (it does not go through the function above)
``mtg.driver._copy_spell``       copies put on the stack without being cast (707.10)
``mtg.driver._resolve_top``      the top of the stack resolves: ask the face a permanent spell enters
                                 with *before* it enters (702.145b is a replacement); a spell that does
                                 not enter (712.13a) goes to the graveyard instead
``mtg.driver._transform``        the engine's own transform effects: ask the rules first, for every
                                 permanent they know (702.145b/e, 701.27)
``mtg.driver.turn_face_up``      a face-down permanent is turned face up
==============================  ==================================================================

Around each of them the adapter also compares the battlefield with what the rules know, and reports what
entered or left by any other path (lands, tokens, reanimation, removal, combat deaths).

The wrappers are installed once per process, and act only on positions that carry a session (see
:mod:`~mtg_daynight_python_mtg.session`): games the adapter is not attached to run exactly as before.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mtg_daynight_python_mtg.faces import State
from mtg_daynight_python_mtg.session import Session, current_step, session_of

#: attribute set on each wrapper, so that installing twice never wraps a wrapper
_MARK = "__mtg_daynight_wrapped__"


def _around(session: Session, state: State, body: Callable[[], Any]) -> Any:
    session.restore(state)
    session.sync(state)
    result = body()
    session.sync(state)
    session.store(state)
    return result


def _advance_one(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None or state.get("_loser"):
            return original(state, *args, **kwargs)
        session.restore(state)
        session.sync(state)
        if current_step(state) == "untap":
            session.untap_step(state)
        session.store(state)
        result = original(state, *args, **kwargs)
        session.sync(state)
        session.store(state)
        return result

    return wrapper


def _fire_cast_triggers(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, caster: str, spell: str, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None:
            return original(state, caster, spell, *args, **kwargs)
        session.restore(state)
        session.sync(state)
        session.cast(state, caster, spell)
        session.store(state)
        return original(state, caster, spell, *args, **kwargs)

    return wrapper


def _cast_face_down(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, card: str, ctrl: str, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None or (ctrl, card) not in state.get("in_hand", ()):
            return original(state, card, ctrl, *args, **kwargs)

        def body() -> Any:
            session.cast(state, ctrl, card)
            return original(state, card, ctrl, *args, **kwargs)

        return _around(session, state, body)

    return wrapper


def _copy_spell(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, spell: str, controller: str, n: int = 1, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None:
            return original(state, spell, controller, n, *args, **kwargs)
        copies = original(state, spell, controller, n, *args, **kwargs)
        session.restore(state)
        session.copy(controller, spell, len(copies) if isinstance(copies, list) else n)
        session.store(state)
        return copies

    return wrapper


def _entering_spell(driver: Any, state: State) -> tuple[str, str] | None:
    """The permanent spell the next resolution will put onto the battlefield, with its controller: the same
    question ``_resolve_top`` asks the engine (so the answer comes from the evaluation cache)."""
    probe = dict(state)
    probe["all_passed"] = {("yes",)}
    out = driver.run(
        probe, ["stack_top", "resolves", "fizzles", "enters_battlefield", "enters_tapped", "enters_with_counter"]
    )
    top = next((row[0] for row in out["stack_top"]), None)
    if top is None or top in state.get("_ability_effect", {}) or (top,) in out["fizzles"]:
        return None
    if (top,) not in out["enters_battlefield"]:
        return None
    controller = state.get("_stack_info", {}).get(top) or next(iter(state["active_player"]))[0]
    return str(top), str(controller)


def _does_not_enter(driver: Any, state: State, spell: str) -> None:
    """712.13a: the resolving permanent spell does not enter (its back face, which it would enter with, is an
    instant or sorcery). It leaves the stack as python-mtg's own resolution would for a spell that does not
    become a permanent: a copy ceases to exist (707.10a), a card goes to the graveyard (exile after
    flashback, 702.34d)."""
    driver._stack_remove(state, spell)
    if (spell,) in state.get("_is_copy", ()):
        driver._discard_copy(state, spell)
    else:
        driver._to_graveyard(state, spell)


def _resolve_top(original: Callable[..., Any], driver: Any) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None:
            return original(state, *args, **kwargs)
        session.restore(state)
        session.sync(state)
        entering = _entering_spell(driver, state)
        outcome = session.enter_from_stack(state, *entering) if entering else None
        session.store(state)
        if entering is not None and outcome is not None and outcome.not_entered:
            _does_not_enter(driver, state, entering[0])
            session.sync(state)
            session.store(state)
            return None
        result = original(state, *args, **kwargs)
        session.restore(state)
        if entering is not None and outcome is not None:
            session.entered_from_stack(state, entering[0], outcome)
        session.sync(state)
        session.store(state)
        return result

    return wrapper


def _transform(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, obj: str, ctrl: str, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None:
            return original(state, obj, ctrl, *args, **kwargs)
        session.restore(state)
        session.sync(state)
        session.transform(state, obj, lambda: original(state, obj, ctrl, *args, **kwargs))
        session.sync(state)
        session.store(state)
        return None

    return wrapper


def _turn_face_up(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(state: State, card: str, *args: Any, **kwargs: Any) -> Any:
        session = session_of(state)
        if session is None:
            return original(state, card, *args, **kwargs)

        def body() -> Any:
            result = original(state, card, *args, **kwargs)
            session.turned_face_up(state, card)
            return result

        return _around(session, state, body)

    return wrapper


def install() -> None:
    """Check python-mtg's internals, then wrap them (once per process; later calls do nothing)."""
    from mtg_daynight_python_mtg.compat import check_engine

    check_engine()
    from mtg import driver  # type: ignore[import-untyped]
    from mtg.engine import env  # type: ignore[import-untyped]

    targets: list[tuple[Any, str, Callable[[Callable[..., Any]], Callable[..., Any]]]] = [
        (env, "_advance_one", _advance_one),
        (driver, "_fire_cast_triggers", _fire_cast_triggers),
        (driver, "cast_face_down", _cast_face_down),
        (driver, "_copy_spell", _copy_spell),
        (driver, "_resolve_top", lambda f: _resolve_top(f, driver)),
        (driver, "_transform", _transform),
        (driver, "turn_face_up", _turn_face_up),
    ]
    for module, name, wrap in targets:
        current = getattr(module, name)
        if getattr(current, _MARK, False):
            continue
        wrapped = wrap(current)
        setattr(wrapped, _MARK, True)
        setattr(module, name, wrapped)
