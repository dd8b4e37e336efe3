"""Reading mod files of either format: a Forge card script (``.txt``, :mod:`.forge_script`) or TOML (:mod:`.mods`)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mtg_daynight.errors import InputFileError
from mtg_daynight.inputfile import read_regular_file

from .mods import MAX_MOD_BYTES, LoadedMod, ModFileError, ModProblem, parse_mod


def read_mod(path: Path) -> LoadedMod:
    """Read and validate one mod file: a Forge card script when it ends ``.txt``, else TOML. Only a regular
    file of at most :data:`MAX_MOD_BYTES` is read. Raises :class:`ModFileError`."""
    source = str(path)
    try:
        data = read_regular_file(path, MAX_MOD_BYTES, "mod file")
    except ModFileError:
        raise
    except InputFileError as error:  # read_regular_file's messages start with the path
        raise ModFileError(ModProblem(source, str(error).removeprefix(f"{source}: "))) from None
    if path.suffix.lower() == ".txt":
        from .forge_script import parse_forge_script  # loaded only where a mod directory holds a Forge script

        return parse_forge_script(data, source)
    return parse_mod(data, source)


def read_mods(paths: Iterable[Path]) -> tuple[tuple[LoadedMod, ...], tuple[ModProblem, ...]]:
    """Read every mod file of ``paths``: the ones that load, and a :class:`ModProblem` for each that does not
    (one broken file never keeps the others out)."""
    loaded: list[LoadedMod] = []
    problems: list[ModProblem] = []
    for path in paths:
        try:
            loaded.append(read_mod(path))
        except ModFileError as error:
            problems.append(error.problem)
    return tuple(loaded), tuple(problems)
