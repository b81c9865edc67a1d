"""A client's connection to a table at this keyboard (:class:`~phase10.table.local.LocalTable`),
with the same members as the WebSocket one (:class:`~phase10.online.connection.Connection`), so
a client of the table protocol plays a local game by the same code path as an online one.

Every message goes through JSON both ways, as over a WebSocket, so the client reads exactly
what a server would send. The computer players move from :meth:`LocalConnection.run`, one
move per ``pace`` seconds, so a person can follow them.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

from phase10.online.connection import CLOSED, PROTOCOL, note
from phase10.table.local import LocalSeat, LocalTable

__all__ = ["Connect", "LocalConnection"]

#: How often the computers look again whether a paused client goes on (seconds).
_WAIT = 0.05

#: What makes a client's connection from its two hooks (the messages it is sent; the state of
#: the connection): a local table's for a game at this keyboard.
Connect = Callable[[Callable[[dict[str, Any]], bool], Callable[[str, int | None], None]], Any]


class LocalConnection:
    """The connection of ``seat`` to ``table``, for as long as :meth:`run` runs."""

    def __init__(
        self,
        table: LocalTable,
        seat: int | None,
        lang: str,
        on_message: Callable[[dict[str, Any]], bool],
        on_state: Callable[[str, int | None], None],
        *,
        pace: float = 0.0,
    ) -> None:
        self.table = table
        self.lang = lang
        self.on_message = on_message
        self.on_state = on_state
        self.pace = pace
        self.pending: dict[str, Any] | None = None
        #: Set once the table has welcomed this connection (``ws`` of the WebSocket one).
        self.ws: Any = None
        self.leaving = False
        self.last_seq = -1
        self._ids = itertools.count(1)
        self._moved = asyncio.Event()
        self._seat: LocalSeat = table.connect(seat, lang, self._receive)

    @property
    def paused(self) -> bool:
        """Whether the computers wait (a client's screen waits for a key); see
        :meth:`run`."""
        return False

    @property
    def connected(self) -> bool:
        """Whether the table has welcomed this connection."""
        return self.ws is not None

    def next_id(self, kind: str = "") -> str:
        """A message id never used before by this connection."""
        return f"local-{kind}{next(self._ids)}"

    def _send(self, message: dict[str, Any]) -> None:
        self._seat.send(json.loads(json.dumps(message)))
        self._moved.set()

    def _receive(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))
        if message.get("type") == "welcome":
            self.ws = self
        note(self, message)
        if self.on_message(message):
            self.leaving = True

    async def act(self, version: int, action: dict[str, Any]) -> None:
        """Send a move (answered at once: it is pending only while the table plays it)."""
        self.pending = {"type": "act", "id": self.next_id(), "version": version, "action": action}
        self._send(self.pending)

    async def act_text(self, version: int, text: str) -> None:
        """Send a move as the game's notation."""
        self.pending = {"type": "act", "id": self.next_id(), "version": version, "text": text}
        self._send(self.pending)

    async def hint(self, ident: str) -> None:
        """Ask for a hint; its answer carries ``ident``."""
        self._send({"type": "hint", "id": ident})

    def switch_seat(self, seat: int | None, since: int) -> None:
        """Hand this connection to another person's ``seat`` at the keyboard (a hot seat;
        ``None``: nobody's, between two people):
        the table welcomes that seat and sends what happened after ``since`` as that seat
        may know it (none of what only the last person was told), then its table."""
        self.table.disconnect(self._seat)
        self._seat = self.table.connect(seat, self.lang, self._receive)
        self.pending = None
        self.last_seq = since
        self._send({"type": "hello", "since": since, "protocol": PROTOCOL})

    def switch(self, table: str, token: str) -> None:
        """A local table offers no rematch at another table."""
        del table, token

    async def close(self) -> None:
        """Stop for good (the player leaves)."""
        self.leaving = True
        self._moved.set()

    async def run(self) -> None:
        """Say hello, then let the computers play, one move per ``pace``, until the player
        leaves."""
        self._send({"type": "hello", "since": self.last_seq, "protocol": PROTOCOL})
        try:
            while not self.leaving:
                if self.table.computer_to_act:
                    await asyncio.sleep(self.pace or (_WAIT if self.paused else 0))
                    if not self.leaving and not self.paused:
                        self.table.step()
                    continue
                self._moved.clear()
                await self._moved.wait()
        finally:
            self.table.disconnect(self._seat)
            self.ws = None
            self.on_state(CLOSED, None)
