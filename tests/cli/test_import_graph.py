"""What commands load, and what they need installed.

Import-graph checks, not timings: each probe runs in a fresh interpreter, does one thing (a command through
``mtg_daynight.cli.main``, an ``import``), checks it really did it (exit status, output) and then lists
``sys.modules``. The guards that matter: ``--help`` and ``deck scan`` load neither requests (HTTP, only for an
update) nor pluggy (playing a game); a plain install (no ``[carddata]`` extra) runs the demo and the deck scan;
a command that needs the extra says what to install. When a guard fails, find who imports the module
(``python -X importtime ...``) and keep that import in the command that needs it. And no module imports
itself back through others, not even lazily (a module named in a string) or for type checkers only.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from startup_fixture import SIXTY_CARD_DECK, write_card_data, write_deck

import mtg_daynight.cli
from mtg_daynight.cli import COMMANDS, EXTRAS, build_parser, main
from mtg_daynight.decks import parse_deck

ROOT = Path(__file__).resolve().parents[2]

#: HTTP: only ``carddata update`` needs it.
REQUESTS = ("requests", "urllib3")
#: Playing a game: the rules are a pluggy plugin.
PLUGGY = ("pluggy",)
#: The modules of the ``[carddata]`` extra: made unimportable to stand for a plain install.
CARDDATA_EXTRA = EXTRAS["carddata"]
#: Playing a game: the rules' transitions and event checks, the facade, the plugin manager and the card-data
#: plugin. A deck scan holds cards (their faces are the rules' ``Face`` values) but plays nothing. (It does load
#: ``mtg_daynight.rules``, which imports its small modules of types, state, ledger and outcome among them, plainly.)
GAME = (
    "mtg_daynight.rules.game",
    "mtg_daynight.rules.validate",
    "mtg_daynight.facade",
    "mtg_daynight.manager",
    "mtg_daynight.hookspecs",
    "mtg_daynight.plugin",
    "mtg_daynight.catalog.plugin",
)
#: Updating card data: a deck scan only finds and reads a snapshot (importer.store, which knows where card data
#: lives; snapshot, records and its checks), so not the import, the network nor the lock (filelock).
#: platformdirs (and the tempfile it imports) is loaded: it finds the user's snapshot.
UPDATING = (
    "mtg_daynight.importer.bulk",
    "mtg_daynight.importer.update",
    "mtg_daynight.importer.fetch",
    "mtg_daynight.importer.scryfall",
    "mtg_daynight.importer.mtgjson",
    "mtg_daynight.importer.local",
    "mtg_daynight.importer.fold",
    "filelock",
)
#: What only other inputs need: the ``.dek`` reader's XML parser, the Forge card scripts and the TOML files of mod
#: directories, and difflib (only for a name close to a known one: the fixture deck has none).
OTHER_INPUTS = ("xml.parsers.expat", "mtg_daynight.catalog.forge_script", "tomllib", "difflib")

#: The child: make the modules named in argv[2] unimportable (a plain install without them), run ``CODE`` (which
#: sets ``status`` and may print), then write ``[status, sorted(sys.modules)]`` to the file named by argv[1].
CHILD = """\
import json, sys
report, status = sys.argv[1], None
for name in json.loads(sys.argv[2]):
    sys.modules[name] = None
try:
{code}
except SystemExit as exit:
    status = exit.code
with open(report, "w", encoding="utf-8") as out:
    json.dump([status, sorted(sys.modules)], out)
"""


def _cli(*argv: str) -> str:
    return f"    from mtg_daynight.cli import main\n    status = main({list(argv)!r})"


def _probe(tmp_path: Path, code: str, *, absent: tuple[str, ...] = ()) -> tuple[object, str, set[str]]:
    """Run ``code`` in a fresh interpreter where the ``absent`` modules cannot be imported; return its status, its
    output (stdout, then stderr) and the modules it loaded."""
    report = tmp_path / "modules.json"
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(code=code), str(report), json.dumps(absent)],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert report.exists(), f"the probe died: {child.stderr}"
    status, modules = json.loads(report.read_text(encoding="utf-8"))
    return status, child.stdout + child.stderr, {m for m in modules if m not in absent}


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (a package stands for its sub-modules too) are loaded."""
    return sorted(n for n in names if n in modules or any(m.startswith(n + ".") for m in modules))


def _assert_not_loaded(modules: set[str], *groups: tuple[str, ...]) -> None:
    for group in groups:
        assert _loaded(modules, group) == [], f"loaded without being used: {_loaded(modules, group)}"


def _other_commands(command: str | None) -> tuple[str, ...]:
    return tuple(f"mtg_daynight.cli.{name}" for name in COMMANDS if name != command)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A 60-card deck and FIXTURE card data."""
    directory = tmp_path_factory.mktemp("startup")
    yield {"deck": str(write_deck(directory)), "data": str(write_card_data(directory / "data").parent)}


def test_the_fixture_deck_has_60_cards_in_the_main_deck() -> None:
    deck = parse_deck(SIXTY_CARD_DECK, format="forge")
    assert sum(entry.count for entry in deck.entries if entry.section == "main") == 60


def test_import_mtg_daynight_loads_no_pluggy_http_or_command_line(tmp_path: Path) -> None:
    status, _, modules = _probe(tmp_path, "    import mtg_daynight\n    status = mtg_daynight.__version__")
    assert status
    _assert_not_loaded(modules, REQUESTS, PLUGGY, ("mtg_daynight.cli",))


def test_help_loads_no_requests_pluggy_importer_or_sub_command(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("--help"))
    assert status == 0 and all(name in out for name in COMMANDS)
    _assert_not_loaded(modules, REQUESTS, PLUGGY, ("mtg_daynight.importer",), _other_commands(None))


def test_a_sub_command_help_loads_only_that_command(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("deck", "scan", "--help"))
    assert status == 0 and "--no-default-mods" in out
    _assert_not_loaded(modules, REQUESTS, PLUGGY, _other_commands("deck"))


def test_deck_scan_of_60_cards_loads_card_data_but_no_requests_or_pluggy(
    tmp_path: Path, files: dict[str, str]
) -> None:
    status, out, modules = _probe(tmp_path, _cli("deck", "scan", "--data-dir", files["data"], files["deck"]))
    assert status == 0 and "needs the Day // Night helper card: yes" in out
    assert {"mtg_daynight.catalog.scan", "mtg_daynight.decks.forge"} <= modules
    _assert_not_loaded(modules, REQUESTS, PLUGGY, _other_commands("deck"))


def test_every_module_a_deck_scan_must_not_load_exists() -> None:
    """A guard on a module that was renamed or removed would pass whatever a deck scan loads."""
    for name in (*GAME, *UPDATING, *OTHER_INPUTS):
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("data", ["bundled", "fixture"])
def test_deck_scan_loads_no_game_no_update_and_nothing_for_other_inputs(
    tmp_path: Path, files: dict[str, str], data: str
) -> None:
    """A Forge deck scanned against the bundled card data (as on a fresh install: no default mod directories) or
    the FIXTURE snapshot: the card data is read and checked, nothing of a game or of an update is loaded."""
    where = ("--data-dir", files["data"]) if data == "fixture" else ()
    argv = ("deck", "scan", "--no-default-mods", *where, files["deck"])
    status, out, modules = _probe(tmp_path, _cli(*argv))
    assert status == 0 and "needs the Day // Night helper card: yes" in out, out
    assert {"mtg_daynight.importer.snapshot", "mtg_daynight.catalog.database"} <= modules  # read through its checks
    _assert_not_loaded(modules, REQUESTS, PLUGGY, GAME, UPDATING, OTHER_INPUTS)


def test_without_the_carddata_extra_the_demo_plays(tmp_path: Path) -> None:
    status, out, _ = _probe(tmp_path, _cli("demo", "--no-color"), absent=CARDDATA_EXTRA)
    assert status == 0 and "Tavern Ruffian" in out and "DAY" in out, out


def test_without_the_carddata_extra_deck_scan_reads_the_bundled_and_given_card_data(
    tmp_path: Path, files: dict[str, str]
) -> None:
    status, out, _ = _probe(tmp_path, _cli("deck", "scan", files["deck"]), absent=CARDDATA_EXTRA)
    assert status == 0 and "needs the Day // Night helper card: yes" in out, out
    status, out, _ = _probe(
        tmp_path, _cli("deck", "scan", "--data-dir", files["data"], files["deck"]), absent=CARDDATA_EXTRA
    )
    assert status == 0 and "needs the Day // Night helper card: yes" in out, out


def test_without_the_carddata_extra_an_import_says_what_to_install_and_exits_2(tmp_path: Path) -> None:
    mtgjson = tmp_path / "FIX.json"  # an MTGJSON set file of no cards: the import gets as far as it can
    mtgjson.write_text(json.dumps({"meta": {"date": "2022-04-25", "version": "5.2.0"},
                                   "data": {"code": "FIX", "name": "Fixture", "cards": [], "tokens": []}}))
    data = tmp_path / "data"
    argv = ("carddata", "update", "--from-file", str(mtgjson), "--data-dir", str(data))
    status, out, _ = _probe(tmp_path, _cli(*argv), absent=CARDDATA_EXTRA)
    assert status == 2
    (line,) = out.splitlines()
    assert "needs the [carddata] extra, which is not installed" in line and "pip install -e '.[carddata]'" in line
    assert not data.exists() or not any(data.iterdir())  # nothing written


def _cron(tmp_path: Path, script: Path, *args: str, interpreter: tuple[str, ...]) -> tuple[int, str, str]:
    """Run the cron script with ``interpreter`` (isolated: no PYTHONPATH, no user site) outside the checkout."""
    done = subprocess.run([*interpreter, str(script), *args], capture_output=True, text=True, cwd=tmp_path,
                          timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("where", ["checkout", "copied out of it"])
def test_the_cron_script_under_a_bare_python_says_what_to_install_and_exits_2(tmp_path: Path, where: str) -> None:
    # -I -S: no site-packages at all, so neither msgspec and pluggy nor the carddata extra can be imported;
    # copied out of the checkout, not even mtg_daynight can
    script = ROOT / "scripts" / "update_carddata.py"
    if where != "checkout":
        script = tmp_path / "update_carddata.py"
        script.write_bytes((ROOT / "scripts" / "update_carddata.py").read_bytes())
    status, out, err = _cron(tmp_path, script, "--quiet", interpreter=(sys.executable, "-I", "-S"))
    assert (status, out, err.count("\n")) == (2, "", 1), err
    missing = "'msgspec'" if where == "checkout" else "'mtg_daynight'"
    assert f"mtg-daynight is not installed in this Python, {sys.executable} (no module {missing})" in err
    assert err.rstrip().endswith(f"run {sys.executable} -m pip install -e '.[carddata]'")


def test_the_cron_script_without_the_carddata_extra_says_what_to_install_and_exits_2(tmp_path: Path) -> None:
    mtgjson = tmp_path / "FIX.json"
    mtgjson.write_text(json.dumps({"meta": {"date": "2022-04-25", "version": "5.2.0"},
                                   "data": {"code": "FIX", "name": "Fixture", "cards": [], "tokens": []}}))
    run = (  # the package's dependencies, none of the extra's modules (a plain install)
        "import runpy, sys\n"
        f"for name in {CARDDATA_EXTRA!r}:\n    sys.modules[name] = None\n"
        "sys.argv = sys.argv[1:]\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    script = ROOT / "scripts" / "update_carddata.py"
    status, out, err = _cron(tmp_path, script, "--from-file", str(mtgjson), "--data-dir", str(tmp_path / "data"),
                             "--quiet", interpreter=(sys.executable, "-I", "-c", run))
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert "needs the [carddata] extra, which is not installed" in err and "pip install -e '.[carddata]'" in err
    assert not (tmp_path / "data").exists()


def test_a_command_missing_a_module_of_an_extra_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def needs_requests(args: argparse.Namespace) -> int:
        import requests  # noqa: F401  # unimportable here: sys.modules holds None for it

        return 0

    command = types.ModuleType("mtg_daynight.cli.needs_http")
    command.register = lambda sub: sub.add_parser("needs_http").set_defaults(handler=needs_requests)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mtg_daynight.cli.needs_http", command)
    monkeypatch.setitem(sys.modules, "requests", None)
    monkeypatch.setattr(mtg_daynight.cli, "COMMANDS", {**COMMANDS, "needs_http": "a command that makes a request"})
    assert main(["needs_http"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err == (
        "mtg-daynight needs_http: error: this command needs the [carddata] extra, which is not installed "
        "(no module 'requests'): in the mtg-daynight clone, run pip install -e '.[carddata]'\n"
    )


def test_a_command_missing_a_dependency_of_mtg_daynight_says_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def needs_platformdirs(args: argparse.Namespace) -> int:
        import platformdirs  # noqa: F401  # unimportable here: sys.modules holds None for it

        return 0

    command = types.ModuleType("mtg_daynight.cli.needs_dirs")
    command.register = lambda sub: sub.add_parser("needs_dirs").set_defaults(handler=needs_platformdirs)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mtg_daynight.cli.needs_dirs", command)
    monkeypatch.setitem(sys.modules, "platformdirs", None)
    monkeypatch.setattr(mtg_daynight.cli, "COMMANDS", {**COMMANDS, "needs_dirs": "a command that finds a directory"})
    assert main(["needs_dirs"]) == 2
    assert capsys.readouterr().err == (
        f"mtg-daynight needs_dirs: error: mtg-daynight is not installed in this Python, {sys.executable} (no module "
        f"'platformdirs'): in the mtg-daynight clone, run {sys.executable} -m pip install -e .\n"
    )


def test_a_missing_module_of_no_extra_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def needs_nothing_known(args: argparse.Namespace) -> int:
        import mtg_daynight_no_such_module  # type: ignore[import-not-found]  # noqa: F401

        return 0

    command = types.ModuleType("mtg_daynight.cli.broken")
    command.register = lambda sub: sub.add_parser("broken").set_defaults(handler=needs_nothing_known)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mtg_daynight.cli.broken", command)
    monkeypatch.setattr(mtg_daynight.cli, "COMMANDS", {**COMMANDS, "broken": "a command with a bug"})
    with pytest.raises(ModuleNotFoundError, match="mtg_daynight_no_such_module"):
        main(["broken"])


def test_every_command_of_the_table_registers_its_own_parser() -> None:
    for name in COMMANDS:
        parser = build_parser(name)
        (sub,) = (action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
        assert list(sub.choices) == [name]  # its module added exactly the command the table names


def test_help_lists_every_command_with_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--help"])
    assert exit.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the help texts
    assert all(f"{name} {help_text}" in out for name, help_text in COMMANDS.items())


def test_an_unknown_command_is_a_usage_error_naming_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["dek", "scan"])
    assert exit.value.code == 2
    assert "invalid choice: 'dek'" in capsys.readouterr().err


def test_every_public_name_of_mtg_daynight_can_be_used() -> None:
    import mtg_daynight

    for name in sorted(mtg_daynight.__all__):
        assert getattr(mtg_daynight, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = mtg_daynight.Nope  # type: ignore[attr-defined]


def test_the_program_exits_with_the_status_of_its_command(tmp_path: Path, files: dict[str, str]) -> None:
    typo = tmp_path / "typo.txt"
    typo.write_text("4 Tavern Rufian\n", encoding="utf-8")

    def program(*argv: str) -> int:  # ``python -m mtg_daynight`` exits with ``cli.main``'s status, as the script
        done = subprocess.run([sys.executable, "-m", "mtg_daynight", *argv], capture_output=True, check=False)
        return done.returncode

    scan = ("deck", "scan", "--no-default-mods", "--data-dir", files["data"])
    assert program(*scan, files["deck"]) == 0
    assert program(*scan, str(typo)) == 1  # an unknown name
    assert program("nope") == 2


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> set[str]:
    """The package's modules that ``module`` imports anywhere (at the top, in a function, for type checkers only)
    or names as a string for a lazy import (``".facade"`` in an export table, ``"mtg_daynight.cli.deck"``)."""
    package = module if is_package else module.rpartition(".")[0]

    def absolute(name: str, level: int) -> str:
        base = package.rsplit(".", level - 1)[0] if level > 1 else package
        return f"{base}.{name}" if level else name

    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level).rstrip(".")
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if text.startswith(".") and is_package:
                names.add(absolute(text[1:], 1))
            elif text.startswith("mtg_daynight."):
                names.add(text.partition(":")[0])  # "package.module:factory" names the module
    found = set()
    for name in names:
        while name and name not in known:  # `from package import name`: the name may be a module or not
            name = name.rpartition(".")[0]
        if name and not f"{module}.".startswith(f"{name}."):  # itself, or a package it is in (imported first anyway)
            found.add(name)
    return found


def test_no_module_of_the_package_imports_itself_back_even_lazily_or_for_type_checkers() -> None:
    paths = {_module_name(p): p for p in (ROOT / "mtg_daynight").rglob("*.py")}
    known = set(paths)
    graph = {
        module: _imported(module, path.name == "__init__.py", ast.parse(path.read_text(encoding="utf-8")), known)
        for module, path in paths.items()
    }
    cycles = []
    for start in sorted(graph):
        stack, seen = [(start, (start,))], {start}
        while stack:
            module, path = stack.pop()
            for nxt in sorted(graph[module]):
                if nxt == start:
                    cycles.append(" -> ".join((*path, start)))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert cycles == [], "\n".join(cycles)
