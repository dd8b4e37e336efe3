"""One python-mtg game's link to the day/night rules: report what happened, carry out what the rules decide.

A :class:`Session` holds the :class:`mtg_daynight.Game` of one python-mtg game. The engine's positions are
plain dicts that python-mtg clones on every move (``push`` keeps the old one for ``pop``), so the rules' state
travels *inside* each position, as the JSON snapshot under :data:`SNAPSHOT_KEY`: before reporting anything
for a position the session loads that position's snapshot if it is not the one it holds, and afterwards it
stores the new snapshot in the position. ``pop``, ``copy``, ``branch`` and search therefore see the day/night
state that belongs to the position they are in, not the last one played.

The session never decides a rule. It reports events (untap step, spell cast, enter, leave, transform requests)
through the facade, and carries out the outcome's actions with :func:`~mtg_daynight_python_mtg.faces.set_face`.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from mtg_daynight import DayNight, Game, Outcome, Side
from mtg_daynight.rules import (
    ChangeVetoed,
    Designation,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    FaceDownRefused,
    GameState,
    Transform,
    TransformRefused,
)
from mtg_daynight.rules.saves import decode_state
from mtg_daynight_python_mtg import faces
from mtg_daynight_python_mtg.faces import State

#: Position key holding the :class:`Session` (shared by every position of the game's lineage).
SESSION_KEY = "_daynight"
#: Position key holding the rules' state for that position (JSON text, so python-mtg's serialize keeps it).
SNAPSHOT_KEY = "_daynight_state"
#: Position key holding the day/night game id (kept by serialize, used to re-attach a deserialized game).
GAME_ID_KEY = "_daynight_game"


class Reported(msgspec.Struct, frozen=True):
    """One event the adapter reported, in the order it reported them: for watching a game turn by turn.

    ``turn`` is the day/night turn number (python-mtg's ``_turn`` + 1), ``event`` a short description.
    """

    turn: int
    event: str
    outcome: Outcome


class Entered(msgspec.Struct, frozen=True):
    """A permanent entered the engine's battlefield with ``face`` up (after the rules' EnterFace, if any, was
    carried out). ``replaced``: 702.145b's replacement made it enter transformed (not a transform)."""

    permanent: str
    face: Side
    replaced: bool
    face_down: bool


#: What the adapter carried out in the engine, in order: each permanent that entered, and each outcome action
#: it acted on (transforms it made, refusals and vetoes it obeyed, designation changes it shows).
Carried = Entered | Transform | TransformRefused | DesignationChange | ChangeVetoed | DoesNotEnter | FaceDownRefused


class Session:
    """The day/night side of one python-mtg game (and of every position copied or pushed from it).

    It is callable (returning itself) only so that python-mtg's ``Game.serialize``, which drops callables
    from a position, leaves it out; the snapshot and game id, plain text, are serialised.
    """

    def __init__(self, daynight: DayNight, game: Game, namer: Callable[[str], str]) -> None:
        self.daynight = daynight
        self.game = game
        self.namer = namer
        #: Every event reported, across all positions (a search that pushes and pops adds to it too).
        self.reported: list[Reported] = []
        #: What the adapter carried out in the engine, across all positions (see :data:`Carried`).
        self.carried: list[Carried] = []
        self._snapshot: str | None = None
        self._dirty = True

    def __call__(self) -> Session:
        return self

    def __repr__(self) -> str:
        return f"<python-mtg day/night session {self.game.id!r}>"

    # -- the rules' state travels with each position ---------------------------------------------------------

    def restore(self, state: State) -> None:
        """Make the rules' state the one stored in ``state`` (after a pop, or in a copied position)."""
        snapshot = state.get(SNAPSHOT_KEY)
        if snapshot is None or snapshot is self._snapshot or snapshot == self._snapshot:
            return
        self.game.end()  # loading never replaces a running game
        self.game = self.daynight.load_game(self.game.id, str(snapshot).encode())
        self._snapshot = str(snapshot)
        self._dirty = False

    def store(self, state: State) -> None:
        """Store the rules' current state in ``state``."""
        if self._dirty or self._snapshot is None:
            self._snapshot = self.game.save().decode()
            self._dirty = False
        state[SNAPSHOT_KEY] = self._snapshot
        state[GAME_ID_KEY] = self.game.id

    # -- reporting ---------------------------------------------------------------------------------------------

    def _report(self, event: str, call: Callable[[Game], Outcome]) -> Outcome:
        outcome = call(self.game)
        self._dirty = True
        self.reported.append(Reported(self.game.state.turn_number, event, outcome))
        return outcome

    def carry_out(self, state: State, outcome: Outcome, *, only_entering: bool = False) -> None:
        """Do what the outcome says, in order: each EnterFace and Transform turns the permanent to that face as
        a face change of the same object; a DoesNotEnter (712.13a) for something already on the battlefield
        takes it off again, as though it never entered (a card to the graveyard, a token gone).
        ``only_entering``: only the EnterFace actions (the rest comes after the permanent is on the
        battlefield; a spell that does not enter is handled by the caller before it resolves)."""
        for action in outcome.actions:
            if isinstance(action, EnterFace):
                faces.set_face(state, action.permanent, action.face)
            elif only_entering:
                continue
            else:
                self._carry_out_one(state, action)

    def carry_out_rest(self, state: State, outcome: Outcome) -> None:
        """Everything after the EnterFace actions (transforms caused by the permanents' arrival, designation
        changes)."""
        for action in outcome.actions:
            if not isinstance(action, EnterFace):
                self._carry_out_one(state, action)

    def _carry_out_one(self, state: State, action: object) -> None:
        if isinstance(action, Transform):
            faces.set_face(state, action.permanent, action.to)
            if faces.face_up(state, action.permanent) is not action.to:
                return  # not shown by the engine: not carried out (and not logged as done)
        elif isinstance(action, DoesNotEnter) and action.permanent in faces.battlefield(state):
            faces.put_into_graveyard(state, action.permanent)
        if isinstance(action, Transform | TransformRefused | DesignationChange | ChangeVetoed | DoesNotEnter
                      | FaceDownRefused):
            self.carried.append(action)

    def _entered(self, state: State, obj: str, outcome: Outcome) -> None:
        """Log that ``obj`` entered, with the face the engine shows after the rules' EnterFace."""
        replaced = any(isinstance(a, EnterFace) and a.permanent == obj and a.replaced for a in outcome.actions)
        if obj in faces.battlefield(state):
            face_down = (obj,) in state.get("face_down", ())
            self.carried.append(Entered(obj, faces.face_up(state, obj), replaced, face_down))

    def untap_step(self, state: State) -> None:
        """A turn began and its untap step is about to untap (502.2 comes before 502.3). python-mtg has no
        phasing (502.1), so nothing phases in or out."""
        turn = int(state.get("_turn", 0)) + 1
        if turn <= self.game.state.turn_number:
            return
        active = tuple(sorted(row[0] for row in state.get("active_player", ())))
        outcome = self._report(f"untap step of turn {turn} ({'+'.join(active)})", lambda g: g.untap_step(turn, active))
        self.carry_out(state, outcome)

    def cast(self, state: State, player: str, spell: str) -> None:
        """``player`` cast ``spell`` (601.2i)."""
        name = self.namer(faces.front_slug(state, spell) or spell).split(" // ")[0]
        outcome = self._report(f"{player} casts {name} ({spell})", lambda g: g.cast(player, name))
        self.carry_out(state, outcome)

    def copy(self, player: str, spell: str, copies: int) -> None:
        """``copies`` copies of ``spell`` were put on the stack without being cast (707.10)."""
        for _ in range(copies):
            self._report(f"{player} copies {spell}", lambda g: g.copy_spell(player, spell))

    def enter_from_stack(self, state: State, obj: str, controller: str) -> Outcome:
        """A permanent spell is about to resolve onto the battlefield: ask which face it enters with and
        turn it to that face now (702.145b: a replacement, not a transform). Returns the outcome; the caller
        carries out the rest once the permanent is on the battlefield."""
        # A spell is front face up (712.8); python-mtg keeps the back face of a card its own transform turned
        # outside the battlefield, so the engine is turned front face up too.
        faces.set_face(state, obj, Side.FRONT)
        card = faces.describe(state, obj, self.namer, as_controller=controller)
        outcome = self._report(f"{card.name} ({obj}) is about to enter", lambda g: g.enter(card))
        self.carry_out(state, outcome, only_entering=True)
        return outcome

    def entered_from_stack(self, state: State, obj: str, outcome: Outcome) -> None:
        """The spell ``obj`` resolved onto the battlefield: log it, then carry out the rest of the outcome
        :meth:`enter_from_stack` got (transforms and designation changes its arrival caused)."""
        self._entered(state, obj, outcome)
        self.carry_out_rest(state, outcome)

    def transform(self, state: State, obj: str, engine_transform: Callable[[], object]) -> None:
        """python-mtg's own transform effect (``mtg.driver._transform``) wants to transform ``obj``. The rules
        are asked first (``request_transform``) for every permanent they know, so the face they record is
        the face the engine shows. Refused (702.145b/e, 701.27...): nothing happens. Allowed to the back
        face while the engine shows the front: python-mtg's own transform does it (``engine_transform``).
        Allowed to the front face: python-mtg's transform only ever turns a card to its back face, so the
        face change is carried out as for any outcome. Something the rules do not know (a card that is not
        on the battlefield) is left to python-mtg's transform as it is."""
        if obj not in self.game.state.permanents:
            engine_transform()
            return
        cause = "a python-mtg transform effect"
        outcome = self._report(f"{cause} wants to transform {obj}", lambda g: g.request_transform(obj, cause))
        turned = next((a for a in outcome.actions if isinstance(a, Transform) and a.permanent == obj), None)
        if turned is not None and turned.to is Side.BACK and faces.face_up(state, obj) is Side.FRONT:
            self.store(state)
            engine_transform()
        self.carry_out(state, outcome)

    def turned_face_up(self, state: State, obj: str) -> None:
        """``obj`` was turned face up: a double-faced permanent has its front face up (712.15a),
        whatever face python-mtg's ``instance_of`` kept; then the rules apply 702.145c/d/f/g (a Transform at
        once at night)."""
        tracked = self.game.state.permanents.get(obj)
        if tracked is None or not tracked.face_down:
            return
        faces.set_face(state, obj, Side.FRONT)
        outcome = self._report(f"{obj} is turned face up", lambda g: g.turn_face_up(obj))
        self.carry_out(state, outcome)

    def sync(self, state: State) -> None:
        """Report what left or entered the battlefield since the rules last looked (by comparing it with the
        permanents the rules know). A double-faced card that left shows its front face again (712.8a: outside
        the battlefield and the stack it has only its front face's characteristics); python-mtg would keep
        the back face's identity in the graveyard, hand or library."""
        known = set(self.game.state.permanents)
        now = faces.battlefield(state)
        left = sorted(known - now)
        if left:
            for obj in left:
                faces.set_face(state, obj, Side.FRONT)
            outcome = self._report("left the battlefield: " + ", ".join(left), lambda g: g.leave(*left))
            self.carry_out(state, outcome)
        entered = sorted(now - known)
        if entered:
            cards = [faces.describe(state, obj, self.namer) for obj in entered]
            outcome = self._report("entered: " + ", ".join(entered), lambda g: g.enter(*cards))
            self.carry_out(state, outcome, only_entering=True)
            for obj in entered:
                if not any(isinstance(a, DoesNotEnter) and a.permanent == obj for a in outcome.actions):
                    self._entered(state, obj, outcome)
            self.carry_out_rest(state, outcome)

    def seed_turn(self, state: State) -> None:
        """Attach in the middle of a turn: report that turn's untap step if python-mtg has run it (a position
        still in its untap step has not: the wrapped turn loop reports it when it runs) and the spells already
        cast in the turn (python-mtg's per-turn ``_cast_by`` counters), then the battlefield."""
        if current_step(state) != "untap":
            self.untap_step(state)
        for player, count in sorted(dict(state.get("_cast_by") or {}).items()):
            for _ in range(int(count)):
                self._report_cast_before_attach(player)
        self.sync(state)

    def _report_cast_before_attach(self, player: str) -> None:
        self._report(f"{player} cast a spell before the adapter was attached", lambda g: g.cast(player, "?"))

    def end(self) -> None:
        """The game is over: the rules forget it."""
        self.game.end()


def current_step(state: State) -> str:
    """The step python-mtg's turn loop is in (``"untap"``, ``"upkeep"``, ``"precombat_main"``...)."""
    return str(next(iter(state.get("current_step") or {("",)}))[0])


def session_of(state: State) -> Session | None:
    """The session a position belongs to, or None for a game the adapter is not attached to."""
    session = state.get(SESSION_KEY)
    return session if isinstance(session, Session) else None


def rules_state(state: State) -> GameState:
    """The day/night rules' state stored in a position (without touching any session)."""
    snapshot = state.get(SNAPSHOT_KEY)
    if snapshot is None:
        from mtg_daynight_python_mtg.compat import EngineMismatchError

        raise EngineMismatchError("this python-mtg position has no day/night state: call attach(game) first")
    return decode_state(str(snapshot).encode())


def designation(state: State) -> Designation:
    """The designation stored in a position."""
    return rules_state(state).designation


def tally_key(state: GameState) -> tuple[tuple[str, int], ...]:
    """The current turn's spells by player: they decide the next untap step's check (731.2)."""
    return () if state.turn is None else tuple(sorted(state.turn.cast.items()))
