"""Printing scenario results: the readable turn-by-turn trace and the ``--json`` document."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

import msgspec

from mtg_daynight.catalog.names import json_text, terminal_text

if TYPE_CHECKING:
    from mtg_daynight.scenarios.runner import Result

#: The most characters printed of a scenario's title, and of any other text of a result (text and ``--json``).
MAX_TITLE_CHARS = 200
MAX_TEXT_CHARS = 1000


def bounded(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    """``text``, or when it is longer than ``limit`` characters its start and end around `` ... ``."""
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[len(text) - half:]}"


class Style:
    """Terminal colours (none when the output is not a terminal or ``NO_COLOR`` is set)."""

    def __init__(self, stream: TextIO, *, color: bool | None = None) -> None:
        import os

        if color is None:
            color = stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        self.color = color
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        self.unicode = encoding in ("utf8", "utf_8")

    def paint(self, text: str, code: str) -> str:
        """``text`` in ANSI style ``code`` (e.g. "1;32") when colours are on."""
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def bold(self, text: str) -> str:
        """Bold."""
        return self.paint(text, "1")

    def dim(self, text: str) -> str:
        """Dim."""
        return self.paint(text, "2")

    def good(self, text: str) -> str:
        """Green."""
        return self.paint(text, "32")

    def bad(self, text: str) -> str:
        """Red, bold."""
        return self.paint(text, "1;31")

    def rule(self, text: str) -> str:
        """A rule citation (cyan)."""
        return self.paint(text, "36")

    @property
    def tick(self) -> str:
        """The mark of a check that held."""
        return self.good("\u2713" if self.unicode else "ok")

    @property
    def skip(self) -> str:
        """The mark of a check skipped (strict mode only)."""
        return self.dim("-")

    @property
    def cross(self) -> str:
        """The mark of a check that failed."""
        return self.bad("\u2717" if self.unicode else "FAIL")


_STATUS = {"pass": "PASS", "fail": "FAIL", "skip": "SKIP", "error": "ERROR"}


def trace_line(line: str, style: Style) -> str:
    """``731.2a: text`` with the rule coloured."""
    rule, sep, text = terminal_text(line).partition(": ")
    return f"{style.rule(rule)}{sep}{text}" if sep else rule


def render_text(results: Sequence[Result], malformed: Sequence[str], out: TextIO, *, verbose: bool = True,
                style: Style | None = None) -> None:
    """Write the readable report: per scenario its turn-by-turn trace (when ``verbose``), its checks, its status;
    then every failure with where it happened, and a summary line."""
    style = style or Style(out)

    def t(text: str) -> str:  # a scenario file's own text (names, titles, notes) never reaches the terminal raw
        return terminal_text(bounded(text))

    for result in results:
        rules = f"  [{t(', '.join(result.rules))}]" if result.rules else ""
        title = terminal_text(bounded(result.title, MAX_TITLE_CHARS))
        out.write(f"{style.bold(t(result.file))}: {title}{style.dim(rules)}\n")
        if verbose:
            for step in result.steps:
                label = t(step.label)
                turn = label.startswith("turn ")
                out.write(f"  {style.bold(label[:1].upper() + label[1:])}\n" if turn else f"    {label}\n")
                for line in step.trace:
                    out.write(f"      {trace_line(bounded(line), style)}\n")
                for check in map(t, () if turn else step.checks):  # a turn's line is its header
                    if check.startswith("FAILED "):
                        out.write(f"      {style.cross} {check.removeprefix('FAILED ')}\n")
                    elif check.startswith("SKIPPED "):
                        out.write(f"      {style.skip} {style.dim('skipped ' + check.removeprefix('SKIPPED '))}\n")
                    else:
                        out.write(f"      {style.tick} {check.removesuffix(': ok')}\n")
        status = _STATUS[result.status]
        painted = style.good(status) if result.status == "pass" else (
            style.dim(status) if result.status == "skip" else style.bad(status))
        detail = f"{result.checks} check{'s' if result.checks != 1 else ''}"
        if result.failures:
            detail += f", {len(result.failures)} failed"
        if result.skipped_checks:
            detail += f", {len(result.skipped_checks)} skipped (strict mode only)"
        if result.reason:
            detail += f": {t(result.reason)}"
        out.write(f"  {painted}  {detail}\n\n")
    failures = [f for r in results for f in r.failures]
    if failures:
        out.write(style.bad("Failed checks:") + "\n")
        for failure in failures:
            out.write(f"  {style.cross} {t(str(failure))}\n")
        out.write("\n")
    _render_skipped_checks(results, out, style)
    for message in malformed:
        out.write(f"{style.bad('malformed')}: {t(message)}\n")
    counts = summary(results, malformed)
    parts = [f"{counts['passed']} passed"]
    for key in ("failed", "skipped", "errors", "malformed"):
        if counts[key]:
            parts.append(f"{counts[key]} {key}")
    line = f"{counts['scenarios']} scenario{'s' if counts['scenarios'] != 1 else ''}: " + ", ".join(parts)
    if counts["checks_skipped"]:
        line += f"; {counts['checks_skipped']} checks skipped (strict mode only)"
    ok = not (counts["failed"] or counts["errors"] or counts["malformed"])
    out.write((style.good(line) if ok else style.bad(line)) + "\n")


def _render_skipped_checks(results: Sequence[Result], out: TextIO, style: Style) -> None:
    """Every check skipped outside strict mode, grouped by why (they compare mtg-daynight's own wording)."""
    skipped = [s for r in results for s in r.skipped_checks]
    if not skipped:
        return
    out.write(style.bold("Checks skipped (strict mode only: they compare mtg-daynight's wording, not what the "
                         "engine did; 'conformance --strict' makes them):") + "\n")
    for why in dict.fromkeys(s.why for s in skipped):
        group = [s for s in skipped if s.why == why]
        out.write(f"  {why.removeprefix('strict mode only: ')} ({len(group)}):\n")
        for check in group:
            where, what = terminal_text(bounded(check.where)), terminal_text(bounded(check.check))
            out.write(f"    {style.skip} {where}: {what}\n")
    out.write("\n")


def summary(results: Sequence[Result], malformed: Sequence[str]) -> dict[str, int]:
    """Counts by status (``skipped``: scenarios), and ``checks_skipped``: checks made in strict mode only."""
    return {
        "scenarios": len(results) + len(malformed),
        "passed": sum(r.status == "pass" for r in results),
        "failed": sum(r.status == "fail" for r in results),
        "skipped": sum(r.status == "skip" for r in results),
        "errors": sum(r.status == "error" for r in results),
        "malformed": len(malformed),
        "checks_skipped": sum(len(r.skipped_checks) for r in results),
    }


def to_json(results: Sequence[Result], malformed: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The ``--json`` document (see docs/scenarios.md for its shape)."""
    scenarios = []
    for result in results:
        entry: dict[str, Any] = msgspec.to_builtins(result)
        entry["passed"] = result.passed
        entry["failures"] = [dict(msgspec.to_builtins(f), where=f.where, message=str(f)) for f in result.failures]
        entry["skipped_checks"] = [dict(msgspec.to_builtins(s), where=s.where) for s in result.skipped_checks]
        entry = _bounded_strings(entry)
        entry["title"] = bounded(result.title, MAX_TITLE_CHARS)
        scenarios.append(entry)
    counts = summary(results, [m for _, m in malformed])
    return {
        "passed": all(r.status in ("pass", "skip") for r in results) and not malformed,
        "summary": counts,
        "scenarios": scenarios,
        "malformed": [{"file": bounded(file), "error": bounded(message)} for file, message in malformed],
    }


def _bounded_strings(value: Any) -> Any:
    """``value`` (a JSON document's part) with every string :func:`bounded`."""
    if isinstance(value, str):
        return bounded(value)
    if isinstance(value, dict):
        return {key: _bounded_strings(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_bounded_strings(item) for item in value]
    return value


def write_json(document: dict[str, Any], out: TextIO | None = None) -> None:
    """Write a JSON document, pretty-printed (to standard output by default)."""
    (out or sys.stdout).write(json_text(msgspec.json.format(msgspec.json.encode(document), indent=2).decode()) + "\n")
