"""Local card-data files (``carddata update --from-file A --from-file B ...``) imported into one snapshot: each
file, told by its decompressed content, is MTGJSON (:mod:`~mtg_daynight.importer.mtgjson`) or a Scryfall bulk file
(:mod:`~mtg_daynight.importer.bulk`), and every card is folded by one :class:`~mtg_daynight.importer.fold.Folder`.
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


def import_local_files(
    paths: Sequence[PathLike], *, progress: Progress | None = None, deadline: Deadline | None = None
) -> tuple[ImportResult, SourceInfo]:
    """Import every file of ``paths`` (Scryfall or MTGJSON, any mix) into one result, and describe the files.

    ``progress`` is told the files' total size and advanced as they are read; ``deadline`` is asked before each
    block (phase ``"importing FILE"``). Raises :class:`~mtg_daynight.importer.errors.CardFileError` naming the
    file (and line, byte or set) that is missing, truncated, not JSON or holds a bad card; writes nothing.
    """
    if not paths:
        raise CardFileError("no file to import")
    folder = Folder()
    files: list[SourceFile] = []
    reads: list[ImportResult] = []
    done = file_base = 0

    def advance(read_in_file: int) -> None:
        nonlocal done
        if progress is not None and file_base + read_in_file > done:
            progress.advance(file_base + read_in_file - done)
            done = file_base + read_in_file

    items = as_paths(paths)
    if progress is not None:
        progress.start(sum(p.stat().st_size for p in items if p.is_file()), 0)
    try:
        for path in items:
            file_base = done
            check = None if deadline is None else functools.partial(deadline.remaining, f"importing {path}")
            source = sniff_source(path)
            if source == "mtgjson":
                read = read_mtgjson(path, folder, on_progress=advance, check=check)
            else:
                read = import_file(path, folder=folder, check=check)
            reads.append(read)
            files.append(SourceFile(name=path.name, size=read.file_size, sha256=read.sha256, source=source,
                                    format=str(read.format), compression=read.compression,
                                    version=read.version or None, date=read.date or None, sets=read.sets))
            advance(read.file_size)
    finally:
        if progress is not None:
            progress.close()
    kinds = {f.source for f in files}
    dates = sorted(f.date for f in files if f.date)
    versions = sorted({f.version for f in files if f.version})
    single = files[0] if len(files) == 1 else None
    info = SourceInfo(
        kind="mtgjson" if kinds == {"mtgjson"} else "file" if kinds == {"scryfall"} else "mixed",
        updated_at=dates[0] if dates else None,
        version=", ".join(versions) if versions else None,
        file_name=single.name if single else ", ".join(f.name for f in files),
        file_size=sum(f.size for f in files),
        file_sha256=single.sha256 if single else "",
        format=", ".join(dict.fromkeys(f.format for f in files)),
        gzipped=all(f.compression == "gzip" for f in files),
        files=tuple(files),
    )
    result = ImportResult(
        **folder.build()._asdict(),
        warnings=tuple(w for read in reads for w in read.warnings),
        format=info.format,
        gzipped=info.gzipped,
        candidate_lines=sum(r.candidate_lines for f, r in zip(files, reads, strict=True) if f.source == "scryfall"),
        decompressed_bytes=sum(read.decompressed_bytes for read in reads),
        file_size=info.file_size,
        sha256=info.file_sha256,
        objects_kept=sum(read.objects_kept for read in reads),
    )
    return result, info
