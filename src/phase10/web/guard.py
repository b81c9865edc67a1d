"""Limits per client address, and the pace of each connection's messages (decision 0016).

On the open internet a server meets clients that are not the project's: one address creating
tables by the thousand, guessing invite codes, opening hundreds of connections to a table,
flooding a connection with messages. :class:`Guard` holds one application's limits:

- tables created (``POST /api/tables``, ``POST /api/quick``) per address;
- invite codes looked up that match no table, per address (a guesser's look-ups nearly all
  miss; a player following a link does not use the allowance up);
- connections at once per address, per seat, and spectators per table; a seat's holder is
  never refused for want of room among the spectators;
- messages on each connection, each one over the pace a strike, strikes forgotten after a
  while: a client that goes over now and then is slowed, one that floods is closed.

Each refusal is a warning in the server's log, naming the address and the limit: at most one
a minute for one address and limit, so a client refused again and again does not fill the log.

Rates are counted by the ``limits`` library (moving windows, in memory); connections at once
are plain counts. Everything is in this process's memory, one storage per application: a
restart forgets the counts, and behind several server processes each counts its own clients.

>>> guard = Guard(Limits(tables="2/hour"))
>>> guard.create_table("192.0.2.1"), guard.create_table("192.0.2.1")
(None, None)
>>> try:
...     guard.create_table("192.0.2.1")
... except TooManyError as refused:
...     print(refused.key, 3590 < refused.retry_after <= 3600)
tables True
>>> guard.create_table("198.51.100.7") is None  # another address has its own allowance
True
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from phase10.kernel.i18n import N_, translator

if TYPE_CHECKING:
    from phase10.web.live import LiveTable

__all__ = [
    "LOGGED",
    "POLICY_CLOSE",
    "TEXTS",
    "Guard",
    "Limits",
    "Pace",
    "TooManyError",
    "address_of",
    "close_reason",
]

#: The WebSocket close code of every refusal of this module (RFC 6455: policy violation).
POLICY_CLOSE: Final = 1008
#: The longest close reason a WebSocket frame carries, in UTF-8 bytes (RFC 6455).
MAX_REASON_BYTES: Final = 123

#: What a refused client is told, by refusal: an HTTP error (``tables``, ``codes``) or the
#: reason of a WebSocket close.
TEXTS: Final[dict[str, str]] = {
    "tables": N_("Too many tables were created from your address; try again later."),
    "codes": N_(
        "Too many invite codes that match no table were tried from your address; try again later."
    ),
    "address": N_("Too many connections from your address; close a tab or try again later."),
    "opens": N_("Too many new connections from your address; wait a minute."),
    "seat": N_("This seat has too many connections; close one of them first."),
    "spectators": N_("This table has as many spectators as it can take; try again later."),
    "flood": N_("Too many messages: the connection is closed."),
}

#: What the server's log (English) says of each refusal.
LOGGED: Final[dict[str, str]] = {
    "tables": "too many tables created",
    "codes": "too many invite codes tried that match no table",
    "address": "too many connections at once",
    "opens": "too many new connections",
    "seat": "too many connections to one seat",
    "spectators": "too many spectators at one table",
    "flood": "too many messages on one connection",
}
#: How often each kind of refusal of one address is written to the log: a client refused
#: again and again (a guesser, a flood) would otherwise fill the log with its refusals.
LOG_PACE: Final = "1/minute"


@dataclass(frozen=True)
class Limits:
    """The numbers a :class:`Guard` enforces. Rates are in the ``limits`` library's notation
    (``"30/hour"``, ``"40 per 2 seconds"``, several joined by ``;``), each a moving window;
    the counts are connections at once. ``per_address`` ``False`` switches off every limit
    per address (tables, codes, connections of one address), for a load test on one machine.

    The defaults let a household behind one address play all evening (decision 0016).

    >>> Limits(tables="3 per minute").tables
    '3 per minute'
    >>> Limits(messages="fast")
    Traceback (most recent call last):
    ...
    ValueError: messages: 'fast' is not a rate such as '40/2 seconds'
    """

    #: Tables created per address.
    tables: str = "30/hour"
    #: Invite codes looked up that match no table, per address.
    code_misses: str = "60/hour"
    #: Connections at once from one address.
    connections: int = 40
    #: Connections accepted per address (reconnections included).
    opens: str = "120/minute"
    #: Connections at once holding one seat (tabs, a phone, a terminal).
    per_seat: int = 5
    #: Spectators at once at one table.
    spectators: int = 30
    #: Messages per connection: bursts of at most 40 in any second, 20 a second on average
    #: over any 30 seconds (a bot client that waits for each answer plays in bursts).
    messages: str = "40/second;600/30 seconds"
    #: Messages refused on one connection before it is closed: a strike is forgotten after
    #: the window, so a client that goes over now and then is never closed, nor one that
    #: waits a tenth of a second after each refusal; a flood is closed within the moment.
    strikes: str = "50/5 seconds"
    #: Seconds the messages waiting for a connection closed by the server get to leave.
    flush_seconds: float = 2.0
    per_address: bool = True

    def __post_init__(self) -> None:
        for name in ("tables", "code_misses", "opens", "messages", "strikes"):
            _rates(name, getattr(self, name))
        for name in ("connections", "per_seat", "spectators"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: at least 1")
        if not self.flush_seconds > 0:
            raise ValueError("flush_seconds: more than 0")


def _rates(name: str, text: str) -> list[RateLimitItem]:
    try:
        return list(parse_many(text))
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a rate such as '40/2 seconds'") from None


class TooManyError(Exception):
    """A request refused by a limit per address: HTTP 429, ``retry_after`` seconds (the
    ``Retry-After`` header), ``key`` naming the sentence in :data:`TEXTS`."""

    def __init__(self, key: str, retry_after: int) -> None:
        super().__init__(TEXTS[key])
        self.key = key
        self.retry_after = retry_after

    def text(self, lang: str) -> str:
        """The refusal in ``lang``."""
        return translator(lang).gettext(TEXTS[self.key])


def close_reason(key: str, lang: str) -> str:
    """The reason of a WebSocket close in ``lang``, cut to what a close frame carries.

    >>> close_reason("flood", "en")
    'Too many messages: the connection is closed.'
    >>> all(len(close_reason(key, "de").encode()) <= MAX_REASON_BYTES for key in TEXTS)
    True
    """
    text = translator(lang).gettext(TEXTS[key])
    data = text.encode("utf-8")
    if len(data) <= MAX_REASON_BYTES:
        return text
    return data[: MAX_REASON_BYTES - 3].decode("utf-8", "ignore").rstrip() + "..."


def address_of(connection: HTTPConnection) -> str:
    """The client's address as the server sees it (behind a reverse proxy, the forwarded one
    where the server trusts the proxy's headers)."""
    client = connection.client
    return client.host if client is not None and client.host else "unknown"


class Guard:
    """One application's limits (see the module); all in memory, one storage per guard."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._tables = _rates("tables", self.limits.tables)
        self._code_misses = _rates("code_misses", self.limits.code_misses)
        self._opens = _rates("opens", self.limits.opens)
        self._messages = _rates("messages", self.limits.messages)
        self._strikes = _rates("strikes", self.limits.strikes)
        self._log_pace = _rates("log", LOG_PACE)
        self._connected: Counter[str] = Counter()
        self._numbers = itertools.count()

    # ------------------------------------------------------------------------ HTTP

    def create_table(self, address: str) -> None:
        """Count a table created from ``address``; ``TooManyError`` past the limit."""
        if self.limits.per_address:
            self._take(self._tables, "tables", address)

    def check_code(self, address: str) -> None:
        """``TooManyError`` if ``address`` has used up its look-ups of codes that match no
        table: then every look-up is refused until the oldest miss leaves the window."""
        if not self.limits.per_address:
            return
        for item in self._code_misses:
            if not self._window.test(item, "codes", address):
                raise TooManyError("codes", self._retry_after(item, "codes", address))

    def missed_code(self, address: str) -> None:
        """Count a look-up from ``address`` of a code no table has."""
        if self.limits.per_address:
            for item in self._code_misses:
                self._window.hit(item, "codes", address)

    def _take(self, items: list[RateLimitItem], kind: str, address: str) -> None:
        for item in items:
            if not self._window.test(item, kind, address):
                raise TooManyError(kind, self._retry_after(item, kind, address))
        _consume(self._window, items, kind, address)

    def _retry_after(self, item: RateLimitItem, *key: str) -> int:
        reset = self._window.get_window_stats(item, *key).reset_time
        return max(1, math.ceil(reset - time.time()))

    # ------------------------------------------------------------------------ connections

    def arrive(self, address: str) -> str | None:
        """A new connection from ``address``: the key of the refusal in :data:`TEXTS`, or
        ``None`` when it is let in and counted (then :meth:`depart` when it ends)."""
        if not self.limits.per_address:
            return None
        if self._connected[address] >= self.limits.connections:
            return "address"
        if not _consume(self._window, self._opens, "opens", address):
            return "opens"
        self._connected[address] += 1
        return None

    def depart(self, address: str) -> None:
        """A connection :meth:`arrive` let in has ended."""
        if not self.limits.per_address:
            return
        self._connected[address] -= 1
        if self._connected[address] <= 0:
            del self._connected[address]

    def connected(self, address: str) -> int:
        """Connections from ``address`` now."""
        return self._connected[address]

    def room_at(self, table: LiveTable, token: str | None) -> str | None:
        """Whether a connection whose hello says ``token`` finds room at ``table``: the key
        of the refusal, or ``None``. A seat's connections are counted per seat and never
        against the spectators, so spectators cannot keep a player from their seat."""
        seat = None if token is None else table.seat_for_token(token)
        if seat is not None:
            return "seat" if len(table.seats[seat].clients) >= self.limits.per_seat else None
        return "spectators" if len(table.spectators) >= self.limits.spectators else None

    def worth_logging(self, key: str, address: str) -> bool:
        """Whether a refusal ``key`` (one of :data:`LOGGED`, or ``origin``) of ``address``
        goes to the log: the first in :data:`LOG_PACE`, not the ones that follow it.

        >>> guard = Guard()
        >>> [guard.worth_logging("tables", "192.0.2.1") for _ in range(3)]
        [True, False, False]
        >>> guard.worth_logging("codes", "192.0.2.1"), guard.worth_logging("tables", "192.0.2.9")
        (True, True)
        """
        return _consume(self._window, self._log_pace, "log", f"{key} {address}")

    def pace(self) -> Pace:
        """The pace of one new connection's messages."""
        return Pace(self._window, self._messages, self._strikes, str(next(self._numbers)))


def _consume(
    window: MovingWindowRateLimiter, items: list[RateLimitItem], kind: str, key: str
) -> bool:
    """Count one hit against every rate of ``items``, or none if one of them is used up."""
    if len(items) == 1:
        return window.hit(items[0], kind, key)
    if not all(window.test(item, kind, key) for item in items):
        return False
    for item in items:
        window.hit(item, kind, key)
    return True


class Pace:
    """The message rate of one connection, and its strikes (see :class:`Limits`).

    >>> pace = Guard(Limits(messages="2/minute", strikes="1/minute")).pace()
    >>> [pace.allow() for _ in range(3)]
    [True, True, False]
    >>> pace.strike(), pace.strike()  # the second strike within the minute closes
    (True, False)
    """

    def __init__(
        self,
        window: MovingWindowRateLimiter,
        messages: list[RateLimitItem],
        strikes: list[RateLimitItem],
        number: str,
    ) -> None:
        self._window = window
        self._messages = messages
        self._strikes = strikes
        self._number = number

    def allow(self) -> bool:
        """Count one message; ``False`` when it is over the pace (answer ``too_fast``)."""
        return _consume(self._window, self._messages, "messages", self._number)

    def strike(self) -> bool:
        """Count a refused message; ``False`` when there have been too many lately: close
        the connection."""
        return _consume(self._window, self._strikes, "strikes", self._number)

    def forget(self) -> None:
        """The connection has ended: free its counts now rather than when they expire."""
        for item in self._messages:
            self._window.clear(item, "messages", self._number)
        for item in self._strikes:
            self._window.clear(item, "strikes", self._number)
