"""Run a call that must not block, with a bound: for tests of FIFOs, devices and other inputs that could hang."""

from __future__ import annotations

import threading
from collections.abc import Callable


def error_within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """Run ``call`` in a daemon thread and return what it raised (None if it returned); fail the test when it has
    not finished within ``seconds`` (it blocked)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:
            outcome.append(error)
        else:
            outcome.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still blocked after {seconds} s"
    return outcome[0]
