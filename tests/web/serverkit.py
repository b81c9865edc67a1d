"""Helpers for the server tests: the server in this process on a loopback port, a WebSocket
player that keeps everything it was sent and checks the sequence numbers as they come, a
scripted choice of move, and the check that nothing a client reads leaks the server's insides.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from phase10 import games
from phase10.web.app import create_app
from phase10.web.db import Database, sqlite_url
from phase10.web.guard import Limits
from phase10.web.hosts import ServedNames
from phase10.web.hub import Hub
from phase10.web.server import WS_MAX_SIZE
from phase10.web.thinking import Thinker

from .conftest import free_port

#: What must never reach a client: a stack trace or the path of one of the server's files.
LEAK = re.compile(r"Traceback|File \"|[/\\][\w.-]+\.py\b|site-packages")


def assert_no_leak(text: str) -> None:
    """``text`` (a response body, a WebSocket message) holds no trace of the server's code."""
    found = LEAK.search(text)
    assert found is None, f"the server leaked {found.group(0)!r} in {text[:300]!r}"


# --------------------------------------------------------------------------- in-process server


@dataclass
class InProcessServer:
    """``create_app`` served by uvicorn in a thread of this process, on 127.0.0.1."""

    url: str
    database: str
    server: uvicorn.Server
    hub: Hub

    @property
    def ws_url(self) -> str:
        return "ws" + self.url.removeprefix("http")

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10, trust_env=False)

    def db(self) -> Database:
        """A second connection to the server's database, to read what it stored."""
        return Database(self.database)


@contextlib.contextmanager
def in_process_server(
    tmp_path: Path,
    *,
    database: str | None = None,
    workers: int = 0,
    inline: tuple[str, ...] = (),
    hold_seconds: int = 60,
    bot_delay: float = 0.0,
    allowed_origins: tuple[str, ...] = (),
    turn_clock_scale: float = 1.0,
    limits: Limits | None = None,
    served: ServedNames | None = None,
    api_docs: bool = False,
) -> Iterator[InProcessServer]:
    """The real application on a real socket, with uvicorn's settings of ``phase10 serve``
    (the same WebSocket frame limit), its database a SQLite file unless ``database`` says.
    Computers think in ``workers`` processes (0: threads), the levels of ``inline`` on the
    event loop (``phase10 serve`` inlines ``INLINE_LEVELS``); ``turn_clock_scale`` shortens the
    tables' turn timers and ``limits`` sets the limits per client address; ``served`` are the
    host names it answers to (any when ``None``), ``api_docs`` serves the API's documentation
    (``create_app``)."""
    url = database or sqlite_url(str(tmp_path / f"server-{uuid.uuid4().hex[:8]}.db"))
    db = Database(url)
    with Thinker(workers=workers, inline=inline) as thinker:
        app = create_app(
            db,
            thinker,
            hold_seconds=hold_seconds,
            bot_delay=bot_delay,
            allowed_origins=allowed_origins,
            turn_clock_scale=turn_clock_scale,
            limits=limits,
            served=served,
            api_docs=api_docs,
        )
        port = free_port()
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            ws_max_size=WS_MAX_SIZE,
            log_level="warning",
            access_log=False,
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the in-process server did not start")
            time.sleep(0.01)
        try:
            yield InProcessServer(f"http://127.0.0.1:{port}", url, server, app.state.hub)
        finally:
            server.should_exit = True
            thread.join(timeout=20)
    db.close()


@contextlib.contextmanager
def serving_a_third_game(tmp_path: Path, game: Any) -> Iterator[InProcessServer]:
    """An in-process server that offers ``game`` (a toy game registered from outside the
    project) besides the project's games, for one test: it is unregistered after."""
    games.register(game)
    try:
        with in_process_server(tmp_path) as running:
            yield running
    finally:
        games.unregister(game.name)


# --------------------------------------------------------------------------- the HTTP API


def create_table(
    http: httpx.Client,
    seats: list[dict[str, Any]],
    *,
    name: str = "Ann",
    game: str = "phase10",
    **extra: Any,
) -> dict[str, Any]:
    """A new table; the answer (table id, code, the owner's token, the lobby)."""
    answer = http.post("/api/tables", json={"game": game, "name": name, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def join(http: httpx.Client, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    answer = http.post(f"/api/tables/{table}/join", json={"name": name, "seat": seat})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def start(http: httpx.Client, table: str, token: str) -> None:
    answer = http.post(f"/api/tables/{table}/start", headers=bearer(token))
    assert answer.status_code == 200, answer.text


# --------------------------------------------------------------------------- a WebSocket player


class ProtocolViolationError(AssertionError):
    """The server broke a promise of the protocol (a gap or a repeat in the sequence)."""


class Player:
    """One WebSocket connection to a table (``token`` ``None``: a spectator).

    Every message is kept in ``messages``; each event by its sequence number in ``events``.
    An update whose events do not follow on exactly from the last sequence number seen (a gap
    or a repeat) raises ``ProtocolViolationError`` at once.
    """

    def __init__(
        self,
        ws_url: str,
        table: str,
        token: str | None,
        *,
        since: int = -1,
        origin: str | None = None,
        lang: str = "en",
        events: dict[int, dict[str, Any]] | None = None,
        protocol: int | None = 2,
    ) -> None:
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(
                f"{ws_url}/ws/{table}?lang={lang}",
                origin=origin,  # type: ignore[arg-type]
                open_timeout=10,
                close_timeout=2,
                max_size=None,
            )
        )
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.events: dict[int, dict[str, Any]] = {} if events is None else events
        self.seq = since
        self.view: dict[str, Any] | None = None
        self.views: dict[int, dict[str, Any]] = {}
        self.version = -1
        self.lobby: dict[str, Any] | None = None
        self.seat: int | None = None
        self.result: dict[str, Any] | None = None
        hello: dict[str, Any] = {"type": "hello", "token": token, "since": since}
        if protocol is not None:  # None: a client of version 1, which says no version
            hello["protocol"] = protocol
        self.send(hello)

    # ---------------------------------------------------------------- sending and receiving

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message (``TimeoutError`` after ``timeout`` seconds of silence)."""
        raw = self.ws.recv(timeout=timeout)
        assert isinstance(raw, str), "the server sends text frames"
        assert_no_leak(raw)
        self.raw.append(raw)
        message = json.loads(raw)
        assert isinstance(message, dict)
        self._note(message)
        self.messages.append(message)
        return message

    def _note(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.seat = message["seat"]
            self.lobby = message["lobby"]
        elif kind == "lobby":
            self.lobby = message["lobby"]
        elif kind == "update":
            seqs = [e["seq"] for e in message["events"]]
            # A long catch-up leaves out its earliest events and says how many (docs/protocol.md).
            first = max(self.seq, 0) + 1 + message.get("omitted", 0)
            expected = list(range(first, message["seq"] + 1))
            if seqs != expected:
                raise ProtocolViolationError(
                    f"after seq {self.seq} the update to seq {message['seq']} holds {seqs}"
                )
            for event in message["events"]:
                if event["seq"] in self.events:
                    raise ProtocolViolationError(f"event {event['seq']} was sent twice")
                self.events[event["seq"]] = event
            self.seq = message["seq"]
            self.view = self.views[self.seq] = message["view"]
            self.version = message["version"]
            self.result = message["result"]

    def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Read messages until one is ``wanted``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no wanted message in {timeout} s; last: {self.raw[-3:]}")
            message = self.recv(left)
            if wanted(message):
                return message

    def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Everything sent until the connection has been quiet for ``quiet`` seconds."""
        out = []
        with contextlib.suppress(TimeoutError):
            while True:
                out.append(self.recv(quiet))
        return out

    def act(
        self,
        action: dict[str, Any] | None,
        version: int | None = None,
        action_id: str | None = None,
        *,
        text: str | None = None,
    ) -> dict[str, Any]:
        """Send one move (as the game's JSON, or its notation as ``text``) and return the
        answer to it (``ack`` or ``error``). A move refused unread as ``too_fast`` (the rate
        limit) is sent again, with the same id, a little later, as a well-behaved client does."""
        action_id = action_id or uuid.uuid4().hex[:12]
        message: dict[str, Any] = {
            "type": "act",
            "id": action_id,
            "version": self.version if version is None else version,
        }
        if action is not None:
            message["action"] = action
        if text is not None:
            message["text"] = text
        for _attempt in range(50):
            self.send(message)
            answer = self.until(
                lambda m: (
                    (m.get("type") in ("ack", "error") and m.get("id") == action_id)
                    or m.get("code") == "too_fast"
                )  # another message's refusal says to slow down as well
            )
            if answer.get("code") != "too_fast":
                return answer
            time.sleep(0.1)
        raise AssertionError("the rate limit never let the move through")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- the game

    @property
    def my_turn(self) -> bool:
        view = self.view
        return bool(view and view["legal"] and view["current"] == self.seat)

    @property
    def over(self) -> bool:
        return self.result is not None


def closed(player: Player, timeout: float = 5.0) -> bool:
    """Whether the server closes ``player``'s connection within ``timeout`` seconds."""
    try:
        player.until(lambda _m: False, timeout)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move from ``view``, mostly a meld, a lay or a hit when there is one, so that
    hands end within a few dozen turns."""
    legal = [item["action"] for item in view["legal"]]
    busy = [a for a in legal if a["type"] not in ("draw", "take", "discard")]
    if busy and rng.random() < 0.9:
        return dict(rng.choice(busy))
    return dict(rng.choice(legal))


def pump(players: list[Player]) -> None:
    """Read what each player has been sent already (no waiting)."""
    for player in players:
        with contextlib.suppress(TimeoutError):
            while True:
                player.recv(0)


def play(
    movers: dict[int, Player],
    rng: random.Random,
    done: Callable[[], bool],
    *,
    watchers: tuple[Player, ...] = (),
    limit: int = 2000,
    timeout: float = 60.0,
    on_ack: Callable[[Player, dict[str, Any], dict[str, Any]], None] | None = None,
) -> None:
    """Play scripted moves for the seats in ``movers`` (the computers play theirs) until
    ``done()``, at most ``limit`` rounds and ``timeout`` seconds; every move must be
    acknowledged. ``watchers`` are read along the way."""
    everyone = [*movers.values(), *watchers]
    deadline = time.monotonic() + timeout
    for _ in range(limit):
        if time.monotonic() > deadline:
            break
        pump(everyone)
        if done():
            return
        mover = next((p for p in movers.values() if p.my_turn), None)
        if mover is None:
            # A computer (or a person not scripted here) is to act: wait for news.
            with contextlib.suppress(TimeoutError):
                everyone[0].recv(0.05)
            continue
        assert mover.view is not None
        action = choose(mover.view, rng)
        answer = mover.act(action)
        assert answer["type"] == "ack", answer
        if on_ack is not None:
            on_ack(mover, action, answer)
    raise AssertionError(f"not done after {limit} rounds or {timeout} s")


def database_url(kind: str, tmp_path: Path, request: Any) -> str:
    """A new, empty database of ``kind``: ``sqlite`` (a file) or ``postgresql`` (a database
    of the session's throw-away PostgreSQL server)."""
    if kind == "sqlite":
        return sqlite_url(str(tmp_path / f"db-{uuid.uuid4().hex[:8]}.sqlite"))
    return str(request.getfixturevalue("fresh_postgres_url"))


def settled(players: list[Player], timeout: float = 10.0) -> None:
    """Wait until every player has been sent the same last sequence number and all is quiet
    (the computers may still be moving when a scripted stretch of play ends)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for player in players:
            player.drain(0.1)
        if len({p.seq for p in players}) == 1:
            return
    raise AssertionError(f"the players did not settle: {[p.seq for p in players]}")
