"""An --api-url may carry credentials (``https://user:password@mirror/``): the command line never prints them."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from mtg_daynight.cli import hide_credentials, main


def test_hide_credentials_masks_only_the_user_info_of_urls() -> None:
    text = "GET https://user:secret@mirror.example/bulk-data and http://host/x, mail a@b"
    assert hide_credentials(text) == "GET https://***@mirror.example/bulk-data and http://host/x, mail a@b"


def test_an_unreachable_server_with_credentials_is_named_without_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as s:  # a port that nothing listens on (bound, then closed)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    status = main(["carddata", "update", "--api-url", f"http://user:secret@127.0.0.1:{port}/",
                   "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert status == 3 and "could not reach http://***@127.0.0.1" in err
    assert "secret" not in err
