"""Helpers for the scenario tests."""

from __future__ import annotations

from pathlib import Path

HEADER = '[scenario]\ntitle = "t"\nplayers = ["A", "B"]\n'
#: A turn's check, for a scenario whose test is about something else (a scenario that checks nothing is an error).
CHECK = 'expect = { designation = "neither" }\n'


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    """Write a scenario file and return its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path
