"""The typed facade a host engine uses: :class:`DayNight` for the plugin manager, :class:`Game` for one game.

A host never has to call ``pm.hook.daynight_...`` with loose keyword arguments::

    from mtg_daynight import DayNight, Face, Permanent

    daynight = DayNight()                       # or DayNight(your_plugin_manager)
    game = daynight.new_game("g1", ["alice", "bob"])
    game.untap_step(1, "alice")
    ruffian = Permanent("p1", "alice", Face("Tavern Ruffian", daybound=True),
                        Face("Tavern Smasher", nightbound=True))
    outcome = game.enter(ruffian)               # it becomes day (702.145d)
    game.cast("alice", "Tavern Ruffian")
    game.untap_step(2, "bob")
    outcome = game.untap_step(3, "alice")       # bob cast nothing: night (731.2a); transform p1
    for transform in outcome.transforms: ...    # carry them out
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, TypeVar

import pluggy

from mtg_daynight.errors import DayNightError, PluginFailedError, RulesPluginMissingError, UnknownPermanentError
from mtg_daynight.manager import call_each, install, plugin_manager
from mtg_daynight.plugin import RULES_PLUGIN_NAME, DayNightRules
from mtg_daynight.rules import (
    AbilityChange,
    Designation,
    Face,
    GameState,
    Keyword,
    Outcome,
    Permanent,
    Side,
    TraceLine,
    validate,
)
from mtg_daynight.rules.outcome import ChangeVetoed
from mtg_daynight.rules.permanents import CardPermanent, PermanentView
from mtg_daynight.rules.validate import Turn

if TYPE_CHECKING:
    from mtg_daynight.manager import CardData

_T = TypeVar("_T")


def _required(result: _T | None, hook: str) -> _T:
    """The answer of a firstresult hook; no answer means the rules plugin is missing from the manager."""
    if result is None:
        raise RulesPluginMissingError(f"{hook}: no plugin answered (is the mtg-daynight rules plugin registered?)")
    return result


def _answered(result: Outcome | None, hook: str) -> Outcome:
    """An event hook's Outcome (see :func:`_required`)."""
    return _required(result, hook)


class Game:
    """One game as the host reports it. Every event method returns the :class:`Outcome` to carry out. After
    :meth:`end`, every event *and every read* (``trace``, ``designation``, ``state``, ``permanent``, ``face_of``,
    ``save``, ``pending_change``) raises :class:`~mtg_daynight.errors.UnknownGameError`: read what you keep
    before ending the game."""

    __slots__ = ("_hook", "_pm", "id")

    def __init__(self, pm: pluggy.PluginManager, game: str) -> None:
        self._pm = pm
        self._hook = pm.hook
        self.id = game

    def __repr__(self) -> str:
        try:
            return f"<Game {self.id!r}: {self.designation}>"
        except DayNightError:  # ended (or no rules plugin): a repr never raises
            return f"<Game {self.id!r}: not started or ended>"

    # -- events ----------------------------------------------------------------------------------------------

    def untap_step(
        self,
        turn: Turn,
        active: str | Sequence[str],
        *,
        phased_in: Iterable[str] = (),
        phased_out: Iterable[str] = (),
    ) -> Outcome:
        """Turn ``turn`` begins; report it after 502.1 phasing and before 502.3 untapping.

        ``active`` is the active player, or the players of the active team (shared team turns, 805).
        """
        # Arguments go to the rules as given: the rules check them all (rules/validate.py), for hooks alike.
        players = (active,) if isinstance(active, str) else active
        result = self._hook.daynight_untap_step(
            game=self.id, turn=turn, active=players, phased_in=phased_in, phased_out=phased_out
        )
        return _answered(result, "untap step")

    def additional_untap_step(
        self, turn: Turn, *, phased_in: Iterable[str] = (), phased_out: Iterable[str] = ()
    ) -> Outcome:
        """An additional beginning phase (500.8; Sphinx of the Second Sun) begins within turn ``turn``, the
        current turn: report its untap step after its 502.1 phasing and before 502.3 untapping. The 502.2 check
        looks at the previous turn again (its active player's spells during that turn), never at this turn's."""
        result = self._hook.daynight_additional_untap_step(
            game=self.id, turn=turn, phased_in=phased_in, phased_out=phased_out
        )
        return _answered(result, "additional untap step")

    def untap_step_skipped(self, turn: Turn, active: str | Sequence[str]) -> Outcome:
        """Turn ``turn`` begins *without* an untap step (Stasis, Brine Elemental): report this instead of
        :meth:`untap_step`. No phasing, no day/night check (502.2); the turn is still "the previous turn" at the
        next check."""
        players = (active,) if isinstance(active, str) else active  # the rules check it (rules/validate.py)
        result = self._hook.daynight_untap_step_skipped(game=self.id, turn=turn, active=players)
        return _answered(result, "untap step skipped")

    def cast(self, player: str, spell: str = "") -> Outcome:
        """``player`` cast a spell (any spell, in any turn)."""
        result = self._hook.daynight_spell_cast(game=self.id, player=player, cast=True, spell=spell)
        return _answered(result, "spell cast")

    def copy_spell(self, player: str, spell: str = "") -> Outcome:
        """``player`` put a copy of a spell on the stack without casting it (it does not count for 731.2)."""
        result = self._hook.daynight_spell_cast(game=self.id, player=player, cast=False, spell=spell)
        return _answered(result, "spell copy")

    def enter(self, *permanents: Permanent | CardPermanent) -> Outcome:
        """These permanents enter the battlefield at the same time. Ask before they enter: the outcome says
        which face each enters with (702.145b), then what happens next. A :class:`CardPermanent` names the card
        and lets the card data give its faces."""
        return _answered(self._hook.daynight_enter(game=self.id, permanents=permanents), "enter")

    def leave(self, *permanents: str) -> Outcome:
        """These permanents left the battlefield."""
        return _answered(self._hook.daynight_leave(game=self.id, permanents=permanents), "leave")

    def phase_out(self, *permanents: str) -> Outcome:
        """These permanents phased out (outside the untap step)."""
        result = self._hook.daynight_phase(game=self.id, permanents=permanents, phased_in=False)
        return _answered(result, "phase out")

    def phase_in(self, *permanents: str) -> Outcome:
        """These permanents phased in (outside the untap step)."""
        result = self._hook.daynight_phase(game=self.id, permanents=permanents, phased_in=True)
        return _answered(result, "phase in")

    def turn_face_down(self, permanent: str) -> Outcome:
        """An effect turns ``permanent`` face down. Ask first: for a double-faced permanent (712.16) or one already
        face down (708.2b) the outcome holds a ``FaceDownRefused`` and nothing happens."""
        return _answered(self._hook.daynight_turn_face_down(game=self.id, permanent=permanent), "turn face down")

    def turn_face_up(self, permanent: str) -> Outcome:
        """``permanent`` was turned face up: its front face is up (712.15a)."""
        return _answered(self._hook.daynight_turn_face_up(game=self.id, permanent=permanent), "turn face up")

    def set_abilities(
        self, permanent: str, *, gained: Iterable[Keyword | str] = (), lost: Iterable[Keyword | str] = ()
    ) -> Outcome:
        """Effects now grant ``gained`` and remove ``lost`` (the full current sets, not a change)."""
        result = self._hook.daynight_set_abilities(
            game=self.id,
            permanent=permanent,
            gained=gained,
            lost=lost,
        )
        return _answered(result, "set abilities")

    def set_abilities_batch(self, changes: Sequence[AbilityChange]) -> Outcome:
        """Effects change several permanents' day/night keywords at the same moment (Humility leaves the
        battlefield): one :class:`~mtg_daynight.rules.AbilityChange` per permanent, each with the full current
        sets. The rules look once, after all of them (702.145d/g), whatever their order."""
        result = self._hook.daynight_set_abilities_batch(game=self.id, changes=changes)
        return _answered(result, "set abilities batch")

    def set_back_face(self, permanent: str, back: Face, cause: str) -> Outcome:
        """An effect (``cause``) gives ``permanent``, on the battlefield without a back face, the back face
        ``back`` (Werewhat: the card it exiled becomes its back face). Carry out the outcome: at night a
        front-face-up daybound permanent now transforms (702.145c)."""
        result = self._hook.daynight_set_back_face(game=self.id, permanent=permanent, back=back, cause=cause)
        return _answered(result, "set back face")

    def add_restriction(self, permanent: str, restriction: str) -> Outcome:
        """A host effect named ``restriction`` says ``permanent`` can't transform."""
        result = self._hook.daynight_add_restriction(game=self.id, permanent=permanent, restriction=restriction)
        return _answered(result, "add restriction")

    def remove_restriction(self, permanent: str, restriction: str) -> Outcome:
        """The host effect named ``restriction`` no longer applies to ``permanent``."""
        result = self._hook.daynight_remove_restriction(game=self.id, permanent=permanent, restriction=restriction)
        return _answered(result, "remove restriction")

    def request_transform(self, permanent: str, cause: str) -> Outcome:
        """Another effect wants to transform ``permanent``: transform it only if the outcome says so."""
        result = self._hook.daynight_request_transform(game=self.id, permanent=permanent, cause=cause)
        return _answered(result, "transform request")

    def become(self, to: Designation | Literal["day", "night", "switch"], cause: str) -> Outcome:
        """An effect says it becomes day or night, or ``"switch"``es them."""
        return _answered(self._hook.daynight_become(game=self.id, to=to, cause=cause), "become")

    def veto_ended(self, cause: str) -> Outcome:
        """An "it can't become day/night" effect of yours (a ``daynight_forbid_change`` answer) ended: the rules
        look again at once (702.145d/g). Call it after your veto hook stops giving the reason."""
        return _answered(self._hook.daynight_veto_ended(game=self.id, cause=cause), "veto ended")

    def player_left(self, player: str) -> Outcome:
        """``player`` left the game (800.4a); report their permanents' ``leave`` first."""
        return _answered(self._hook.daynight_player_left(game=self.id, player=player), "player left")

    # -- reading ---------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The rules' state of this game (read it; do not change it)."""
        state: GameState | None = self._hook.daynight_game_state(game=self.id)
        return _required(state, "game state")

    @property
    def designation(self) -> Designation:
        """Neither, day or night."""
        return self.state.designation

    @property
    def trace(self) -> tuple[TraceLine, ...]:
        """Every decision so far, with its rule (a copy: later events do not change it)."""
        return tuple(self.state.trace)

    def pending_change(self) -> ChangeVetoed | None:
        """While neither: the change 702.145d/g would make now but one of your "it can't become day/night" effects
        stops (731.1), as a :class:`~mtg_daynight.rules.ChangeVetoed`; None when nothing is pending. The event that
        first tried the change reported it; later events do not repeat it, so ask here to show why it is still
        neither. Your veto hook is asked again; nothing changes."""
        pending: ChangeVetoed | None = self._hook.daynight_pending_change(game=self.id)
        return pending

    def permanent(self, permanent: str) -> PermanentView:
        """What the rules know of one permanent now (its face, phasing, restrictions...), as a frozen view.

        Raises :class:`~mtg_daynight.UnknownPermanentError` (a DayNightError and a KeyError) for a permanent that
        never entered or has left."""
        state = self.state
        tracked = state.permanents.get(permanent) if isinstance(permanent, str) else None
        if tracked is None:
            raise UnknownPermanentError(
                f"game {self.id!r}, turn {state.turn_number}: no permanent {permanent!r} on the battlefield "
                "(it never entered, or it has left)"
            )
        return tracked.view()

    def face_of(self, permanent: str) -> Side:
        """The face ``permanent`` shows according to the rules (UnknownPermanentError if it is not there)."""
        return self.permanent(permanent).face

    def save(self) -> bytes:
        """The game's state as bytes, for :meth:`DayNight.load_game`."""
        data: bytes | None = self._hook.daynight_save_game(game=self.id)
        return _required(data, "save game")

    def end(self) -> None:
        """The game is over: every plugin forgets it. Like every other method it raises
        :class:`~mtg_daynight.errors.RulesPluginMissingError` when no rules plugin answers for the game. A plugin
        whose ``daynight_game_end`` raises is named by a :class:`~mtg_daynight.errors.PluginFailedError`, raised
        once every other plugin has been told."""
        self.state  # noqa: B018 - the rules plugin answers for the game (or raises UnknownGameError)
        call_each(self._pm, "daynight_game_end", go_on=True, game=self.id)


class DayNight:
    """The day/night mechanic for a host: wraps a plugin manager that has the rules plugin.

    ``DayNight()`` builds its own manager (and loads third-party plugins from the ``mtg_daynight`` entry-point
    group unless ``autoload=False`` or ``MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD`` is set). ``DayNight(pm)``
    installs the rules into a host's own manager, created as ``pluggy.PluginManager("mtg_daynight")``.

    ``card_data`` chooses what gives a :class:`~mtg_daynight.CardPermanent` its faces (see
    :func:`mtg_daynight.manager.install`): by default (``True``) the manager gets a card-data plugin of its own,
    registered as ``"daynight-card-data"``, that reads the default card database (the bundled or imported
    Scryfall snapshot and the community mod files) on the first card it is asked about; a
    :class:`~mtg_daynight.catalog.CardDatabase` or a :class:`~mtg_daynight.catalog.plugin.CardDataPlugin` gives
    that data instead; ``False`` registers none (every permanent then needs its faces). A manager that already
    holds a plugin named ``"daynight-card-data"`` keeps it.
    """

    def __init__(
        self, pm: pluggy.PluginManager | None = None, *, autoload: bool | None = None, card_data: CardData = True
    ) -> None:
        if pm is None:
            pm = plugin_manager(autoload=autoload, card_data=card_data)
        else:
            install(pm, card_data=card_data)
        self.pm = pm

    def variants(self) -> tuple[str, ...]:
        """The house-rule variants the loaded plugins offer (their ``daynight_variants`` answers), sorted."""
        rules = self.pm.get_plugin(RULES_PLUGIN_NAME)
        if not isinstance(rules, DayNightRules):
            raise RulesPluginMissingError("variants: the mtg-daynight rules plugin is not registered")
        return rules.variants()

    def new_game(self, game: str, players: Sequence[str], *, variants: Sequence[str] = ()) -> Game:
        """Start a game with these players (in turn order): neither day nor night (731.1).

        ``variants``: house rules this game opts into, each one a loaded plugin offers (:meth:`variants`; another
        is a :class:`BadEventError` naming the offered ones). An id already in use (a game started or loaded and
        not ended) is a :class:`BadEventError`, also when threads race for it. A plugin whose
        ``daynight_game_start`` raises is named by a :class:`~mtg_daynight.errors.PluginFailedError`; the game is
        then not started (the plugins told of it are told it ended)."""
        # Checked here as well as in the rules plugin: every plugin of this broadcast hook gets the checked values.
        game, ids, names = validate.new_game(game, players, variants)
        try:
            call_each(self.pm, "daynight_game_start", go_on=False, game=game, players=ids, variants=names)
        except PluginFailedError:  # the game is not started for anyone: the plugins that heard of it forget it
            with contextlib.suppress(Exception):
                call_each(self.pm, "daynight_game_end", go_on=True, game=game)
            raise
        return Game(self.pm, game)

    def game(self, game: str) -> Game:
        """The handle of a game already started."""
        handle = Game(self.pm, game)
        handle.state  # noqa: B018 - raises UnknownGameError for a game that was never started
        return handle

    def load_game(self, game: str, data: bytes) -> Game:
        """Load a game saved with :meth:`Game.save`, under the id ``game``. An id in use is a
        :class:`BadEventError`: loading never replaces a running game; end it first (:meth:`Game.end`)."""
        state: GameState | None = self.pm.hook.daynight_load_game(game=game, data=data)
        _required(state, "load game")
        return Game(self.pm, game)
