"""What changed between two snapshots: :class:`SnapshotDiff` and :func:`diff_snapshots`, which an update prints.

A plain class with no imports (no dataclasses, no msgspec), so that an update answered "not modified", which
reports an empty diff, does not load them.
"""

from __future__ import annotations

from mtg_daynight.lazy import TYPE_CHECKING

if TYPE_CHECKING:
    from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, Snapshot

    Record = DayNightCard | MentionCard | HelperCard


class SnapshotDiff:
    """What changed between two snapshots (day/night cards, cards that mention day/night and helper cards, keyed
    by kind and oracle id): the names added and removed, and ``changed`` as (name, changed field names)."""

    def __init__(
        self,
        added: list[str] | None = None,
        removed: list[str] | None = None,
        changed: list[tuple[str, list[str]]] | None = None,
    ) -> None:
        self.added: list[str] = [] if added is None else added
        self.removed: list[str] = [] if removed is None else removed
        self.changed: list[tuple[str, list[str]]] = [] if changed is None else changed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SnapshotDiff):
            return NotImplemented
        return (self.added, self.removed, self.changed) == (other.added, other.removed, other.changed)

    def __repr__(self) -> str:
        return f"SnapshotDiff(added={self.added!r}, removed={self.removed!r}, changed={self.changed!r})"

    @property
    def empty(self) -> bool:
        """True when nothing was added, removed or changed."""
        return not (self.added or self.removed or self.changed)

    def summary(self) -> str:
        """One line: ``N added, N removed, N changed``."""
        return f"{len(self.added)} added, {len(self.removed)} removed, {len(self.changed)} changed"

    def lines(self) -> list[str]:
        """One line per change: ``+ name``, ``- name``, ``~ name (fields)``."""
        out = [f"+ {name}" for name in self.added]
        out += [f"- {name}" for name in self.removed]
        out += [f"~ {name} ({', '.join(fields)})" for name, fields in self.changed]
        return out


def _keyed(snapshot: Snapshot | None) -> dict[str, Record]:
    if snapshot is None:
        return {}
    table: dict[str, Record] = {}
    for card in snapshot.cards:
        table[f"card:{card.oracle_id}"] = card
    for mention in snapshot.mentions:
        table[f"mention:{mention.oracle_id}"] = mention
    for helper in snapshot.helpers:
        table[f"helper:{helper.oracle_id or helper.name}"] = helper
    return table


def diff_snapshots(old: Snapshot | None, new: Snapshot) -> SnapshotDiff:
    """Compare the records of two snapshots (the manifests are not compared)."""
    before, after = _keyed(old), _keyed(new)
    diff = SnapshotDiff()
    for key in sorted(after.keys() - before.keys(), key=lambda k: after[k].name):
        diff.added.append(after[key].name)
    for key in sorted(before.keys() - after.keys(), key=lambda k: before[k].name):
        diff.removed.append(before[key].name)
    for key in sorted(before.keys() & after.keys(), key=lambda k: after[k].name):
        a, b = before[key], after[key]
        if a != b:
            fields = [f for f in b.__struct_fields__ if getattr(a, f, None) != getattr(b, f, None)]
            diff.changed.append((b.name, fields))
    return diff
