"""The reference host's errors: an impossible action, or an outcome the host cannot carry out."""

from __future__ import annotations

from mtg_daynight.errors import DayNightError


class IllegalActionError(DayNightError, ValueError):
    """The action cannot happen in the reference host's game as it stands (unknown object, wrong zone, no turn
    yet, empty stack...). Nothing changed: neither the host nor the plugin."""


class HostContractError(DayNightError):
    """The plugin's outcome could not be carried out as the contract says (e.g. a Transform into the face that
    is already up, or an EnterFace for a permanent that is not entering). This means a bug in the rules core or
    the contract, never in the caller."""
