"""Fair turns at the computer players' workers across tables (decision 0016).

The workers are few (two by default) and an expert's decision takes about a second, so tables
that ask without pause (five experts each) would fill a first-come queue and every other table
would wait behind all of them. :class:`FairTurns` hands the workers out instead:

- at most one decision per table is in the workers at a time (a table's next waits for its
  last);
- when a worker is free, the table that has had the fewest decisions lately goes first (ties:
  the one waiting longest): a table whose computer asks now and then is let in at the next
  free worker, ahead of tables that ask all the time, which take turns among themselves;
- "lately": every ``half_life`` decisions handed out, each table's count is halved, so a
  table that was busy an hour ago is not held back now, and none waits for ever.

Tables are named by any string (the table's id). Everything runs on the server's event loop:
no lock is needed, and the order is deterministic for the same arrivals.

>>> import asyncio
>>> async def demo() -> list[str]:
...     turns, order = FairTurns(slots=1), []
...     async def decide(key: str) -> None:
...         async with turns.turn(key):
...             order.append(key)
...             await asyncio.sleep(0)
...     busy = [decide("busy") for _ in range(3)]
...     await asyncio.gather(*busy, decide("quiet"))
...     return order
>>> asyncio.run(demo())
['busy', 'quiet', 'busy', 'busy']
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Final

__all__ = ["FairTurns"]

#: Decisions handed out between two halvings of every table's count.
HALF_LIFE: Final = 64


@dataclass
class _Queue:
    """One table's decisions waiting for a worker, oldest first."""

    waiting: deque[tuple[int, asyncio.Future[None]]] = field(default_factory=deque)
    running: bool = False
    served: float = 0.0


class FairTurns:
    """``slots`` workers shared fairly between tables; ``async with turns.turn(key)`` holds
    one for the table ``key``."""

    def __init__(self, slots: int, *, half_life: int = HALF_LIFE) -> None:
        self.slots = max(1, slots)
        self.half_life = half_life
        self.busy = 0
        self._queues: dict[str, _Queue] = {}
        self._arrivals = itertools.count()
        self._handed = 0

    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return sum(len(q.waiting) for q in self._queues.values())

    @asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        """Wait for a worker for ``key`` and hold it for the block."""
        queue = self._queues.setdefault(key, _Queue())
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.waiting.append((next(self._arrivals), future))
        self._hand_out()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._done(key)  # handed a worker just as it was cancelled: give it back
            else:
                queue.waiting = deque(w for w in queue.waiting if w[1] is not future)
                self._prune(key)
            raise
        try:
            yield
        finally:
            self._done(key)

    def _done(self, key: str) -> None:
        queue = self._queues[key]
        queue.running = False
        self.busy -= 1
        self._prune(key)
        self._hand_out()

    def _prune(self, key: str) -> None:
        queue = self._queues.get(key)
        if queue is not None and not queue.waiting and not queue.running and queue.served < 1:
            del self._queues[key]

    def _hand_out(self) -> None:
        """Give every free worker to the most deserving table that waits."""
        while self.busy < self.slots:
            ready = [
                (q.served, q.waiting[0][0], k)
                for k, q in self._queues.items()
                if q.waiting and not q.running
            ]
            if not ready:
                return
            _served, _arrival, key = min(ready)
            queue = self._queues[key]
            _number, future = queue.waiting.popleft()
            queue.running = True
            queue.served += 1
            self.busy += 1
            future.set_result(None)
            self._handed += 1
            if self._handed % self.half_life == 0:
                self._halve()

    def _halve(self) -> None:
        for key, queue in list(self._queues.items()):
            queue.served /= 2
            self._prune(key)
