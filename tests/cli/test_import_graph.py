"""Each command and each entry module imports only what it uses (issue 12, "commands that start at once").

An import-graph check, not a timing: every probe runs in a fresh interpreter, does one thing (a command through
``mtg_daynight.cli.main``, a script, an ``import``), checks it really did it (exit status, output, a module it
must have needed) and then lists ``sys.modules``. A probe fails when a module it has no use for is there, e.g.
``requests`` for a command that makes no request, or pluggy for one that plays no game. When a test here fails,
find who imports the module (``python -X importtime ...``) and move that import into the function that needs it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from startup_fixture import SIXTY_CARD_DECK, not_modified_server, write_card_data, write_deck

from mtg_daynight.cli import COMMANDS, build_parser, main
from mtg_daynight.decks import parse_deck
from mtg_daynight.plugin import RULES_PLUGIN_NAME

ROOT = Path(__file__).resolve().parents[2]

#: HTTP: only an update needs it.
HTTP = ("requests", "urllib3", "certifi", "charset_normalizer", "idna", "http.client", "ssl")
#: ``requests`` and what it brings: only a download of the bulk file needs it (the bulk-data request goes through
#: http.client, see ``importer/transport.py``).
REQUESTS = ("requests", "urllib3", "charset_normalizer", "idna")
#: Progress bars (only while downloading) and test tools: no probe here needs them.
NEVER = ("tqdm", "hypothesis", "pytest", "responses", "mypy", "ruff")
#: The bulk import (decompressor, scanning, folding): only an update that downloads, or --from-file, needs it.
#: (``importer.gunzip`` itself is cheap and holds the gzip magic the download checks; the decompressor loads on use.)
IMPORT = ("isal", "zlib_ng", "mtg_daynight.importer.importer", "mtg_daynight.importer.fold",
          "mtg_daynight.importer.scanner")
#: The HTTP side of the importer.
UPDATE = ("mtg_daynight.importer.download", "mtg_daynight.importer.update")
#: Playing a game: the facade, pluggy and the plugins (the demo, scenarios and the plugin list need them).
GAME = ("pluggy", "mtg_daynight.facade", "mtg_daynight.manager", "mtg_daynight.plugin", "mtg_daynight.reference")
#: Scenario files and their runner.
SCENARIOS = ("mtg_daynight.scenarios",)
#: The card database and deck files.
CATALOG = ("mtg_daynight.catalog.database", "mtg_daynight.decks")
#: Reading a snapshot (deck scan, demo) needs none of these: the Scryfall structs (an import's), the validators
#: sidecar (written with a snapshot; json, which every probe here loads itself, comes with it), dataclasses,
#: hashlib.
NOT_FOR_READING = ("mtg_daynight.importer.scryfall",)
#: Decoding a snapshot (msgspec, the records, the reader) and what msgspec and dataclasses bring (typing,
#: inspect): an update answered "not modified" reads the snapshot's validators sidecar instead.
DECODING = ("msgspec", "typing", "typing_extensions", "inspect", "dataclasses", "mtg_daynight.importer.records",
            "mtg_daynight.importer.scryfall", "mtg_daynight.importer.snapshot", "mtg_daynight.importer.hygiene")

#: The child: run ``CODE`` (which sets ``status`` and may print), then write ``[status, sorted(sys.modules)]`` to
#: the file named by argv[1].
CHILD = """\
import json, sys
report, status = sys.argv[1], None
try:
{code}
except SystemExit as exit:
    status = exit.code
with open(report, "w", encoding="utf-8") as out:
    json.dump([status, sorted(sys.modules)], out)
"""


#: Probe code that sets the download cache and leaves out what would send the bulk-data request through requests
#: (a proxy, a .netrc: ``importer.transport.requests_settings``), as on a machine with neither.
_UPDATE_ENV = """\
    import os
    os.environ['MTG_DAYNIGHT_CACHE_DIR'] = {cache!r}
    os.environ['NETRC'] = os.devnull + '.absent'
    for name in [n for n in os.environ if n.lower().endswith('_proxy')]:
        del os.environ[name]
"""


def _cli(*argv: str) -> str:
    return f"    from mtg_daynight.cli import main\n    status = main({list(argv)!r})"


def _probe(tmp_path: Path, code: str, *, cwd: Path = ROOT) -> tuple[object, str, set[str]]:
    """Run ``code`` in a fresh interpreter; return its status, its standard output and its modules."""
    report = tmp_path / "modules.json"
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(code=code), str(report)],
        capture_output=True, text=True, cwd=cwd, timeout=120, check=False,
    )
    assert report.exists(), f"the probe died: {child.stderr}"
    status, modules = json.loads(report.read_text(encoding="utf-8"))
    return status, child.stdout + child.stderr, set(modules)


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (a package stands for its sub-modules too) are loaded."""
    return sorted(n for n in names if n in modules or any(m.startswith(n + ".") for m in modules))


def _assert_lean(modules: set[str], *forbidden: tuple[str, ...]) -> None:
    for group in forbidden:
        assert _loaded(modules, group) == [], f"loaded without being used: {_loaded(modules, group)}"


def _other_commands(command: str | None) -> tuple[str, ...]:
    return tuple(f"mtg_daynight.cli.{name}" for name in COMMANDS if name != command)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A 60-card deck, FIXTURE card data, and a 127.0.0.1 server answering 304 to the snapshot's ETag."""
    directory = tmp_path_factory.mktemp("startup")
    with not_modified_server() as url:
        yield {
            "deck": str(write_deck(directory)),
            "data": str(write_card_data(directory / "data").parent),
            "update_data": str(write_card_data(directory / "update-data").parent),
            "cache": str(directory / "cache"),
            "url": url,
        }


def test_the_fixture_deck_has_60_cards_in_the_main_deck() -> None:
    deck = parse_deck(SIXTY_CARD_DECK, format="forge")
    assert sum(entry.count for entry in deck.entries if entry.section == "main") == 60


def test_import_mtg_daynight_loads_no_rules_facade_pluggy_http_or_cli_until_a_name_is_used(tmp_path: Path) -> None:
    status, _, modules = _probe(tmp_path, "    import mtg_daynight\n    status = mtg_daynight.__version__")
    assert status
    assert {m for m in modules if m.startswith("mtg_daynight")} == {"mtg_daynight", "mtg_daynight.lazy"}
    _assert_lean(modules, HTTP, NEVER, GAME, ("msgspec", "mtg_daynight.rules", "mtg_daynight.cli"))


def test_from_mtg_daynight_import_the_facade_loads_rules_and_pluggy_but_no_http_card_data_or_cli(
    tmp_path: Path,
) -> None:
    code = "    from mtg_daynight import DayNight\n    status = DayNight().new_game('g', ['A', 'B']).designation"
    status, _, modules = _probe(tmp_path, code)
    assert status == "neither"
    assert {"pluggy", "mtg_daynight.facade", "mtg_daynight.rules.game"} <= modules
    _assert_lean(modules, HTTP, NEVER, IMPORT, UPDATE, SCENARIOS, ("mtg_daynight.cli", "mtg_daynight.importer"))


def test_import_the_importer_loads_no_facade_pluggy_rules_or_http(tmp_path: Path) -> None:
    status, _, modules = _probe(
        tmp_path, "    import mtg_daynight.importer.importer as i\n    status = callable(i.import_file)"
    )
    assert status is True
    _assert_lean(modules, HTTP, NEVER, GAME, UPDATE, ("mtg_daynight.rules", "mtg_daynight.catalog", "mtg_daynight.cli"))
    _assert_lean(modules, ("platformdirs", "filelock", "tempfile"))  # no directory asked for, nothing written


def test_help_imports_no_sub_command(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("--help"))
    assert status == 0 and all(name in out for name in COMMANDS)
    assert {m for m in modules if m.startswith("mtg_daynight")} == {
        "mtg_daynight", "mtg_daynight.cli", "mtg_daynight.errors", "mtg_daynight.lazy"
    }
    _assert_lean(modules, HTTP, NEVER, GAME, ("msgspec", "platformdirs", "filelock"))


def test_a_sub_command_help_imports_only_that_command(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("deck", "scan", "--help"))
    assert status == 0 and "--no-default-mods" in out
    _assert_lean(modules, HTTP, NEVER, GAME, IMPORT, UPDATE, _other_commands("deck"))


def test_demo_loads_the_game_but_no_http_card_import_or_other_command(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("demo", "--no-color"))
    assert status == 0 and "Tavern Ruffian" in out
    assert "pluggy" in modules  # the rules are a pluggy plugin: the demo plays through it
    _assert_lean(modules, HTTP, NEVER, IMPORT, UPDATE, _other_commands("demo"))
    _assert_lean(modules, ("tomllib", "mtg_daynight.scenarios.parse", "mtg_daynight.scenarios.runner"))  # no file
    _assert_lean(modules, NOT_FOR_READING, ("difflib",))  # every name is found


def test_deck_scan_of_60_cards_loads_card_data_but_no_game_http_or_import(
    tmp_path: Path, files: dict[str, str]
) -> None:
    status, out, modules = _probe(tmp_path, _cli("deck", "scan", "--data-dir", files["data"], files["deck"]))
    assert status == 0 and "needs the Day // Night helper card: yes" in out
    assert {"mtg_daynight.catalog.scan", "mtg_daynight.decks.forge", "mtg_daynight.importer.snapshot"} <= modules
    _assert_lean(modules, HTTP, NEVER, GAME, IMPORT, UPDATE, SCENARIOS, _other_commands("deck"), ("filelock",))
    _assert_lean(modules, ("xml.parsers.expat",))  # a Forge deck: no .dek (XML) reader
    _assert_lean(modules, NOT_FOR_READING, ("threading",))  # the database cache's lock is _thread's


def test_simulate_loads_the_game_and_scenarios_but_no_http_or_import(tmp_path: Path, files: dict[str, str]) -> None:
    status, out, modules = _probe(tmp_path, _cli("simulate", "--library", "-q", "--data-dir", files["data"]))
    assert status == 0, out
    assert {"pluggy", "tomllib", "mtg_daynight.scenarios.runner"} <= modules
    _assert_lean(modules, HTTP, NEVER, IMPORT, UPDATE, _other_commands("simulate"))


def test_conformance_and_plugins_load_no_http_or_import(tmp_path: Path) -> None:
    status, out, modules = _probe(tmp_path, _cli("conformance", "mtg_daynight.scenarios:ReferenceAdapter"))
    assert status == 0, out
    _assert_lean(modules, HTTP, NEVER, IMPORT, UPDATE, _other_commands("conformance"))
    status, out, modules = _probe(tmp_path, _cli("plugins"))
    assert status == 0 and RULES_PLUGIN_NAME in out, out
    _assert_lean(modules, HTTP, NEVER, IMPORT, UPDATE, SCENARIOS, _other_commands("plugins"))


def test_carddata_status_loads_no_http_or_import(tmp_path: Path, files: dict[str, str]) -> None:
    status, out, modules = _probe(tmp_path, _cli("carddata", "status", "--data-dir", files["data"]))
    assert status == 0 and "FIXTURE" in out
    _assert_lean(modules, HTTP, NEVER, GAME, IMPORT, UPDATE, _other_commands("carddata"), ("filelock",))


@pytest.mark.network_server
def test_carddata_update_304_loads_http_client_but_no_lock_requests_import_progress_bar_or_game(
    tmp_path: Path, files: dict[str, str]
) -> None:
    argv = ("carddata", "update", "--api-url", files["url"], "--data-dir", files["update_data"])
    code = _UPDATE_ENV.format(cache=files["cache"]) + _cli(*argv)
    status, out, modules = _probe(tmp_path, code)
    assert status == 0 and "up to date" in out, out
    assert {"requests", "mtg_daynight.importer.download"} <= modules  # it asked
    # a 304 writes nothing, so it takes no lock
    _assert_lean(modules, NEVER, GAME, SCENARIOS, CATALOG, _other_commands("carddata"), ("filelock",))


@pytest.mark.network_server
def test_update_carddata_script_304_loads_no_import_or_game(tmp_path: Path, files: dict[str, str]) -> None:
    argv = ["--api-url", files["url"], "--data-dir", files["update_data"]]
    code = (
        _UPDATE_ENV.format(cache=files["cache"]) + "    import runpy\n"
        f"    sys.argv = ['update_carddata.py', *{argv!r}]\n"
        f"    runpy.run_path({str(ROOT / 'scripts' / 'update_carddata.py')!r}, run_name='__main__')"
    )
    status, out, modules = _probe(tmp_path, code)
    assert status == 0 and "up to date" in out, out
    _assert_lean(modules, NEVER, GAME, SCENARIOS, _other_commands("carddata"))


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


def test_every_public_name_of_mtg_daynight_loads_from_its_module() -> None:
    import mtg_daynight

    names = set(mtg_daynight.__all__) - {"__version__"}
    for name in sorted(names):
        value = getattr(mtg_daynight, name)
        assert getattr(importlib.import_module(mtg_daynight._EXPORTS[name], "mtg_daynight"), name) is value
    assert set(mtg_daynight._EXPORTS) == names
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = mtg_daynight.Nope  # type: ignore[attr-defined]


def test_the_program_exits_with_the_status_of_its_command(tmp_path: Path, files: dict[str, str]) -> None:
    typo = tmp_path / "typo.txt"
    typo.write_text("4 Tavern Rufian\n", encoding="utf-8")

    def program(*argv: str) -> int:  # ``python -m mtg_daynight`` runs ``cli.run``, as the installed script does
        done = subprocess.run([sys.executable, "-m", "mtg_daynight", *argv], capture_output=True, check=False)
        return done.returncode

    scan = ("deck", "scan", "--no-default-mods", "--data-dir", files["data"])
    assert program(*scan, files["deck"]) == 0
    assert program(*scan, str(typo)) == 1  # an unknown name
    assert program("nope") == 2
