"""Write a benchmark's figures into docs/performance.md, the one place measured figures live.

Each benchmark script owns one section of the page, between ``<!-- begin NAME -->`` and ``<!-- end NAME -->``
markers; :func:`write_section` replaces that section (or appends it) atomically and leaves the others alone.
Benchmarks call it when run with ``--write-doc``; a plain run only prints.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: The page every benchmark writes its figures to.
PERFORMANCE_DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"


def _markers(name: str) -> tuple[str, str]:
    return f"<!-- begin {name} -->", f"<!-- end {name} -->"


def replace_section(page: str, name: str, body: str) -> str:
    """The page with section ``name`` holding ``body`` (appended at the end when the page has no such section)."""
    begin, end = _markers(name)
    block = f"{begin}\n{body.rstrip()}\n{end}"
    start = page.find(begin)
    if start < 0:
        return page.rstrip("\n") + "\n\n" + block + "\n"
    stop = page.find(end, start)
    if stop < 0:
        raise ValueError(f"{PERFORMANCE_DOC.name}: section {name!r} has a begin marker and no end marker")
    return page[:start] + block + page[stop + len(end) :]


def write_section(name: str, body: str, doc: Path = PERFORMANCE_DOC) -> None:
    """Put ``body`` (Markdown) into section ``name`` of ``doc``, atomically (temp file, then rename)."""
    page = doc.read_text(encoding="utf-8") if doc.exists() else "# Performance\n"
    text = replace_section(page, name, body)
    fd, tmp = tempfile.mkstemp(prefix=f".{doc.name}.", suffix=".tmp", dir=doc.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, doc)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
