"""Which python-mtg the adapter was tested with, and the check that the internals it wraps are still there.

python-mtg has no event or callback API, so the adapter wraps private functions of its driver and referee
(see :mod:`mtg_daynight_python_mtg.hooks`). Private names can change in any release: :func:`check_engine`
verifies each one exists *with the parameters the adapter passes*, and raises
:class:`EngineMismatchError` naming every missing piece, before anything is wrapped.

Importing this module does not import python-mtg (its import puts directories on ``sys.path`` and loads
generic top-level packages such as ``effect_handlers``); only :func:`check_engine` does.
"""

from __future__ import annotations

import importlib
import inspect
import warnings
from importlib import metadata

from mtg_daynight.errors import DayNightError

#: The python-mtg release this adapter was written and tested against.
PINNED_VERSION = "0.1.1"

#: module -> {function: the leading parameters the adapter relies on}
REQUIRED: dict[str, dict[str, tuple[str, ...]]] = {
    "mtg.engine.env": {
        "_advance_one": ("state",),  # one step of the turn loop; crosses turn boundaries, runs the untap step
        "start": ("state",),
        "step": ("state", "action"),
    },
    "mtg.driver": {
        "_fire_cast_triggers": ("state", "caster", "spell"),  # 601.2i: a spell becomes cast
        "_resolve_top": ("state",),  # 608: the top of the stack resolves (a permanent spell enters here)
        "_transform": ("state", "obj", "ctrl"),  # the engine's own transform (Moonmist-style effects)
        "_copy_spell": ("state", "spell", "controller", "n"),  # 707.10 copies (not cast)
        "cast_face_down": ("state", "card", "ctrl"),  # morph/disguise: cast face down
        "turn_face_up": ("state", "card"),
        "run": ("state", "outputs"),
        "clear_cache": (),
        "_stack_remove": ("state", "obj"),  # 712.13a: a spell that does not enter leaves the stack
        "_to_graveyard": ("state", "obj"),  # ... and goes to the graveyard
        "_discard_copy": ("state", "cp"),  # ... or ceases to exist when it is a copy (707.10a)
    },
    "mtg.game": {"Game": (), "_name_from_slug": ("slug",)},
}

#: Engine-state relations the adapter reads or rewrites.
RELATIONS = ("instance_of", "on_battlefield", "printed_control", "active_player", "current_step")


class EngineMismatchError(DayNightError):
    """The installed python-mtg lacks an internal the adapter wraps (or python-mtg is not installed)."""


def installed_version() -> str | None:
    """The installed python-mtg version, or None when it is not installed."""
    try:
        return metadata.version("python-mtg")
    except metadata.PackageNotFoundError:
        return None


def check_engine(required: dict[str, dict[str, tuple[str, ...]]] = REQUIRED) -> None:
    """Import python-mtg and verify every internal the adapter wraps (``required``: module -> function -> its
    leading parameters); raise :class:`EngineMismatchError` listing all that is missing. A version other than
    :data:`PINNED_VERSION` whose internals all match only warns (``RuntimeWarning``): it is untested, not known
    to be broken."""
    version = installed_version()
    if version is None:
        raise EngineMismatchError(
            f"python-mtg is not installed: pip install 'python-mtg=={PINNED_VERSION}' (wheels for Linux x86_64 and "
            "macOS only)"
        )
    problems: list[str] = []
    for module_name, functions in required.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            problems.append(f"{module_name}: cannot import ({exc})")
            continue
        for name, params in functions.items():
            target = getattr(module, name, None)
            if target is None:
                problems.append(f"{module_name}.{name}: missing")
                continue
            if params and callable(target):
                have = tuple(inspect.signature(target).parameters)[: len(params)]
                if have != params:
                    problems.append(f"{module_name}.{name}: parameters {have}, expected {params}")
    if problems:
        raise EngineMismatchError(
            f"python-mtg {version} does not have the internals mtg-daynight-python-mtg wraps "
            f"(tested with {PINNED_VERSION}): " + "; ".join(problems)
        )
    if version != PINNED_VERSION:
        warnings.warn(
            f"python-mtg {version} is untested with this adapter (tested with {PINNED_VERSION}); "
            "its wrapped internals are present",
            RuntimeWarning,
            stacklevel=2,
        )
