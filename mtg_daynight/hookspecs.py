"""The hook contract between mtg-daynight, host engines and other plugins.

Every hook has the prefix ``daynight_`` and belongs to the pluggy project ``"mtg_daynight"``. Arguments are
always passed by keyword (pluggy's rule). Hosts should not call these hooks with loose keyword arguments;
use the typed facade :class:`mtg_daynight.DayNight` (its :class:`~mtg_daynight.facade.Game` methods map one to
one onto the event hooks below).

There are three groups:

1. **Events a host reports** (``firstresult=True``). The built-in rules plugin answers each one with an
   :class:`~mtg_daynight.rules.Outcome`: the actions the host must carry out at once, in order (the face each
   entering permanent enters with; transforms; designation changes), plus trace lines citing the rules.
   Report events in the order they happen in the game; a permanent is named by the host's id (a string).
2. **Questions the rules ask other plugins**: how to count the previous turn's spells
   (``daynight_spell_tally``, ``firstresult=True``) and whether an effect forbids it to become day or night
   (``daynight_forbid_change``, every answer is collected).
3. **Notifications**: ``daynight_game_start`` / ``daynight_game_end`` and ``daynight_changed`` (day <-> night
   only), for plugins that keep per-game state or trigger on the change (Brimstone Vandal's shape). A
   ``daynight_changed`` implementation that raises is reported in the Outcome, never by losing the change.
   ``daynight_variants`` (historic) lists the house-rule variants a plugin offers.

State lives per game (the ``game`` argument, the host's id of one game): one plugin manager serves any number of
games at once.

A plugin author needs only this module::

    from mtg_daynight.hookspecs import GameState, Tally, TurnRecord, hookimpl

    class HouseRule:
        @hookimpl
        def daynight_spell_tally(self, game: str, state: GameState, turn: TurnRecord) -> Tally | None: ...

It holds the typed :data:`hookimpl` marker and the types the hooks pass (re-exported from the rules core).
"""

from __future__ import annotations

from typing import Final, Literal

import pluggy

from mtg_daynight.rules.designation import Designation, Keyword
from mtg_daynight.rules.ledger import Tally, TurnRecord
from mtg_daynight.rules.outcome import ChangeVetoed, DesignationChange, Outcome
from mtg_daynight.rules.permanents import AbilityChange, CardFaces, CardPermanent, Face, Permanent
from mtg_daynight.rules.state import GameState

#: The pluggy project name: plugin managers, markers and the entry-point group all use it.
PROJECT: Final = "mtg_daynight"

#: Marks a hook specification of the ``mtg_daynight`` project (this module's functions).
hookspec: Final = pluggy.HookspecMarker(PROJECT)

#: Marks a hook implementation of the ``mtg_daynight`` project (typed: the function keeps its signature).
hookimpl: Final = pluggy.HookimplMarker(PROJECT)

__all__ = [
    "PROJECT",
    "AbilityChange",
    "CardFaces",
    "CardPermanent",
    "Designation",
    "DesignationChange",
    "Face",
    "GameState",
    "Keyword",
    "Outcome",
    "Permanent",
    "Tally",
    "TurnRecord",
    "hookimpl",
    "hookspec",
]


# ---------------------------------------------------------------------------------------------------------
# Game lifecycle (broadcast: every plugin's implementation runs).


@hookspec
def daynight_game_start(game: str, players: tuple[str, ...], variants: tuple[str, ...]) -> None:
    """A game starts: it is neither day nor night (731.1).

    :param game: the host's id for this game, unique among the games in progress.
    :param players: every player's id, in turn order.
    :param variants: the house rules this game opts into (names that variant plugins offer through
        ``daynight_variants``, e.g. ``"innistrad-werewolf"``); installed variant plugins change nothing in games
        that did not opt in. The rules plugin (``tryfirst``) refuses a variant no plugin offers with a
        BadEventError, before any other plugin hears of the game.
    """


@hookspec(historic=True)
def daynight_variants() -> list[str] | None:
    """The house-rule variants this plugin offers: the names a game may list in ``variants`` (e.g.
    ``["innistrad-werewolf"]``; None offers none). Historic: the rules plugin collects the answer of every plugin
    registered with the manager, before or after it. ``daynight_game_start`` refuses a variant no plugin offers with a
    BadEventError naming the offered ones (a loaded save keeps the variants its game opted into).
    ``DayNight.variants()`` lists them.
    """


@hookspec
def daynight_game_end(game: str) -> None:
    """A game is over: plugins drop what they kept for it.

    :param game: the game's id.
    """


# ---------------------------------------------------------------------------------------------------------
# Events a host reports. firstresult=True: the built-in rules plugin answers with an Outcome.


@hookspec(firstresult=True)
def daynight_untap_step(
    game: str, turn: int, active: tuple[str, ...], phased_in: tuple[str, ...], phased_out: tuple[str, ...]
) -> Outcome | None:
    """A turn begins with its untap step. Call it after phasing (502.1) and before untapping (502.3): the
    plugin records the phasing, then runs the day/night check (502.2, 731.2).

    :param game: the game's id.
    :param turn: the turn's number; strictly greater than the previous one (extra turns get the next number).
    :param active: the active player, or every player of the active team under shared team turns (805).
    :param phased_in: permanents that phased in during 502.1.
    :param phased_out: permanents that phased out during 502.1.
    :return: the outcome: maybe a DesignationChange and the transforms it causes. Every change this event
        reports has ``during_untap_step=True``, a change caused by 502.1 phasing (a daybound permanent phasing in
        while neither) as well as one made by the 502.2 check; a change reported by any other event has False.
    """


@hookspec(firstresult=True)
def daynight_untap_step_skipped(game: str, turn: int, active: tuple[str, ...]) -> Outcome | None:
    """A turn begins without an untap step (Stasis, Brine Elemental: the active player skips it). Report it instead
    of ``daynight_untap_step`` at the start of that turn. None of 502.1-502.3 happens: no phasing and no day/night
    check (502.2). The turn still counts as "the previous turn" at the next untap step's check, and spells cast
    during it belong to it. firstresult=True: the rules plugin answers with an Outcome (trace only: nothing
    changes).

    :param game: the game's id.
    :param turn: the turn's number; strictly greater than the previous one.
    :param active: the active player, or every player of the active team (805).
    """


@hookspec(firstresult=True)
def daynight_additional_untap_step(
    game: str, turn: int, phased_in: tuple[str, ...], phased_out: tuple[str, ...]
) -> Outcome | None:
    """An additional beginning phase begins within the current turn (500.8; Sphinx of the Second Sun), and with
    it an additional untap step. Call it as for ``daynight_untap_step``: after its phasing (502.1), before its
    untapping (502.3). The plugin records the phasing, then runs the day/night check (502.2, 731.2) again
    against the previous turn: the previous turn's active player (or team) and the spells they cast during that
    turn, never the current turn's spells so far. The current turn stays current (same number, same active
    players, its spells kept). firstresult=True: the rules plugin answers with an Outcome.

    :param game: the game's id.
    :param turn: the current turn's number (the additional phase belongs to it; any other number is refused).
    :param phased_in: permanents that phased in during this untap step's 502.1.
    :param phased_out: permanents that phased out during this untap step's 502.1.
    :return: the outcome, as for ``daynight_untap_step``: every change it reports has ``during_untap_step=True``.
    """


@hookspec(firstresult=True)
def daynight_spell_cast(game: str, player: str, cast: bool, spell: str) -> Outcome | None:
    """A player cast a spell (601.2i, "becomes cast"), at any time in any turn.

    :param game: the game's id.
    :param player: who cast it.
    :param cast: False for a copy put onto the stack without being cast (it does not count for 731.2).
    :param spell: its name, for the trace only.
    """


@hookspec(firstresult=True)
def daynight_enter(game: str, permanents: tuple[Permanent | CardPermanent, ...]) -> Outcome | None:
    """Permanents are about to enter the battlefield, all at the same time (one call per simultaneous batch).

    Call it *before* they enter, and make each enter with the face the outcome's ``EnterFace`` gives: at night
    a daybound double-faced permanent enters back face up as a replacement (702.145b), which is not a
    transform. A permanent with a ``DoesNotEnter`` does not enter at all (712.13a: it would enter transformed with
    an instant or sorcery back face): put the card into its owner's graveyard instead. The outcome's first actions
    are one ``EnterFace`` or ``DoesNotEnter`` per entering day/night permanent (ordinary permanents get none,
    except a ``DoesNotEnter``): put the whole batch onto the battlefield with those faces, then carry out the
    rest of the outcome in order (702.145d/g can make it day or night; 702.145c can transform a token).
    Report every permanent, including those with nothing to do with day and night. An engine that can only
    report after the fact reports right after they entered and applies each ``EnterFace`` as a change of the
    face the same object shows (never as a transform).

    :param game: the game's id.
    :param permanents: what enters: ids, controllers, faces with their keywords, how they would enter, and
        whether each is a token (702.145b's "enters transformed" does not apply to tokens).
        A :class:`~mtg_daynight.rules.permanents.CardPermanent` names the card instead of giving its faces;
        the faces come from ``daynight_card_faces`` (the card database).
    """


@hookspec(firstresult=True)
def daynight_leave(game: str, permanents: tuple[str, ...]) -> Outcome | None:
    """Permanents left the battlefield (any zone change away from it, including to another battlefield
    object via "exile and return"). It never goes back to neither day nor night (731.1). While it is neither the
    rules look again at once (702.145d/g apply any time): the last daybound permanent leaving lets a nightbound
    one make it night, and the source of an "it can't become day/night" veto leaving lets the change happen.
    Carry out the outcome.

    :param game: the game's id.
    :param permanents: their ids.
    """


@hookspec(firstresult=True)
def daynight_phase(game: str, permanents: tuple[str, ...], phased_in: bool) -> Outcome | None:
    """Permanents phased in or out outside the untap step (702.26). Phased-out permanents are left alone
    (702.26b) and treated as though they do not exist (so, while neither, the rules look again as for
    ``daynight_leave``); one that phases in with the wrong face transforms at once (702.145c/f).

    :param game: the game's id.
    :param permanents: their ids.
    :param phased_in: True when they phased in, False when they phased out.
    """


@hookspec(firstresult=True)
def daynight_turn_face_down(game: str, permanent: str) -> Outcome | None:
    """An effect turns a permanent face down: it has no abilities while face down (708.2). Ask *before* turning
    it: a double-faced permanent can't be turned face down (712.16) and a face-down one can't be turned face
    down again (708.2b); then the outcome holds a ``FaceDownRefused`` and nothing happens to it.

    :param game: the game's id.
    :param permanent: its id.
    """


@hookspec(firstresult=True)
def daynight_turn_face_up(game: str, permanent: str) -> Outcome | None:
    """A face-down permanent was turned face up. Its front face is up: for a double-faced permanent
    712.15a says so; then 702.145c/d/g apply at once (carry out the outcome).

    :param game: the game's id.
    :param permanent: its id.
    """


@hookspec(firstresult=True)
def daynight_set_abilities(
    game: str, permanent: str, gained: frozenset[Keyword], lost: frozenset[Keyword]
) -> Outcome | None:
    """Effects now grant ``permanent`` the day/night keywords in ``gained`` and remove those in ``lost``.
    Report the whole current set each time (not a change); empty sets when no such effect applies any more.

    :param game: the game's id.
    :param permanent: its id.
    :param gained: keywords effects grant it.
    :param lost: keywords effects remove from it.
    """


@hookspec(firstresult=True)
def daynight_set_abilities_batch(game: str, changes: tuple[AbilityChange, ...]) -> Outcome | None:
    """Effects change the day/night keywords of several permanents at the same moment (Humility leaving the
    battlefield: every permanent regains its abilities at once). Each :class:`~mtg_daynight.rules.AbilityChange`
    holds one permanent's whole current sets, as ``daynight_set_abilities`` does. The rules make every change
    first and then look once (702.145d/g): while neither, a daybound permanent regaining its ability makes it day
    even if a nightbound one regained its own at the same moment, in whatever order they are listed.
    firstresult=True: the rules plugin answers with an Outcome.

    :param game: the game's id.
    :param changes: one change per permanent (a permanent listed twice is a BadEventError).
    """


@hookspec(firstresult=True)
def daynight_set_back_face(game: str, permanent: str, back: Face, cause: str) -> Outcome | None:
    """An effect gives a permanent on the battlefield a back face it did not have (Werewhat: the card it exiled
    becomes its back face). It is then a double-faced permanent (712.9), unless ``back`` is an
    instant or sorcery face (712.10: it still can't transform). If its faces now disagree with the designation
    the rules act at once: at night a front-face-up daybound permanent transforms (702.145c); while neither a
    new nightbound face can't make it night unless it is up (702.145g). Refused (BadEventError) for a permanent
    that already has a back face or is face down (712.16). firstresult=True: the rules plugin answers with an
    Outcome; carry it out.

    :param game: the game's id.
    :param permanent: its id.
    :param back: the back face, with its keywords (``nightbound`` for a werewolf's back face).
    :param cause: the effect (for the trace).
    """


@hookspec(firstresult=True)
def daynight_add_restriction(game: str, permanent: str, restriction: str) -> Outcome | None:
    """A host effect says ``permanent`` can't transform; it wins over daybound/nightbound while it lasts.

    :param game: the game's id.
    :param permanent: its id.
    :param restriction: a name for the effect, unique on that permanent (it appears in the trace).
    """


@hookspec(firstresult=True)
def daynight_remove_restriction(game: str, permanent: str, restriction: str) -> Outcome | None:
    """A "can't transform" effect ended; a permanent showing the wrong face transforms at once (702.145c/f).

    :param game: the game's id.
    :param permanent: its id.
    :param restriction: the name given to ``daynight_add_restriction``.
    """


@hookspec(firstresult=True)
def daynight_request_transform(game: str, permanent: str, cause: str) -> Outcome | None:
    """Another effect (Moonmist, a werewolf trigger, the host's own rule) wants to transform ``permanent``.
    Ask before transforming anything: a daybound or nightbound permanent is refused (702.145b/e), whatever its
    card type. When allowed, the outcome holds the Transform to carry out. Ask the same way before converting
    it: converting follows the transform rules (701.28a), and a permanent that can't transform can't convert
    (701.28f).

    :param game: the game's id.
    :param permanent: its id.
    :param cause: what asks (for the trace).
    """


@hookspec(firstresult=True)
def daynight_become(game: str, to: Designation | Literal["switch"], cause: str) -> Outcome | None:
    """An effect says "it becomes day" or "it becomes night", or switches ("switch": night becomes day,
    otherwise it becomes night, The Celestus). When it already is, nothing happens and nothing is reported.

    :param game: the game's id.
    :param to: ``Designation.DAY``, ``Designation.NIGHT`` or ``"switch"``.
    :param cause: the effect (for the trace and for the veto hook).
    """


@hookspec(firstresult=True)
def daynight_veto_ended(game: str, cause: str) -> Outcome | None:
    """An "it can't become day/night" effect (one that answered ``daynight_forbid_change``) ended or stopped
    applying: call this at once, after your veto hook stops giving the reason. 702.145d/g apply any time, so the
    rules look again: while neither, a daybound permanent now makes it day, or a nightbound one with no daybound
    one makes it night, unless another veto still holds. firstresult=True: the rules plugin answers with an
    Outcome, which whoever called the hook hands to the host to carry out (a veto plugin that is not the host's
    own code returns it to the host). Not needed when the effect ended because its permanent left the
    battlefield, phased out or was turned face down and the veto hook reads the ``state`` it is given: those
    events look again themselves.

    :param game: the game's id.
    :param cause: the effect that ended (for the trace).
    """


@hookspec(firstresult=True)
def daynight_player_left(game: str, player: str) -> Outcome | None:
    """A player left the game (800.4a). Report the permanents that left with them with ``daynight_leave`` first.
    The ledger keeps their turns: the next untap-step check still counts their spells if they were the previous
    turn's active player. Later events naming them are BadEventError. firstresult=True: an Outcome (trace only).

    :param game: the game's id.
    :param player: the player's id.
    """


@hookspec(firstresult=True)
def daynight_game_state(game: str) -> GameState | None:
    """The rules' state of a game (read it; do not change it).

    :param game: the game's id.
    """


@hookspec(firstresult=True)
def daynight_pending_change(game: str) -> ChangeVetoed | None:
    """While neither: the change 702.145d/g would make now but a "can't become day/night" effect stops (731.1),
    as the ``ChangeVetoed`` the event that first tried it reported; None when nothing is pending. The veto hooks
    are asked again (``daynight_forbid_change``); nothing changes. firstresult=True: the rules plugin answers.

    :param game: the game's id.
    """


@hookspec(firstresult=True)
def daynight_save_game(game: str) -> bytes | None:
    """Serialise a game in progress (JSON bytes) so that it can be loaded and continued identically.

    :param game: the game's id.
    """


@hookspec(firstresult=True)
def daynight_load_game(game: str, data: bytes) -> GameState | None:
    """Load a game saved by ``daynight_save_game`` under the id ``game``. The id must not be in use: loading
    never replaces a running game (a BadEventError says to end it first, ``daynight_game_end``).

    :param game: the id the loaded game gets (unique among the games in progress, as for ``daynight_game_start``).
    :param data: the saved bytes.
    """


# ---------------------------------------------------------------------------------------------------------
# Questions the rules ask other plugins.


@hookspec(firstresult=True)
def daynight_spell_tally(game: str, state: GameState, turn: TurnRecord) -> Tally | None:
    """Count the spells of the turn that just ended for the untap-step check.

    When no plugin answers (None, or no implementation), the rules count as 731.2a/b and 805 say: only the
    active player's spells, or each player's of the active team. A house-rule plugin returns its own
    :class:`~mtg_daynight.rules.Tally`
    (``spells == 0`` makes day become night; ``most_by_one_player >= 2`` makes night become day).

    :param game: the game's id.
    :param state: the game's state (read only).
    :param turn: the previous turn's ledger: number, active player(s), spells cast by each player.
    """


@hookspec
def daynight_forbid_change(game: str, state: GameState, after: Designation, cause: str) -> str | None:
    """It is about to become ``after``: return a reason if an effect says it can't ("it can't become night"),
    else None. Every plugin is asked; any reason vetoes the change, which then does not happen.

    :param game: the game's id.
    :param state: the game's state (read only), e.g. to look for the permanent whose effect this is.
    :param after: ``Designation.DAY`` or ``Designation.NIGHT``.
    :param cause: why it would change (the rule and the reason, as the trace will show it).
    """


@hookspec(firstresult=True)
def daynight_card_faces(card: str) -> CardFaces | None:
    """Look a card up in the card data: its faces and their keywords.

    Answered by the card database plugin (the Scryfall snapshot merged with community mod files); a plugin that
    knows other cards may answer first. Return None when the card is unknown; return ``CardFaces`` with
    ``day_night=False`` for a card known not to be a day/night card.

    :param card: a Scryfall id, an oracle id, a full name ("Front // Back") or either face's name (any case,
        accents optional).
    """


@hookspec(firstresult=True)
def daynight_unknown_card(card: str) -> str | None:
    """Why the card data does not know ``card``, in one line, for the error a host gets when it enters a
    :class:`~mtg_daynight.CardPermanent` that ``daynight_card_faces`` could not answer.

    Answered by the card database plugin: no card data loaded, a suspected typo (with suggestions), or not a
    day/night card. Return None to leave it to another plugin; with no answer the error gives a generic reason.

    :param card: the name or id the host gave, as for ``daynight_card_faces``.
    """


# ---------------------------------------------------------------------------------------------------------
# Notifications.


@hookspec
def daynight_changed(game: str, change: DesignationChange, state: GameState) -> None:
    """Day became night or night became day (731.1a). Never called when it became day or night from neither.

    If ``change.during_untap_step`` is True no player gets priority in that step, so abilities that trigger on
    it go on the stack at the beginning of the upkeep.

    The change is already made when this is called. An implementation that raises does not undo it, hide it or
    stop the other plugins from hearing of it: each plugin is called on its own, and a failure is reported to the
    host in the event's Outcome (``failed_notifications``: plugin name, hook, exception) and as a
    :class:`~mtg_daynight.errors.NotificationFailedWarning`; the host still gets the whole Outcome to carry out.

    :param game: the game's id.
    :param change: before, after, the rule, and whether it happened during the untap step.
    :param state: the game's state after the change (read only).
    """
