"""A test HTTP server on 127.0.0.1 (a free port), served from a thread for the duration of a ``with`` block."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ssl

#: How long shutting down waits for the serving thread (every test server's handlers end well before).
JOIN_BOUND = 10.0


@contextmanager
def loopback_server(
    handler: type[BaseHTTPRequestHandler], *, poll_interval: float = 0.5, tls: ssl.SSLContext | None = None
) -> Iterator[str]:
    """Serve ``handler`` on 127.0.0.1 in a daemon thread; yields the base URL (``http://127.0.0.1:PORT``, or
    ``https://`` with ``tls``, a server-side context). On exit the server stops and closes; handler threads are
    daemons, so a stuck handler never holds the test run."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    if tls is not None:
        httpd.socket = tls.wrap_socket(httpd.socket, server_side=True)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": poll_interval}, daemon=True)
    thread.start()
    try:
        yield f"{'http' if tls is None else 'https'}://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(JOIN_BOUND)
