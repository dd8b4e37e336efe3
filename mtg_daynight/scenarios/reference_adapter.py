"""The adapter for the reference host: the worked example of :class:`~mtg_daynight.scenarios.adapter.Adapter`.

Scenario names are used as the host's object ids (spells, permanents, tokens, and a card in a graveyard or exile
keeps its name as its id there), so the rules' trace and every error message name objects as the scenario does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from mtg_daynight.facade import DayNight
from mtg_daynight.reference import Card, ReferenceHost, Step, Zone, log
from mtg_daynight.rules import AbilityChange, Designation, Face, Keyword, Side, TraceLine
from mtg_daynight.scenarios.adapter import Entering, PermanentView, Seen, SeenEntered, SeenPhased, SeenTrigger


class ReferenceAdapter:
    """Plays a scenario on a :class:`~mtg_daynight.reference.ReferenceHost`."""

    def __init__(self, daynight: DayNight | None = None, game_id: str = "scenario") -> None:
        self._daynight = daynight
        self._game_id = game_id
        self._host: ReferenceHost | None = None
        self._ids: dict[str, str] = {}  # scenario name -> host id
        self._names: dict[str, str] = {}  # host id -> scenario name
        self._seen: list[Seen] = []
        self._converted = 0  # how many host log entries _seen covers

    @property
    def host(self) -> ReferenceHost:
        """The host (after :meth:`start`)."""
        if self._host is None:
            raise RuntimeError("the scenario has not started")
        return self._host

    def _id(self, name: str) -> str:
        return self._ids.get(name, name)

    def _name(self, host_id: str) -> str:
        return self._names.get(host_id, host_id)

    def _bind(self, name: str, host_id: str | None) -> None:
        if host_id is not None:
            self._ids[name] = host_id
            self._names[host_id] = name

    # -- actions -----------------------------------------------------------------------------------------------

    def start(self, players: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None) -> None:
        """Start the game."""
        self._host = ReferenceHost(players, teams=teams, daynight=self._daynight, game_id=self._game_id)

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Play the untap step and upkeep of the turn."""
        got = self.host.begin_turn(active, extra=extra)
        if got != turn:
            raise RuntimeError(f"the host began turn {got}, the scenario expected turn {turn}")

    def begin_turn_without_untap_step(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        """Play the turn with no untap step (Stasis)."""
        got = self.host.begin_turn(active, extra=extra, untap_step=False)
        if got != turn:
            raise RuntimeError(f"the host began turn {got}, the scenario expected turn {turn}")

    def cast(self, player: str, card: Card, name: str) -> None:
        """Cast."""
        self._bind(name, self.host.cast(player, card, id=name))

    def copy_spell(self, player: str, spell: str, name: str) -> None:
        """Copy a spell without casting it."""
        self._bind(name, self.host.copy_spell(player, self._id(spell), id=name))

    def resolve(self) -> None:
        """Resolve the top of the stack."""
        self.host.resolve()

    def stack_size(self) -> int:
        """Objects on the stack."""
        return len(self.host.stack)

    def put_onto_battlefield(self, cards: Sequence[Entering]) -> None:
        """Put cards onto the battlefield together (grouped by how they enter: one batch per kind)."""
        first = cards[0]
        if any((c.face_down, c.token) != (first.face_down, first.token) for c in cards):
            raise NotImplementedError("the reference host enters a batch with one face_down/token flag")
        ids = self.host.put_many([(c.card, c.controller) for c in cards], transformed=[c.transformed for c in cards],
                                 face_down=first.face_down, token=first.token, ids=[c.name for c in cards])
        for entering, host_id in zip(cards, ids, strict=True):
            self._bind(entering.name, host_id)

    def token_copy(self, of: str, controller: str | None, name: str, double_faced: bool) -> None:
        """Create a token copy."""
        self._bind(name, self.host.create_token_copy(self._id(of), controller, double_faced=double_faced, id=name))

    def leave(self, permanent: str, to: Literal["graveyard", "exile"]) -> None:
        """Leave the battlefield."""
        old = self._id(permanent)
        keep = permanent == old or permanent not in self.host.objects  # the card keeps its scenario name as its id
        new = self.host.move(old, to, id=permanent if keep else None)
        self._bind(permanent, new)

    def return_to_battlefield(self, card: str, controller: str | None, transformed: bool, name: str) -> None:
        """Return a card to the battlefield."""
        old = self._id(card)
        new_id = name if name not in self.host.objects else None
        self._bind(name, self.host.return_to_battlefield(old, controller, transformed=transformed, id=new_id))

    def phase_out(self, permanents: Sequence[str]) -> None:
        """Phase out."""
        self.host.phase_out(*(self._id(p) for p in permanents))

    def phase_in(self, permanents: Sequence[str]) -> None:
        """Phase in."""
        self.host.phase_in(*(self._id(p) for p in permanents))

    def turn_face_down(self, permanent: str) -> None:
        """Turn face down."""
        self.host.turn_face_down(self._id(permanent))

    def turn_face_up(self, permanent: str, face: Side) -> None:
        """Turn face up."""
        self.host.turn_face_up(self._id(permanent), face)

    def set_abilities(self, permanent: str, gained: frozenset[Keyword], lost: frozenset[Keyword]) -> None:
        """Granted / removed keywords."""
        self.host.set_abilities(self._id(permanent), gained=gained, lost=lost)

    def set_abilities_batch(self, changes: Sequence[tuple[str, frozenset[Keyword], frozenset[Keyword]]]) -> None:
        """Several permanents' keywords at the same moment."""
        self.host.set_abilities_batch([AbilityChange(self._id(p), gained, lost) for p, gained, lost in changes])

    def set_back_face(self, permanent: str, back: Face, cause: str) -> None:
        """A back face given after it entered."""
        self.host.set_back_face(self._id(permanent), back, cause)

    def additional_beginning_phase(self) -> None:
        """An additional beginning phase in this turn."""
        self.host.additional_beginning_phase()

    def add_restriction(self, permanent: str, restriction: str) -> None:
        """A "can't transform" effect starts."""
        self.host.add_restriction(self._id(permanent), restriction)

    def remove_restriction(self, permanent: str, restriction: str) -> None:
        """A "can't transform" effect ends."""
        self.host.remove_restriction(self._id(permanent), restriction)

    def request_transform(self, permanent: str, cause: str) -> None:
        """Another effect asks to transform."""
        self.host.request_transform(self._id(permanent), cause)

    def become(self, to: Literal["day", "night", "switch"], cause: str) -> None:
        """It becomes day / night / switches."""
        self.host.become(to, cause)

    def tap(self, permanent: str) -> None:
        """Tap."""
        self.host.tap(self._id(permanent))

    def add_counters(self, permanent: str, kind: str, amount: int) -> None:
        """Counters."""
        self.host.add_counters(self._id(permanent), kind, amount)

    def stop_forbidding(self, permanent: str) -> None:
        """Its "it can't become day/night" ability stops applying."""
        self.host.stop_forbidding(self._id(permanent))

    def player_leaves(self, player: str) -> None:
        """The player leaves the game."""
        self.host.player_leaves(player)

    def save_and_load(self) -> None:
        """Save the rules' state and load it back."""
        self.host.save_and_reload()

    def take_extra_turn(self, player: str) -> None:
        """Queue an extra turn (the runner passes the active player and ``extra=True`` to begin_turn)."""

    def finish(self) -> None:
        """End the game."""
        if self._host is not None:
            self._host.end()

    # -- observing ---------------------------------------------------------------------------------------------

    def designation(self) -> Designation:
        """The designation."""
        return self.host.designation

    def view(self, permanent: str) -> PermanentView | None:
        """The permanent, if on the battlefield."""
        obj = self.host.objects.get(self._id(permanent))
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            return None
        return PermanentView(obj.face, obj.name, obj.tapped, dict(obj.counters), obj.phased_out, obj.face_down)

    def seen(self) -> list[Seen]:
        """The host's log, as the runner's records: the same list each time, grown by converting only the entries
        new since the last call (so a long scenario costs linear time)."""
        entries = self.host.log
        out = self._seen
        for entry in entries[self._converted:]:
            record = self._record(entry)
            if record is not None:
                out.append(record)
        self._converted = len(entries)
        return out

    def _record(self, entry: log.Event) -> Seen | None:
        """The runner's record of one log entry (None: not something the runner observes)."""
        if isinstance(entry, log.Decision):  # the rules' own action, objects renamed
            action = entry.action()
            if hasattr(action, "permanent"):
                return msgspec.structs.replace(action, permanent=self._name(action.permanent))
            return action
        if isinstance(entry, log.Entered):
            return SeenEntered(self._name(entry.permanent), entry.face, entry.transformed, entry.face_down)
        if isinstance(entry, log.TriggerPut):
            return SeenTrigger(self._name(entry.source), entry.at)
        if isinstance(entry, log.PhasedIn | log.PhasedOut):
            return SeenPhased(self._name(entry.permanent), isinstance(entry, log.PhasedIn), entry.step is Step.UNTAP)
        return None

    def report(self, event: str, **arguments: object) -> None:
        """Report the facade's event through the host's one generic path (names mapped to the host's ids)."""
        self.host.report(event, **{k: self._id(v) if isinstance(v, str) else v for k, v in arguments.items()})

    def trace(self) -> Sequence[TraceLine]:
        """The rules' trace: the game state's own list, not a copy (the runner reads only the lines it has not
        read, so a long scenario costs linear time; it never changes the list)."""
        return self.host.game.state.trace
