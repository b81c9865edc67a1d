"""What the server writes to its log for the person running it: each refusal of a limit per
address and each WebSocket refused for its page's origin (a warning naming the address and the
limit, or the origin and the ``Host``), each table created and seat taken; never a seat token,
and a client refused again and again is one line a minute, not one a refusal.

The application runs in this process on a real socket; its log is read with ``caplog``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from phase10.web.guard import Limits

from .serverkit import InProcessServer, Player, create_table, in_process_server, join

PERSON = {"kind": "person"}
LOGGER = "phase10.web"


@contextlib.contextmanager
def serving(tmp_path: Path, **limits: Any) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path, limits=Limits(**limits)) as server:
        yield server


def lines(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    """The server's log lines at ``level``."""
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelno == level]


def test_a_table_refused_for_the_limit_is_a_warning_naming_the_address(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    with serving(tmp_path, tables="1/hour") as server, server.http() as http:
        create_table(http, [PERSON, PERSON])
        body = {"name": "Bob", "seats": [PERSON, PERSON]}
        assert http.post("/api/tables", json=body).status_code == 429
    (warning,) = lines(caplog, logging.WARNING)
    assert warning.startswith("limit: refused 127.0.0.1 a POST request (HTTP 429, retry after ")
    assert warning.endswith("): too many tables created")


def test_refusals_again_and_again_are_one_line_a_minute(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A guesser of invite codes refused twenty times is one warning; another limit of the
    same address has a line of its own."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    limits = {"code_misses": "1/hour", "tables": "1/hour"}
    with serving(tmp_path, **limits) as server, server.http() as http:
        assert http.get("/api/codes/AAAAAA").status_code == 404
        statuses = {http.get(f"/api/codes/AAAAA{n % 10}").status_code for n in range(20)}
        assert statuses == {429}
        assert http.get("/join/AAAAAB").status_code == 429
        create_table(http, [PERSON, PERSON])
        assert http.post("/api/quick", json={"name": "Eve"}).status_code == 429
    warnings = lines(caplog, logging.WARNING)
    assert len(warnings) == 2, warnings
    assert warnings[0].endswith(": too many invite codes tried that match no table")
    assert warnings[1].endswith(": too many tables created")


def test_a_websocket_from_another_origin_is_a_warning_with_the_origin_and_host(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A page whose origin's port is not the one in the ``Host`` (a proxy that drops the
    port) is refused 403, and the log says which origin and which ``Host`` disagreed."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    with in_process_server(tmp_path) as server:
        with server.http() as http:
            table = create_table(http, [PERSON, PERSON])["table"]
        with pytest.raises(InvalidStatus) as refused:
            Player(server.ws_url, table, None, origin="https://game.example.org:8443")
        assert refused.value.response.status_code == 403
    host = server.url.removeprefix("http://")
    (warning,) = lines(caplog, logging.WARNING)
    assert warning.startswith("refused 127.0.0.1 a WebSocket (HTTP 403): ")
    assert "'https://game.example.org:8443'" in warning
    assert f"Host '{host}'" in warning


def test_a_connection_refused_for_the_limit_is_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    with serving(tmp_path, connections=1) as server:
        with server.http() as http:
            table = create_table(http, [PERSON, PERSON])["table"]
        with Player(server.ws_url, table, None) as watcher:
            watcher.until(lambda m: m["type"] == "welcome")
            with connect(f"{server.ws_url}/ws/{table}") as extra, pytest.raises(ConnectionClosed):
                extra.recv(timeout=5)
    (warning,) = lines(caplog, logging.WARNING)
    assert warning == (
        "limit: refused 127.0.0.1 a WebSocket (close 1008): too many connections at once"
    )


def test_tables_created_and_seats_taken_are_logged_without_tokens(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON, PERSON])
        joined = join(http, made["table"], "Bob")
        quick = http.post("/api/quick", json={"name": "Cleo"}).json()
    table = made["table"]
    info = lines(caplog, logging.INFO)
    assert f"table {table} created from 127.0.0.1 (phase10, 3 seats)" in info
    assert f"table {table}: seat 2 taken from 127.0.0.1" in info
    assert f"table {quick['table']}: seat {quick['seat'] + 1} taken from 127.0.0.1 (Play now)" in (
        info
    )
    everything = caplog.text
    for token in (made["token"], joined["token"], quick["token"]):
        assert token not in everything
