"""The built-in rules plugin: the only place where pluggy meets the rules core.

Each event hook looks up the game's state, runs the matching function of :mod:`mtg_daynight.rules.game`, tells
the other plugins of any day <-> night change, and returns the outcome. The rules ask other plugins three
questions through hooks (spell tally, vetoes, card faces); :class:`HookPolicy` turns those into the core's Policy.
"""

from __future__ import annotations

import threading
import warnings
from typing import Any, Final, Literal

import msgspec
import pluggy

from mtg_daynight.errors import (
    BadEventError,
    BadSaveError,
    DayNightError,
    NotificationFailedWarning,
    UnknownGameError,
)
from mtg_daynight.hookspecs import hookimpl
from mtg_daynight.rules import (
    AbilityChange,
    Designation,
    DesignationChange,
    Face,
    GameState,
    Keyword,
    Outcome,
    Permanent,
    Tally,
    TurnRecord,
    validate,
)
from mtg_daynight.rules import game as rules
from mtg_daynight.rules.ledger import rules_tally
from mtg_daynight.rules.outcome import ChangeVetoed, FailedNotification
from mtg_daynight.rules.permanents import CardFaces, CardPermanent
from mtg_daynight.rules.saves import decode_state, encode_state
from mtg_daynight.rules.state import unknown_card

#: The name the rules plugin is registered under.
RULES_PLUGIN_NAME: Final = "daynight-rules"


class HookPolicy:
    """The core's Policy for one game, answered by the other plugins through hooks."""

    __slots__ = ("_game", "_hook")

    def __init__(self, hook: Any, game: str) -> None:
        self._hook = hook
        self._game = game

    def tally(self, state: GameState, turn: TurnRecord) -> Tally:
        """Ask ``daynight_spell_tally`` (a house rule's count); with no plugin answering, count as 731.2a/b and 805
        say. A hook nobody implements is not called (``get_hookimpls()``: pluggy's public API)."""
        caller = self._hook.daynight_spell_tally
        result: Tally | None = caller(game=self._game, state=state, turn=turn) if caller.get_hookimpls() else None
        return rules_tally(turn) if result is None else result

    def veto(self, state: GameState, after: Designation, cause: str) -> str | None:
        """Ask ``daynight_forbid_change``; the first reason given vetoes."""
        reasons: list[str] = self._hook.daynight_forbid_change(game=self._game, state=state, after=after, cause=cause)
        return reasons[0] if reasons else None

    def card_faces(self, card: str) -> CardFaces | str:
        """Ask ``daynight_card_faces``; for a card nobody describes, ``daynight_unknown_card`` says why."""
        faces: CardFaces | None = self._hook.daynight_card_faces(card=card)
        if faces is None:
            why: str | None = self._hook.daynight_unknown_card(card=card)
            return why or unknown_card(card)
        return faces


def _unknown_game(game: object) -> DayNightError:
    if not isinstance(game, str):  # None, an int, a list...: a bad argument rather than a game nobody started
        return BadEventError(f"game: {validate.show(game)} is not a game id (a string)")
    return UnknownGameError(f"game {game!r} was never started (or has ended)")


class DayNightRules:
    """The day/night rules as a pluggy plugin: one instance serves every game of one plugin manager."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._hook = pm.hook
        self._games: dict[str, tuple[GameState, HookPolicy]] = {}  # each game's state and its Policy
        self._lifecycle = threading.Lock()  # games start, load and end one at a time (ids stay unique)
        self._variants: set[str] = set()  # what daynight_variants answers, from every plugin ever registered
        pm.hook.daynight_variants.call_historic(result_callback=self._offer)

    def _offer(self, names: list[str]) -> None:
        """One plugin's ``daynight_variants`` answer: a list of names (a bare string is one name)."""
        self._variants.update([names] if isinstance(names, str) else (n for n in names if isinstance(n, str)))

    def variants(self) -> tuple[str, ...]:
        """The house-rule variants the registered plugins offer (``daynight_variants``), sorted."""
        return tuple(sorted(self._variants))

    def _game(self, game: str) -> tuple[GameState, HookPolicy]:
        try:
            return self._games[game]
        except Exception:  # KeyError; TypeError (unhashable); a str subclass whose __hash__ raises anything
            raise _unknown_game(game) from None

    def _state(self, game: str) -> GameState:
        return self._game(game)[0]

    def _run(self, game: str, outcome: Outcome) -> Outcome:
        """Tell other plugins about each day <-> night change in ``outcome`` (731.1a), then return it, with the
        notifications that raised (the change is made: it stands whatever an observer does)."""
        failed: list[FailedNotification] = []
        for action in outcome.actions:
            if type(action) is DesignationChange and action.is_day_night_change:
                failed += self._notify("daynight_changed", game=game, change=action, state=self._games[game][0])
        return msgspec.structs.replace(outcome, failed_notifications=tuple(failed)) if failed else outcome

    def _notify(self, hook: str, **arguments: Any) -> list[FailedNotification]:
        """Call notification ``hook`` on each plugin in turn (pluggy's order), each on its own through pluggy's
        ``subset_hook_caller``, so that one plugin that raises neither stops the others nor the event: the
        failures are returned and warned about (:class:`NotificationFailedWarning`)."""
        implementations = getattr(self._hook, hook).get_hookimpls()
        failed = []
        for implementation in reversed(implementations):  # pluggy calls the last registered first
            others = [i.plugin for i in implementations if i.plugin is not implementation.plugin]
            try:
                self._pm.subset_hook_caller(hook, remove_plugins=others)(**arguments)
            except Exception as error:  # an observer's bug: reported, never undoing the committed change
                failure = FailedNotification(implementation.plugin_name, hook, f"{type(error).__name__}: {error}")
                warnings.warn(f"plugin {failure.plugin!r}: {hook} raised {failure.error}; the change stands and "
                              "the outcome lists it in failed_notifications", NotificationFailedWarning, stacklevel=2)
                failed.append(failure)
        return failed

    # -- lifecycle -------------------------------------------------------------------------------------------

    @hookimpl(tryfirst=True)
    def daynight_game_start(self, game: str, players: tuple[str, ...], variants: tuple[str, ...]) -> None:
        """Create the game's state: neither day nor night (731.1). An id already in use is refused, and so is a
        variant no plugin offers (it would play the standard rules while the state names it)."""
        state = rules.new_game(game, players, variants)
        for name in state.variants:
            if name not in self._variants:
                offered = ", ".join(map(repr, self.variants())) or "none"
                raise BadEventError(f"game {state.game!r}: variants: no loaded plugin offers the variant {name!r} "
                                    f"(offered: {offered})")
        with self._lifecycle:
            if state.game in self._games:
                raise BadEventError(f"game {state.game!r} has already started: end it first, or use another id")
            self._games[state.game] = (state, HookPolicy(self._hook, state.game))

    @hookimpl
    def daynight_game_end(self, game: str) -> None:
        """Forget the game."""
        with self._lifecycle:
            self._game(game)
            del self._games[game]

    # -- events ----------------------------------------------------------------------------------------------

    @hookimpl
    def daynight_untap_step(
        self, game: str, turn: int, active: tuple[str, ...], phased_in: tuple[str, ...], phased_out: tuple[str, ...]
    ) -> Outcome:
        """502.1 phasing, then the 502.2 / 731.2 check."""
        state, policy = self._game(game)
        outcome = rules.untap_step(state, turn, active, phased_in=phased_in, phased_out=phased_out, policy=policy)
        return self._run(game, outcome)

    @hookimpl
    def daynight_additional_untap_step(
        self, game: str, turn: int, phased_in: tuple[str, ...], phased_out: tuple[str, ...]
    ) -> Outcome:
        """500.8: an additional beginning phase's untap step: 502.1 phasing, then the 502.2 check of the previous
        turn again."""
        state, policy = self._game(game)
        outcome = rules.additional_untap_step(state, turn, phased_in=phased_in, phased_out=phased_out, policy=policy)
        return self._run(game, outcome)

    @hookimpl
    def daynight_untap_step_skipped(self, game: str, turn: int, active: tuple[str, ...]) -> Outcome:
        """A turn without an untap step: no 502.1, no 502.2; it is still the previous turn at the next check."""
        return rules.untap_step_skipped(self._state(game), turn, active)

    @hookimpl
    def daynight_spell_cast(self, game: str, player: str, cast: bool, spell: str) -> Outcome:
        """Record a spell for 731.2."""
        return rules.spell_cast(self._state(game), player, cast=cast, spell=spell)

    @hookimpl
    def daynight_enter(self, game: str, permanents: tuple[Permanent | CardPermanent, ...]) -> Outcome:
        """702.145b entering faces, then 702.145d/g and c/f."""
        state, policy = self._game(game)
        return self._run(game, rules.enter(state, permanents, policy=policy))

    @hookimpl
    def daynight_leave(self, game: str, permanents: tuple[str, ...]) -> Outcome:
        """Forget permanents that left the battlefield; 702.145g may now apply."""
        state, policy = self._game(game)
        return self._run(game, rules.leave(state, permanents, policy=policy))

    @hookimpl
    def daynight_phase(self, game: str, permanents: tuple[str, ...], phased_in: bool) -> Outcome:
        """702.26 phasing outside the untap step."""
        state, policy = self._game(game)
        return self._run(game, rules.phase(state, permanents, phased_in=phased_in, policy=policy))

    @hookimpl
    def daynight_turn_face_down(self, game: str, permanent: str) -> Outcome:
        """708.2: no abilities while face down; 712.16 / 708.2b: nothing happens."""
        state, policy = self._game(game)
        return self._run(game, rules.turn_face_down(state, permanent, policy=policy))

    @hookimpl
    def daynight_turn_face_up(self, game: str, permanent: str) -> Outcome:
        """Turned face up: 702.145c/d/f/g apply at once."""
        state, policy = self._game(game)
        return self._run(game, rules.turn_face_up(state, permanent, policy=policy))

    @hookimpl
    def daynight_set_abilities(
        self, game: str, permanent: str, gained: frozenset[Keyword], lost: frozenset[Keyword]
    ) -> Outcome:
        """Granted or removed daybound/nightbound."""
        state, policy = self._game(game)
        outcome = rules.set_abilities(state, permanent, gained=gained, lost=lost, policy=policy)
        return self._run(game, outcome)

    @hookimpl
    def daynight_set_abilities_batch(self, game: str, changes: tuple[AbilityChange, ...]) -> Outcome:
        """Several permanents' granted or removed daybound/nightbound, at the same moment: 702.145d/g look once."""
        state, policy = self._game(game)
        return self._run(game, rules.set_abilities_batch(state, changes, policy=policy))

    @hookimpl
    def daynight_set_back_face(self, game: str, permanent: str, back: Face, cause: str) -> Outcome:
        """712.9: a permanent gets a back face after it entered; 702.145c/g may apply at once."""
        state, policy = self._game(game)
        return self._run(game, rules.set_back_face(state, permanent, back, cause, policy=policy))

    @hookimpl
    def daynight_add_restriction(self, game: str, permanent: str, restriction: str) -> Outcome:
        """A host "can't transform" effect starts."""
        return rules.add_restriction(self._state(game), permanent, restriction)

    @hookimpl
    def daynight_remove_restriction(self, game: str, permanent: str, restriction: str) -> Outcome:
        """A host "can't transform" effect ends."""
        state, policy = self._game(game)
        return rules.remove_restriction(state, permanent, restriction, policy=policy)

    @hookimpl
    def daynight_request_transform(self, game: str, permanent: str, cause: str) -> Outcome:
        """702.145b/e: refuse other transforms of daybound/nightbound permanents."""
        state, policy = self._game(game)
        return self._run(game, rules.request_transform(state, permanent, cause, policy=policy))

    @hookimpl
    def daynight_become(self, game: str, to: Designation | Literal["switch"], cause: str) -> Outcome:
        """731.1: an effect makes it day or night."""
        state, policy = self._game(game)
        return self._run(game, rules.become(state, to, cause, policy=policy))

    @hookimpl
    def daynight_veto_ended(self, game: str, cause: str) -> Outcome:
        """An "it can't become day/night" effect ended: 702.145d/g look again at once."""
        state, policy = self._game(game)
        return self._run(game, rules.veto_ended(state, cause, policy=policy))

    @hookimpl
    def daynight_player_left(self, game: str, player: str) -> Outcome:
        """800.4a: a player left the game."""
        return rules.player_left(self._state(game), player)

    # -- state -----------------------------------------------------------------------------------------------

    @hookimpl
    def daynight_game_state(self, game: str) -> GameState:
        """The game's state."""
        return self._state(game)

    @hookimpl
    def daynight_pending_change(self, game: str) -> ChangeVetoed | None:
        """The change a veto still stops while neither (702.145d/g, 731.1), or None."""
        state, policy = self._game(game)
        return rules.pending_change(state, policy=policy)

    @hookimpl
    def daynight_save_game(self, game: str) -> bytes:
        """The game's state as JSON bytes."""
        return encode_state(self._state(game))

    @hookimpl
    def daynight_load_game(self, game: str, data: bytes) -> GameState:
        """Create game ``game`` from a saved state. An id in use is refused: loading never replaces a running
        game (end it first)."""
        try:
            game = validate.game_id(game, "load game")
            state = decode_state(data)  # checks the state's integrity too
        except BadEventError as error:
            raise BadSaveError(f"load game {game!r}: {error}" if isinstance(game, str) else str(error)) from None
        state.game = game
        with self._lifecycle:
            if game in self._games:
                raise BadEventError(f"load game: game {game!r} is in use: end it first to load a save under its "
                                    "id, or use another id")
            self._games[game] = (state, HookPolicy(self._hook, game))
        return state
