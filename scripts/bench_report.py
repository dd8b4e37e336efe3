"""What a benchmark script prints, kept for ``--write-doc``: its section of docs/performance.md.

A script runs its measurement inside :func:`printed` (everything still goes to standard output) and, when asked,
hands the text to :func:`write_doc`, which writes the section through ``performance_doc.write_section``: a
heading, the command that produced the figures, the Python version and date, and the output as printed.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import platform
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from performance_doc import write_section


class _Tee(io.TextIOBase):
    """Writes to ``out`` and keeps a copy."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.kept = out, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()


@contextlib.contextmanager
def printed() -> Iterator[io.StringIO]:
    """Standard output of the ``with`` body, printed as usual and kept in the yielded buffer."""
    tee = _Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):  # type: ignore[type-var]
        yield tee.kept


def write_doc(name: str, title: str, output: str, argv: list[str] | None = None) -> None:
    """Write section ``name`` of docs/performance.md: ``title``, the command line (this script and ``argv``,
    default ``sys.argv[1:]``), where it ran, and ``output``."""
    args = sys.argv[1:] if argv is None else argv
    command = " ".join(["python", f"scripts/{Path(sys.argv[0]).name}", *args])
    when = datetime.date.today().isoformat()
    body = (
        f"## {title}\n\n`{command}` ({when}, Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}):\n\n```\n{output.rstrip()}\n```\n"
    )
    write_section(name, body)
    print(f"wrote the '{name}' section of docs/performance.md", file=sys.stderr)
