"""Attacks on ``carddata update --api-url``: every bad URL is one line that names the URL, never the data directory.

Seen failing on main: ``--api-url http://%zz/`` passed the URL check and the HTTP library's parse error (an
``OSError`` in requests) was reported as ``<data dir>: Failed to parse ...``, blaming the data directory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import run_cli


@pytest.mark.parametrize("url", ["http://%zz/", "garbage", "", "http://", "http://[::1", "ftp://127.0.0.1/",
                                 "http://127.0.0.1:99999/", "file:///etc/passwd", "http://127.0.0.1:1/\x1b[31m"])
def test_bad_api_url_is_one_line_naming_the_url(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    argv = ["carddata", "update", "--data-dir", str(data), "--api-url", url, "--retries", "0", "--deadline", "5"]
    assert run_cli(argv) in (2, 3)  # 3: a host name that cannot resolve is 'could not reach'
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(data) not in err and ("--api-url" in err or url.rstrip("/") in err), err
    assert not (data / "daynight-cards.json").exists()
