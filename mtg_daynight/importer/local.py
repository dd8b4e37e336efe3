"""Importing local card-data files (``carddata update --from-file A --from-file B ...``) into one snapshot.

Each file is recognised by its content, never its name: after decompression (gzip, xz, bzip2 or none, by magic
bytes) a JSON object whose first key is ``meta`` or ``data`` is an MTGJSON file (set file or AllPrintings,
:mod:`mtg_daynight.importer.mtgjson`); anything else is a Scryfall bulk file (JSON Lines or the legacy array,
:mod:`mtg_daynight.importer.bulk`). The cards of every file are folded together by the same
:class:`~mtg_daynight.importer.fold.Folder`, so printings of one card from several files become one record, and
the :class:`~mtg_daynight.importer.records.SourceInfo` names every file with its size and sha256.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence
from pathlib import Path

from mtg_daynight.importer.bulk import UTF8_BOM, ImportResult, Progress, decompressed, import_file
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.limits import Deadline
from mtg_daynight.importer.mtgjson import read_mtgjson
from mtg_daynight.importer.records import SourceFile, SourceInfo

PathLike = str | os.PathLike[str]
_FIRST_KEY = re.compile(rb'\A\{\s*"((?:[^"\\]|\\.)*)"')
#: First keys of MTGJSON's top-level object.
MTGJSON_KEYS = (b"meta", b"data")


def sniff_source(path: Path) -> str:
    """``"mtgjson"`` or ``"scryfall"``: what the (decompressed) content of ``path`` is, from its first bytes."""
    if not path.is_file():
        raise CardFileError(f"{path}: {'not a regular file' if path.exists() else 'no such file'}")
    head = b""
    try:
        with path.open("rb") as raw:
            stream = decompressed(raw, str(path))
            while len(head.removeprefix(UTF8_BOM).lstrip()) < 64 and (block := stream.read(1 << 16)):
                head += block
    except OSError as error:
        raise CardFileError(f"{path}: cannot read: {error.strerror or error}") from None
    match = _FIRST_KEY.match(head.removeprefix(UTF8_BOM).lstrip())
    return "mtgjson" if match is not None and match.group(1) in MTGJSON_KEYS else "scryfall"


def as_paths(from_file: PathLike | Sequence[PathLike]) -> list[Path]:
    """One path or several, as a list of expanded paths."""
    items = [from_file] if isinstance(from_file, str | os.PathLike) else list(from_file)
    return [Path(item).expanduser() for item in items]


def _source_info(files: list[SourceFile]) -> SourceInfo:
    kinds = {f.source for f in files}
    kind = "mtgjson" if kinds == {"mtgjson"} else "file" if kinds == {"scryfall"} else "mixed"
    dates = sorted(f.date for f in files if f.date)
    versions = sorted({f.version for f in files if f.version})
    formats = list(dict.fromkeys(f.format for f in files))
    single = files[0] if len(files) == 1 else None
    return SourceInfo(
        kind=kind,
        updated_at=dates[0] if dates else None,
        version=", ".join(versions) if versions else None,
        file_name=single.name if single else ", ".join(f.name for f in files),
        file_size=sum(f.size for f in files),
        file_sha256=single.sha256 if single else "",
        format=", ".join(formats),
        gzipped=all(f.compression == "gzip" for f in files),
        files=tuple(files),
    )


def import_local_files(
    paths: Sequence[PathLike],
    *,
    progress: Progress | None = None,
    deadline: Deadline | None = None,
) -> tuple[ImportResult, SourceInfo]:
    """Import every file of ``paths`` (Scryfall or MTGJSON, any mix) into one result, and describe the files.

    ``progress`` is told the files' total size and advanced as they are read (after each MTGJSON set, after each
    Scryfall file). ``deadline`` is asked before each decompressed block, with the phase ``"importing FILE"``: it
    raises (:class:`~mtg_daynight.importer.errors.DeadlineError`) when the time is up.

    Raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the file (and line, byte or set) that is
    missing, truncated, not JSON or holds a bad card; nothing is written by this function.
    """
    if not paths:
        raise CardFileError("no file to import")
    folder = Folder()
    files: list[SourceFile] = []
    candidates = decompressed = kept = 0
    warnings: list[str] = []
    done = file_base = 0

    def advance(read_in_file: int) -> None:
        nonlocal done
        if progress is not None and file_base + read_in_file > done:
            progress.advance(file_base + read_in_file - done)
            done = file_base + read_in_file

    items = [Path(item).expanduser() for item in paths]
    if progress is not None:
        progress.start(sum(p.stat().st_size for p in items if p.is_file()), 0)
    try:
        for path in items:
            file_base = done
            check = None if deadline is None else functools.partial(deadline.remaining, f"importing {path}")
            mtgjson = sniff_source(path) == "mtgjson"
            if mtgjson:
                read = read_mtgjson(path, folder, on_progress=advance, check=check)
            else:
                read = import_file(path, folder=folder, check=check)
            candidates += read.candidate_lines if not mtgjson else 0
            decompressed += read.decompressed_bytes
            kept += read.objects_kept
            warnings += read.warnings
            files.append(
                SourceFile(
                    name=path.name,
                    size=read.file_size,
                    sha256=read.sha256,
                    source="mtgjson" if mtgjson else "scryfall",
                    format=str(read.format),
                    compression=read.compression,
                    version=read.version or None,
                    date=read.date or None,
                    sets=read.sets,
                )
            )
            advance(read.file_size)
    finally:
        if progress is not None:
            progress.close()
    folded = folder.build()
    source = _source_info(files)
    result = ImportResult(
        cards=folded.cards,
        helpers=folded.helpers,
        mentions=folded.mentions,
        reads=folded.reads,
        warnings=tuple(warnings),
        format=source.format,
        gzipped=source.gzipped,
        candidate_lines=candidates,
        decompressed_bytes=decompressed,
        file_size=source.file_size,
        sha256=source.file_sha256,
        objects_kept=kept,
    )
    return result, source
