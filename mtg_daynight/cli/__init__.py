"""The ``mtg-daynight`` command line: argument parsing and printing only (docs/architecture.md, "The command line").

Each sub-command is a module of this package, listed in :data:`COMMANDS`, that exposes ``register(subparsers)``:
it adds its parser and sets ``handler``, a function ``(argparse.Namespace) -> int`` returning the exit status.
Only the module of the command being run is imported. :func:`main` adds its own statuses: 2 for a usage error, a
:class:`~mtg_daynight.errors.DayNightError` or an operating-system error on a path (one line, escaped for the
terminal) or a missing extra (:data:`EXTRAS`), 130 when interrupted, 141 when the reader of the output went away.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, Final

from mtg_daynight import __version__
from mtg_daynight.errors import DayNightError

#: The sub-commands, in the order ``--help`` lists them: name (the module ``mtg_daynight.cli.NAME``) -> one-line help.
COMMANDS: Final = {
    "demo": "play a short built-in game and watch day and night come and go (offline)",
    "simulate": "run scenario files on the reference host and check their expectations",
    "conformance": "run the scenario library against your engine's adapter",
    "carddata": "update, list and check the day/night card data (Scryfall bulk import)",
    "deck": "scan deck files for day/night cards",
    "plugins": "list the loaded plugins, their versions and hooks",
    "serve": "serve the day/night rules over JSON-RPC 2.0 on stdin/stdout (any engine, any language)",
}


class CommandParser(argparse.ArgumentParser):
    """The parser of a sub-command: its options may stand anywhere among its positional arguments, as users type
    them (``simulate a.toml --json b.toml``), read by :meth:`~argparse.ArgumentParser.parse_known_intermixed_args`.
    A parser with sub-commands of its own (``deck``) reads its arguments in order and leaves the rest to the
    sub-command's parser (argparse cannot intermix a sub-command's arguments)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._has_commands = False
        self._intermixing = False

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Add sub-commands (their parsers are command parsers too); this parser then reads arguments in order."""
        self._has_commands = True
        return super().add_subparsers(**kwargs)

    def parse_known_args(  # type: ignore[override]  # the same signature, typed more loosely by typeshed
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse ``args`` with options anywhere among the positional arguments (in order for a parser with
        sub-commands). A command line whose options all stand where argparse reads them in order leaves nothing
        over and is read once; otherwise it is read again, intermixed (which first formats the usage, the
        costlier read). ``parse_known_intermixed_args`` calls this method again for each of its two passes:
        those calls read in order."""
        if self._has_commands or self._intermixing:
            return super().parse_known_args(args, namespace)
        fresh = None if namespace is None else argparse.Namespace(**vars(namespace))
        in_order, left_over = super().parse_known_args(args, fresh)
        if not left_over:
            return in_order, left_over
        self._intermixing = True
        try:
            return super().parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: with ``command`` (a key of :data:`COMMANDS`), that sub-command with all its arguments
    (its module is imported); without, every sub-command by name and help only (nothing imported)."""
    parser = argparse.ArgumentParser(
        prog="mtg-daynight",
        description=(
            "Magic: The Gathering's day/night designation and the daybound/nightbound keywords: "
            "play the demo, run scenario files, check a host adapter, manage card data, scan decks."
        ),
    )
    parser.add_argument("--version", action="version", version=f"mtg-daynight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    if command is not None:
        importlib.import_module(f"{__name__}.{command}").register(sub)
        return parser
    for name, help_text in COMMANDS.items():
        sub.add_parser(name, help=help_text)
    return parser


#: The optional dependencies, by extra: the top-level modules each extra installs (pyproject.toml). A command that
#: fails to import one of them was run without that extra.
EXTRAS: Final = {
    "carddata": ("requests", "filelock", "tqdm", "ijson", "isal", "stringzilla"),
}
#: How to install an extra (the package is installed from a clone until it is published: docs/host-integration.md).
INSTALL_EXTRA: Final = "in the mtg-daynight clone, run pip install -e '.[{extra}]'"


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """The extra that installs the module ``error`` could not find, or None when no extra does."""
    top = (error.name or "").partition(".")[0]
    return next((extra for extra, modules in EXTRAS.items() if top in modules), None)


#: The ``user:password@`` of a URL (only error messages are searched: compiled on first use, re caches it).
_CREDENTIALS: Final = r"(\b[a-zA-Z][a-zA-Z0-9+.-]*://)[^/@\s]*@"


def hide_credentials(text: str) -> str:
    """``text`` with the ``user:password@`` of every URL in it shown as ``***@`` (for messages on the terminal:
    an ``--api-url`` may carry credentials)."""
    return re.sub(_CREDENTIALS, r"\1***@", text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, default ``sys.argv[1:]``); return the exit status. The ``mtg-daynight``
    program and ``python -m mtg_daynight`` exit with it."""
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and argv[0] in COMMANDS else None  # the top level takes only -h and --version
    try:
        parser = build_parser(command)
        args = parser.parse_args(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.print_help()
            return 2
        status: int = handler(args)
    except ModuleNotFoundError as error:
        extra = missing_extra(error)
        if extra is None:
            raise
        print(f"mtg-daynight {command}: error: this command needs the [{extra}] extra, which is not installed "
              f"(no module {error.name!r}): {INSTALL_EXTRA.format(extra=extra)}", file=sys.stderr)
        return 2
    except DayNightError as error:
        return _error(command, str(error))
    except KeyboardInterrupt:
        print(f"mtg-daynight {command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``mtg-daynight carddata list | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:  # a path the system refused (too long, permission denied, read-only, not a directory)
        where = f"{os.fsdecode(error.filename)}: " if error.filename is not None else ""
        return _error(command, f"{where}{error.strerror or error}")
    return status


def _error(command: str | None, message: str) -> int:
    """Print ``message`` as the command's one-line error, escaped for the terminal (a path may hold control
    characters); return the exit status of an error, 2."""
    from mtg_daynight.catalog.names import terminal_text

    print(terminal_text(f"mtg-daynight {command}: error: {hide_credentials(message)}"), file=sys.stderr)
    return 2
