"""The bridge's method table: the facade's methods, one to one, each derived from the facade method itself.

Every public method (and property) of :class:`~mtg_daynight.facade.DayNight` and
:class:`~mtg_daynight.facade.Game` is a bridge method of the same name (:func:`public_members`), so adding an event
to the facade adds it to the bridge with no line here. Its params are the method's parameters by name (plus
``game`` for :class:`~mtg_daynight.facade.Game`'s), decoded straight into a Struct built from its signature and
type hints (:func:`wire_type` maps what cannot cross the wire); its result is the method's return value. Only the
bridge's own methods are listed by hand: ``initialize`` and the host's can't-become effects. What the wire types
let through (an id in use, a variant no plugin offers) the facade itself refuses, for Python hosts and the bridge
alike.
"""

from __future__ import annotations

import collections.abc as abc
import enum
import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Final, Literal, Union

import msgspec

from mtg_daynight import __version__
from mtg_daynight.bridge.protocol import (
    MAX_SAFE_INTEGER,
    PROTOCOL_VERSION,
    EnteringCard,
    EnteringFace,
    EnteringPermanent,
    GameHandle,
    InitializeResult,
)
from mtg_daynight.effects import HOST_EFFECTS_PLUGIN_NAME, HostEffects
from mtg_daynight.facade import DayNight, Game
from mtg_daynight.manager import plugin_infos
from mtg_daynight.rules import CardPermanent, Face, Permanent

_ITERABLES: Final = (abc.Iterable, abc.Sequence, abc.Collection, abc.Set, list, tuple, frozenset, set)

#: The wire types decoded from a request, by the facade's type they stand for.
_BASES: Final[Mapping[type[msgspec.Struct], type[msgspec.Struct]]] = {
    EnteringPermanent: Permanent, EnteringCard: CardPermanent, EnteringFace: Face,
}

#: An integer every JSON client reads exactly (JavaScript's safe integers).
SafeInteger = Annotated[int, msgspec.Meta(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)]


def _to_base(value: Any) -> Any:
    """A decoded wire value as the facade's type (so saves match a Python host's): entering permanents and their
    faces become :class:`~mtg_daynight.rules.Permanent` / :class:`~mtg_daynight.rules.Face`..."""
    base = _BASES.get(type(value))
    if base is None:
        return value
    return base(**{name: _to_base(getattr(value, name)) for name in base.__struct_fields__})


def _is_str_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum) and issubclass(tp, str)


def _str_values(tp: Any) -> tuple[str, ...]:
    if _is_str_enum(tp):
        return tuple(member.value for member in tp)
    return tuple(typing.get_args(tp))


def _is_str_literal(tp: Any) -> bool:
    return typing.get_origin(tp) is Literal and all(isinstance(v, str) for v in typing.get_args(tp))


def wire_type(tp: Any) -> Any:
    """The JSON-side type of a facade parameter or result annotation: ``bytes`` (a saved game) is a string;
    ``Permanent``, ``CardPermanent`` and ``Face`` their wire types, which refuse unknown members at every depth; a
    ``Game`` result a :class:`~mtg_daynight.bridge.protocol.GameHandle`; a plain ``int`` one every JSON client
    reads exactly (at most 2^53 - 1; an annotated one, such as ``Turn``, keeps its range); any iterable an array;
    ``Keyword | str`` is ``Keyword`` (the enum says which strings are valid), and a union of string enums and
    literals one literal."""
    if tp is bytes:
        return str
    if tp is Permanent:
        return EnteringPermanent
    if tp is CardPermanent:
        return EnteringCard
    if tp is Face:
        return EnteringFace
    if tp is Game:
        return GameHandle
    if tp is int:
        return SafeInteger
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in _ITERABLES and args and (origin is not tuple or (len(args) == 2 and args[1] is Ellipsis)):
        return list[wire_type(args[0])]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        members = [wire_type(arg) for arg in args]
        strings = [m for m in members if _is_str_enum(m) or _is_str_literal(m)]
        if strings and str in members:
            members.remove(str)
        if len(strings) > 1:
            values = tuple(dict.fromkeys(v for m in strings for v in _str_values(m)))
            members = [m for m in members if m not in strings] + [Literal[values]]
        return members[0] if len(members) == 1 else Union[tuple(members)]  # noqa: UP007 - built at run time
    return tp


def _argument(hint: Any, tp: Any) -> Callable[[Any], Any] | None:
    """How a decoded value of wire type ``tp`` becomes the facade's argument annotated ``hint`` (None: as is)."""
    if hint is bytes:
        return str.encode
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if (origin is list and args and typing.get_origin(args[0]) in (Union, types.UnionType)
            and set(typing.get_args(args[0])) & {EnteringPermanent, EnteringCard}):
        return lambda values: [_to_base(v) for v in values]
    if tp in (EnteringPermanent, EnteringCard, EnteringFace):
        return _to_base
    return None


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _summary(function: Callable[..., Any]) -> str:
    doc = inspect.getdoc(function) or ""
    return re.split(r"\n\s*\n", doc, maxsplit=1)[0]


class Method:
    """One bridge method: its params Struct (decoded straight from the request), how to call the facade, and
    the wire type of its result (for the schema)."""

    __slots__ = ("_call", "decoder", "name", "params", "result", "summary")

    def __init__(
        self,
        function: Callable[..., Any] | property,
        receiver: Callable[[Session, Any], Any],
        *,
        game_field: bool = False,
    ) -> None:
        target = function.fget if isinstance(function, property) else function
        assert target is not None
        self.name: str = target.__name__
        self.summary = _summary(target)
        hints = typing.get_type_hints(target, include_extras=True)
        signature = inspect.signature(target)
        fields: list[tuple[str, Any] | tuple[str, Any, Any]] = [("game", str)] if game_field else []
        plan: list[tuple[str, Any, Callable[[Any], Any] | None]] = []  # name, kind, how to convert the value
        for parameter in list(signature.parameters.values())[1:]:  # skip self
            tp = wire_type(hints[parameter.name])
            if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
                tp = list[tp]  # type: ignore[valid-type]
            if parameter.default is inspect.Parameter.empty:
                fields.append((parameter.name, tp))
            else:
                default = parameter.default
                fields.append((parameter.name, tp, list(default) if isinstance(default, tuple) else default))
            plan.append((parameter.name, parameter.kind, _argument(hints[parameter.name], tp)))
        self.params: type[msgspec.Struct] = msgspec.defstruct(
            f"{_camel(self.name)}Params",
            fields,
            forbid_unknown_fields=True,
            frozen=True,
            module=__name__,
            namespace={"__doc__": f"The params of ``{self.name}``: {self.summary}"},
        )
        self.decoder = msgspec.json.Decoder(self.params)
        returned = hints.get("return")
        self.result: Any = None if returned is type(None) else wire_type(returned)
        self._call = _bind(target, receiver, tuple(plan), returned)

    def __call__(self, session: Session, params: Any) -> Any:
        """Call the facade with decoded ``params``; return the result (JSON-encodable)."""
        return self._call(session, params)


def _handle(game: Game) -> GameHandle:
    return GameHandle(game.id, game.designation)


def _bind(
    target: Callable[..., Any],
    receiver: Callable[[Session, Any], Any],
    plan: tuple[tuple[str, Any, Callable[[Any], Any] | None], ...],
    returned: Any,
) -> Callable[[Session, Any], Any]:
    """The function that calls ``target`` on ``receiver(session, params)`` with the decoded params."""
    result: Callable[[Any], Any] | None = _handle if returned is Game else bytes.decode if returned is bytes else None

    def call(session: Session, params: Any) -> Any:
        args: list[Any] = [receiver(session, params)]
        kwargs: dict[str, Any] = {}
        for name, kind, converter in plan:
            value = getattr(params, name)
            if converter is not None:
                value = converter(value)
            if kind is inspect.Parameter.VAR_POSITIONAL:
                args.extend(value)
            elif kind is inspect.Parameter.KEYWORD_ONLY:
                kwargs[name] = value
            else:
                args.append(value)
        value = target(*args, **kwargs)
        return value if result is None else result(value)

    return call


class Session:
    """One server's state: the :class:`~mtg_daynight.facade.DayNight` every game lives in (entry-point plugins
    loaded as in Python, same environment variables) and the host's can't-become effects."""

    def __init__(self, daynight: DayNight | None = None) -> None:
        self.daynight = daynight if daynight is not None else DayNight()
        self.effects = HostEffects(self.daynight.pm)
        self.daynight.pm.register(self.effects, name=HOST_EFFECTS_PLUGIN_NAME)
        self.client = ""

    def initialize(self, client: str = "") -> InitializeResult:
        """The protocol and library versions, the loaded plugins, the house-rule variants they offer (their
        ``daynight_variants`` answers), the methods."""
        self.client = client
        return InitializeResult(
            protocol_version=PROTOCOL_VERSION,
            library="mtg-daynight",
            library_version=__version__,
            plugins=tuple(info for info in plugin_infos(self.daynight.pm) if info.name != HOST_EFFECTS_PLUGIN_NAME),
            variants=self.daynight.variants(),
            methods=tuple(METHODS),
        )


def public_members(cls: type) -> list[Callable[..., Any] | property]:
    """The public methods and properties of ``cls``, in the order the class defines them (attributes such as
    ``Game.id`` are not methods)."""
    return [member for name, member in vars(cls).items()
            if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property))]


def game_method(function: Callable[..., Any] | property) -> Method:
    """A method of :class:`~mtg_daynight.facade.Game` (or one of its properties): params ``game`` plus the
    method's own."""
    return Method(function, lambda session, params: Game(session.daynight.pm, params.game), game_field=True)


def daynight_method(function: Callable[..., Any] | property) -> Method:
    """A method of :class:`~mtg_daynight.facade.DayNight`."""
    return Method(function, lambda session, params: session.daynight)


def effects_method(function: Callable[..., Any]) -> Method:
    """A method of the host's can't-become effects (:class:`~mtg_daynight.effects.HostEffects`)."""
    return Method(function, lambda session, params: session.effects)


def session_method(function: Callable[..., Any]) -> Method:
    """A method of the bridge itself (:class:`Session`), such as ``initialize``."""
    return Method(function, lambda session, params: session)


def _table(*methods: Method) -> dict[str, Method]:
    return {method.name: method for method in methods}


#: Every method the server answers, by name, in the order ``initialize`` lists them.
METHODS: Final[Mapping[str, Method]] = _table(
    session_method(Session.initialize),
    *map(daynight_method, public_members(DayNight)),
    *map(game_method, public_members(Game)),
    effects_method(HostEffects.add_cant_become),
    effects_method(HostEffects.remove_cant_become),
)
