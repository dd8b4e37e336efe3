"""The validation boundary: every argument of every event, and every loaded state, checked before use.

Each transition of :mod:`mtg_daynight.rules.game` calls these before its first write, so the facade, the hooks
and direct callers of the core all go through the same checks (docs/host-integration.md, section 9, has the table
of what is accepted). A bad value raises :class:`~mtg_daynight.errors.BadEventError` naming the game, the turn, the
event, the argument and the value; nothing has changed when it is raised. What passes is what a save can hold: plain
``str`` (UTF-8 encodable) ids and names, ``int`` turn numbers, ``bool`` flags, :class:`Side` faces, :class:`Keyword`
keywords. Values of a close kind are normalised rather than refused (a ``str`` subclass or ``"back"`` for
:attr:`Side.BACK`, a list for a tuple, a set for a frozenset), and the normalised value is what the rules store.
Everything here only reads; :func:`check_state` checks a loaded state's integrity.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Final, Literal, TypeVar

import msgspec

from mtg_daynight.errors import BadEventError, BadSaveError
from mtg_daynight.rules.designation import Designation, Keyword, Side
from mtg_daynight.rules.permanents import CardPermanent, Face, Permanent, Tracked
from mtg_daynight.rules.state import GameState

if TYPE_CHECKING:
    from mtg_daynight.rules.ledger import TurnRecord

MAX_TURN: Final = 2**31 - 1
"""The highest turn number the rules take: 2^31 - 1, a signed 32-bit integer (Java's and C#'s ``int``), so that every
turn a trace or a save shows is one any host language reads exactly. Turns are numbered from 1; an event with a
turn outside 1..MAX_TURN is a BadEventError, and a save holding one a BadSaveError."""

#: A turn number, 1..:data:`MAX_TURN`: the type of the facade's ``turn`` parameters (the bridge takes its bound
#: from this annotation).
Turn = Annotated[int, msgspec.Meta(ge=1, le=MAX_TURN, description="A turn number, from 1 to 2^31 - 1.")]

_T = TypeVar("_T")
_COLLECTIONS = (tuple, list, set, frozenset)
_SIDES = {"front": Side.FRONT, "back": Side.BACK}
_KEYWORDS = {"daybound": Keyword.DAYBOUND, "nightbound": Keyword.NIGHTBOUND}
_TARGETS: dict[object, Designation | Literal["switch"]] = {
    "day": Designation.DAY, "night": Designation.NIGHT, "switch": "switch",
}


#: Where a checked value sits, for an error message only: a plain string (``"leave: permanents"``), or a tuple
#: ``(event, permanent id or None, field)`` that :func:`where` renders (``"enter 'p1': front"``) only when the value
#: is refused, so that checking a valid value builds no text.
Where = str | tuple[str, str | None, str]


def where(what: Where, part: str = "") -> str:
    """The text of a :data:`Where` and ``part`` (a part of the value, such as ``".name"``): a string as it is;
    ``(event, id, field)`` as ``"event 'id': field"`` (without ``'id'`` when it is None, without ``": field"`` when
    the field is empty)."""
    if isinstance(what, str):
        return what + part
    event, pid, field = what
    head = event if pid is None else f"{event} {pid!r}"
    return f"{head}: {field}{part}" if field or part else head


def show(value: object) -> str:
    """A value as an error message shows it: its repr (cut at 60 characters) and its type."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or an int too long to print
        text = "<unprintable>"
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def bad(state: GameState, what: str) -> BadEventError:
    """The error for a bad event in ``state``'s game: the message starts with the game and the turn."""
    return BadEventError(f"game {state.game!r}, turn {state.turn_number}: {what}")


def _encodable(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no save could hold it
        return False
    return True


def text(state: GameState, value: object, what: Where, part: str = "", *, empty: bool = True) -> str:
    """``value`` as a plain ``str`` that a save can hold (UTF-8 encodable; not empty unless ``empty``). ``what`` and
    ``part`` say where it is (see :func:`where`)."""
    if type(value) is str:
        if (value or empty) and (value.isascii() or _encodable(value)):
            return value
    elif isinstance(value, str):  # a str subclass or a StrEnum: store the plain string
        return text(state, str.__str__(value), what, part, empty=empty)
    need = "a string" if empty else "a non-empty string"
    raise bad(state, f"{where(what, part)}: {show(value)} is not {need} (UTF-8 encodable)")


def name(state: GameState, value: object, what: Where, part: str = "") -> str:
    """A non-empty plain ``str``: an id, a player, a face name, a restriction name."""
    return text(state, value, what, part, empty=False)


def flag(state: GameState, value: object, what: Where, part: str = "") -> bool:
    """A real ``bool`` (not 0, 1 or None)."""
    if type(value) is not bool:
        raise bad(state, f"{where(what, part)}: {show(value)} is not True or False")
    return value


def turn_number(state: GameState, value: object, event: str) -> int:
    """A turn number: an ``int`` (not a bool, float or string) from 1 to :data:`MAX_TURN`."""
    if type(value) is not int:
        raise bad(state, f"{event}: turn: {show(value)} is not a turn number (an int from 1)")
    if value < 1:
        raise bad(state, f"{event} of turn {value}: turns are numbered from 1")
    if value > MAX_TURN:
        raise bad(state, f"{event}: turn: {show(value)} is above the highest turn number, {MAX_TURN} (2^31 - 1)")
    return value


def names(state: GameState, value: object, what: str) -> tuple[str, ...]:
    """Ids or names (non-empty strings) in a tuple, list, set or other iterable (not one bare string), as a
    tuple; a set's are sorted, so that its order cannot depend on the hash seed."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise bad(state, f"{what}: {show(value)} is not a tuple or list of ids")
    try:
        items = tuple(value)
    except Exception as error:  # a hostile iterable: say so, typed
        raise bad(state, f"{what}: {show(value)} could not be read: {error}") from None
    result = tuple(name(state, item, what, f"[{n}]") for n, item in enumerate(items))
    return tuple(sorted(result)) if isinstance(value, (set, frozenset)) else result


def side(state: GameState, value: object, what: Where) -> Side:
    """A :class:`Side` (or its value, ``"front"`` / ``"back"``)."""
    found = _SIDES.get(str.__str__(value)) if isinstance(value, str) else None  # plain str: a subclass's hash
    if found is None:
        raise bad(state, f"{where(what)}: {show(value)} is not a face (Side.FRONT or Side.BACK)")
    return found


def keywords(state: GameState, value: object, what: Where) -> frozenset[Keyword]:
    """A set of :class:`Keyword` (or their values, ``"daybound"`` / ``"nightbound"``), as a frozenset."""
    if not isinstance(value, _COLLECTIONS):
        raise bad(state, f"{where(what)}: {show(value)} is not a set of keywords")
    found: list[Keyword] = []
    for item in value:
        keyword = _KEYWORDS.get(str.__str__(item)) if isinstance(item, str) else None  # plain str: see side()
        if keyword is None:
            raise bad(state, f"{where(what)}: {show(item)} is not a keyword (use 'daybound' and 'nightbound')")
        found.append(keyword)
    return _kept(value, frozenset(found))


def restrictions(state: GameState, value: object, what: Where) -> frozenset[str]:
    """A set of restriction names (non-empty strings), as a frozenset."""
    if not isinstance(value, _COLLECTIONS):
        raise bad(state, f"{where(what)}: {show(value)} is not a set of restriction names")
    return _kept(value, frozenset([name(state, item, what, " item") for item in value]))


def _kept(value: object, normalised: frozenset[_T]) -> frozenset[_T]:
    """An empty ``value`` itself (so that a field's default object stays the default, which a save leaves out),
    else ``normalised``."""
    return value if not normalised and type(value) is frozenset else normalised


def face(state: GameState, value: object, what: Where) -> Face:
    """A :class:`Face` whose fields have their declared types, normalised field by field (or refused, saying which
    field)."""
    if not isinstance(value, Face):
        raise bad(state, f"{where(what)}: {show(value)} is not a Face")
    label = name(state, value.name, what, ".name")
    flag(state, value.daybound, what, ".daybound")
    flag(state, value.nightbound, what, ".nightbound")
    flag(state, value.instant_or_sorcery, what, ".instant_or_sorcery")
    return Face(label, value.daybound, value.nightbound, value.instant_or_sorcery)


def permanent(state: GameState, value: object, event: str) -> Permanent:
    """A :class:`Permanent` whose fields have their declared types (normalised: see the module docstring).

    The controller must be a player of the game; a permanent entering back face up needs a back face. Each field
    is normalised, in this order, by the helper of its kind (:func:`name`, :func:`player`, :func:`face`, ...),
    which says what is wrong.
    """
    if not isinstance(value, Permanent):
        raise bad(state, f"{event}: {show(value)} is not a Permanent (or a CardPermanent)")
    pid, controller, front, back, up = value.id, value.controller, value.front, value.back, value.face
    gained, lost, held = value.gained, value.lost, value.restrictions
    pid = name(state, pid, (event, None, "id"))
    player(state, controller, (event, pid, ""))
    front = face(state, front, (event, pid, "front"))
    if back is not None:
        back = face(state, back, (event, pid, "back"))
    up = side(state, up, (event, pid, "face"))
    if up is Side.BACK and back is None:
        raise bad(state, f"{event}: {pid!r} ({value.name}) can't enter back face up: it has no back face")
    checked = (
        pid, controller, front, back, up, flag(state, value.face_down, (event, pid, "face_down")),
        keywords(state, gained, (event, pid, "gained")), keywords(state, lost, (event, pid, "lost")),
        restrictions(state, held, (event, pid, "restrictions")), flag(state, value.token, (event, pid, "token")),
        flag(state, value.meld, (event, pid, "meld")),
    )
    return Permanent(*checked)


def card_permanent(state: GameState, value: object, event: str) -> CardPermanent:
    """A :class:`CardPermanent` whose fields have their declared types, before the card data is asked."""
    if not isinstance(value, CardPermanent):
        raise bad(state, f"{event}: {show(value)} is not a Permanent (or a CardPermanent)")
    pid = name(state, value.id, (event, None, "id"))
    player(state, value.controller, (event, pid, ""))
    card = name(state, value.card, (event, pid, "card"))
    return CardPermanent(
        pid, value.controller, card, side(state, value.face, (event, pid, "face")),
        flag(state, value.face_down, (event, pid, "face_down")), keywords(state, value.gained, (event, pid, "gained")),
        keywords(state, value.lost, (event, pid, "lost")),
        restrictions(state, value.restrictions, (event, pid, "restrictions")),
        flag(state, value.token, (event, pid, "token")),
    )


def player(state: GameState, value: object, event: Where) -> None:
    """``value`` is one of the game's players (a plain ``str``: the players were checked at the start)."""
    if type(value) is not str or value not in state.players:
        event = where(event)
        if not isinstance(value, str):
            raise bad(state, f"{event}: player: {show(value)} is not a player id (a string)")
        if str.__str__(value) in state.players:  # a str subclass naming a player: refused, a save could not hold it
            raise bad(state, f"{event}: player: {show(value)} must be a plain str")
        raise bad(state, f"{event}: unknown player {value!r} (players: {', '.join(state.players)})")


def known(state: GameState, value: object, event: str) -> Tracked:
    """The record of the permanent with id ``value``, which must be on the battlefield."""
    if type(value) is not str and isinstance(value, str):
        value = str.__str__(value)  # a str subclass or StrEnum naming the permanent
    tracked = state.permanents.get(value) if type(value) is str else None
    if tracked is None:
        if not isinstance(value, str):
            raise bad(state, f"{event}: permanent: {show(value)} is not a permanent id (a string)")
        raise bad(state, f"{event}: unknown permanent {value!r} (it never entered, or it has left)")
    return tracked


def unique(state: GameState, ids: Sequence[str], event: str) -> None:
    """No id listed twice in one event."""
    if len(ids) > 1 and len(set(ids)) != len(ids):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        raise bad(state, f"{event}: permanent listed twice: {', '.join(dupes)}")


def target(state: GameState, value: object, cause: str) -> Designation | Literal["switch"]:
    """What an effect makes it: day, night or ``"switch"``; never neither (731.1)."""
    found = _TARGETS.get(str.__str__(value)) if isinstance(value, str) else None
    if found is None:
        if value == Designation.NEITHER:
            raise bad(state, f"{cause}: no effect can make it neither day nor night (731.1)")
        raise bad(state, f"{cause}: to: {show(value)}: it can become 'day' or 'night', or 'switch'")
    return found


def game_id(game: object, event: str) -> str:
    """A game id: a non-empty plain ``str`` that UTF-8 can encode."""
    if not isinstance(game, str) or not game or not (game.isascii() or _encodable(game)):
        raise BadEventError(f"{event}: game: {show(game)} is not a game id (a non-empty UTF-8 string)")
    return str.__str__(game)


def new_game(game: object, players: object, variants: object) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The arguments of a game's start: a non-empty game id, one or more distinct players, variant names."""
    game = game_id(game, "new game")
    where = GameState(game=game, players=())
    ids = names(where, players, "new game: players")
    if not ids:
        raise BadEventError(f"game {game!r}: a game needs at least one player")
    if len(set(ids)) != len(ids):
        raise BadEventError(f"game {game!r}: a player is listed twice: {', '.join(ids)}")
    return game, ids, names(where, variants, "new game: variants")


# ---------------------------------------------------------------------------------------------------------
# A loaded state's integrity.


def check_state(state: GameState) -> None:
    """Raise :class:`~mtg_daynight.errors.BadSaveError` if ``state`` is not one the rules could have reached.

    Types are the decoder's business; this checks what types cannot say: non-empty ids, distinct players,
    turns going forward and naming players, the day/night index naming exactly the permanents that care about
    day and night, each permanent filed under its own id with a valid face.
    """
    try:
        _check_state(state)
    except BadEventError as error:
        raise BadSaveError(f"saved game: {error}") from None


def _check_state(state: GameState) -> None:
    new_game(state.game, state.players, state.variants)
    left = names(state, state.left, "left")
    if len(set(left)) != len(left) or set(left) & set(state.players):
        raise bad(state, f"left: players who left the game must be distinct and not still playing: {list(left)}")
    if left:  # the ledger and the permanents may still name a player who left the game (800.4a)
        state = msgspec.structs.replace(state, players=state.players + left)
    previous, turn = state.previous, state.turn
    if previous is not None and turn is None:
        raise bad(state, "a previous turn but no current turn")
    for record, label in ((previous, "previous"), (turn, "turn")):
        if record is not None:
            _check_turn(state, record, label)
    if previous is not None and turn is not None and previous.number >= turn.number:
        raise bad(state, f"previous turn {previous.number} is not before turn {turn.number}")
    for pid, tracked in state.permanents.items():
        card = permanent(state, tracked.card, "permanents")
        if card.id != pid:
            raise bad(state, f"permanents: the record filed under {pid!r} is permanent {card.id!r}")
        if tracked.face is Side.BACK and card.back is None:
            raise bad(state, f"permanents: {pid!r} is back face up but has no back face")
        held = names(state, tracked.restrictions, f"permanents: {pid!r}: restrictions")
        if list(held) != sorted(held):
            raise bad(state, f"permanents: {pid!r}: restrictions are not sorted")
    for pid in state.relevant:
        if pid not in state.permanents:
            raise bad(state, f"relevant: {pid!r} names no permanent on the battlefield")
    caring = [pid for pid, tracked in state.permanents.items() if tracked.cares_about_day_night]
    if len(caring) != len(state.relevant):
        missing = [pid for pid in caring if pid not in state.relevant]
        raise bad(state, f"relevant: the day/night index leaves out {', '.join(map(repr, missing))}"
                  if missing else "relevant: the day/night index names permanents without daybound or nightbound")
    for line in state.trace:
        if not 0 <= line.turn <= MAX_TURN:  # 0: before the first untap step
            raise bad(state, f"trace: a line of turn {line.turn} (turns are 1..{MAX_TURN}, 0 before the first)")


def _check_turn(state: GameState, record: TurnRecord, label: str) -> None:
    turn_number(state, record.number, label)
    active = names(state, record.active, f"{label}: active")
    if not active:
        raise bad(state, f"{label}: no active player")
    if len(set(active)) != len(active):
        raise bad(state, f"{label}: a player is active twice: {', '.join(active)}")
    for who in (*active, *record.cast):
        player(state, who, label)
    for who, count in record.cast.items():
        if count < 1:
            raise bad(state, f"{label}: {who!r} cast {count} spells")


def collection(state: GameState, value: object, what: str) -> Iterable[object]:
    """A tuple or list (not a bare string or other iterable), for an event's batch of permanents."""
    if type(value) is tuple or type(value) is list:
        return value
    raise bad(state, f"{what}: {show(value)} is not a tuple or list")
