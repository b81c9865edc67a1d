"""What keeps a table's cost to the server bounded by the people at it, not by how many
tables were ever made (decision 0016).

- A game in play whose persons have all left **pauses**: its computer players stop once no
  person's connection has been at the table for ``pause_after`` seconds, and go on when a
  person connects again. Spectators do not keep a game going: the game's pace is its players'.
  Seat 0 is always a person's (its owner cannot be replaced), so every table has someone whose
  absence pauses it, a table whose other seats the owner gave to computers included; and
  ``hold_seconds`` only decides when a computer plays an absent person's seat while someone
  else is still there.
- A table with no connection at all **leaves memory**: a finished one ``finished_grace``
  seconds after its last client left, any other after ``abandoned_after`` seconds. The
  database holds everything: :meth:`phase10.web.hub.Hub.get` brings it back when someone
  asks for it again.

A table stamps when it was last left (``LiveTable.alone_since``: no person connected;
``LiveTable.empty_since``: no connection at all); one sweep every ``sweep_every`` seconds
evicts what has been empty long enough, so nothing runs per table while nobody is there.

>>> upkeep = Upkeep(pause_after=30, finished_grace=60, abandoned_after=600)
>>> upkeep.grace("over"), upkeep.grace("playing")
(60, 600)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import Final, Protocol, TypeVar

__all__ = ["ABANDONED_AFTER", "FINISHED_GRACE", "PAUSE_AFTER", "Upkeep"]

log = logging.getLogger("phase10.web")

#: Seconds a game in play goes on with no person connected before its computers stop:
#: a page reload or a short network cut never pauses anything, and a game left to the
#: computers on purpose (``hold_seconds`` 0) still ends if it is nearly over.
PAUSE_AFTER: Final = 30.0
#: Seconds a finished table stays in memory once its last client left (a rematch, a look
#: at the result, the replay's first request come within it).
FINISHED_GRACE: Final = 60.0
#: Seconds a table nobody is connected to stays in memory before it is left to the database.
ABANDONED_AFTER: Final = 600.0
#: Seconds between two sweeps for tables to leave memory.
SWEEP_EVERY: Final = 15.0


class Kept(Protocol):
    """What the upkeep reads of a table (``phase10.web.live.LiveTable``, which imports this
    module: a protocol keeps the two apart)."""

    alone_since: float | None
    empty_since: float | None
    touched: float
    starts_at: float | None
    lock: asyncio.Lock

    @property
    def status(self) -> str: ...

    def has_clients(self) -> bool: ...

    def driving(self) -> bool: ...


T = TypeVar("T", bound=Kept)


class Upkeep:
    """The pause and eviction settings of one hub, and the task that sweeps its tables."""

    def __init__(
        self,
        *,
        pause_after: float = PAUSE_AFTER,
        finished_grace: float = FINISHED_GRACE,
        abandoned_after: float = ABANDONED_AFTER,
        sweep_every: float = SWEEP_EVERY,
    ) -> None:
        self.pause_after = pause_after
        self.finished_grace = finished_grace
        self.abandoned_after = abandoned_after
        self.sweep_every = sweep_every
        #: How many tables have left memory (for tests and the log).
        self.evicted = 0
        self._task: asyncio.Task[None] | None = None

    def grace(self, status: str) -> float:
        """Seconds a table of ``status`` with no connection stays in memory."""
        return self.finished_grace if status == "over" else self.abandoned_after

    def paused(self, table: Kept, now: float | None = None) -> bool:
        """Whether ``table``'s computers wait for a person to come back."""
        since = table.alone_since
        if since is None or table.status != "playing":
            return False
        return (time.monotonic() if now is None else now) - since >= self.pause_after

    def idle(self, table: Kept, now: float) -> bool:
        """Whether ``table`` may leave memory now: nobody connected for its grace, nothing
        under way (a move being stored, a computer thinking, a quick match about to start)."""
        since = table.empty_since
        if since is None or table.has_clients() or table.lock.locked():
            return False
        if now - max(since, table.touched) < self.grace(table.status):
            return False
        if table.starts_at is not None and table.status == "waiting":
            return False  # its quick-match start is pending (phase10.web.public)
        return not table.driving()

    def sweep(self, tables: Iterable[T], evict: Callable[[T], None], now: float) -> int:
        """Evict every idle table of ``tables``; how many left."""
        count = 0
        for table in [t for t in tables if self.idle(t, now)]:
            evict(table)
            count += 1
        self.evicted += count
        return count

    def start(self, tables: Callable[[], Iterable[T]], evict: Callable[[T], None]) -> None:
        """Sweep every ``sweep_every`` seconds from now on (once; needs a running loop)."""
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a doctest, a script): nothing to sweep for
            return
        self._task = loop.create_task(self._sweeping(tables, evict))

    async def _sweeping(
        self, tables: Callable[[], Iterable[T]], evict: Callable[[T], None]
    ) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                count = self.sweep(tables(), evict, time.monotonic())
            except Exception:  # a sweep that fails must not stop the next ones
                log.exception("sweeping the tables failed")
                continue
            if count:
                log.info(
                    "%d idle %s unloaded from memory (still in the database)",
                    count,
                    "table" if count == 1 else "tables",
                )

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
