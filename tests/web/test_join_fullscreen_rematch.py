"""``phase10 join`` full screen around the game: a guest is not offered the owner's start,
the status line says the table once connected, a finished game offers no moves, a rematch's
players panel shows the series and the dealer, and leaving after a rematch names the
rematch's table (the real command on a pseudo-terminal, as a player runs it).

The server runs in this process with a hold of 0 s and a one-phase game, as in
``test_join_rematch``; the app runs headless at 80x24 where a pilot presses the keys.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from rich.console import Console
from textual.pilot import Pilot

from phase10.online.links import Api, SeatStore, StoredSeat, parse_target
from phase10.tui.online_table import LobbyScreen, OnlineApp, OnlineTable, SummaryScreen

from .serverkit import InProcessServer, Player, bearer, create_table, in_process_server, join, start
from .test_join_rematch import EASY, PERSON, _keep, _played_out

SIZE = (80, 24)
SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path, hold_seconds=0) as running:
        yield running


def _app(server: InProcessServer, tmp_path: Path, table: str, seat: StoredSeat) -> OnlineApp:
    target = parse_target(f"{server.url}/t/{table}", server.url)
    store = SeatStore(tmp_path / "seats.json")
    return OnlineApp(target, table, seat, store, Api(server.url), "en")


def _text(app: OnlineApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def _status(app: OnlineApp) -> str:
    return str(app.table_screen.query_one("#status").render())


async def _until(pilot: Pilot[Any], check: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


def test_a_guest_waits_without_the_owners_start_and_connected(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob at Ann's waiting table: the footer offers no start (only Ann starts the game),
    and the status line names the table instead of "Connecting"."""
    with server.http() as http:
        made = create_table(http, [PERSON, PERSON, EASY])
        bob = join(http, made["table"], "Bob")["token"]
    app = _app(server, tmp_path, made["table"], StoredSeat(1, "Bob", bob))

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await _until(pilot, lambda: "Waiting for Ann" in _text(app), "the lobby's text")
            await pilot.pause(0.2)
            assert "Start" not in _text(app)
            assert "Leave" in _text(app)
            assert "Connecting" not in _status(app)
            assert made["code"] in _status(app)

    asyncio.run(scenario())


def test_a_finished_game_offers_no_moves_in_the_footer(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob back at a finished table: once the standing is closed, the footer offers no
    draw, take, discard or hint, and still leaving."""
    with server.http() as http:
        made, bob = _played_out(server, http)
    app = _app(server, tmp_path, made["table"], StoredSeat(1, "Bob", bob))

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the standing")
            await pilot.press("enter")
            await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            await pilot.pause(0.2)
            footer = _text(app).splitlines()[-1]
            for word in ("Draw", "Take", "Discard", "Hint"):
                assert word not in footer, footer
            assert "Leave" in footer

    asyncio.run(scenario())


def test_a_rematchs_players_show_the_series_and_the_dealer(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Ann starts the rematch of a finished game: the players panel says game 2 of the
    series with each player's wins, as the browser's info line does, who dealt, and which
    seat a computer plays."""
    with server.http() as http:
        made, _bob = _played_out(server, http)
        answer = http.post(f"/api/tables/{made['table']}/rematch", headers=bearer(made["token"]))
        assert answer.status_code == 201, answer.text
        second, token = answer.json()["table"], answer.json()["token"]
        join(http, second, "Bob")  # away when it was made: his seat waited for him
    app = _app(server, tmp_path, second, StoredSeat(0, "Ann", token))

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.press("s")
            await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            await _until(pilot, lambda: app.shown is not None, "the deal")
            players = str(app.table_screen._players(app.shown or {}).caption)
            assert players.startswith("Game 2 of the series: "), players
            dealer = next(p for p in (app.shown or {})["players"] if p["dealer"])
            # The panel as a wide console draws it: one row a player, whatever the screen's
            # width wraps (a name with "(away)" pushes "dealer" to a line of its own).
            console = Console(width=200, record=True)
            console.print(app.table_screen._players(app.shown or {}))
            rows = console.export_text().splitlines()
            assert any(str(dealer["name"]) in row and "dealer" in row for row in rows), rows
            # Online, a computer's seat says so (a person's seat may have gone to one).
            seated = (app.lobby or {})["seats"]
            computers = [str(s["name"]) for s in seated if s["kind"] != "person"]
            assert computers, seated
            for name in computers:
                assert any(name in row and ", computer" in row for row in rows), rows
            assert not any("Ann" in row and "computer" in row for row in rows), rows

    asyncio.run(scenario())


class Terminal:
    """``phase10 join`` on a pseudo-terminal of 80x24 (the full screen), its output kept."""

    def __init__(self, args: list[str], data: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "PHASE10_DATA_DIR": str(data), "PYTHONPATH": str(SRC)}
        env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "phase10", "join", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.output = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 30.0) -> str:
        """Wait for the end; the output, without the terminal's escape sequences."""
        try:
            self.process.wait(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.reader.join(timeout=5)
            os.close(self.master)
        text = self.output.decode("utf-8", "replace")
        return re.sub(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)", "", text)


def _seated(http: httpx.Client, table: str, seat: int) -> bool:
    return bool(http.get(f"/api/tables/{table}").json()["seats"][seat]["connected"])


def _wait(check: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _leave_after_rematch(
    server: InProcessServer, tmp_path: Path, *, started: bool
) -> tuple[str, str, int | None]:
    """Bob sits full screen at Ann's finished table; Ann makes the rematch (and starts it,
    if ``started``), his client goes there, and he presses q: what the terminal showed, the
    rematch's table and the client's exit status."""
    data = tmp_path / "data"
    with server.http() as http:
        made, bob = _played_out(server, http)
        first = made["table"]
        _keep(data, server, first, StoredSeat(1, "Bob", bob))
        terminal = Terminal([f"{server.url}/t/{first}", "--lang", "en"], data)
        try:
            _wait(lambda: _seated(http, first, 1), "Bob at the finished table")
            answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(made["token"]))
            assert answer.status_code == 201, answer.text
            second, token = answer.json()["table"], answer.json()["token"]
            _wait(lambda: _seated(http, second, 1), "Bob at the rematch")
            if started:
                start(http, second, token)
                with Player(server.ws_url, second, token) as ann:
                    ann.until(lambda m: m["type"] == "update")
            time.sleep(0.5 if started else 0.3)
            terminal.press("q")
        finally:
            out = terminal.finish()
    return out, second, terminal.process.returncode


def test_leaving_after_a_rematch_names_the_rematchs_table(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob sits at the finished table full screen when Ann makes the rematch: his client
    goes there; he presses q, and the command it prints to come back is the rematch's, not
    the finished table's."""
    out, second, status = _leave_after_rematch(server, tmp_path, started=False)
    assert status == 0, out[-2000:]
    # The command as installed: phase10 alone, or this Python's -m phase10.
    assert re.search(
        rf"Come back with: (?:.* )?phase10 join {re.escape(server.url)}/t/{second}", out
    )


def test_the_started_rematch_is_where_leaving_comes_back_to(
    server: InProcessServer, tmp_path: Path
) -> None:
    """The same once Ann has started the rematch: Bob's seat is held and the command to
    come back is the rematch's."""
    out, second, status = _leave_after_rematch(server, tmp_path, started=True)
    assert status == 0, out[-2000:]
    flat = out.replace("\r\n", " ").replace("\n", " ")
    pattern = rf"until you come back with: (?:.* )?phase10 join {re.escape(server.url)}/t/{second}"
    assert re.search(pattern, flat), out[-2000:]
