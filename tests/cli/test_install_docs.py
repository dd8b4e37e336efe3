"""Every install command in the README and the docs works from a clone, where the package is installed from
until it is published.

The commands are read, not run (no network, no new environment): each ``pip install`` of a Markdown file is split
the way the shell would, and each of its targets must be something pip can install here: a directory of the
checkout with a ``pyproject.toml`` (and every ``[extra]`` named defined there), a requirements file of the
checkout (whose lines are checked the same way), a third-party requirement that some ``pyproject.toml`` of
the checkout already depends on, or pip itself (upgraded first). ``pip install mtg-daynight`` from the index is
refused: it is not there yet.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "plugins").glob("*/README.md")])

#: ``pip install ARGS`` up to the end of the shell command (``&&``, ``;``, ``|``, a comment, the line's end).
_PIP_INSTALL = re.compile(r"\bpip install\s+(?P<args>[^#;|&\n`]*)")
#: A requirement: a name, optional extras, anything after (a version, a marker).
_REQUIREMENT = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[(?P<extras>[^\]]*)\])?")
#: pip options that take a value, and the ones whose value is a requirements file.
_WITH_VALUE = {"-r", "--requirement", "-c", "--constraint", "-i", "--index-url", "--extra-index-url", "-f",
               "--find-links", "-t", "--target"}
_REQUIREMENTS_FILE = {"-r", "--requirement"}


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _project(directory: Path) -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((directory / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project


def _checkout_distributions() -> set[str]:
    """The names of the distributions in the checkout (the package and the example plugins)."""
    projects = [ROOT / "pyproject.toml", *(ROOT / "plugins").glob("*/pyproject.toml")]
    return {_normalised(str(_project(pyproject.parent)["name"])) for pyproject in projects}


def _known_dependencies() -> set[str]:
    """The names every pyproject.toml of the checkout depends on (in its dependencies or any extra)."""
    names: set[str] = set()
    for pyproject in [ROOT / "pyproject.toml", *(ROOT / "plugins").glob("*/pyproject.toml")]:
        project = _project(pyproject.parent)
        extras = project.get("optional-dependencies", {})
        assert isinstance(extras, dict)
        for requirement in [*project.get("dependencies", []), *(r for group in extras.values() for r in group)]:
            found = _REQUIREMENT.match(requirement)
            assert found, requirement
            names.add(_normalised(found["name"]))
    return names


def install_commands() -> list[tuple[str, int, list[str]]]:
    """Every ``pip install`` of the docs: (file relative to the checkout, line, its arguments)."""
    commands = []
    for doc in DOCS:
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), start=1):
            for found in _PIP_INSTALL.finditer(line):
                commands.append((str(doc.relative_to(ROOT)), number, shlex.split(found["args"])))
    return commands


def target_problem(target: str, base: Path) -> str | None:
    """What is wrong with one install target (``base``: the directory relative paths start from), or None."""
    path_like = target.startswith((".", "/")) or "/" in target.split("[")[0]
    if target.endswith(".whl"):  # a wheel built in the clone (pip wheel -w dist .)
        name = Path(target).name.split("-")[0]
        return None if _normalised(name) in _checkout_distributions() else f"{target}: not a wheel of the checkout"
    if path_like:
        spec, _, extras = target.partition("[")
        directory = (base / spec).resolve()
        if not (directory / "pyproject.toml").is_file():
            return f"{spec}: no pyproject.toml there in the checkout"
        defined = _project(directory).get("optional-dependencies", {})
        assert isinstance(defined, dict)
        wanted = [e.strip() for e in extras.rstrip("]").split(",") if e.strip()]
        missing = [e for e in wanted if e not in defined]
        return f"{target}: extra(s) {missing} not defined in {spec}/pyproject.toml" if missing else None
    found = _REQUIREMENT.match(target)
    if found is None:
        return f"{target}: not a requirement"
    name = _normalised(found["name"])
    if name == "pip":  # upgrading the installer itself (a fresh venv's pip can be too old)
        return None
    if name.startswith("mtg-daynight"):
        return f"{target}: not published on the package index yet (install from the clone)"
    if name not in _known_dependencies():
        return f"{target}: not a dependency of any pyproject.toml of the checkout"
    return None


def command_problems(arguments: list[str], base: Path = ROOT) -> list[str]:
    """What is wrong with the arguments of one ``pip install`` run from ``base``."""
    problems: list[str] = []
    targets = 0
    words = iter(arguments)
    for word in words:
        if word in _WITH_VALUE:
            value = next(words, "")
            if word in _REQUIREMENTS_FILE:
                targets += 1
                problems += requirements_problems(base / value)
        elif word.startswith("-"):
            continue
        else:
            targets += 1
            problem = target_problem(word, base)
            if problem:
                problems.append(problem)
    return problems if targets else [f"nothing to install in {arguments}"]


def requirements_problems(path: Path) -> list[str]:
    """The problems of every line of a requirements file (paths in it are relative to the current directory,
    the checkout's root, as pip reads them)."""
    if not path.is_file():
        return [f"{path.relative_to(ROOT)}: no such requirements file in the checkout"]
    problems = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            problems += [f"{path.name}: {p}" for p in command_problems(shlex.split(line))]
    return problems


@pytest.mark.parametrize(("doc", "line", "arguments"), install_commands(), ids=lambda value: str(value))
def test_the_install_command_works_from_a_clone(doc: str, line: int, arguments: list[str]) -> None:
    assert command_problems(arguments) == [], f"{doc}:{line}: pip install {shlex.join(arguments)}"


def test_the_readme_and_the_docs_say_how_to_install() -> None:
    documents = {doc for doc, _, _ in install_commands()}
    assert {"README.md", "docs/host-integration.md", "docs/bridge.md", "docs/engines/python-mtg.md"} <= documents


def test_the_check_refuses_what_does_not_work_from_a_clone() -> None:
    assert command_problems(["mtg-daynight"]) != []  # not on the index
    assert command_problems(["-e", ".[nonexistent]"]) != []
    assert command_problems(["./plugins/no-such-plugin"]) != []
    assert command_problems(["-r", "no-such-requirements.txt"]) != []
    assert command_problems(["left-pad"]) != []  # nothing of ours depends on it
    assert command_problems(["dist/left_pad-1.0-py3-none-any.whl"]) != []
    assert command_problems(["dist/mtg_daynight-*.whl"]) == []
    assert command_problems(["-e", ".[carddata]", "-r", "plugins/requirements.txt"]) == []
