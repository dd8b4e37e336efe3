"""The two ways the importer sends one GET, behind one interface (:data:`Transport`, :class:`Response`).

The policy (URL checks, redirects, retries, 429, size caps, stalls, the deadline) lives in
:class:`~mtg_daynight.importer.download.ScryfallClient` and is the same for both; a transport only sends the
request, hands back the status, headers and body, and turns its library's errors into :class:`NetworkError`.

* :func:`stdlib_get`: the standard library's ``http.client``, for the small JSON request
  (``GET /bulk-data/{type}``), so that an update answered "not modified" (304) never loads ``requests``
  (~60 ms of start-up, more than the rest of the command). It connects directly (no proxy), verifies TLS
  against the CA bundle ``requests`` would use (:func:`ca_bundle`), and sends ``Accept-Encoding: identity``.
* :func:`requests_transport`: ``requests`` (loaded on first use), for the bulk file, and for every request
  when the caller brings its own ``requests.Session``.
* :func:`requests_settings`: when the environment holds a setting ``requests`` would honour and
  :func:`stdlib_get` does not (a proxy, a ``.netrc``), the client sends the JSON request through ``requests``
  too, so such a set-up behaves exactly as before.
"""

from __future__ import annotations

import base64
import http.client
import os
import ssl
import sys
from collections.abc import Callable, Mapping
from urllib.parse import unquote, urlsplit

from mtg_daynight.lazy import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # typing is not imported when run (an update answered "not modified" loads none of it)
    from typing import Literal

    import requests

    #: What went wrong below HTTP: ``timeout`` (connect or read), ``dropped`` (closed or reset mid-exchange),
    #: ``tls`` (the secure connection failed: not retried), ``other``.
    Kind = Literal["timeout", "dropped", "tls", "other"]


class NetworkError(Exception):
    """A request got no HTTP answer, or the body's read failed: ``error`` is the library's own exception."""

    def __init__(self, error: BaseException, kind: Kind) -> None:
        super().__init__(f"{kind}: {error}")
        self.error = error
        self.kind = kind


class Response(Protocol):
    """An HTTP answer whose body has not been read yet."""

    @property
    def status(self) -> int:
        """The status code."""

    @property
    def reason(self) -> str:
        """The reason phrase (``"Not Found"``)."""

    def header(self, name: str) -> str | None:
        """A header's value (the name is case-insensitive), or None."""

    def read1(self, size: int) -> bytes:
        """Up to ``size`` bytes of the body exactly as sent (no decoding); ``b""`` at its end; raises
        :class:`NetworkError` when the read times out or the connection drops (a short body included)."""

    def close(self) -> None:
        """Release the connection."""


#: ``transport(url, headers, connect_timeout, read_timeout)``: send ``GET url`` (no redirect followed) and
#: return the answer; raises :class:`NetworkError` when there is none.
Transport = Callable[[str, Mapping[str, str], float, float], Response]


# -- the standard library -------------------------------------------------------------------------------------
class _StdlibResponse:
    """An ``http.client`` answer and its connection."""

    def __init__(self, connection: http.client.HTTPConnection, response: http.client.HTTPResponse) -> None:
        self._connection = connection
        self._response = response

    @property
    def status(self) -> int:
        return self._response.status

    @property
    def reason(self) -> str:
        return self._response.reason or ""

    def header(self, name: str) -> str | None:
        return self._response.getheader(name)

    def read1(self, size: int) -> bytes:
        try:
            chunk = self._response.read1(size)
        except TimeoutError as error:
            raise NetworkError(error, "timeout") from None
        except (http.client.HTTPException, OSError) as error:
            raise NetworkError(error, "dropped") from None
        missing = self._response.length  # http.client returns b"" when a Content-Length body ends early
        if not chunk and size and missing:
            raise NetworkError(http.client.IncompleteRead(b"", missing), "dropped")
        return chunk

    def close(self) -> None:
        self._response.close()
        self._connection.close()


def ca_bundle(environ: Mapping[str, str] = os.environ) -> str | None:
    """The CA certificates ``requests`` verifies against: ``REQUESTS_CA_BUNDLE``, else ``CURL_CA_BUNDLE``, else
    ``certifi``'s bundle (None: the system's, when certifi is missing)."""
    chosen = environ.get("REQUESTS_CA_BUNDLE") or environ.get("CURL_CA_BUNDLE")
    if chosen:
        return chosen
    try:
        import certifi
    except ImportError:  # pragma: no cover - certifi comes with requests
        return None
    return certifi.where()


def _tls_context() -> ssl.SSLContext:
    """Certificate and host name checks against :func:`ca_bundle` (a file, or a directory of hashed
    certificates, as ``requests`` accepts)."""
    bundle = ca_bundle()
    if bundle is not None and os.path.isdir(bundle):
        return ssl.create_default_context(capath=bundle)
    return ssl.create_default_context(cafile=bundle)


def stdlib_get(url: str, headers: Mapping[str, str], connect_timeout: float, read_timeout: float) -> Response:
    """A :data:`Transport` on ``http.client``: a direct connection (no proxy), TLS verified, the body as sent;
    a ``user:password@`` in the URL is sent as Basic authentication, as ``requests`` does."""
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    headers = dict(headers)
    if parts.username is not None:
        credentials = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode("latin-1")
        headers["Authorization"] = "Basic " + base64.b64encode(credentials).decode("ascii")
    connection: http.client.HTTPConnection
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(host, port, timeout=connect_timeout, context=_tls_context())
    else:
        connection = http.client.HTTPConnection(host, port, timeout=connect_timeout)
    try:
        connection.connect()
        if connection.sock is not None:  # the connect timeout is spent: reads get the stall timeout
            connection.sock.settimeout(read_timeout)
        connection.request("GET", target, headers=headers)  # adds Host and Accept-Encoding: identity
        return _StdlibResponse(connection, connection.getresponse())
    except BaseException as error:
        connection.close()
        if isinstance(error, ssl.SSLError):  # certificate checks included
            raise NetworkError(error, "tls") from None
        if isinstance(error, TimeoutError):
            raise NetworkError(error, "timeout") from None
        if isinstance(error, http.client.HTTPException | ConnectionResetError | ConnectionAbortedError):
            raise NetworkError(error, "dropped") from None
        if isinstance(error, OSError):  # refused, unresolvable, unreachable: the client tells them apart
            raise NetworkError(error, "other") from None
        raise


# -- requests -----------------------------------------------------------------------------------------------
class _RequestsResponse:
    """A streamed ``requests`` answer; the body is read raw (no decoding)."""

    def __init__(self, response: requests.Response) -> None:
        self._response = response

    @property
    def status(self) -> int:
        return self._response.status_code

    @property
    def reason(self) -> str:
        return self._response.reason or ""

    def header(self, name: str) -> str | None:
        return self._response.headers.get(name)

    def read1(self, size: int) -> bytes:
        import requests
        import urllib3

        try:
            chunk: bytes = self._response.raw.read1(size, decode_content=False)
        except (
            urllib3.exceptions.HTTPError,
            requests.RequestException,
            http.client.HTTPException,
            ConnectionError,
            TimeoutError,
        ) as error:
            raise NetworkError(error, _requests_kind(error)) from None
        return chunk

    def close(self) -> None:
        self._response.close()


def _requests_kind(error: BaseException) -> Kind:
    import requests
    import urllib3

    if isinstance(error, requests.exceptions.SSLError):
        return "tls"
    if isinstance(error, requests.Timeout | urllib3.exceptions.TimeoutError | TimeoutError):
        return "timeout"
    text = str(error)
    if "Connection aborted." in text or "Connection broken:" in text:
        return "dropped"
    return "other"


def requests_transport(session: requests.Session) -> Transport:
    """A :data:`Transport` on a ``requests`` session (proxies, CA bundle and ``.netrc`` as ``requests`` reads
    them; adapters and test mocks mounted on the session apply)."""
    import requests

    def get(url: str, headers: Mapping[str, str], connect_timeout: float, read_timeout: float) -> Response:
        try:
            response = session.get(
                url, headers=dict(headers), timeout=(connect_timeout, read_timeout), stream=True,
                allow_redirects=False,
            )
        except (requests.ConnectionError, requests.Timeout) as error:
            raise NetworkError(error, _requests_kind(error)) from None
        return _RequestsResponse(response)

    return get


def requests_settings(environ: Mapping[str, str] = os.environ) -> str | None:
    """The first setting ``requests`` would honour that :func:`stdlib_get` does not, or None: a proxy
    (``*_proxy`` variables; on macOS and Windows also the system's proxy settings) or a ``.netrc`` file
    (``NETRC``, ``~/.netrc``, ``~/_netrc``: credentials ``requests`` would send)."""
    for name, value in environ.items():
        lowered = name.lower()
        if value and lowered.endswith("_proxy") and lowered != "no_proxy":
            return name
    netrc = environ.get("NETRC")
    for path in (netrc,) if netrc is not None else ("~/.netrc", "~/_netrc"):
        try:
            if os.path.exists(os.path.expanduser(path)):
                return path
        except (KeyError, RuntimeError):  # no home directory to expand "~" in
            continue
    if sys.platform in ("darwin", "win32"):  # requests also reads the system's proxy settings there
        import urllib.request

        if urllib.request.getproxies():
            return "the system proxy settings"
    return None

