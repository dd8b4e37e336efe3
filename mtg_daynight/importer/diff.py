"""What changed between two snapshots: :class:`SnapshotDiff` and :func:`diff_snapshots`, which an update prints."""

from __future__ import annotations

from dataclasses import dataclass, field

from mtg_daynight.importer.records import DayNightCard, HelperCard, MentionCard, ReadsCard, Snapshot

Record = DayNightCard | MentionCard | HelperCard | ReadsCard


@dataclass
class SnapshotDiff:
    """What changed between two snapshots (day/night cards, cards that mention or read day/night, helper cards, keyed
    by kind and oracle id): the names added and removed, and ``changed`` as (name, changed field names)."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[tuple[str, list[str]]] = field(default_factory=list)

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
    for reads in snapshot.reads:
        table[f"reads:{reads.oracle_id}"] = reads
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
