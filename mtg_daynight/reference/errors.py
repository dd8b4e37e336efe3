"""The reference host's errors: an impossible action, or an outcome the host cannot carry out."""

from __future__ import annotations

from mtg_daynight.errors import DayNightError


class IllegalActionError(DayNightError, ValueError):
    """The action cannot happen in the reference host's game as it stands; nothing changed."""


class HostContractError(DayNightError):
    """The plugin's outcome could not be carried out as the contract says: a bug in the rules, never the caller."""
