"""Write docs/rules-coverage.md: every Comprehensive Rules subrule this project implements or cites, with the
tests and library scenarios that exercise it.

Sources, all read from the repository (standard library only, well under a second):

- the code's own rule citations: every rule number in ``mtg_daynight/**/*.py`` (comments, docstrings, trace
  strings), e.g. ``702.145d``, ``502.2``, ``712.13a``, ``728.2a/b``, ``702.145a-c``, ``502.1-502.3``, and the bare
  section numbers listed in :data:`SECTIONS` (``805``);
- test function names (``test_702_145d_...`` names 702.145d) and test docstrings, in ``tests/`` and ``plugins/``;
- the scenario library, ``mtg_daynight/scenarios/library/*.toml``: the rule numbers the file name starts with
  and every ``rules`` / ``rule`` field in the file.

Old numbers are read through one table, :data:`RENUMBERED`, so the page shows the current (2026-04-17) numbers
whichever number the code still cites. A test or scenario that cites a rule exercises that rule and every rule
above it (a 702.26b test exercises 702.26), never the subrules below it.

``python scripts/rules_coverage.py`` writes the page; ``--check`` exits with status 1 when the committed page is
stale or a listed rule has neither a test nor a scenario (tests/rules/test_rules_coverage.py checks the same).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The generated page.
DOC = ROOT / "docs" / "rules-coverage.md"
#: Where the code's citations are read.
CODE = ROOT / "mtg_daynight"
#: Where tests are read (``test_*.py`` files).
TEST_DIRS = (ROOT / "tests", ROOT / "plugins")
#: The scenario library.
LIBRARY = ROOT / "mtg_daynight" / "scenarios" / "library"

#: The CR edition the page's numbers follow.
EDITION = "2026-04-17"

#: Older numbers (exact keys only) a citation may use, and their current numbers. The code, the tests and the
#: library cite the current numbers; a citation of an old one (in a contribution, say) is shown under the new one.
#: Day and Night was 728 (2021 helper texts), 729 (2025 edition) and 730 (2025-11 edition); it is 731 now.
#: Transform was 701.28 until Convert took that number; it is 701.27 now (701.28a-f is Convert, so the bare
#: "701.28" is not mapped: it means Convert now).
RENUMBERED: dict[str, str] = {
    "728.1": "731.1", "728.1a": "731.1a",
    "728.2": "731.2", "728.2a": "731.2a", "728.2b": "731.2b", "728.2c": "731.2c",
    "729.1": "731.1", "729.1a": "731.1a",
    "729.2": "731.2", "729.2a": "731.2a", "729.2b": "731.2b", "729.2c": "731.2c",
    "730.1": "731.1", "730.1a": "731.1a",
}  # fmt: skip

#: Section numbers the code may cite without a subrule (``805``), with their titles.
SECTIONS: dict[str, str] = {
    "805": "Shared team turns option",
    "810": "Two-Headed Giant variant",
}


@dataclass(frozen=True)
class Group:
    """A part of the page: a title, the rules it always lists (cited or not), and the section whose other cited
    rules (the section itself, a subrule not in ``listed``) it also holds."""

    title: str
    listed: tuple[str, ...] = ()
    section: str = ""

    def holds(self, rule: str) -> bool:
        """Whether ``rule`` belongs here."""
        return rule in self.listed or (bool(self.section) and self.section in parents(rule))


#: The page's groups, in order. Every rule cited anywhere and not listed in a group goes to the last group.
GROUPS: tuple[Group, ...] = (
    Group("Daybound and nightbound (702.145)", tuple(f"702.145{c}" for c in "abcdefg"), "702.145"),
    Group("Day and night (731)", ("731.1", "731.1a", "731.2", "731.2a", "731.2b", "731.2c"), "731"),
    Group("Related rules the code cites"),
)

#: One line on what each rule says, in our words (see the CR for the text).
SUMMARIES: dict[str, str] = {
    "101.2": 'a "can\'t" effect wins over one that allows or directs something',
    "302.6": "summoning sickness",
    "400.7": "an object that changes zones becomes a new object with no memory of the old one",
    "500.7": "extra turns: the most recently created is taken first",
    "500.8": "additional phases are added directly after the specified phase",
    "502.1": "untap step, first: phasing",
    "502.2": "untap step, second: the day/night check against the previous turn",
    "502.3": "untap step, third: untapping",
    "502.4": "no priority in the untap step; its triggers wait for the upkeep",
    "601.2": "casting a spell; only a spell that was cast counts as cast",
    "601.2i": "a spell becomes cast once its costs are paid",
    "608.3f": "a resolving copy of a permanent spell becomes a token",
    "701.27": "transform: turn a double-faced permanent over; a transformed permanent is one with its back face up",
    "701.28": "convert: the same as transform; a permanent that can't transform can't convert (701.28f)",
    "701.28a": "to convert is to turn a permanent over; it follows the transform rules",
    "701.28f": "a permanent that can't transform can't convert either",
    "702.26": "phasing",
    "702.26b": "a phased-out permanent is treated as though it does not exist",
    "702.145": "daybound and nightbound",
    "702.145a": "daybound and nightbound are found on opposite faces of double-faced cards",
    "702.145b": "daybound: enters transformed at night, transforms as it becomes night, can't transform otherwise",
    "702.145c": "a front-face-up daybound permanent while it is night transforms at once",
    "702.145d": "a daybound permanent while it is neither day nor night makes it day",
    "702.145e": "nightbound: transforms as it becomes day, can't transform otherwise",
    "702.145f": "a back-face-up nightbound permanent while it is day transforms at once",
    "702.145g": "a nightbound permanent with no daybound one while it is neither makes it night",
    "704.5e": "a copy of a spell or card in the wrong zone ceases to exist",
    "707.8a": "a token copy of a double-faced permanent has both faces and the same face up",
    "707.10": "copying a spell: the copy is not cast",
    "707.10g": "a copy of a double-faced permanent spell is double-faced and resolves into a double-faced token",
    "708.2": "a face-down permanent has only the characteristics its effect lists",
    "708.2b": "a face-down permanent can't be turned face down again",
    "712.9": "only double-faced cards and tokens (not meld cards) transform or convert",
    "712.10": "a permanent never transforms into an instant or sorcery face",
    "712.13a": "a spell that would enter transformed with an instant or sorcery back face goes to the graveyard",
    "712.15a": "a face-down double-faced permanent can't transform; turned face up, its front face is up",
    "712.16": "a double-faced permanent can't be turned face down",
    "731.1": "day and night: the game starts with neither; once day or night, always one of them",
    "731.1a": '"day becomes night" and "night becomes day"',
    "731.2": "the untap-step check of the previous turn",
    "731.2a": "day becomes night if the previous turn's active player (or team) cast no spells",
    "731.2b": "night becomes day if the previous turn's active player (or a player of the team) cast two or more",
    "731.2c": "while it is neither, there is no check",
    "800.4a": "a player who leaves the game takes their objects with them",
    **SECTIONS,
}

_DOTTED = re.compile(
    r"(?<![\w.])([1-9]\d{2})\.([1-9]\d*)([a-z]?)"  # 702.145d, 502.2, but not 192.168.1.1 nor 300.0
    r"(?:((?:/[a-z])+)|[-\u2013]([a-z])(?!\w)|[-\u2013]\1\.([1-9]\d*)(?![\w.]))?"  # /e/f, -c, -502.3
    r"(?![\w]|\.\d)"
)
_BARE = re.compile(r"(?<![\w.])(" + "|".join(SECTIONS) + r")(?![\w.])")
_TEST = re.compile(
    r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)[ \t]*\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*\n"
    r"(?:[ \t]*[rRbBuU]?(?:\"\"\"(.*?)\"\"\"|'''(.*?)'''))?",
    re.MULTILINE | re.DOTALL,
)
_NAME_RULE = re.compile(r"(?<![a-z0-9])([1-9]\d{2})_([1-9]\d*)([a-z]?)(?=_|$)")
_NAME_SECTION = re.compile(r"(?<![a-z0-9])(" + "|".join(SECTIONS) + r")(?=_|$)")


def current(rule: str) -> str:
    """The current number of ``rule`` (itself unless :data:`RENUMBERED` maps it)."""
    return RENUMBERED.get(rule, rule)


def citations(text: str) -> Iterator[str]:
    """Every rule number cited in ``text``, expanded (``728.2a/b`` -> both) and in current numbers."""
    for match in _DOTTED.finditer(text):
        section, number, letter, slashed, last_letter, last_number = match.groups()
        if slashed:
            letters = [letter, *slashed[1::2]]
        elif last_letter and letter and last_letter > letter:
            letters = [chr(c) for c in range(ord(letter), ord(last_letter) + 1)]
        else:
            letters = [letter]
        numbers = [number]
        if last_number and not letter and int(last_number) > int(number):
            numbers = [str(n) for n in range(int(number), int(last_number) + 1)]
        for n in numbers:
            for one in letters:
                yield current(f"{section}.{n}{one}")
    for match in _BARE.finditer(text):
        yield match.group(1)


def _name_citations(name: str) -> Iterator[str]:
    for section, number, letter in _NAME_RULE.findall(name):
        yield current(f"{section}.{number}{letter}")
    yield from _NAME_SECTION.findall(name)


def parents(rule: str) -> Iterator[str]:
    """``rule`` and every rule above it: 702.145d, 702.145, 702."""
    yield rule
    head, _, tail = rule.partition(".")
    if tail and tail[-1].isalpha():
        yield f"{head}.{tail[:-1]}"
    if tail:
        yield head


def sort_key(rule: str) -> tuple[int, int, str]:
    """Rules in CR order: 702.26b before 702.145a, 712.9 before 712.10."""
    head, _, tail = rule.partition(".")
    digits = tail.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(head), int(digits) if digits else -1, tail[len(digits) :]


@dataclass
class Coverage:
    """What cites each rule: code files, tests (``path::name``) and scenarios (file names)."""

    code: dict[str, set[str]] = field(default_factory=dict)
    tests: dict[str, set[str]] = field(default_factory=dict)
    scenarios: dict[str, set[str]] = field(default_factory=dict)

    @staticmethod
    def _add(table: dict[str, set[str]], rules: Iterable[str], where: str, *, up: bool) -> None:
        for rule in rules:
            for one in parents(rule) if up else (rule,):
                table.setdefault(one, set()).add(where)

    def rules(self) -> list[str]:
        """Every rule the page lists: the groups' listed rules, then every rule the code cites."""
        listed = {rule for group in GROUPS for rule in group.listed}
        return sorted(listed | set(self.code), key=sort_key)

    def uncovered(self) -> list[str]:
        """Listed rules with neither a test nor a scenario."""
        return [rule for rule in self.rules() if not self.tests.get(rule) and not self.scenarios.get(rule)]


def _python_files(directory: Path, pattern: str) -> list[Path]:
    return sorted(p for p in directory.rglob(pattern) if ".venv" not in p.parts and "__pycache__" not in p.parts)


def collect(root: Path = ROOT) -> Coverage:
    """Read the code, the tests and the scenario library under ``root``."""
    cover = Coverage()
    code = root / CODE.relative_to(ROOT)
    for path in _python_files(code, "*.py"):
        where = path.relative_to(code).as_posix()
        cover._add(cover.code, citations(path.read_text(encoding="utf-8")), where, up=False)
    for directory in (root / d.relative_to(ROOT) for d in TEST_DIRS):
        for path in _python_files(directory, "test_*.py"):
            where = path.relative_to(root).as_posix()
            for match in _TEST.finditer(path.read_text(encoding="utf-8")):
                name, doc = match.group(1), match.group(2) or match.group(3) or ""
                rules = [*_name_citations(name), *citations(doc)]
                cover._add(cover.tests, rules, f"{where}::{name}", up=True)
    for path in sorted((root / LIBRARY.relative_to(ROOT)).glob("*.toml")):
        rules = list(_scenario_rules(path))
        cover._add(cover.scenarios, rules, path.stem, up=True)
    return cover


def _scenario_rules(path: Path) -> Iterator[str]:
    for token in path.stem.split("-"):
        found = list(citations(token))
        if not found:
            break
        yield from found
    yield from _fields(tomllib.loads(path.read_text(encoding="utf-8")))


def _fields(value: object) -> Iterator[str]:
    """The rules named by every ``rules`` / ``rule`` field anywhere in a parsed scenario."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("rules", "rule"):
                for text in item if isinstance(item, list) else [item]:
                    if isinstance(text, str):
                        yield from citations(text)
            else:
                yield from _fields(item)
    elif isinstance(value, list):
        for item in value:
            yield from _fields(item)


def _group_of(rule: str) -> Group:
    for group in GROUPS:
        if group.holds(rule):
            return group
    return GROUPS[-1]


def render(cover: Coverage) -> str:
    """The page (Markdown), deterministic for the same sources."""
    rules = cover.rules()
    with_tests = sum(1 for r in rules if cover.tests.get(r))
    with_scenarios = sum(1 for r in rules if cover.scenarios.get(r))
    old = ", ".join(f"{o} -> {n}" for o, n in sorted(RENUMBERED.items(), key=lambda item: sort_key(item[0])))
    lines = [
        "# Rules coverage",
        "",
        "<!-- Generated by scripts/rules_coverage.py: do not edit by hand; run the script after changing the",
        "     code, the tests or the scenario library (tests/rules/test_rules_coverage.py fails when it is stale). -->",
        "",
        f"Every subrule of 702.145 and 731 and every other rule the code cites, in the numbers of the Comprehensive "
        f"Rules of {EDITION}, with the tests and library scenarios that exercise it. Citations of older numbers "
        f"are shown under the current one ({old}); docs/rules-notes.md says which edition says what.",
        "",
        f"**{len(rules)} rules: {with_tests} with tests, {with_scenarios} with library scenarios, "
        f"{len(cover.uncovered())} with neither.**",
        "",
        "A test or scenario that cites a subrule also counts for the rule above it (a 702.26b test exercises 702.26).",
        '"Code" is the number of modules under mtg_daynight/ that cite the rule.',
    ]
    for group in GROUPS:
        members = [r for r in rules if _group_of(r) is group]
        if not members:
            continue
        lines += ["", f"## {group.title}", "", "| rule | what it says | code | tests | scenarios |"]
        lines.append("|---|---|---|---|---|")
        for rule in members:
            summary = SUMMARIES.get(rule, "(no summary yet)")
            lines.append(
                f"| [{rule}](#{_anchor(rule)}) | {summary} | {len(cover.code.get(rule, ()))} "
                f"| {len(cover.tests.get(rule, ()))} | {len(cover.scenarios.get(rule, ()))} |"
            )
    lines += ["", "## Details"]
    for rule in rules:
        lines += ["", f"### {rule}", ""]
        code = sorted(cover.code.get(rule, ()))
        lines.append(f"- code: {', '.join(f'`{c}`' for c in code) if code else 'not cited (listed for completeness)'}")
        tests = sorted(cover.tests.get(rule, ()))
        lines.append(f"- tests ({len(tests)}):" if tests else "- tests: none")
        lines += [f"  - `{t}`" for t in tests]
        scenarios = sorted(cover.scenarios.get(rule, ()))
        lines.append(f"- scenarios ({len(scenarios)}):" if scenarios else "- scenarios: none")
        lines += [f"  - `{s}`" for s in scenarios]
    return "\n".join(lines) + "\n"


def _anchor(rule: str) -> str:
    return rule.replace(".", "")


def write(text: str, doc: Path = DOC) -> None:
    """Write ``text`` to ``doc`` atomically (temp file, then rename)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{doc.name}.", suffix=".tmp", dir=doc.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, doc)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(argv: list[str] | None = None) -> int:
    """Write the page, or with ``--check`` say whether it is current and every listed rule is exercised."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the page is stale or a rule has neither a test nor a scenario",
    )
    args = parser.parse_args(argv)
    cover = collect()
    text = render(cover)
    problems = [f"{rule}: cited by the code, exercised by no test or scenario" for rule in cover.uncovered()]
    if args.check:
        if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
            problems.append(f"{DOC.relative_to(ROOT)} is stale: run python scripts/rules_coverage.py")
    else:
        write(text)
        print(f"wrote {DOC.relative_to(ROOT)}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
