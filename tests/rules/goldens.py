"""Golden transcripts of seeded random games: every event, action and trace line, and the save at the end.

The files in tests/rules/golden/ are what :func:`tests.rules.random_games.play` gives for :data:`SEEDS`, one
transcript (``seed-N.txt``) and one save (``seed-N.save.json``, the save's bytes indented) per seed. A change of
outcome or of a trace line's wording then shows as a diff of those files. After a deliberate change, rewrite them
and read the diff::

    python -m tests.rules.goldens --write
"""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec

from .random_games import play

#: The seeds kept, and how many turns each plays: together they cite every rule and give every kind of action that
#: 3,000 turns of four seeds do.
SEEDS = (0, 1, 2)
TURNS = 100
GOLDEN = Path(__file__).resolve().parent / "golden"


def transcript_path(seed: int) -> Path:
    """Where the transcript of ``seed`` is kept."""
    return GOLDEN / f"seed-{seed}.txt"


def save_path(seed: int) -> Path:
    """Where the final save of ``seed`` is kept (indented JSON)."""
    return GOLDEN / f"seed-{seed}.save.json"


def played(seed: int) -> tuple[str, str]:
    """The transcript and the indented final save of ``seed`` as the code plays them now."""
    game, transcript = play(seed, TURNS)
    return transcript, msgspec.json.format(game.save(), indent=1).decode() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Check the golden files (exit 1 when one differs), or rewrite them with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m tests.rules.goldens", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files from the code as it is")
    args = parser.parse_args(argv)
    stale = []
    for seed in SEEDS:
        transcript, save = played(seed)
        for path, text in ((transcript_path(seed), transcript), (save_path(seed), save)):
            if args.write:
                GOLDEN.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
            elif not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
    if stale:
        print("differ from the code:", ", ".join(stale))
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
