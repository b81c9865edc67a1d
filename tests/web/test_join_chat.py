"""The chat in the line client (``phase10 join --plain``; docs/protocol.md, "Chat"): ``say``
sends a text or a quick reaction, incoming lines are sentences, ``mute NAME`` hides a
player's lines, and a game at this keyboard says that the chat is for online tables.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from phase10.cli.line_client import LineClient
from phase10.online.links import StoredSeat

from .test_join import Join, NewTable, Server, _free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite:///{tmp_path / 'server.db'}", _free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


class ChattyOwner:
    """Ann in her browser, as a script: once Bob is at the table she says hello (a quick
    reaction), starts the game and plays the first legal move each turn; when Bob writes to
    her she answers with a text, and she keeps every chat line she hears."""

    def __init__(self, server: Server, table: NewTable) -> None:
        self.server = server
        self.table = table
        self.stop = threading.Event()
        self.heard: list[dict[str, Any]] = []
        self.answered = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._play, daemon=True)

    def __enter__(self) -> ChattyOwner:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=20)

    def _bob_here(self) -> bool:
        lobby = httpx.get(f"{self.server.url}/api/tables/{self.table.table}").json()
        return bool(lobby["seats"][1]["connected"])

    def _play(self) -> None:
        try:
            while not self._bob_here():
                if self.stop.wait(0.05):
                    return
            url = self.server.url.replace("http://", "ws://") + f"/ws/{self.table.table}"
            with connect(url) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.table.token, "protocol": 2}))
                ws.send(json.dumps({"type": "say", "reaction": "hello"}))
                started = httpx.post(
                    f"{self.server.url}/api/tables/{self.table.table}/start",
                    headers={"Authorization": f"Bearer {self.table.token}"},
                )
                assert started.status_code == 200, started.text
                moves = 0
                while not self.stop.is_set():
                    try:
                        message = json.loads(ws.recv(timeout=0.2))
                    except TimeoutError:
                        continue
                    if message["type"] == "chat":
                        self.heard.append(message)
                        if message["name"] == "Bob" and message["reaction"] is None:
                            ws.send(json.dumps({"type": "say", "text": "secret words"}))
                            self.answered.set()
                    if message["type"] != "update" or not message["view"]["legal"]:
                        continue
                    view = message["view"]
                    moves += 1
                    act = {
                        "type": "act",
                        "id": f"ann-{moves}",
                        "version": view["version"],
                        "action": view["legal"][0 if view["stage"] == "draw" else -1]["action"],
                    }
                    ws.send(json.dumps(act))
        except BaseException as exc:  # reported by the test
            self.error = exc


def test_a_terminal_player_chats_and_mutes(server: Server, tmp_path: Path) -> None:
    """Bob, in the terminal, hears Ann's quick reaction as a sentence ("Ann says: Hello!"),
    finds ``say`` in the help, mutes Ann, sends the reaction gg (``say gg``) and a text: Ann
    receives both (the reaction as its phrase); Ann's answer, sent after Bob muted her, is
    never shown to him."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    made = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats}).json()
    table = NewTable(made["table"], made["code"], made["token"])
    script = "?\nmute Ann\nsay gg\nsay   Nice table, Ann!\n" + "a\n1\n" * 6 + "q\n"
    with ChattyOwner(server, table) as ann:
        bob = Join(
            [table.code, "--server", server.url, "--name", "Bob", "--plain"], tmp_path, script
        )
        status, out, err = bob.finish(timeout=90)
        deadline = time.monotonic() + 10
        while len([m for m in ann.heard if m["name"] == "Bob"]) < 2:
            assert time.monotonic() < deadline, ann.heard
            time.sleep(0.05)
    assert ann.error is None, ann.error
    assert status == 0, err
    assert "Ann says: Hello!" in out
    assert "say TEXT" in out  # the help lists the chat
    assert "What Ann says in the chat is hidden; unmute Ann shows it." in out
    from_bob = [(m["reaction"], m["text"]) for m in ann.heard if m["name"] == "Bob"]
    assert from_bob == [("gg", "Good game!"), (None, "Nice table, Ann!")]
    assert ann.answered.is_set()
    assert "secret words" not in out


def test_the_chat_at_this_keyboard_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """A game at this keyboard has no chat: ``say`` (and ``mute``) answer that the chat is for
    online tables, and nothing is sent."""
    sent: list[Any] = []
    fake = SimpleNamespace(pending=None, ws=object(), say=sent.append)
    client = LineClient(
        None,
        "local",
        StoredSeat(0, "Ann", ""),
        None,
        None,
        "en",
        resumed=False,
        paced=True,
        connect=lambda _message, _state: fake,
    )
    asyncio.run(client._command("say gg"))
    asyncio.run(client._command("mute Bob"))
    out = capsys.readouterr().out.splitlines()
    expected = "The chat is for online tables: nobody else reads it at this keyboard."
    assert out == [expected, expected]
    assert sent == []
