"""The chat in the full screen of ``phase10 join`` (docs/protocol.md, "Chat"): incoming lines
in the log as sentences, ``c`` opens a line to write (a text, a quick reaction's key, or
``mute NAME``).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from textual.widgets import Input, RichLog
from websockets.sync.client import connect

from phase10.online.links import Api, SeatStore, StoredSeat, parse_target
from phase10.tui.online_table import ChatScreen, LobbyScreen, OnlineApp, OnlineTable

from .test_join import Server, _free_port
from .test_join_fullscreen import SIZE, _until


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite:///{tmp_path / 'server.db'}", _free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


class ChattyBob:
    """Bob in his browser, as a script: he wishes good luck once at the table, and keeps what
    he hears in the chat."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.url, self.table, self.token = url, table, token
        self.stop = threading.Event()
        self.heard: list[dict[str, Any]] = []
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._listen, daemon=True)

    def _listen(self) -> None:
        try:
            with connect(self.url.replace("http://", "ws://") + f"/ws/{self.table}") as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token, "protocol": 2}))
                ws.send(json.dumps({"type": "say", "reaction": "luck"}))
                while not self.stop.is_set():
                    try:
                        message = json.loads(ws.recv(timeout=0.1))
                    except TimeoutError:
                        continue
                    if message["type"] == "chat":
                        self.heard.append(message)
        except BaseException as exc:  # reported by the test
            self.error = exc


def test_ann_reads_and_writes_the_chat_full_screen(server: Server, tmp_path: Path) -> None:
    """Bob's quick reaction is a sentence in Ann's log ("Bob says: Good luck!"); Ann presses
    c, writes a line and Enter: Bob hears it; ``mute Bob`` in the same box hides Bob."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    made = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats}).json()
    joined = httpx.post(f"{server.url}/api/tables/{made['table']}/join", json={"name": "Bob"})
    bob = ChattyBob(server.url, made["table"], joined.json()["token"])
    bob.thread.start()
    target = parse_target(f"{server.url}/t/{made['table']}", server.url)
    app = OnlineApp(
        target,
        made["table"],
        StoredSeat(0, "Ann", made["token"]),
        SeatStore(tmp_path / "seats.json"),
        Api(server.url),
        "en",
    )
    try:
        asyncio.run(_chat(app, bob))
    finally:
        bob.stop.set()
        bob.thread.join(timeout=10)
    assert bob.error is None, bob.error


async def _chat(app: OnlineApp, bob: ChattyBob) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await _until(pilot, lambda: bool(bob.heard), "Bob's reaction at the server")
        await pilot.press("s")
        await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        log = app.table_screen.query_one("#log", RichLog)

        def text() -> str:
            return " ".join(line.text for line in log.lines)

        await _until(pilot, lambda: "Bob says: Good luck!" in text(), "Bob's reaction")
        await pilot.press("c")
        await _until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat box")
        app.screen.query_one(Input).value = "Thanks, Bob"
        await pilot.press("enter")
        await _until(
            pilot, lambda: any(m["text"] == "Thanks, Bob" for m in bob.heard), "Ann's line"
        )
        await pilot.press("c")
        await _until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat box")
        app.screen.query_one(Input).value = "mute Bob"
        await pilot.press("enter")
        await _until(pilot, lambda: "What Bob says in the chat is hidden" in text(), "Bob muted")
        assert app.muted == {1}
        await pilot.press("q")
