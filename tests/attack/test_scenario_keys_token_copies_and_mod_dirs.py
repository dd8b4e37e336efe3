"""Attacks on scenario files' keys, the reference host's token copies, mod directories.

Seen failing on main: a symbolic link loop named ``*.toml`` in a mod directory gave a ``RuntimeError: Symlink
loop`` traceback from ``deck scan``/``simulate``; ``leave_game`` of a player who had already left was refused
as "'B' is the last player in the game"; a token copy of a face-down daybound permanent got the card's two faces
(and transformed at night), though 708.2b makes face-down status part of the copiable values.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import run_cli

HEAD = '[scenario]\ntitle = "t"\nplayers = ["A", "B"]\n'


def test_mod_directory_symlink_loop_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "loop.toml").symlink_to("loop.toml")
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Tavern Ruffian\n")
    assert run_cli(["deck", "scan", "--strict-mods", "--mods", str(mods), str(deck)], timeout=20) == 2
    err = capsys.readouterr().err
    assert "loop.toml" in err and "Traceback" not in err and err.count("\n") == 1


def test_800_4a_leave_game_twice_says_already_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(HEAD.replace('"A", "B"', '"A", "B", "C"')
                        + '[[turn]]\nactions = [{ leave_game = "B" }, { leave_game = "B" }]\n')
    assert run_cli(["simulate", "-q", str(scenario)]) == 2
    assert "'B' has already left the game" in capsys.readouterr().err


def test_708_2b_token_copy_of_face_down_permanent_does_not_copy_the_hidden_faces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(HEAD + '[[turn]]\nactions = [{ put = "Tavern Ruffian", as = "r", face_down = true }, '
                        '{ become = "night" }, { token_copy = "r", as = "t", error = "face down" }, '
                        '{ expect = { gone = ["t"] } }]\n')
    assert run_cli(["simulate", "-q", str(scenario)]) == 0, capsys.readouterr().out


HOSTILE = ('[scenario]\ntitle = "t\\u001b[2J\\u202eevil"\nplayers = ["A\\u001b[31m", "B"]\n'
           '[[turn]]\nactions = [{ put = "Tavern Ruffian", as = "r\\u001b]0;pwn\\u0007" }, { note = "\\u001b[5mx" }, '
           '{ expect = { designation = "night" } }]\n')


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_scenario_text_with_ansi_and_bidi_never_reaches_the_terminal_raw(
    json_output: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(HOSTILE)
    assert run_cli(["simulate", *(["--json"] if json_output else []), str(scenario)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\\u001b[2J\\u202eevil" in out  # escaped, still readable


@pytest.mark.parametrize(("module", "spec", "said"), [
    ('raise RuntimeError("boom")\n', "attack2_badmod:make", "importing 'attack2_badmod' raised RuntimeError: boom"),
    ('def make():\n    raise ValueError("no engine")\n', "attack2_badfactory:make", "raised ValueError: no engine"),
], ids=["module raises", "factory raises"])
def test_conformance_adapter_that_fails_is_one_line_not_a_traceback(
    module: str, spec: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / f"{spec.partition(':')[0]}.py").write_text(module)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert run_cli(["conformance", spec]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
