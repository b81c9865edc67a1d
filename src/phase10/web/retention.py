"""How long the server keeps a table nothing happens at (``phase10 serve --forget-after``).

Every table ever made stays in the database unless the server is told otherwise: its moves
are what replays it, and a link to it works for as long as it is there. A club's server that
should not grow for ever says how many days of quiet a table is kept: from then on, a table
made, finished and last moved at longer ago than that is deleted with its seats and moves,
whatever its status (over, abandoned in play, never started), unless it is in this process's
memory (someone is at it) or, with several processes, in another one's
(docs/decisions/0030-forgetting-idle-tables.md). Its invite link, its replay and its row on
"My games" go with it; a later game of its series still counts it.

One sweep runs when the server starts and then every :attr:`Retention.every` seconds, in a
worker thread so that the database's work never holds up a move.

>>> retention = Retention(forget_after=30 * 86400)
>>> retention.every
3600.0
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection
from typing import Final, Protocol

__all__ = ["SWEEP_EVERY", "Retention"]

log = logging.getLogger("phase10.web")

#: Seconds between two sweeps at most: a table is forgotten at most this long after its time.
SWEEP_EVERY: Final = 3600.0
#: Tables one sweep forgets at most, so one transaction stays short; the next sweep goes on.
BATCH: Final = 500


class Forgetting(Protocol):
    """What a sweep needs of the database (``phase10.web.db.Database``)."""

    def idle_tables(self, before: float, limit: int = BATCH) -> list[str]: ...

    def forget(self, table_ids: list[str]) -> int: ...


class Retention:
    """Forget the tables idle for ``forget_after`` seconds, sweeping every ``every``
    seconds (by default a tenth of ``forget_after``, at most :data:`SWEEP_EVERY`)."""

    def __init__(self, forget_after: float, every: float | None = None) -> None:
        if forget_after <= 0:
            raise ValueError("forget_after must be positive")
        self.forget_after = forget_after
        self.every = every if every is not None else min(SWEEP_EVERY, forget_after / 10)
        #: How many tables this server has forgotten (for tests and the log).
        self.forgotten = 0
        self._task: asyncio.Task[None] | None = None

    def sweep(self, db: Forgetting, live: Collection[str], now: float | None = None) -> int:
        """Forget the idle tables of ``db`` not in ``live`` (the ids in memory); how many.

        >>> from phase10.web.db import Database, TableRow
        >>> db = Database("sqlite://")
        >>> db.insert_table(TableRow("t1", "ABCDEF", "phase10", "standard", 7, "over", 60,
        ...                          "hard", created=100.0, finished=200.0), [])
        >>> Retention(forget_after=60).sweep(db, live=(), now=300.0)
        1
        >>> db.load("t1") is None
        True
        """
        before = (time.time() if now is None else now) - self.forget_after
        count = 0
        while True:
            idle = [t for t in db.idle_tables(before, BATCH) if t not in live]
            if not idle:
                break
            count += db.forget(idle)
            if len(idle) < BATCH:
                break
        self.forgotten += count
        return count

    def start(self, db: Forgetting, live: Callable[[], Collection[str]]) -> None:
        """Sweep now and every :attr:`every` seconds (once; needs a running loop)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._sweeping(db, live))

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _sweeping(self, db: Forgetting, live: Callable[[], Collection[str]]) -> None:
        days = self.forget_after / 86400
        idle = f"{days:g} day" if days == 1 else f"{days:g} days"
        while True:
            try:
                # The ids in memory are read here, in the loop; the database works in a thread.
                count = await asyncio.to_thread(self.sweep, db, frozenset(live()))
                if count:
                    what = "table" if count == 1 else "tables"
                    log.info("forgot %d %s nothing had happened at for %s", count, what, idle)
            except Exception:  # a sweep that fails (the database away) must not stop the next
                log.exception("forgetting idle tables failed")
            await asyncio.sleep(self.every)
