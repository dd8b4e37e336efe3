"""What went wrong below HTTP, in words: classifying a ``requests``/``urllib3`` failure and describing it.

* :class:`NetworkError` wraps a request that got no HTTP answer (or a body read that failed) with its
  :data:`Kind`; :class:`Interrupted` and :class:`BodyTooLong` are the two ways a body read ends early.
* :func:`unreachable_reason` tells an offline machine (name resolution, refused, unreachable) from a failure a
  retry may cure; :func:`tls_reason` gives the ssl module's own words; :func:`describe` the short message.

What to do about each (retry, fail at once) is the client's policy (:mod:`~mtg_daynight.importer.download`).
"""

from __future__ import annotations

import errno
import socket
import ssl
from collections.abc import Iterator
from typing import Literal
from urllib.parse import urlsplit

import requests
import urllib3

_UNREACHABLE_ERRNOS = {
    errno.ECONNREFUSED: "the connection was refused",
    errno.ENETUNREACH: "the network is unreachable",
    errno.EHOSTUNREACH: "the host is unreachable",
    errno.EADDRNOTAVAIL: "the address is not available",
}

#: What went wrong below HTTP: ``timeout`` (connect or read), ``dropped`` (closed or reset mid-exchange),
#: ``tls`` (the secure connection failed: not retried), ``other``.
Kind = Literal["timeout", "dropped", "tls", "other"]


class NetworkError(Exception):
    """A request got no HTTP answer, or the body's read failed: ``error`` is the library's own exception."""

    def __init__(self, error: BaseException, kind: Kind) -> None:
        super().__init__(f"{kind}: {error}")
        self.error = error
        self.kind = kind


class Interrupted(Exception):
    """A transfer failed part-way (dropped, stalled, timed out): retried if the budget allows."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BodyTooLong(Exception):
    """A body went past its limit."""


def error_kind(error: BaseException) -> Kind:
    """The :data:`Kind` of a ``requests``/``urllib3`` exception."""
    if isinstance(error, requests.exceptions.SSLError):
        return "tls"
    if isinstance(error, requests.Timeout | urllib3.exceptions.TimeoutError | TimeoutError):
        return "timeout"
    text = str(error)
    if "Connection aborted." in text or "Connection broken:" in text:
        return "dropped"
    return "other"


def _causes(error: BaseException) -> Iterator[BaseException]:
    """``error`` and every exception it wraps (``__cause__``, ``__context__``, urllib3's ``reason``, args)."""
    stack: list[BaseException] = [error]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        linked = [current.__cause__, current.__context__, getattr(current, "reason", None), *current.args]
        stack.extend(item for item in linked if isinstance(item, BaseException))


def unreachable_reason(error: BaseException) -> str | None:
    """Why a connection attempt could not even start (name resolution, refused, unreachable), or None when
    ``error`` is something a retry may cure (a timeout, a reset)."""
    for current in _causes(error):
        if isinstance(current, socket.gaierror):  # requests' NameResolutionError wraps one
            return "the host name does not resolve"
        if isinstance(current, OSError) and current.errno in _UNREACHABLE_ERRNOS:
            return _UNREACHABLE_ERRNOS[current.errno]
    return None


def describe(error: NetworkError, url: str, timeouts: tuple[float, float], *, body: bool = False) -> str:
    """A short description of a network error (no library object reprs); a timeout says what timed out (the
    connection, the answer, or the body's data) and after how long (``timeouts``: connect, read)."""
    if error.kind == "timeout":
        host = urlsplit(url).netloc
        if isinstance(error.error, requests.ConnectTimeout):
            return f"connecting to {host} timed out after {timeouts[0]:g} s (--timeout)"
        what = "no data" if body else "no answer"
        return f"{what} from {host} for {timeouts[1]:g} s: timed out (--timeout)"
    if error.kind == "dropped":
        return "the connection was dropped"
    return f"connection error ({type(error.error).__name__})"


def tls_reason(error: BaseException) -> str:
    """The ssl module's own words for a TLS failure (e.g. "certificate verify failed: ...")."""
    for current in _causes(error):
        if isinstance(current, ssl.SSLError):
            detail = getattr(current, "verify_message", None) or current.reason
            return f"{current.reason or 'SSL error'}: {detail}" if detail != current.reason else str(detail)
    return "the secure connection failed"
