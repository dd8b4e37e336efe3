"""The adapter for the reference host: the worked example of :class:`~mtg_daynight.scenarios.adapter.Adapter`.
Scenario names are the host's object ids, so the rules' trace and errors name objects as the scenario does."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import msgspec

from mtg_daynight.facade import DayNight
from mtg_daynight.reference import Card, ReferenceHost, Zone, log
from mtg_daynight.rules import AbilityChange, Designation, Keyword, TraceLine
from mtg_daynight.scenarios.adapter import Adapter, Entering, PermanentView, Seen


class ReferenceAdapter:
    """Plays a scenario on a :class:`~mtg_daynight.reference.ReferenceHost`; every Protocol method it does not
    write is derived (:func:`_derive`)."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Callable[..., None]:
            """The derived Protocol methods (``tap``, ``phase_out``, ``set_back_face``...)."""
            ...

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
        self._host = ReferenceHost(players, teams=teams, daynight=self._daynight, game_id=self._game_id)

    def begin_turn(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        self._began(turn, self.host.begin_turn(active, extra=extra))

    def begin_turn_without_untap_step(self, turn: int, active: tuple[str, ...], extra: bool) -> None:
        self._began(turn, self.host.begin_turn(active, extra=extra, untap_step=False))

    @staticmethod
    def _began(turn: int, got: int) -> None:
        if got != turn:
            raise RuntimeError(f"the host began turn {got}, the scenario expected turn {turn}")

    def cast(self, player: str, card: Card, name: str) -> None:
        self._bind(name, self.host.cast(player, card, id=name))

    def copy_spell(self, player: str, spell: str, name: str) -> None:
        self._bind(name, self.host.copy_spell(player, self._id(spell), id=name))

    def stack_size(self) -> int:
        return len(self.host.stack)

    def put_onto_battlefield(self, cards: Sequence[Entering]) -> None:
        first = cards[0]
        if any((c.face_down, c.token) != (first.face_down, first.token) for c in cards):
            raise NotImplementedError("the reference host enters a batch with one face_down/token flag")
        ids = self.host.put_many([(c.card, c.controller) for c in cards], transformed=[c.transformed for c in cards],
                                 face_down=first.face_down, token=first.token, ids=[c.name for c in cards])
        for entering, host_id in zip(cards, ids, strict=True):
            self._bind(entering.name, host_id)

    def token_copy(self, of: str, controller: str | None, name: str, double_faced: bool) -> None:
        self._bind(name, self.host.create_token_copy(self._id(of), controller, double_faced=double_faced, id=name))

    def leave(self, permanent: str, to: Literal["graveyard", "exile"]) -> None:
        old = self._id(permanent)
        keep = permanent == old or permanent not in self.host.objects  # the card keeps its scenario name as its id
        new = self.host.move(old, to, id=permanent if keep else None)
        self._bind(permanent, new)

    def return_to_battlefield(self, card: str, controller: str | None, transformed: bool, name: str) -> None:
        old = self._id(card)
        new_id = name if name not in self.host.objects else None
        self._bind(name, self.host.return_to_battlefield(old, controller, transformed=transformed, id=new_id))

    def set_abilities_batch(self, changes: Sequence[tuple[str, frozenset[Keyword], frozenset[Keyword]]]) -> None:
        self.host.set_abilities_batch([AbilityChange(self._id(p), gained, lost) for p, gained, lost in changes])

    def save_and_load(self) -> None:
        self.host.save_and_reload()

    def take_extra_turn(self, player: str) -> None:
        """Queue an extra turn (the runner passes the active player and ``extra=True`` to begin_turn)."""

    def finish(self) -> None:
        if self._host is not None:
            self._host.end()

    # -- observing ---------------------------------------------------------------------------------------------

    def designation(self) -> Designation:
        return self.host.designation

    def view(self, permanent: str) -> PermanentView | None:
        obj = self.host.objects.get(self._id(permanent))
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            return None
        return PermanentView(obj.face, obj.name, obj.tapped, dict(obj.counters), obj.phased_out, obj.face_down)

    def seen(self) -> list[Seen]:
        """The host's log as the runner's records: one list, grown by converting only the new entries (linear)."""
        entries = self.host.log
        out = self._seen
        for entry in entries[self._converted:]:
            record = self._record(entry)
            if record is not None:
                out.append(record)
        self._converted = len(entries)
        return out

    def _record(self, entry: log.Event) -> Seen | None:
        """The runner's record of one log entry, objects renamed to the scenario's names (None: not observed)."""
        if isinstance(entry, log.Decision):
            action = entry.action
            return msgspec.structs.replace(action, permanent=self._name(action.permanent)) if hasattr(
                action, "permanent") else action
        kind = _OBSERVED.get(entry.observed_as)
        if kind is None:
            return None
        fields: dict[str, Any] = {name: getattr(entry, name) for name in kind.__struct_fields__}
        for name in {"permanent", "source"} & fields.keys():
            fields[name] = self._name(fields[name])
        record: Seen = kind(**fields)
        return record

    def report(self, event: str, **arguments: object) -> None:
        self.host.report(event, **{k: self._id(v) if isinstance(v, str) else v for k, v in arguments.items()})

    def trace(self) -> Sequence[TraceLine]:
        """The rules' trace: the game state's own list, not a copy (the runner reads only what is new)."""
        return self.host.game.state.trace


#: The ``Seen`` records by tag: what a log entry is observed as (``LogEntry.observed_as``).
_OBSERVED: Final[dict[object, type[Any]]] = {kind.__struct_config__.tag: kind for kind in typing.get_args(Seen)}


def _on_host(name: str) -> Callable[..., None]:
    """The adapter method ``name`` as one call of the host's method of that name (``permanent`` mapped to its id,
    ``permanents`` passed one by one), or of its generic ``report`` when it has none."""
    signature = inspect.signature(getattr(Adapter, name))

    def call(adapter: ReferenceAdapter, *args: Any, **kwargs: Any) -> None:
        arguments = dict(list(signature.bind(adapter, *args, **kwargs).arguments.items())[1:])
        if "permanent" in arguments:
            arguments["permanent"] = adapter._id(arguments["permanent"])
        if "permanents" in arguments:
            arguments["permanents"] = [adapter._id(p) for p in arguments["permanents"]]
        method = getattr(adapter.host, name, None)
        if method is None:
            adapter.host.report(name, **arguments)
        else:
            method(*(v for k, value in arguments.items() for v in (value if k == "permanents" else (value,))))

    call.__name__, call.__qualname__, call.__doc__ = name, f"ReferenceAdapter.{name}", getattr(Adapter, name).__doc__
    call.__signature__ = signature  # type: ignore[attr-defined]
    return call


def _derive(adapter: type[ReferenceAdapter]) -> None:
    """Give ``adapter`` every Protocol method it does not write itself, as :func:`_on_host`."""
    for name, value in vars(Adapter).items():
        if not name.startswith("_") and callable(value) and name not in vars(adapter):
            setattr(adapter, name, _on_host(name))


_derive(ReferenceAdapter)
