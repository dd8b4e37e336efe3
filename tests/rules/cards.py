"""Hand-written test fixtures: permanents built from real card names, with made-up ids ("p1", ...).

HAND-WRITTEN FIXTURES: the faces and keywords below follow the printed cards (Tavern Ruffian // Tavern Smasher,
Curse of Leeches // Leeching Lurker, Arlinn, the Pack's Hope // Arlinn, the Moon's Fury, the playtest card
Werewhat); the ids, controllers and the single-faced "copy" are invented for the tests. Nothing here is card
data from a database.
"""

from __future__ import annotations

from mtg_daynight import DayNight, Face, Game, Permanent, Side
from mtg_daynight.rules import Keyword
from mtg_daynight.rules.saves import encode_state

RUFFIAN = Face("Tavern Ruffian", daybound=True)
SMASHER = Face("Tavern Smasher", nightbound=True)
CURSE = Face("Curse of Leeches", daybound=True)  # an Aura
LURKER = Face("Leeching Lurker", nightbound=True)
ARLINN = Face("Arlinn, the Pack's Hope", daybound=True)  # a planeswalker
ARLINN_NIGHT = Face("Arlinn, the Moon's Fury", nightbound=True)
WEREWHAT = Face("Werewhat", daybound=True)
INSTANT_BACK = Face("Lightning Bolt", instant_or_sorcery=True)  # an instant chosen as Werewhat's back face
BEAR = Face("Grizzly Bears")
DELVER = Face("Delver of Secrets")  # a transforming DFC without daybound/nightbound
ABERRATION = Face("Insectile Aberration")


def werewolf(pid: str, controller: str = "P1", *, face: Side = Side.FRONT, face_down: bool = False,
             restrictions: frozenset[str] = frozenset()) -> Permanent:
    """A daybound // nightbound double-faced creature (Tavern Ruffian // Tavern Smasher)."""
    return Permanent(pid, controller, RUFFIAN, SMASHER, face=face, face_down=face_down, restrictions=restrictions)


def nightbound_up(pid: str, controller: str = "P1") -> Permanent:
    """The same werewolf put onto the battlefield transformed (nightbound face up)."""
    return werewolf(pid, controller, face=Side.BACK)


def curse(pid: str, controller: str = "P1") -> Permanent:
    """Curse of Leeches // Leeching Lurker: a daybound Aura."""
    return Permanent(pid, controller, CURSE, LURKER)


def arlinn(pid: str, controller: str = "P1") -> Permanent:
    """Arlinn, the Pack's Hope // Arlinn, the Moon's Fury: a daybound planeswalker."""
    return Permanent(pid, controller, ARLINN, ARLINN_NIGHT)


def single_faced_copy(pid: str, controller: str = "P1") -> Permanent:
    """A single-faced object copying Tavern Ruffian's front face: daybound, but nothing to transform into."""
    return Permanent(pid, controller, RUFFIAN)


def werewhat(pid: str, controller: str = "P1") -> Permanent:
    """Werewhat with an instant chosen as its back face: it can never transform away from its daybound side."""
    return Permanent(pid, controller, WEREWHAT, INSTANT_BACK)


def plain(pid: str, controller: str = "P1") -> Permanent:
    """A single-faced permanent with nothing to do with day and night."""
    return Permanent(pid, controller, BEAR)


def delver(pid: str, controller: str = "P1") -> Permanent:
    """A double-faced card without daybound or nightbound (other effects may transform it)."""
    return Permanent(pid, controller, DELVER, ABERRATION)


def new_game(players: tuple[str, ...] = ("P1", "P2"), game: str = "g1", *, first_turn: bool = True) -> Game:
    """A fresh game on its own DayNight (no entry-point plugins), turn 1 already begun unless told otherwise."""
    g = DayNight(autoload=False).new_game(game, players)
    if first_turn:
        g.untap_step(1, players[0])
    return g


def snapshot(g: Game) -> bytes:
    """The game's full rules state, as bytes: equal snapshots mean equal states."""
    return encode_state(g.state)


DAYBOUND = Keyword.DAYBOUND
NIGHTBOUND = Keyword.NIGHTBOUND
