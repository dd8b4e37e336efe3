"""The spell ledger: who cast how many spells in which turn (only spells that were cast count, 601.2), and whose turn
it was (the active player, or team, 805), for the untap-step check (731.2a/b). Only the current and the previous
turn are kept: nothing in the rules looks further back, and the ledger stays the same size for the whole game.
"""

# Annotations are evaluated as the classes are defined (no ``from __future__ import annotations``), as in state.py.
import msgspec


class TurnRecord(msgspec.Struct, omit_defaults=True, gc=False):
    """One turn: its number, its active player (or active team, 805) and the spells each player cast in it.

    ``untap_step`` is False for a turn that began without an untap step (Stasis, Brine Elemental): it had no
    502.1 phasing and no 502.2 check, but it is still "the previous turn" at the next check, and the spells cast
    in it belong to it.
    """

    number: int
    active: tuple[str, ...]
    cast: dict[str, int] = msgspec.field(default_factory=dict)
    untap_step: bool = True


class Tally(msgspec.Struct, frozen=True, gc=False):
    """What the untap-step check (731.2) counts in the previous turn.

    - ``spells``: spells counted in all (731.2a: day becomes night when this is 0).
    - ``most_by_one_player``: the most spells one single counted player cast (731.2b: night becomes day when
      this is 2 or more; in shared team turns 1 + 1 from two teammates is not enough).
    - ``rule``: the rule (or house rule) the counting follows, and ``who``: whose spells were counted; both
      appear in the trace (an empty ``who`` means "the previous active player or team", worded when needed).
    """

    spells: int
    most_by_one_player: int
    rule: str = "731.2"
    who: str = ""


def rules_tally(turn: TurnRecord) -> Tally:
    """Count as the Comprehensive Rules do: only the previous turn's active player, or each player of the
    previous turn's active team in shared team turns (731.2a/b, 805); only spells cast during that turn."""
    counts = [turn.cast.get(player, 0) for player in turn.active]
    return Tally(sum(counts), max(counts))
