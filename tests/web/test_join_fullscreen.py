"""``phase10 join`` full screen: Ann at her own online table in the Textual client, Bob (a
scripted WebSocket, as a browser would be) and an easy computer player, through the protocol.

The server runs in this process (as in ``test_join``); the app runs headless at 80x24 with
``App.run_test()`` and a pilot presses the keys. Rules exercised: a turn starts with a draw
(D-19, P10-R13) and ends with a discard (P10-R13); the server plays only legal moves.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog
from websockets.sync.client import connect

from phase10.online.links import Api, SeatStore, StoredSeat, parse_target
from phase10.tui.online_table import LobbyScreen, OnlineApp, OnlineTable

from .test_join import NewTable, Owner, Server, _create, _free_port

SIZE = (80, 24)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite:///{tmp_path / 'server.db'}", _free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


class Bob:
    """Bob in his browser, as a script: the first legal move (last in the play stage)."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.url, self.table, self.token = url, table, token
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._play, daemon=True)

    def _play(self) -> None:
        try:
            with connect(self.url.replace("http://", "ws://") + f"/ws/{self.table}") as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token, "protocol": 2}))
                moves = 0
                while not self.stop.is_set():
                    try:
                        message = json.loads(ws.recv(timeout=0.1))
                    except TimeoutError:
                        continue
                    if message["type"] != "update" or not message["view"]["legal"]:
                        continue
                    view = message["view"]
                    moves += 1
                    legal = view["legal"][0 if view["stage"] == "draw" else -1]
                    act = {"type": "act", "id": f"bob-{moves}", "version": view["version"]}
                    ws.send(json.dumps({**act, "action": legal["action"]}))
        except BaseException as exc:  # reported by the test
            self.error = exc


def _text(app: OnlineApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def _until(pilot: Pilot[Any], check: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


def test_ann_plays_a_turn_full_screen(server: Server, tmp_path: Path) -> None:
    """Ann starts her table from the waiting screen (s), draws with d (a turn starts with a
    draw: D-19, P10-R13), chooses a card that is not a Skip with the arrows and Space and
    discards it with x (P10-R13); her two moves are in the server's database, the screen shows
    the server's sentences, and every part of the table fits 80x24."""
    table = _create(server)
    joined = httpx.post(f"{server.url}/api/tables/{table.table}/join", json={"name": "Bob"})
    assert joined.status_code == 201, joined.text
    bob = Bob(server.url, table.table, joined.json()["token"])
    bob.thread.start()
    target = parse_target(f"{server.url}/t/{table.table}", server.url)
    store = SeatStore(tmp_path / "seats.json")
    app = OnlineApp(
        target, table.table, StoredSeat(0, "Ann", table.token), store, Api(server.url), "en"
    )
    try:
        before_leaving = asyncio.run(_play(app, server, table.table))
    finally:
        bob.stop.set()
        bob.thread.join(timeout=10)
    assert bob.error is None, bob.error
    assert app.return_value == "left", f"q did not leave; before it: {before_leaving}"


async def _play(app: OnlineApp, server: Server, table: str) -> str:
    """Ann's turn, then q; returns what was on the screen and focused before the q."""
    if True:
        async with app.run_test(size=SIZE) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await _until(pilot, lambda: "Bob" in _text(app), "Bob in the lobby")
            await pilot.press("s")
            await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            await _until(
                pilot,
                lambda: app.view is not None and bool(app.view["legal"]) and not app.conn.pending,
                "Ann's turn",
            )
            assert app.view is not None
            assert app.view["stage"] == "draw"
            screen = app.table_screen
            for widget in ("#status", "#players", "#pile", "#groups", "#log", "#hand", "#moves"):
                region = screen.query_one(widget).region
                assert region.width > 0, widget
                assert region.height > 0, widget
                assert region.right <= SIZE[0], (widget, region)
                assert region.bottom <= SIZE[1], (widget, region)
            await pilot.press("d")
            await _until(
                pilot,
                lambda: app.view is not None and app.view["stage"] != "draw",
                "the draw",
            )
            hand = app.view["hand"]
            row = next(i for i, p in enumerate(screen.shown_hand) if hand[p] != "S")
            await pilot.press(*["down"] * row, "space")
            assert screen.chosen_cards()
            assert screen.chosen_cards()[0] != "S"
            assert all(screen.chosen_cards()[0] in e["text"] for e in screen.shown_moves)
            await pilot.press("x")
            await _until(
                pilot,
                lambda: len([s for _, s in server.moves(table) if s == 0]) >= 2,
                "Ann's moves on the server",
            )

            # The log, not the visible screen: Bob and the computer play on at once, and their
            # sentences can scroll Ann's out of the 24 rows before the check looks.
            def log() -> str:
                return " ".join(line.text for line in screen.query_one("#log", RichLog).lines)

            await _until(pilot, lambda: "You discarded" in log(), "the discard's sentence")
            assert "You drew" in log()
            # Every sentence is in the log, scrolled up: the deal's too, whoever dealt.
            assert "Hand 1 is dealt" in log() or "You deal hand 1" in log()
            before = f"screen {app.screen!r}, focus {app.focused!r}"
            await pilot.press("q")
            # Leaving ends the app; under load its exit can trail the key press.
            await _until(
                pilot, lambda: app.return_value is not None, f"Ann leaving ({before})", timeout=10
            )
    return before


def test_a_spectator_watches_full_screen(server: Server, tmp_path: Path) -> None:
    """``phase10 join --watch`` full screen: the table as its spectators see it (nobody's
    hand, "You are watching as a spectator."), every move of Ann and the computer in the log
    as a sentence about its player (P10-R13: a turn is a draw, then a discard), no move
    offered, and the footer lists no move, hint, sort or chat key (those keys say why they do
    nothing); q leaves, and nothing is stored for a seat."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": "phase10", "name": "Ann", "seats": seats}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    table = NewTable(body["table"], body["code"], body["token"])
    target = parse_target(f"{server.url}/t/{table.table}", server.url)
    store = SeatStore(tmp_path / "seats.json")
    app = OnlineApp(target, table.table, None, store, Api(server.url), "en")
    # Ann makes her first turn's two moves, then waits: no hand ends under the keys pressed.
    with Owner(server, table, limit=2) as ann:
        asyncio.run(_watch(app))
    assert ann.error is None, ann.error
    assert app.return_value == "left"
    assert not (tmp_path / "seats.json").exists()


async def _watch(app: OnlineApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        screen = app.table_screen

        def log() -> str:
            return " ".join(line.text for line in screen.query_one("#log", RichLog).lines)

        await _until(pilot, lambda: "Ann drew a card." in log(), "Ann's draw", timeout=60)
        await _until(pilot, lambda: "Ann discarded" in log(), "Ann's discard", timeout=60)
        assert "You drew" not in log()
        assert app.view is not None
        assert app.view["legal"] == []
        assert "You are watching as a spectator." in _text(app)
        # The hand's and the moves' panels say why they are empty.
        await _until(
            pilot, lambda: _text(app).count("None: you are watching.") == 2, "the empty panels"
        )
        # Nor does the empty hand's box name an order for the cards it does not hold.
        assert app.table_screen.query_one("#hand", OptionList).border_subtitle == ""
        # A hand's results over the table (the computer may go out at once) close first.
        while not isinstance(app.screen, OnlineTable):
            await pilot.press("escape")
            await pilot.pause(0.05)
        # The footer offers a spectator what a spectator can do: no move, hint, sort or chat.
        await _until(pilot, lambda: "Leave" in _text(app).splitlines()[-1], "the footer")
        footer = _text(app).splitlines()[-1]
        for word in ("Draw", "Take", "Discard", "Hint", "Sort", "Chat"):
            assert word not in footer, footer
        assert "Rules" in footer, footer
        await pilot.press("i")  # a hint: a spectator has no turn to be given one for
        # The log wraps its lines at its width: the words are compared, not the spaces.
        await _until(
            pilot,
            lambda: "you hold no hand and make no move" in " ".join(log().split()),
            "the answer",
        )
        said = " ".join(log().split()).count("you hold no hand and make no move")
        await pilot.press("d")  # a seat's key, not in the footer, still answers
        await _until(
            pilot,
            lambda: " ".join(log().split()).count("you hold no hand and make no move") > said,
            "the answer to d",
        )
        await pilot.press("c")
        await _until(
            pilot,
            lambda: "only the players write in it" in " ".join(log().split()),
            "the answer to c",
        )
        # A hand's results may come over the table at the moment q is pressed, and take the
        # key: close them and press q again, as a person would.
        deadline = time.monotonic() + 30
        while app.return_value is None:
            before = f"screen {app.screen!r}, focus {app.focused!r}, stack {app.screen_stack!r}"
            assert time.monotonic() < deadline, f"timed out leaving ({before}): {log()[-2000:]}"
            if not isinstance(app.screen, OnlineTable):
                await pilot.press("escape")
            else:
                await pilot.press("q")
            await pilot.pause(0.2)
