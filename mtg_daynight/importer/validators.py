"""A snapshot's validators: what a "changed since?" request needs from it, read without decoding the snapshot.

An update first asks Scryfall whether the bulk file changed (``If-None-Match`` with the ETag the snapshot's
manifest recorded) and, when it did not, stops. For that it needs a few fields of the manifest (format and tool
version, source kind, bulk type, ETag; date and file name for its messages). Decoding and checking the whole
snapshot for them needs msgspec and the records, which cost more than the rest of the command. So every
snapshot write (:func:`~mtg_daynight.importer.snapshot.write_snapshot_atomic`) also writes a small sidecar next
to the snapshot, ``.daynight-cards.validators.json``, holding those fields and the snapshot file's size and
CRC-32, and :func:`read_validators` reads them back.

The sidecar is believed only when it is well-formed, names the snapshot format version this mtg-daynight reads,
and the snapshot file holds exactly the bytes it describes (same size and CRC-32): a snapshot replaced or edited
by anything else, or a sidecar left from an earlier snapshot, is never believed, and a sidecar is written only
for a snapshot that passes every check a reader makes. Whenever it is not believed (missing, corrupt, stale),
:func:`read_validators` returns None and the caller decodes the snapshot as before: the sidecar can make an
update faster, never change its answer. It vouches for the snapshot as the mtg-daynight version that wrote it read
it (``tool_version``); an update sends the ETag only when that is its own version, as it did with the decoded
manifest, so another version decodes, checks and replaces the snapshot before it trusts a sidecar.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

from mtg_daynight.errors import InputFileError
from mtg_daynight.importer.formats import SNAPSHOT_FORMAT_VERSION
from mtg_daynight.importer.paths import snapshot_path
from mtg_daynight.inputfile import read_regular_file
from mtg_daynight.lazy import TYPE_CHECKING

if TYPE_CHECKING:
    from mtg_daynight.importer.records import Snapshot

#: The sidecar's file name, next to the snapshot's.
VALIDATORS_NAME = ".daynight-cards.validators.json"
#: The sidecar's own layout version (not the snapshot's format version, which it records).
SIDECAR_VERSION = 1
#: A sidecar larger than this is not one we wrote.
MAX_SIDECAR_BYTES = 64 * 1024
#: A snapshot file larger than this is not checked against its sidecar (the caller decodes it instead).
MAX_SNAPSHOT_BYTES = 1 << 30

_TEXT_FIELDS = ("tool_version", "kind", "bulk_type", "api_etag", "updated_at", "file_name")


class SnapshotValidators:
    """The fields of a snapshot's manifest that an update's "changed since?" request and its messages use."""

    __slots__ = ("api_etag", "bulk_type", "file_name", "format_version", "kind", "tool_version", "updated_at")

    def __init__(
        self,
        *,
        format_version: int,
        tool_version: str,
        kind: str,
        bulk_type: str | None,
        api_etag: str | None,
        updated_at: str | None,
        file_name: str | None,
    ) -> None:
        self.format_version = format_version
        self.tool_version = tool_version
        self.kind = kind
        self.bulk_type = bulk_type
        self.api_etag = api_etag
        self.updated_at = updated_at
        self.file_name = file_name

    @classmethod
    def of(cls, snapshot: Snapshot) -> SnapshotValidators:
        """The validators of a decoded snapshot."""
        manifest, source = snapshot.manifest, snapshot.manifest.source
        return cls(
            format_version=manifest.format_version,
            tool_version=manifest.tool_version,
            kind=source.kind,
            bulk_type=source.bulk_type,
            api_etag=source.api_etag,
            updated_at=source.updated_at,
            file_name=source.file_name,
        )

    def as_dict(self) -> dict[str, object]:
        """The fields as a JSON object."""
        return {name: getattr(self, name) for name in ("format_version", *_TEXT_FIELDS)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SnapshotValidators) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return f"SnapshotValidators({', '.join(f'{k}={v!r}' for k, v in self.as_dict().items())})"


def validators_path(path_or_dir: str | os.PathLike[str]) -> Path:
    """The sidecar of the snapshot at ``path_or_dir`` (the snapshot file or its directory)."""
    return snapshot_path(path_or_dir).with_name(VALIDATORS_NAME)


def sidecar_bytes(snapshot: Snapshot, data: bytes) -> bytes:
    """The sidecar of ``snapshot``, whose encoded file is ``data``."""
    record = {
        "sidecar_version": SIDECAR_VERSION,
        "snapshot": {"size": len(data), "crc32": zlib.crc32(data)},
        **SnapshotValidators.of(snapshot).as_dict(),
    }
    return json.dumps(record, indent=1).encode("utf-8") + b"\n"


def _optional_text(record: dict[str, object], name: str) -> str | None:
    value = record[name]
    if value is not None and not isinstance(value, str):
        raise ValueError(name)
    return value


def read_validators(path_or_dir: str | os.PathLike[str]) -> SnapshotValidators | None:
    """The validators of the snapshot at ``path_or_dir`` from its sidecar, or None when the sidecar is missing,
    malformed, of another format version, or does not describe the snapshot file's bytes exactly (see the module
    docstring: the caller then decodes the snapshot). Reads only regular files; never raises for a bad file."""
    try:
        record = json.loads(read_regular_file(validators_path(path_or_dir), MAX_SIDECAR_BYTES, "sidecar"))
        if not isinstance(record, dict) or record.get("sidecar_version") != SIDECAR_VERSION:
            return None
        described = record["snapshot"]
        size, crc = described["size"], described["crc32"]
        version = record["format_version"]
        if type(version) is not int or version != SNAPSHOT_FORMAT_VERSION or type(size) is not int:
            return None
        texts = {name: _optional_text(record, name) for name in _TEXT_FIELDS}
        tool_version, kind = texts["tool_version"], texts["kind"]
        if tool_version is None or kind is None:
            return None
        data = read_regular_file(snapshot_path(path_or_dir), MAX_SNAPSHOT_BYTES, "card-data snapshot")
    except (InputFileError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if len(data) != size or zlib.crc32(data) != crc:
        return None
    return SnapshotValidators(
        format_version=version,
        tool_version=tool_version,
        kind=kind,
        bulk_type=texts["bulk_type"],
        api_etag=texts["api_etag"],
        updated_at=texts["updated_at"],
        file_name=texts["file_name"],
    )
