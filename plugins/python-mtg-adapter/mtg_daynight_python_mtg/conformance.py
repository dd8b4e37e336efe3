"""The conformance kit's adapter for real python-mtg games: every scenario action done by python-mtg's own driver.

:class:`PythonMtgAdapter` implements :class:`mtg_daynight.scenarios.Adapter` (docs/conformance.md). Each scenario
is one python-mtg game (``mtg.Game``) with day and night attached (:func:`~mtg_daynight_python_mtg.attach`); the
adapter never reports anything to the rules itself. It calls the python-mtg functions that do the action (turns
through ``mtg.engine.env._advance_one``, casts through the steps of ``mtg.driver._cast_spell``, resolution through
``_resolve_top``, transforms through ``_transform``...), and the attached wrappers report what python-mtg did.
What it records in :meth:`~PythonMtgAdapter.seen` is what the adapter carried out in the engine
(:attr:`~mtg_daynight_python_mtg.session.Session.carried`).

What python-mtg cannot do raises :class:`~mtg_daynight.scenarios.Unsupported` with the reason, so the kit skips
the scenario: the reasons are the table "What python-mtg cannot express" in docs/engines/python-mtg.md::

    mtg-daynight conformance mtg_daynight_python_mtg.conformance:PythonMtgAdapter

Cards come from python-mtg's own card data (``mtg.bridge_to_engine.card_facts``), by their full
``"Front // Back"`` names; a card it lacks (the scenarios' fixture cards) is a skip.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import msgspec

from mtg_daynight import DayNight, Designation, Face, Keyword, Side
from mtg_daynight.errors import BadEventError
from mtg_daynight.rules import TraceLine
from mtg_daynight.scenarios import Card, CardKind, Entering, PermanentView, Seen, SeenEntered, Unsupported
from mtg_daynight_python_mtg import Attached, attach, faces
from mtg_daynight_python_mtg.compat import check_engine
from mtg_daynight_python_mtg.session import Entered

__all__ = ["CONFORMANCE_REQUIRED", "PythonMtgAdapter"]

#: The python-mtg internals this adapter calls besides those the attached wrappers need (checked by
#: :func:`~mtg_daynight_python_mtg.compat.check_engine` when a scenario starts).
CONFORMANCE_REQUIRED: dict[str, dict[str, tuple[str, ...]]] = {
    "mtg.driver": {
        "clone_state": ("state",),
        "_leave_cast_zone": ("state", "ap", "spell"),  # the steps of _cast_spell, without paying or resolving
        "_stack_push": ("state", "obj", "controller"),
        "_note_cast": ("state", "spell"),
        "_reanimate_one": ("state", "label", "ctrl", "mode"),  # put a creature card onto the battlefield
        "_put_land_in_play": ("state", "ap", "land"),
        "_apply_target_verb": ("state", "a", "kind", "verb", "payload", "tgt", "ctrl"),  # destroy / exile
        "_tap": ("state", "c"),
        "_bump_counter": ("state", "obj", "kind", "n"),
    },
    "mtg.bridge_to_engine": {
        "make_deck_state": ("decks", "seed", "hand"),
        "card_facts": ("name", "ctrl", "tid", "db", "corpus"),
        "_register_colored": ("state", "tid", "c"),
        "_mana_value": ("cost",),
        "_materialize_printed": ("state",),
    },
    "mtg.sim": {"load_db": ()},
    "mtg._corpus": {"load_cards": ()},
    "mtg._text": {"slug": ()},
    "effect_handlers": {"APPLY": ()},
}

#: the kit's counter kinds -> python-mtg's (others are the same text)
_COUNTERS = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
_KIT_COUNTERS = {engine: kit for kit, engine in _COUNTERS.items()}

#: every player's library: basic lands (drawn one a turn, never played: land drops are left to the agent)
_LIBRARY = ["Island"] * 40

_T = TypeVar("_T")

# -- the skip reasons: what python-mtg 0.1.1 cannot express ----------------------------------------------------
NO_BECOME = 'python-mtg has no "it becomes day/night" effect'
NO_TEAM_TURNS = "python-mtg has no shared team turns (805): one player is active in a turn"
NO_PHASING = "python-mtg has no phasing"
NO_PUT_TRANSFORMED = "python-mtg cannot put a card onto the battlefield transformed"
NO_PUT_OTHER = "python-mtg puts only creature and land cards onto the battlefield without casting them"
NO_TOKEN_OF_A_CARD = "python-mtg creates only its predefined tokens, never a token of a given card or permanent"
NO_FACE_DOWN = "python-mtg cannot turn a permanent face down"
NO_GRANT = "python-mtg cannot grant or remove daybound or nightbound"
NO_CANT_TRANSFORM = "python-mtg has no \"can't transform\" effects"
NO_CANT_BECOME = "python-mtg has no \"it can't become day/night\" effects"
NO_DAY_NIGHT_TRIGGERS = "python-mtg has no day/night triggers"
NO_SKIPPED_UNTAP = "python-mtg's turn loop always runs the untap step"
NO_EXTRA_BEGINNING = "python-mtg has no additional beginning phases"
NO_LEAVING = "python-mtg ends the game when a player loses: no player leaves a game that goes on (800.4a)"
NO_BACK_FACE_GIVEN = "python-mtg cannot give a permanent a back face"
NO_RETURN_FROM_EXILE = "python-mtg returns cards to the battlefield only from a graveyard"


def _quiet(call: Callable[..., _T], *args: Any) -> _T:
    """``call(*args)``, silenced: python-mtg prints a line for everything it does."""
    with contextlib.redirect_stdout(io.StringIO()):
        return call(*args)


class _CardData:
    """python-mtg's card data, loaded once per process (it takes seconds)."""

    def __init__(self) -> None:
        self._db: Any = None
        self._corpus: dict[str, Any] | None = None
        self._bases: dict[tuple[str, ...], dict[str, Any]] = {}

    def load(self) -> tuple[Any, dict[str, Any]]:
        if self._corpus is None:
            from mtg import _corpus, sim  # type: ignore[import-untyped]

            self._db = _quiet(sim.load_db)
            self._corpus = {c["name"]: c for c in _quiet(_corpus.load_cards)}
        return self._db, self._corpus

    def base_state(self, players: tuple[str, ...]) -> dict[str, Any]:
        """A fresh game state for ``players`` before turn 1's untap step: empty hands, libraries of islands."""
        from mtg import bridge_to_engine, driver

        if players not in self._bases:
            decks = {p: list(_LIBRARY) for p in players}
            state = _quiet(lambda: bridge_to_engine.make_deck_state(decks, seed=0, hand=0))
            state["_explicit_lands"] = True  # no automatic land drops: only what the scenario puts enters
            self._bases[players] = state
        return dict(driver.clone_state(self._bases[players]))


_CARDS = _CardData()


class PythonMtgAdapter:
    """Plays one scenario on a real python-mtg game (a zero-argument factory for the kit)."""

    def __init__(self, daynight: DayNight | None = None) -> None:
        self._daynight = daynight or DayNight(autoload=False)
        self._attached: Attached | None = None
        self._ids: dict[str, str] = {}  # scenario name -> python-mtg id
        self._names: dict[str, str] = {}  # python-mtg id -> scenario name
        self._owners: dict[str, str] = {}  # python-mtg id -> owner
        self._seen: list[Seen] = []
        self._converted = 0  # how much of the session's carried log _seen covers
        self._next_card = 1000  # python-mtg ids of the cards the scenario brings in: <slug>_<n>

    # -- the game -----------------------------------------------------------------------------------------------

    @property
    def attached(self) -> Attached:
        """The day/night view of the python-mtg game (after :meth:`start`)."""
        if self._attached is None:
            raise RuntimeError("the scenario has not started")
        return self._attached

    @property
    def state(self) -> dict[str, Any]:
        """The python-mtg game's live position."""
        state: dict[str, Any] = self.attached.mtg_game.state
        return state

    def _driver(self) -> Any:
        from mtg import driver

        return driver

    def _do(self, call: Callable[[], _T]) -> _T:
        """Run a python-mtg call quietly, then look at the position (reporting what entered or left)."""
        result = _quiet(call)
        self.attached.state  # noqa: B018 - a read: it reports what an unwrapped function changed
        return result

    def _id(self, name: str) -> str:
        return self._ids.get(name, name)

    def _name(self, obj: str) -> str:
        return self._names.get(obj, obj)

    def _bind(self, name: str, obj: str, owner: str | None = None) -> None:
        self._ids[name] = obj
        self._names[obj] = name
        if owner is not None:
            self._owners.setdefault(obj, owner)

    def _controller(self, obj: str) -> str:
        return faces.controller(self.state, obj) or self._owners.get(obj) or ""

    def _new_card(self, card: Card, player: str) -> str:
        """Bring ``card`` into ``player``'s hand from python-mtg's card data (as ``make_deck_state`` does)."""
        if card.day_night_trigger:
            raise Unsupported(NO_DAY_NIGHT_TRIGGERS)
        if card.forbids:
            raise Unsupported(NO_CANT_BECOME)
        if card.phasing:
            raise Unsupported(NO_PHASING)
        from mtg import bridge_to_engine
        from mtg._text import slug  # type: ignore[import-untyped]

        db, corpus = _CARDS.load()
        full = card.name
        data = corpus.get(full)
        if data is None or _engine_card(data) != _kit_card(card):
            raise Unsupported(f"python-mtg's card data has no card {full!r} with these faces")
        state = self.state
        obj = f"{slug(full)}_{self._next_card}"
        self._next_card += 1
        facts, _ = _quiet(lambda: bridge_to_engine.card_facts(full, player, obj, db, corpus))
        for relation, rows in facts.items():
            state[relation] = set(state.get(relation, ())) | set(rows)
        state["spell_type"] = set(state.get("spell_type", ())) | {(obj, t.lower()) for t in data.get("types") or []}
        mana_value = bridge_to_engine._mana_value(data.get("manaCost"))
        state["mana_cost"] = set(state.get("mana_cost", ())) | {(obj, mana_value)}
        _quiet(lambda: bridge_to_engine._register_colored(state, obj, data))
        _quiet(lambda: bridge_to_engine._materialize_printed(state))
        state["in_hand"] = set(state.get("in_hand", ())) | {(player, obj)}
        return obj

    # -- actions --------------------------------------------------------------------------------------------------

    def start(self, players: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None) -> None:
        """A python-mtg game for ``players``, sitting before turn 1's untap step, with day and night attached."""
        if teams is not None:
            raise Unsupported(NO_TEAM_TURNS)
        from mtg_daynight_python_mtg.compat import REQUIRED

        check_engine({**REQUIRED, **CONFORMANCE_REQUIRED})
        import mtg

        game = _quiet(lambda: mtg.Game.from_state(_CARDS.base_state(tuple(players))))
        self._attached = attach(game, self._daynight, game_id="scenario")

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Resolve the stack, then run python-mtg's turn loop (no attackers, no blockers) to the main step of
        turn ``turn``: its untap step is reported by the wrapped loop as python-mtg runs it."""
        from mtg.engine import env  # type: ignore[import-untyped]

        from mtg_daynight_python_mtg.session import current_step

        self._resolve_all()
        state = self.state
        state["_forced"] = {"attackers": frozenset(), "blocks": frozenset()}
        for _ in range(100):
            if current_step(state) == "precombat_main" and int(state.get("_turn") or 0) + 1 == turn:
                break
            if state.get("_loser"):
                raise RuntimeError(f"python-mtg ended the game: {state['_loser']} lost")
            _quiet(lambda: env._advance_one(state))
        else:
            raise RuntimeError(f"python-mtg's turn loop did not reach the main step of turn {turn}")
        state["_forced"] = {}
        now = str(next(iter(state["active_player"]))[0])
        if (now,) != tuple(active):
            raise Unsupported(f"python-mtg's turn order made {now} active in turn {turn}, not {'+'.join(active)}")
        self._do(lambda: None)

    def begin_turn_without_untap_step(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Unsupported."""
        raise Unsupported(NO_SKIPPED_UNTAP)

    def additional_beginning_phase(self) -> None:
        """Unsupported."""
        raise Unsupported(NO_EXTRA_BEGINNING)

    def cast(self, player: str, card: Card, name: str) -> None:
        """The steps of python-mtg's ``_cast_spell`` up to the cast triggers: it leaves the hand, goes on the
        stack, counts, and becomes cast (reported by the wrapped ``_fire_cast_triggers``). Mana is not paid."""
        obj = self._new_card(card, player)
        driver = self._driver()
        state = self.state

        def cast() -> None:
            driver._leave_cast_zone(state, player, obj)
            driver._stack_push(state, obj, player)
            driver._note_cast(state, obj)
            driver._fire_cast_triggers(state, player, obj)

        self._do(cast)
        self._bind(name, obj, player)

    def copy_spell(self, player: str, spell: str, name: str) -> None:
        """python-mtg's ``_copy_spell`` (wrapped: reported as a copy, 707.10)."""
        state = self.state
        copies = self._do(lambda: self._driver()._copy_spell(state, self._id(spell), player, 1))
        if not copies:
            raise BadEventError(f"python-mtg made no copy of {spell}")
        self._bind(name, str(copies[0]), player)

    def resolve(self) -> None:
        """python-mtg's ``_resolve_top`` (wrapped: a permanent spell is reported before it enters)."""
        state = self.state
        if not state.get("on_stack"):
            raise BadEventError("the stack is empty")
        self._do(lambda: self._driver()._resolve_top(state))

    def _resolve_all(self) -> None:
        while self.state.get("on_stack"):
            self.resolve()

    def stack_size(self) -> int:
        """Objects on python-mtg's stack."""
        return len(self.state.get("on_stack", ()))

    def put_onto_battlefield(self, cards: Sequence[Entering]) -> None:
        """Each card onto the battlefield by python-mtg's own paths: a creature from its controller's hand with
        ``_reanimate_one`` (its put-from-hand mode), a land with ``_put_land_in_play``, a face-down card by
        manifesting it (701.34) from the top of its controller's library. The rules see them enter together at
        the next look."""
        for entering in cards:
            if entering.transformed:
                raise Unsupported(NO_PUT_TRANSFORMED)
            if entering.token:
                raise Unsupported(NO_TOKEN_OF_A_CARD)
        from effect_handlers import APPLY  # type: ignore[import-untyped]

        driver = self._driver()
        state = self.state
        added = [(entering, self._new_card(entering.card, entering.controller)) for entering in cards]
        for entering, obj in added:
            types = {t for (o, t) in state.get("printed_type", ()) if o == obj}
            if not entering.face_down and "land" not in types and "creature" not in types:
                raise Unsupported(NO_PUT_OTHER)
        for entering, obj in added:
            player = entering.controller
            if entering.face_down:
                # manifest (701.34): the top card of its library onto the battlefield face down
                state["in_hand"] = set(state["in_hand"]) - {(player, obj)}
                state["in_library"] = set(state["in_library"]) | {(player, obj)}
                state["_lib_order"] = {**state["_lib_order"], player: [obj, *state["_lib_order"][player]]}
                _quiet(APPLY["manifest"], driver, state, "the scenario", 1, "controller", "the scenario", player)
            elif "land" in {t for (o, t) in state.get("printed_type", ()) if o == obj}:
                _quiet(driver._put_land_in_play, state, player, obj)
            else:
                # the only creature card in its hand: the one _reanimate_one puts onto the battlefield
                _quiet(driver._reanimate_one, state, "the scenario", player, "hand")
            if (obj,) not in state.get("on_battlefield", ()):
                raise RuntimeError(f"python-mtg did not put {entering.name} onto the battlefield")
            self._bind(entering.name, obj, player)
        self._do(lambda: None)

    def token_copy(self, of: str, controller: str | None, name: str, double_faced: bool) -> None:
        """Unsupported."""
        raise Unsupported(NO_TOKEN_OF_A_CARD)

    def leave(self, permanent: str, to: Literal["graveyard", "exile"]) -> None:
        """python-mtg's one-shot ``destroy`` (to the graveyard) or ``exile`` verb."""
        obj = self._id(permanent)
        state = self.state
        if (obj,) not in state.get("on_battlefield", ()):
            raise BadEventError(f"{permanent} is not on the battlefield")
        verb = "destroy" if to == "graveyard" else "exile"
        ctrl = self._controller(obj)
        self._do(lambda: self._driver()._apply_target_verb(state, "scenario", "effect", verb, "", obj, ctrl,
                                                           set(), {}))

    def return_to_battlefield(self, card: str, controller: str | None, transformed: bool, name: str) -> None:
        """python-mtg's reanimation (``_reanimate_one`` from the graveyard): the same card id comes back."""
        if transformed:
            raise Unsupported(NO_PUT_TRANSFORMED)
        obj = self._id(card)
        state = self.state
        if (obj,) not in state.get("graveyard", ()):
            raise Unsupported(NO_RETURN_FROM_EXILE)
        ctrl = controller or self._owners.get(obj) or self._controller(obj)
        others = {c for (c,) in state.get("graveyard", ()) if c != obj
                  and (c, "creature") in state.get("printed_type", ())}
        if others:
            raise Unsupported("python-mtg's reanimation picks the strongest creature card of all graveyards")
        self._do(lambda: self._driver()._reanimate_one(state, "the scenario", ctrl, "graveyard"))
        if (obj,) not in state.get("on_battlefield", ()):
            raise RuntimeError(f"python-mtg did not return {card} to the battlefield")
        self._bind(name, obj)

    def phase_out(self, permanents: Sequence[str]) -> None:
        """Unsupported."""
        raise Unsupported(NO_PHASING)

    def phase_in(self, permanents: Sequence[str]) -> None:
        """Unsupported."""
        raise Unsupported(NO_PHASING)

    def turn_face_down(self, permanent: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_FACE_DOWN)

    def turn_face_up(self, permanent: str, face: Side) -> None:
        """python-mtg's ``turn_face_up`` (wrapped). A face-down transforming permanent is turned face up front face
        up (712.15a): asking for its back face is refused before anything changes."""
        if face is not Side.FRONT:
            raise BadEventError("712.15a: a face-down permanent is turned face up with its front face up")
        obj = self._id(permanent)
        state = self.state
        if not self._do(lambda: self._driver().turn_face_up(state, obj)):
            raise BadEventError(f"{permanent} is not face down")

    def set_abilities(self, permanent: str, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        """Unsupported."""
        raise Unsupported(NO_GRANT)

    def set_abilities_batch(self, changes: Sequence[tuple[str, frozenset[Keyword], frozenset[Keyword]]]) -> None:
        """Unsupported."""
        raise Unsupported(NO_GRANT)

    def set_back_face(self, permanent: str, back: Face, cause: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_BACK_FACE_GIVEN)

    def add_restriction(self, permanent: str, restriction: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_CANT_TRANSFORM)

    def remove_restriction(self, permanent: str, restriction: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_CANT_TRANSFORM)

    def request_transform(self, permanent: str, cause: str) -> None:
        """python-mtg's own transform effect, ``_transform`` (wrapped: the rules are asked first)."""
        obj = self._id(permanent)
        state = self.state
        if (obj,) not in state.get("on_battlefield", ()):
            raise BadEventError(f"{permanent} is not on the battlefield")
        ctrl = self._controller(obj)
        self._do(lambda: self._driver()._transform(state, obj, ctrl))

    def become(self, to: Literal["day", "night", "switch"], cause: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_BECOME)

    def stop_forbidding(self, permanent: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_CANT_BECOME)

    def player_leaves(self, player: str) -> None:
        """Unsupported."""
        raise Unsupported(NO_LEAVING)

    def report(self, event: str, **arguments: object) -> None:
        """Unsupported: python-mtg has no event of its own for what the scenario reports."""
        raise Unsupported(f"python-mtg has nothing that is a {event!r} event")

    def save_and_load(self) -> None:
        """python-mtg's own ``Game.serialize`` and ``Game.deserialize``; :func:`attach` resumes the day/night
        state the position carries."""
        import mtg

        self._flush()
        blob = self.attached.mtg_game.serialize()
        self.attached.end()
        game = mtg.Game.deserialize(blob)
        self._attached = attach(game, self._daynight, game_id="scenario")
        self._converted = 0

    def tap(self, permanent: str) -> None:
        """python-mtg's ``_tap``."""
        obj = self._id(permanent)
        state = self.state
        self._do(lambda: self._driver()._tap(state, obj))

    def add_counters(self, permanent: str, kind: str, amount: int) -> None:
        """python-mtg's ``_bump_counter``."""
        obj = self._id(permanent)
        state = self.state
        self._do(lambda: self._driver()._bump_counter(state, obj, _COUNTERS.get(kind, kind), amount))

    def take_extra_turn(self, player: str) -> None:
        """python-mtg's ``extra_turn`` effect for ``player`` (its turn loop gives the extra turn to the active
        player only: another player's is a skip at the next turn)."""
        from effect_handlers import APPLY

        state = self.state
        self._do(lambda: APPLY["extra_turn"](self._driver(), state, "scenario", 1, "controller", "scenario",
                                             player))

    def finish(self) -> None:
        """End the game."""
        if self._attached is not None:
            self._flush()
            self._attached.end()

    # -- observing --------------------------------------------------------------------------------------------

    def designation(self) -> Designation:
        """The designation of the python-mtg game."""
        return self.attached.designation

    def view(self, permanent: str) -> PermanentView | None:
        """What python-mtg shows of the permanent: the face its ``instance_of`` points at and that face's name,
        ``tapped``, ``counter``, ``face_down`` (nothing is ever phased out: python-mtg has no phasing)."""
        obj = self._id(permanent)
        state = self.attached.mtg_game.state
        if (obj,) not in state.get("on_battlefield", ()):
            return None
        face = self.attached.face_of(obj)
        shown = str(self.attached.mtg_game.name(obj)).split(" // ")[0]
        counters = {_KIT_COUNTERS.get(str(k), str(k)): int(n) for (o, k, n) in state.get("counter", ()) if o == obj}
        return PermanentView(face, shown, (obj,) in state.get("tapped", ()), counters, False,
                             (obj,) in state.get("face_down", ()))

    def _flush(self) -> None:
        carried = self.attached.session.carried
        for record in carried[self._converted:]:
            if isinstance(record, Entered):
                self._seen.append(SeenEntered(self._name(record.permanent), record.face, record.replaced,
                                              record.face_down))
            elif hasattr(record, "permanent"):
                self._seen.append(msgspec.structs.replace(record, permanent=self._name(record.permanent)))
            else:
                self._seen.append(record)
        self._converted = len(carried)

    def seen(self) -> list[Seen]:
        """What the adapter carried out in python-mtg, renamed to the scenario's names (one growing list)."""
        self._flush()
        return self._seen

    def trace(self) -> list[TraceLine]:
        """The rules' trace."""
        return self.attached.trace


def _kit_card(card: Card) -> tuple[object, ...]:
    """What of a scenario's card python-mtg's card data must match: the faces' names, and instant or sorcery."""
    back = None if card.back is None else card.back.name
    return card.front.name, back, card.kind is not CardKind.PERMANENT


def _engine_card(data: dict[str, Any]) -> tuple[object, ...]:
    name = str(data["name"])
    front, _, back = name.partition(" // ")
    types = {str(t).lower() for t in data.get("types") or []}
    return front, back or None, bool(types & {"instant", "sorcery"})


def skip_table(results: Sequence[Any]) -> str:
    """The markdown table of why scenarios were skipped, counted (from ``run_conformance``'s results): what
    python-mtg cannot express. docs/engines/python-mtg.md holds this table as a run printed it."""
    counts: dict[str, int] = {}
    for result in results:
        if result.status == "skip":
            why = str(result.reason).partition(": ")[2] or str(result.reason)
            counts[why] = counts.get(why, 0) + 1
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = ["| scenarios | what python-mtg cannot express |", "|---:|---|"]
    lines += [f"| {count} | {why} |" for why, count in rows]
    return "\n".join(lines)


def summary(results: Sequence[Any]) -> str:
    """``68 scenarios: 11 passed, 57 skipped, 0 failed`` (errors count as failed)."""
    passed = sum(r.status == "pass" for r in results)
    skipped = sum(r.status == "skip" for r in results)
    return f"{len(results)} scenarios: {passed} passed, {skipped} skipped, {len(results) - passed - skipped} failed"


def main() -> None:
    """``python -m mtg_daynight_python_mtg.conformance``: run the scenario library through python-mtg and print
    the summary and the table of skip reasons (what docs/engines/python-mtg.md shows)."""
    from mtg_daynight.scenarios.conformance import run_conformance

    results = run_conformance(PythonMtgAdapter)
    print(summary(results))
    print()
    print(skip_table(results))


if __name__ == "__main__":
    main()
