"""One seat's WebSocket to a table (``docs/protocol.md``), taken up again by itself.

:class:`Connection` says hello with the seat's token and the last event's sequence number
(``since``), so a reconnect brings only what was missed; it keeps the one move in flight and
sends it again, with the same id, after each welcome (the server plays an id at most once).
A dropped connection is tried again with a growing pause for :data:`RECONNECT_FOR` seconds.

What the client shows is not its business: every message goes to ``on_message``, every change
of the connection to ``on_state`` (:data:`LOST`, :data:`BACK`, :data:`GAVE_UP`,
:data:`REFUSED`, :data:`CLOSED`), and the front end says it in its own way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from typing import Any, Final, Protocol

from phase10.online.links import Target, websocket_url
from phase10.table.notices import LEAVE_REASON
from phase10.table.reactions import REACTIONS

__all__ = [
    "BACK",
    "CLOSED",
    "FATAL",
    "GAVE_UP",
    "LOST",
    "MAX_BACKOFF",
    "MAX_INCOMING",
    "RECONNECT_FOR",
    "REFUSED",
    "Connection",
    "chat_message",
]

#: How long a lost connection is tried again before giving up (seconds).
RECONNECT_FOR: Final = 60.0
#: The longest wait between two attempts (seconds).
MAX_BACKOFF: Final = 8.0
#: The largest message accepted from the server: a reconnect's update carries a whole game.
MAX_INCOMING: Final = 1 << 24
#: Errors answered to a hello, after which the server closes the connection.
FATAL: Final = frozenset({"no_table", "bad_token", "bad_message", "protocol_version"})
#: The version of the table protocol (docs/protocol.md) this client speaks: a server that no
#: longer speaks it answers the hello with a ``protocol_version`` error that says so.
PROTOCOL: Final = 2

#: The connection dropped; it is being tried again.
LOST: Final = "lost"
#: Connected again after a loss.
BACK: Final = "back"
#: Tried again for too long: given up.
GAVE_UP: Final = "gave_up"
#: The server refused the WebSocket for good (HTTP 403 or 404): ``status`` says which.
REFUSED: Final = "refused"
#: The connection closed (for any reason, including a switch to a rematch's table).
CLOSED: Final = "closed"


class Bookkeeping(Protocol):
    """What :func:`note` keeps of a connection."""

    last_seq: int
    pending: dict[str, Any] | None


def note(connection: Bookkeeping, message: dict[str, Any]) -> None:
    """The bookkeeping every client's connection needs, online or local: the last event
    seen, and the move in flight answered."""
    kind = message.get("type")
    if kind == "update":
        connection.last_seq = int(message["seq"])
    elif (
        kind in ("ack", "error")
        and connection.pending is not None
        and message.get("id") == connection.pending["id"]
    ):
        connection.pending = None


def chat_message(ident: str, text: str) -> dict[str, Any]:
    """The ``say`` for what a player typed after ``say``: a quick reaction's key alone (in
    any case) is that reaction, anything else is text.

    >>> chat_message("c1", " GG ")
    {'type': 'say', 'id': 'c1', 'reaction': 'gg'}
    >>> chat_message("c2", "gg all")
    {'type': 'say', 'id': 'c2', 'text': 'gg all'}
    """
    key = text.strip().lower()
    if key in REACTIONS:
        return {"type": "say", "id": ident, "reaction": key}
    return {"type": "say", "id": ident, "text": text.strip()}


class Connection:
    """The WebSocket of one seat (``token``; ``None``: a spectator's) at ``table``, for as
    long as :meth:`run` runs."""

    def __init__(
        self,
        target: Target,
        table: str,
        token: str | None,
        lang: str,
        on_message: Callable[[dict[str, Any]], bool],
        on_state: Callable[[str, int | None], None],
        *,
        cards: str = "codes",
    ) -> None:
        self.target = target
        #: How the server's sentences name cards: by notation (``codes``, for a player who
        #: types them) or in words (``words``, for a spectator who only listens).
        self.cards = cards
        self.table = table
        self.token = token
        self.lang = lang
        self.on_message = on_message
        self.on_state = on_state
        self.last_seq = -1
        self.pending: dict[str, Any] | None = None
        self.ws: Any = None
        self.leaving = False
        self.switching = False
        self._prefix = secrets.token_hex(4)
        self._counter = 0

    @property
    def connected(self) -> bool:
        """Whether the server has welcomed this connection (moves can be sent)."""
        return self.ws is not None

    def next_id(self, kind: str = "") -> str:
        """A message id never used before by this client."""
        self._counter += 1
        return f"{self._prefix}-{kind}{self._counter}"

    async def act(self, version: int, action: dict[str, Any]) -> None:
        """Send a move; it stays :attr:`pending` until the server's ``ack`` or ``error``."""
        self.pending = {"type": "act", "id": self.next_id(), "version": version, "action": action}
        with contextlib.suppress(Exception):  # a lost connection: sent again on reconnecting
            await self.ws.send(json.dumps(self.pending))

    async def act_text(self, version: int, text: str) -> None:
        """Send a move as the game's notation (what the player typed, read by the server);
        pending as :meth:`act`'s."""
        self.pending = {"type": "act", "id": self.next_id(), "version": version, "text": text}
        with contextlib.suppress(Exception):
            await self.ws.send(json.dumps(self.pending))

    async def hint(self, ident: str) -> None:
        """Ask for a hint; its answer carries ``ident`` (take one from :meth:`next_id`)."""
        with contextlib.suppress(Exception):
            await self.ws.send(json.dumps({"type": "hint", "id": ident}))

    async def say(self, text: str) -> None:
        """Say ``text`` in the table's chat: a quick reaction's key alone (``gg``) sends that
        reaction, which each reader reads in their language; anything else goes as text."""
        message = chat_message(self.next_id("c"), text)
        with contextlib.suppress(Exception):  # a lost connection: the line is not kept
            await self.ws.send(json.dumps(message))

    def switch(self, table: str, token: str) -> None:
        """Move to another table (a rematch): the current socket closes, a new one opens."""
        self.table, self.token = table, token
        self.pending, self.last_seq = None, -1
        self.switching = True

    async def close(self) -> None:
        """Stop for good (the player leaves)."""
        self.leaving = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                # Said, so the others read that the player left, not that they dropped.
                await self.ws.close(code=1000, reason=LEAVE_REASON)

    def _note(self, message: dict[str, Any]) -> None:
        note(self, message)

    async def run(self) -> None:
        """Connect, say hello, hand on the messages; reconnect while the player stays.

        Returns when the player leaves, ``on_message`` says the connection cannot go on,
        the server refuses the connection for good or it cannot be reached for too long.
        """
        from websockets.asyncio.client import connect
        from websockets.exceptions import (
            ConnectionClosed,
            InvalidHandshake,
            InvalidStatus,
            InvalidURI,
        )

        delay, lost_at = 0.5, None
        while not self.leaving:
            url = websocket_url(self.target, self.table, self.lang)
            try:
                async with connect(
                    url, max_size=MAX_INCOMING, open_timeout=10, close_timeout=2
                ) as ws:
                    hello = {
                        "type": "hello",
                        "token": self.token,
                        "since": self.last_seq,
                        "protocol": PROTOCOL,
                        "cards": self.cards,
                    }
                    await ws.send(json.dumps(hello))
                    async for raw in ws:
                        message = json.loads(raw)
                        welcome = message.get("type") == "welcome"
                        if welcome:
                            self.ws = ws
                            if lost_at is not None:
                                self.on_state(BACK, None)
                                delay, lost_at = 0.5, None
                        fatal = message.get("type") == "error" and self.ws is None
                        self._note(message)
                        if self.on_message(message) or (fatal and message.get("code") in FATAL):
                            return
                        if welcome and self.pending is not None:
                            await ws.send(json.dumps(self.pending))  # answered at most once
                        if self.switching:
                            break
            except InvalidStatus as exc:
                if exc.response.status_code in (403, 404):  # refused for good, not a hiccup
                    self.on_state(REFUSED, exc.response.status_code)
                    return
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI):
                pass
            finally:
                self.ws = None
                self.on_state(CLOSED, None)
            if self.leaving:
                return
            if self.switching:
                self.switching = False
                continue
            if lost_at is None:
                lost_at = time.monotonic()
                self.on_state(LOST, None)
            elif time.monotonic() - lost_at > RECONNECT_FOR:
                self.on_state(GAVE_UP, None)
                return
            await asyncio.sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF)
