"""The day/night rules as transition functions: one game's state and one event in, an :class:`Outcome` out.

Every function checks the whole event against the state before it changes anything (:mod:`.validate`: a bad event
raises :class:`~mtg_daynight.errors.BadEventError` and leaves the state exactly as it was). No I/O, no globals: the
result depends only on the state, the event and the policy (how spells are counted, which changes effects forbid).
The state is changed in place so that an event costs O(1), and a change of designation O(day/night permanents),
never O(battlefield).

Each rule is cited where it is implemented (docs/rules-coverage.md lists them with what each says; the texts are in
the project's shared rules folder). 731.1 and 731.1a hold throughout: once day or night, always one of the two, and
only a change between day and night is "day becomes night" or "night becomes day". 702.145c/d/f/g apply "any time":
every event that can make one of them apply looks again at once (entering, leaving, phasing in or out, turning face
down or up, gaining or losing an ability, getting a back face, a restriction ending, and the end of an "it can't
become day/night" effect, :func:`veto_ended`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from mtg_daynight.rules import validate
from mtg_daynight.rules.designation import Designation, Keyword, Side
from mtg_daynight.rules.ledger import Tally, TurnRecord
from mtg_daynight.rules.outcome import (
    NOTHING,
    Action,
    ChangeVetoed,
    DesignationChange,
    DoesNotEnter,
    EnterFace,
    FaceDownRefused,
    Outcome,
    TraceLine,
    Transform,
    TransformRefused,
)
from mtg_daynight.rules.permanents import AbilityChange, CardFaces, CardPermanent, Face, Permanent, Tracked
from mtg_daynight.rules.state import RULES_AS_WRITTEN, GameState, Policy
from mtg_daynight.rules.validate import bad as _bad
from mtg_daynight.rules.validate import known as _get
from mtg_daynight.rules.validate import player as _check_player
from mtg_daynight.rules.validate import unique as _unique

#: What a "switch" effect asks for (The Celestus: "If it's night, it becomes day. Otherwise, it becomes night.")
SWITCH: Literal["switch"] = "switch"


# gc=False: a step refers to the game's state and to its own two lists, and nothing it refers to refers back to it,
# so it can never be part of a reference cycle; one is made per event.
class _Step(msgspec.Struct, gc=False):
    """Collects the actions and trace lines of one event, then seals them into an Outcome. ``untap``: the event
    is the untap step, so every change it makes happens during the untap step (502.1 phasing included)."""

    state: GameState
    untap: bool = False
    actions: list[Action] = msgspec.field(default_factory=list)
    trace: list[TraceLine] = msgspec.field(default_factory=list)

    def act(self, action: Action, rule: str, text: str) -> None:
        self.actions.append(action)
        self.trace.append(TraceLine(rule, text, self.state.turn_number))

    def note(self, rule: str, text: str) -> None:
        self.trace.append(TraceLine(rule, text, self.state.turn_number))

    def done(self) -> Outcome:
        if not self.actions and not self.trace:
            return NOTHING
        self.state.trace.extend(self.trace)
        return Outcome(tuple(self.actions), tuple(self.trace))


# ---------------------------------------------------------------------------------------------------------
# The start of a turn: checked the same way with or without an untap step.


def _check_turn(state: GameState, turn: int, active: Sequence[str], event: str) -> tuple[str, ...]:
    """A new turn's number goes forward from the last one and its active players are distinct players of the
    game; returns ``active`` as a tuple."""
    validate.turn_number(state, turn, event)  # an int in 1..MAX_TURN
    previous = state.turn
    if previous is not None and turn <= previous.number:
        raise _bad(state, f"{event} of turn {turn} after turn {previous.number}: turns must go forward")
    if type(active) is not tuple:
        active = validate.names(state, active, f"{event}: active")
    if not active:
        raise _bad(state, f"{event} of turn {turn}: no active player")
    players = state.players
    for player in active:
        if type(player) is not str or player not in players:
            _check_player(state, player, event)
    if len(active) > 1:
        _unique(state, active, event)
    return active


# ---------------------------------------------------------------------------------------------------------
# The shared mechanism: becoming day or night, and keeping every permanent's face in line with it.


def _become(step: _Step, after: Designation, rule: str, why: str, policy: Policy, *, check: bool = False) -> None:
    state = step.state
    before = state.designation
    if before is after:
        step.note(rule, f"it is already {after!s}: nothing happens ({why})")
        return
    reason = policy.veto(state, after, why)
    if reason is not None:
        step.act(ChangeVetoed(after, rule, reason), rule, f"it would become {after!s} ({why}), but {reason}")
        return
    state.designation = after  # 731.1: from now on exactly one of day and night
    # Anything that happens during the untap step (502.1 phasing as well as the 502.2 check) happens where no
    # player gets priority (502.4): the host puts triggers on the change at the beginning of the upkeep.
    change = DesignationChange(before, after, rule, step.untap)
    where = ""
    if step.untap:
        where = " in the untap step (502.2)" if check else " in the untap step (after 502.1 phasing)"
    step.act(change, rule, f"{before!s} -> {after!s}{where}: {why}")
    # 702.145b/e: as it becomes night (day), daybound (nightbound) permanents transform, whoever controls them.
    permanents = state.permanents
    for permanent in state.relevant:
        _align(step, permanents[permanent], as_it_becomes=True)


def _align(step: _Step, tracked: Tracked, *, as_it_becomes: bool = False) -> None:
    """Transform ``tracked`` if its face disagrees with the designation (702.145b/c/e/f)."""
    designation = step.state.designation
    if designation is Designation.NIGHT and tracked.face is Side.FRONT and tracked.has(Keyword.DAYBOUND):
        rule, keyword = ("702.145b" if as_it_becomes else "702.145c"), Keyword.DAYBOUND
        has_other = ((Keyword.NIGHTBOUND in tracked.gained or tracked.up.nightbound)
                     and Keyword.NIGHTBOUND not in tracked.lost)
    elif designation is Designation.DAY and tracked.face is Side.BACK and tracked.has(Keyword.NIGHTBOUND):
        rule, keyword = ("702.145e" if as_it_becomes else "702.145f"), Keyword.NIGHTBOUND
        has_other = (Keyword.DAYBOUND in tracked.gained or tracked.up.daybound) and Keyword.DAYBOUND not in tracked.lost
    else:
        return  # in line already, or no such ability now (face down, phased out, lost it)
    controller = tracked.card.controller
    if tracked.face_down and tracked.card.back is not None:  # it has the keyword because an effect grants it (708.2)
        step.note(
            "712.15a",
            f"{tracked.name} ({tracked.id}, {controller}) has {keyword!s} but is face down: a face-down transforming "
            "permanent can't transform; it stays as it is",
        )
        return
    if not tracked.can_transform:
        step.note(
            "701.27",
            f"{tracked.name} ({tracked.id}, {controller}) has {keyword!s} but can't transform (712.9, 712.10): it stays"
            " as it is",
        )
        return
    if has_other:  # it has daybound and nightbound (it is phased in and face up: it has ``keyword``)
        step.note(
            "101.2",
            f"{tracked.name} ({tracked.id}, {controller}) has both daybound and nightbound: each says it can't "
            "transform except due to itself (702.145b/e), and \"can't\" wins, so it does not transform",
        )
        return
    if tracked.restrictions:
        held = ", ".join(sorted(set(tracked.restrictions)))
        step.note(rule, f"{tracked.name} ({tracked.id}) would transform, but {held} says it can't transform")
        return
    old_name = tracked.name
    tracked.face = tracked.face.other
    step.act(
        Transform(tracked.id, tracked.face, rule),
        rule,
        f"{old_name} ({tracked.id}, {controller}) transforms into {tracked.name}: it is {designation!s}",
    )


def _settle(step: _Step, changed: Iterable[Tracked], policy: Policy) -> None:
    """After permanents appeared or changed: 702.145d/g while neither, then 702.145c/f for each of them.

    With nothing ``changed`` it is the neither check alone: what an event that took a permanent out of the game's
    reckoning (it left, phased out, was turned face down) needs while neither, since it may have been the last
    daybound permanent (702.145g) or the source of a veto (702.145d/g)."""
    state = step.state
    if state.designation is Designation.NEITHER:
        _neither_check(step, policy)
    if state.designation is not Designation.NEITHER:
        for tracked in changed:
            if tracked.card.id in state.permanents:
                _align(step, tracked)


def _neither_check(step: _Step, policy: Policy) -> None:
    target = _neither_target(step.state)
    if target is not None:
        _become(step, *target, policy)


def _neither_target(state: GameState) -> tuple[Designation, str, str] | None:
    """While neither: the change 702.145d or 702.145g makes (the designation, the rule, why), or None."""
    nightbound: Tracked | None = None
    for permanent in state.relevant:
        tracked = state.permanents[permanent]
        if tracked.has(Keyword.DAYBOUND):  # 702.145d
            why = f"{tracked.card.controller} controls {tracked.name} ({tracked.id}) with daybound"
            return Designation.DAY, "702.145d", why
        if nightbound is None and tracked.has(Keyword.NIGHTBOUND):
            nightbound = tracked
    if nightbound is not None:  # 702.145g: nightbound, and no permanent with daybound (phased-out ones don't exist)
        why = (
            f"{nightbound.card.controller} controls {nightbound.name} ({nightbound.id}) with nightbound"
            " and no permanent has daybound"
        )
        return Designation.NIGHT, "702.145g", why
    return None


def pending_change(state: GameState, *, policy: Policy = RULES_AS_WRITTEN) -> ChangeVetoed | None:
    """The change that 702.145d or 702.145g would make now but a "can't become day/night" effect stops (731.1), as
    the :class:`ChangeVetoed` an event would report, or None (not neither, nothing to change, or no veto now). The
    veto is asked as an event asks it; nothing changes. A host's log or UI shows with it why it is still
    neither, whichever event came last."""
    if state.designation is not Designation.NEITHER:
        return None
    target = _neither_target(state)
    if target is None:
        return None
    after, rule, why = target
    reason = policy.veto(state, after, why)
    return None if reason is None else ChangeVetoed(after, rule, reason)


# ---------------------------------------------------------------------------------------------------------
# Events.


def new_game(game: str, players: Sequence[str], variants: Sequence[str] = ()) -> GameState:
    """Start a game's state: neither day nor night (731.1), no turn yet. ``variants``: house rules it uses."""
    game, ids, names = validate.new_game(game, players, variants)
    return GameState(game=game, players=ids, variants=names)


def untap_step(
    state: GameState,
    turn: int,
    active: Sequence[str],
    *,
    phased_in: Sequence[str] = (),
    phased_out: Sequence[str] = (),
    policy: Policy = RULES_AS_WRITTEN,
) -> Outcome:
    """A turn begins with its untap step: phasing (502.1), then the day/night check (502.2, 731.2).

    ``active`` is the active player, or every player of the active team in shared team turns (805).
    ``phased_in`` / ``phased_out``: the permanents that phase in and out in 502.1.
    """
    previous = state.turn
    # Every argument is checked before anything changes (the validation boundary, rules/validate.py).
    active = _check_turn(state, turn, active, "untap step")
    phased_in, phased_out = _check_untap_phasing(state, phased_in, phased_out, "untap step (502.1)")
    state.previous = previous
    state.turn = TurnRecord(turn, active)
    step = _Step(state, untap=True)
    _untap(step, turn, previous, phased_in, phased_out, policy)
    return step.done()


def additional_untap_step(
    state: GameState,
    turn: int,
    *,
    phased_in: Sequence[str] = (),
    phased_out: Sequence[str] = (),
    policy: Policy = RULES_AS_WRITTEN,
) -> Outcome:
    """An additional beginning phase (500.8; Sphinx of the Second Sun) begins within turn ``turn``, the current
    turn: its untap step does 502.1 phasing, then the 502.2 day/night check (731.2) again.

    The check looks at the previous turn, as every untap step's does: the previous turn's record (its active
    player or team and the spells they cast during it), not the current turn's spells so far. The current turn
    stays the current turn (same number, same active players, its spells kept). A turn that began without an
    untap step (:func:`untap_step_skipped`) can still get an additional one.
    """
    event = "additional untap step"
    if type(turn) is not int:
        validate.turn_number(state, turn, event)
    current = state.turn
    if current is None:
        raise _bad(state, f"{event} of turn {turn} before the first untap step was reported: an additional "
                          "beginning phase (500.8) belongs to a turn that has begun")
    if turn != current.number:
        raise _bad(state, f"{event} of turn {turn} during turn {current.number}: an additional beginning phase "
                          "(500.8) belongs to the current turn (a new turn is untap_step)")
    phased_in, phased_out = _check_untap_phasing(state, phased_in, phased_out, f"{event} (502.1)")
    step = _Step(state, untap=True)
    previous = state.previous
    # 500.8: an additional phase is added to the turn; 502.2: its untap step checks "the previous turn" again.
    checked = "there is no previous turn" if previous is None else f"the check looks at turn {previous.number} again"
    step.note("500.8", f"an additional beginning phase in turn {turn}: its untap step does 502.1 phasing and the "
                       f"502.2 day/night check; {checked}, not the spells of turn {turn} so far")
    _untap(step, turn, previous, phased_in, phased_out, policy)
    return step.done()


def _check_untap_phasing(
    state: GameState, phased_in: Sequence[str], phased_out: Sequence[str], event: str
) -> tuple[Sequence[str], Sequence[str]]:
    """502.1's phasing arguments of an untap step, checked (and normalised) before anything changes."""
    # names() checks a tuple's items too. (Tested by type, not by ``!= ()``: an object whose __eq__ says True to
    # everything would slip through unchecked.)
    if type(phased_in) is not tuple or phased_in:
        phased_in = validate.names(state, phased_in, f"{event}: phased_in")
    if type(phased_out) is not tuple or phased_out:
        phased_out = validate.names(state, phased_out, f"{event}: phased_out")
    if phased_in or phased_out:
        _check_phasing(state, phased_in, phased_in=True, event=event)
        _check_phasing(state, phased_out, phased_in=False, event=event)
        if set(phased_in) & set(phased_out):
            raise _bad(state, f"{event}: a permanent both phases in and out")
    return phased_in, phased_out


def _untap(
    step: _Step,
    turn: int,
    previous: TurnRecord | None,
    phased_in: Sequence[str],
    phased_out: Sequence[str],
    policy: Policy,
) -> None:
    """An untap step's day/night part: 502.1 phasing, then the 502.2 check of ``previous`` (731.2)."""
    state = step.state
    # 502.1: phasing happens first, so a permanent that phases in now takes part in the check below.
    if phased_in or phased_out:
        changed = _apply_phasing(step, phased_in, phased_out)
        # phasing out may end a veto or remove the last daybound
        if changed or state.designation is Designation.NEITHER:
            _settle(step, changed, policy)
    # 502.2: the day/night check (731.2).
    designation = state.designation
    if designation is Designation.NEITHER:
        step.note("731.2c", f"untap step of turn {turn}: it is neither day nor night, so there is no check")
    elif previous is None:
        step.note("731.2", f"untap step of turn {turn}: there is no previous turn to check")
    else:
        tally = policy.tally(state, previous)
        who, number = _who(tally, previous), previous.number
        text = _stays_text(tally, previous, designation)
        if text is not None:
            step.note(tally.rule, text)
        elif designation is Designation.DAY:  # 731.2a
            _become(step, Designation.NIGHT, _rule(tally, "a"), f"{who} cast 0 spells in turn {number}", policy,
                    check=True)
        else:  # 731.2b
            most = f"{who} cast {tally.most_by_one_player} spells"
            if tally.spells != tally.most_by_one_player:
                most = f"{most} (one single player; {tally.spells} in all)"
            _become(step, Designation.DAY, _rule(tally, "b"), f"{most} in turn {number}", policy, check=True)


def untap_step_skipped(state: GameState, turn: int, active: Sequence[str]) -> Outcome:
    """A turn begins without an untap step (Stasis, Brine Elemental: "players skip their untap steps").

    502.1-502.3 are all parts of the untap step, so none happens: no phasing, no day/night check (502.2). The turn
    is still a turn: it is "the previous turn" at the next untap step's check, and the spells cast in it belong
    to it. The turn before it is never checked.
    """
    previous = state.turn
    active = _check_turn(state, turn, active, "turn without an untap step")
    state.previous = previous
    state.turn = TurnRecord(turn, active, untap_step=False)
    step = _Step(state)
    unchecked = "" if previous is None else f"; turn {previous.number} is never checked"
    step.note("502.2", f"turn {turn} begins without an untap step: no phasing (502.1) and no day/night check "
                       f"(502.2){unchecked}")
    return step.done()




def _rule(tally: Tally, letter: str) -> str:
    """731.2a / 731.2b, or the house rule's own name."""
    return tally.rule + letter if tally.rule == "731.2" else tally.rule


def _who(tally: Tally, turn: TurnRecord) -> str:
    """Whose spells were counted, for the trace: the tally's own words, else the previous active player/team."""
    if tally.who:
        return tally.who
    active = turn.active
    who = "previous active player " + active[0] if len(active) == 1 else "previous active team " + "+".join(active)
    return who if turn.untap_step else who + " (in a turn without an untap step)"


def _stays_text(tally: Tally, turn: TurnRecord, designation: Designation) -> str | None:
    """The 731.2 check of ``turn`` by ``tally`` while it is day or night: the trace text saying why the designation
    stays, or None when it changes (731.2a: day and no spell counted; 731.2b: night and one single player cast two
    or more). One function for both, so that the check is decided and worded in one place."""
    spells = tally.spells
    if designation is Designation.DAY:
        if spells == 0:  # 731.2a
            return None
        now = "day"
    else:
        if tally.most_by_one_player >= 2:  # 731.2b
            return None
        now = "night"
    but = ", but no single player cast two or more" if designation is Designation.NIGHT and spells >= 2 else ""
    return (f"it stays {now}: {_who(tally, turn)} cast {spells} spell{'' if spells == 1 else 's'}{but} in turn "
            f"{turn.number}")


def _check_phasing(state: GameState, ids: Sequence[str], *, phased_in: bool, event: str) -> None:
    _unique(state, ids, event)
    for permanent in ids:
        tracked = _get(state, permanent, event)
        if tracked.phased_out is not phased_in:
            now = "phased out" if tracked.phased_out else "phased in"
            raise _bad(state, f"{event}: {permanent!r} can't phase {'in' if phased_in else 'out'}: it is {now}")


def _apply_phasing(step: _Step, phased_in: Sequence[str], phased_out: Sequence[str]) -> list[Tracked]:
    permanents = step.state.permanents
    for permanent in phased_out:
        permanents[permanent].phased_out = True
    changed = []
    for permanent in phased_in:
        tracked = permanents[permanent]
        tracked.phased_out = False
        changed.append(tracked)
    return changed


def spell_cast(state: GameState, player: str, *, cast: bool = True, spell: str = "") -> Outcome:
    """``player`` cast a spell (or, with ``cast=False``, put a copy on the stack without casting it).

    Only cast spells count for 731.2a/b; copies that were not cast do not.
    """
    if type(player) is not str:
        _check_player(state, player, "spell cast")
    current = state.turn
    if current is None:
        raise _bad(state, f"spell cast by {player!r} before the first untap step was reported")
    if player not in state.players:
        _check_player(state, player, "spell cast")
    validate.flag(state, cast, "spell cast: cast")
    spell = validate.text(state, spell, "spell cast: spell")
    if not cast:
        step = _Step(state)
        step.note("731.2", f"{player} put a copy of {spell or 'a spell'} on the stack without casting it: "
                           "not counted")
        return step.done()
    counts = current.cast
    counts[player] = counts.get(player, 0) + 1
    return NOTHING


def enter(
    state: GameState, permanents: Sequence[Permanent | CardPermanent], *, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """Permanents enter the battlefield at the same time (one event for a simultaneous batch).

    Report every permanent, day/night or not: the others cost one dictionary entry and let the rules tell an
    unknown permanent from an irrelevant one. A :class:`CardPermanent` gets its faces from the card data
    (``policy.card_faces``).
    """
    step = _Step(state)  # the card data's notes go first; a bad event raises before the step is done
    cards: list[Permanent] = []
    for value in validate.collection(state, permanents, "enter"):
        cards.append(_described(step, value, policy) if isinstance(value, CardPermanent)
                     else validate.permanent(state, value, "enter"))
    if len(cards) > 1:
        _unique(state, [card.id for card in cards], "enter")
    for card in cards:
        if card.id in state.permanents:
            raise _bad(state, f"enter: permanent {card.id!r} ({card.name}) is already on the battlefield")
    entered: list[Tracked] = []
    for card in cards:
        tracked = _enter(step, card)
        if tracked is not None:
            entered.append(tracked)
    if entered:
        _settle(step, entered, policy)
    return step.done()


def _described(step: _Step, value: CardPermanent, policy: Policy) -> Permanent:
    """A permanent named by card identity, checked and described by the card data, which notes a card it knows
    that is not a day/night card (702.145a: only daybound and nightbound care)."""
    state = step.state
    named = validate.card_permanent(state, value, "enter")
    faces = policy.card_faces(named.card)
    if not isinstance(faces, CardFaces):
        raise _bad(state, f"enter {named.id!r}: unknown card {named.card!r}: {faces}; describe it with "
                          "Permanent(...) and its faces")
    if not faces.day_night:
        step.note("702.145a", f"card data: {faces.name} is not a day/night card")
    # named's own fields were checked above: only the card data's faces are left to check
    front = validate.face(state, faces.front, ("enter", named.id, "front"))
    back = None if faces.back is None else validate.face(state, faces.back, ("enter", named.id, "back"))
    card = named.with_faces(front, back)
    if card.face is Side.BACK and back is None:
        raise _bad(state, f"enter: {card.id!r} ({card.name}) can't enter back face up: it has no back face")
    return card


def _enter(step: _Step, card: Permanent) -> Tracked | None:
    """One checked permanent enters (712.13a, 702.145b); returns its record when it cares about day and night, for
    702.145c-g to look at once the whole batch is in."""
    state = step.state
    back = card.back
    if card.face is Side.BACK and back is not None and back.instant_or_sorcery:
        _does_not_enter(step, card, f"it would enter transformed, and {back.name} is an instant or sorcery face")
        return None
    tracked = Tracked(card, card.face, card.face_down, False, card.gained, card.lost, tuple(sorted(card.restrictions)))
    if not card.cares_about_day_night:  # tracked's own answer, since it holds card's gained keywords
        state.permanents[card.id] = tracked
        return None
    # A face-down permanent may have daybound granted by an effect (708.2), but it enters face down, never
    # transformed (712.15a: a face-down transforming permanent can't transform).
    replaced = (state.designation is Designation.NIGHT and not tracked.face_down and tracked.face is Side.FRONT
                and tracked.has(Keyword.DAYBOUND))
    if replaced and card.represented_by_double_faced_card and back is not None and back.instant_or_sorcery:
        # 702.145b would make it enter transformed; 712.13a: with an instant or sorcery back face it doesn't
        # enter at all.
        _does_not_enter(step, card, f"it is night, so daybound (702.145b) would make it enter transformed, "
                                    f"and {back.name} is an instant or sorcery face")
        return None
    state.permanents[card.id] = tracked
    state.relevant[card.id] = True
    if replaced and card.represented_by_double_faced_card:
        # 702.145b: "If it is night and this permanent is represented by a double-faced card, it enters
        # transformed": a replacement, not a transform.
        tracked.face = Side.BACK
        step.act(
            EnterFace(card.id, Side.BACK, True, "702.145b"),
            "702.145b",
            f"it is night, so {card.front.name} ({card.id}, {card.controller}) enters transformed, "
            f"as {tracked.name}: this is not a transform",
        )
    elif replaced and card.meld:
        # 712.9: only transforming double-faced cards and tokens transform; a meld card is neither, so daybound's
        # replacement does nothing to it (and 702.145c will not transform it either).
        step.act(
            EnterFace(card.id, Side.FRONT, False, "702.145b"),
            "712.9",
            f"it is night, but {tracked.name} ({card.id}, {card.controller}) is a meld card, not a transforming "
            "double-faced card: it does not enter transformed; it enters front face up",
        )
    elif replaced and card.token and back is not None:
        # 707.8a/707.10g: a double-faced token; 702.145b as written: it is not represented by a double-faced
        # card, so it enters front face up, and 702.145c transforms it at once (in _settle).
        step.act(
            EnterFace(card.id, Side.FRONT, False, "702.145b"),
            "702.145b",
            f"it is night, but {tracked.name} ({card.id}, {card.controller}) is a double-faced token (707.8a), "
            "not a permanent represented by a double-faced card: it does not enter transformed; it enters "
            "front face up",
        )
    else:
        designation = state.designation
        step.act(
            EnterFace(card.id, tracked.face, False, "702.145b"),
            "702.145b",
            f"{tracked.name} ({card.id}, {card.controller}) enters {tracked.face!s} face up"
            f"{' (face down)' if tracked.face_down else ''}"
            f"{'' if designation is Designation.NEITHER else f': it is {designation!s}'}",
        )
    return tracked


def _does_not_enter(step: _Step, card: Permanent, why: str) -> None:
    step.act(
        DoesNotEnter(card.id, "712.13a", why),
        "712.13a",
        f"{card.name} ({card.id}, {card.controller}) does not enter the battlefield: {why}; it is put into its "
        "owner's graveyard instead",
    )


def leave(state: GameState, permanents: Sequence[str], *, policy: Policy = RULES_AS_WRITTEN) -> Outcome:
    """Permanents leave the battlefield. It never goes back to neither (731.1). While neither, the rules look
    again (702.145d/g apply any time): the last daybound permanent leaving lets a nightbound one make it night,
    and a permanent whose "it can't become day/night" effect held the change leaving lets it happen."""
    permanents = validate.names(state, permanents, "leave: permanents")
    _unique(state, permanents, "leave")
    for permanent in permanents:
        _get(state, permanent, "leave")
    for permanent in permanents:
        del state.permanents[permanent]
        state.relevant.pop(permanent, None)
    if state.designation is not Designation.NEITHER:
        return NOTHING
    step = _Step(state)
    _settle(step, (), policy)
    return step.done()


def phase(
    state: GameState, permanents: Sequence[str], *, phased_in: bool, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """Permanents phase in or out outside the untap step (702.26). One that phases in with the wrong face
    for the designation transforms at once (702.145c/f); phased-out ones are left alone."""
    phased_in = validate.flag(state, phased_in, "phase: phased_in")
    permanents = validate.names(state, permanents, "phase: permanents")
    _check_phasing(state, permanents, phased_in=phased_in, event="phase " + ("in" if phased_in else "out"))
    step = _Step(state)
    if phased_in:
        changed = _apply_phasing(step, permanents, ())
        _settle(step, changed, policy)
    else:
        _apply_phasing(step, (), permanents)  # 702.26b: treated as though they do not exist; while neither, look
        if state.designation is Designation.NEITHER:  # again (the last daybound one, or a veto's source, may be gone)
            _settle(step, (), policy)
    return step.done()


def turn_face_down(state: GameState, permanent: str, *, policy: Policy = RULES_AS_WRITTEN) -> Outcome:
    """An effect tries to turn a permanent face down: it then has no abilities (708.2).

    Nothing happens to a double-faced permanent (712.16) or to one already face down (708.2b): the outcome holds
    a :class:`FaceDownRefused` and the host leaves it as it is. While neither the rules look again once it has no
    abilities: it may have been the last daybound permanent (702.145g), or the source of a veto."""
    tracked = _get(state, permanent, "turn face down")
    step = _Step(state)
    refusal: tuple[str, str] | None = None
    if tracked.face_down:
        refusal = ("708.2b", "it is already face down: nothing happens")
    elif tracked.card.double_faced:
        refusal = ("712.16", "double-faced permanents can't be turned face down: nothing happens")
    if refusal is not None:
        rule, reason = refusal
        step.act(FaceDownRefused(permanent, rule, reason), rule,
                 f"an effect tries to turn {tracked.name} ({permanent}) face down: {reason}")
        return step.done()
    tracked.face_down = True
    if state.designation is Designation.NEITHER:
        _settle(step, (), policy)
    return step.done()


def turn_face_up(state: GameState, permanent: str, *, policy: Policy = RULES_AS_WRITTEN) -> Outcome:
    """A face-down permanent is turned face up. Its front face is up (712.15a for a double-faced
    permanent). If that face disagrees with the designation it transforms at once (702.145c), and while neither it
    can make it day or night (702.145d/g)."""
    tracked = _get(state, permanent, "turn face up")
    if not tracked.face_down:
        raise _bad(state, f"turn face up: {permanent!r} is not face down")
    tracked.face_down = False
    tracked.face = Side.FRONT
    step = _Step(state)
    if tracked.card.back is not None:
        step.note("712.15a", f"{tracked.name} ({permanent}) is turned face up with its front face up")
    _settle(step, (tracked,), policy)
    return step.done()


def set_abilities(
    state: GameState,
    permanent: str,
    *,
    gained: Iterable[Keyword] = (),
    lost: Iterable[Keyword] = (),
    policy: Policy = RULES_AS_WRITTEN,
) -> Outcome:
    """Effects now grant ``permanent`` the keywords in ``gained`` and remove those in ``lost``.

    This replaces what was reported before (it is the current state of those effects, not a change). A
    permanent that gains daybound at night while front face up transforms at once (702.145c).
    """
    tracked = _get(state, permanent, "set abilities")
    new_gained = validate.keywords(state, gained, "set abilities: gained")
    new_lost = validate.keywords(state, lost, "set abilities: lost")
    tracked.gained, tracked.lost = new_gained, new_lost
    if tracked.cares_about_day_night:
        state.relevant.setdefault(permanent, True)
    else:
        state.relevant.pop(permanent, None)
    step = _Step(state)
    _settle(step, (tracked,), policy)
    return step.done()


def set_abilities_batch(
    state: GameState, changes: Sequence[AbilityChange], *, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """Effects now grant and remove day/night keywords on several permanents at the same moment (Humility leaving
    the battlefield: every permanent regains its abilities at once). Each change is the full current sets, as for
    :func:`set_abilities`.

    All the changes are made first, then the rules look once (702.145d/g apply any time, so to the game as it is
    after all of them): while neither, a permanent with daybound makes it day (702.145d) even if a nightbound one
    regained its ability at the same moment, since 702.145g needs no permanent with daybound, whatever order the
    host lists them in. Then each changed permanent's face is put in line (702.145c/f).
    """
    event = "set abilities batch"
    items = validate.collection(state, changes, f"{event}: changes")
    checked: list[tuple[Tracked, frozenset[Keyword], frozenset[Keyword]]] = []
    for n, change in enumerate(items):
        where = f"{event}: changes[{n}]"
        if not isinstance(change, AbilityChange):
            raise _bad(state, f"{where}: {validate.show(change)} is not an AbilityChange")
        tracked = _get(state, change.permanent, where)
        checked.append((tracked, validate.keywords(state, change.gained, f"{where}: gained"),
                        validate.keywords(state, change.lost, f"{where}: lost")))
    _unique(state, [tracked.id for tracked, _, _ in checked], event)
    for tracked, gained, lost in checked:
        tracked.gained, tracked.lost = gained, lost
        if tracked.cares_about_day_night:
            state.relevant.setdefault(tracked.id, True)
        else:
            state.relevant.pop(tracked.id, None)
    step = _Step(state)
    if len(checked) > 1:
        step.note("702.145d", f"abilities of {', '.join(t.id for t, _, _ in checked)} change at the same moment: "
                              "the rules look once, after all of them (702.145d/g)")
    _settle(step, [tracked for tracked, _, _ in checked], policy)
    return step.done()


def set_back_face(
    state: GameState, permanent: str, back: Face, cause: str, *, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """An effect gives ``permanent``, already on the battlefield front face up, the back face ``back`` (Werewhat:
    the card it exiled becomes its back face). From now on it is a double-faced permanent (712.9),
    unless ``back`` is an instant or sorcery face, which it can never show (712.10, 701.27).

    Refused (a bad event) when it already has a back face or is face down (712.16: a double-faced permanent
    can't be face down). If its faces now disagree with the designation the rules act at
    once: a front-face-up daybound permanent at night transforms (702.145c), a new nightbound face while neither
    with no daybound permanent makes it night (702.145g).
    """
    event = "set back face"
    tracked = _get(state, permanent, event)
    permanent = tracked.id
    back = validate.face(state, back, f"{event} {permanent!r}: back")
    cause = validate.name(state, cause, f"{event}: cause")
    card = tracked.card
    if card.double_faced:
        raise _bad(state, f"{event}: {permanent!r} ({card.name}) already has a back face"
                          f"{' (a meld card)' if card.meld else ''}")
    if tracked.face_down:
        raise _bad(state, f"{event}: {permanent!r} is face down: a double-faced permanent can't be face down "
                          "(712.16), so it can't get a back face while face down")
    tracked.card = msgspec.structs.replace(card, back=back)
    if tracked.cares_about_day_night:
        state.relevant.setdefault(permanent, True)
    step = _Step(state)
    what = ("an instant or sorcery face, which it can never show (712.10): it still can't transform"
            if back.instant_or_sorcery else "it is now a double-faced permanent (712.9)")
    step.note("712.9", f"{cause} makes {back.name} the back face of {card.front.name} ({permanent}, "
                       f"{card.controller}): {what}")
    _settle(step, (tracked,), policy)
    return step.done()


def add_restriction(state: GameState, permanent: str, restriction: str) -> Outcome:
    """A host effect says ``permanent`` can't transform. While it lasts, it wins over daybound/nightbound (701.27).
    Effects are counted: the same name added twice (two Immerwolves) applies until it is removed twice."""
    tracked = _get(state, permanent, "add restriction")
    restriction = validate.name(state, restriction, "add restriction: restriction")
    tracked.restrictions = tuple(sorted((*tracked.restrictions, restriction)))
    return NOTHING


def remove_restriction(
    state: GameState, permanent: str, restriction: str, *, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """One host "can't transform" effect named ``restriction`` ends; once none restricts it, a permanent with the
    wrong face transforms at once (702.145c/f)."""
    tracked = _get(state, permanent, "remove restriction")
    restriction = validate.name(state, restriction, "remove restriction: restriction")
    if restriction not in tracked.restrictions:
        raise _bad(state, f"remove restriction: {restriction!r} does not apply to {permanent!r}")
    held = list(tracked.restrictions)
    held.remove(restriction)  # one effect of that name ends; another of the same name still applies
    tracked.restrictions = tuple(held)
    step = _Step(state)
    _settle(step, (tracked,), policy)
    return step.done()


def request_transform(
    state: GameState, permanent: str, cause: str, *, policy: Policy = RULES_AS_WRITTEN
) -> Outcome:
    """Another effect (Moonmist, a host's own transform) asks to transform or convert ``permanent``.

    A permanent with daybound or nightbound can't transform except due to those abilities (702.145b/e):
    refused, whatever kind of permanent it is (creature, Aura, planeswalker). Converting follows the transform
    rules (701.28a) and a permanent that can't transform can't convert either (701.28f), so an instruction to
    convert is this same request and is refused the same way. Otherwise the rules have no
    objection unless it can't transform at all (701.27), is phased out (702.26b) or a host restriction holds
    it; then the outcome holds the :class:`Transform` for the host to carry out.
    """
    tracked = _get(state, permanent, "transform request")
    permanent = tracked.id  # the stored plain str, whatever str-like value named it
    cause = validate.name(state, cause, "transform request: cause")
    step = _Step(state)
    refusal: tuple[str, str] | None = None
    if tracked.has(Keyword.DAYBOUND):
        refusal = ("702.145b", "it has daybound: it can't transform except due to its daybound ability")
    elif tracked.has(Keyword.NIGHTBOUND):
        refusal = ("702.145e", "it has nightbound: it can't transform except due to its nightbound ability")
    elif tracked.phased_out:
        refusal = ("702.26b", "it is phased out: it is treated as though it does not exist")
    elif tracked.face_down and tracked.card.back is not None:
        refusal = ("712.15a", "it is face down: a face-down transforming permanent can't transform")
    elif not tracked.can_transform:
        refusal = ("701.27", "it is not a double-faced permanent (or its other face can't be up)")
    elif tracked.restrictions:
        refusal = ("701.27", f"{', '.join(sorted(set(tracked.restrictions)))} says it can't transform")
    if refusal is not None:
        rule, reason = refusal
        step.act(TransformRefused(permanent, rule, reason), rule,
                 f"{cause} tries to transform {tracked.name} ({permanent}): nothing happens, {reason}")
        return step.done()
    old_name = tracked.name
    tracked.face = tracked.face.other
    step.act(Transform(permanent, tracked.face, "701.27"), "701.27",
             f"{cause} transforms {old_name} ({permanent}) into {tracked.name}")
    if tracked.cares_about_day_night:
        _settle(step, (tracked,), policy)
    return step.done()


def become(
    state: GameState,
    to: Designation | Literal["switch"],
    cause: str,
    *,
    policy: Policy = RULES_AS_WRITTEN,
) -> Outcome:
    """An effect says "it becomes day", "it becomes night", or switches (``"switch"``: night -> day,
    otherwise -> night; so neither -> night, as The Celestus does). When it already is, nothing happens and
    no change is reported (731.1)."""
    cause = validate.name(state, cause, "become: cause")
    to = validate.target(state, to, cause)
    if to == SWITCH:
        after = Designation.DAY if state.designation is Designation.NIGHT else Designation.NIGHT
        why = f"{cause} switches day and night" + (" (it was neither: it becomes night)"
                                                   if state.designation is Designation.NEITHER else "")
    else:
        after = to
        why = f"{cause} says it becomes {after!s}"
    step = _Step(state)
    _become(step, after, "731.1", why, policy)
    return step.done()


def veto_ended(state: GameState, cause: str, *, policy: Policy = RULES_AS_WRITTEN) -> Outcome:
    """An "it can't become day/night" effect (a veto, ``daynight_forbid_change``) ended: 702.145d/g apply any
    time, so the rules look again at once. While neither, a daybound permanent now makes it day (702.145d), or a
    nightbound one with no daybound one makes it night (702.145g), unless another veto still holds."""
    cause = validate.name(state, cause, "veto ended: cause")
    step = _Step(state)
    if state.designation is Designation.NEITHER:
        step.note("702.145d", f"{cause}: an \"it can't become day/night\" effect ended: the rules look again "
                              "(702.145d/g)")
        _settle(step, (), policy)
    else:
        step.note("731.1", f"{cause}: an \"it can't become day/night\" effect ended; it is {state.designation!s}, "
                           "so 702.145d/g do not apply")
    return step.done()


def player_left(state: GameState, player: str) -> Outcome:
    """A player left the game (800.4a). Report the permanents that left with them with :func:`leave` first.

    The ledger keeps the turns they played: if they were the previous turn's active player, the next untap step
    still checks the spells they cast in that turn (731.2). Later events naming them are bad events."""
    _check_player(state, player, "player left")
    if len(state.players) == 1:
        raise _bad(state, f"player left: {player!r} is the last player (end the game instead)")
    state.players = tuple(p for p in state.players if p != player)
    state.left = (*state.left, player)
    step = _Step(state)
    step.note("800.4a", f"{player} left the game; their spells already cast in this and the previous turn still "
                        "count for the next untap-step check (731.2)")
    return step.done()
