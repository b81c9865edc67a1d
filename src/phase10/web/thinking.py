"""Computer players think in worker processes, so a one-second expert never holds up the
server's other tables (the event loop only waits on a future).

The quick levels (``INLINE_LEVELS``: easy, medium, hard) decide on the event loop itself:
easy and medium take 0.02 to 0.04 ms a decision typically, under 1 ms at the 99th percentile
and 7 ms at most (measured over 6,000 decisions of both games); Phase 10's hard, the learned
bot, a median of 0.22 to 0.28 ms, 1.8 to 2.9 ms at the 99th percentile and 3 ms at most less
the collector's pauses (benchmarks/bench_bots.py, its best of three passes; docs/bots.md).
Handing a decision to a worker process cost the server about 0.8 ms of its own CPU
(pickling, the pool's threads, two pipe writes): with them inline, a move cost the server
1.0 ms of CPU instead of 1.7 to 1.9 ms and the load benchmark (``benchmarks/web_load.py``)
carried twice the moves a second.

A worker receives the game's name, the bot's level, the seat's view and a seed string, and
returns the chosen action; it keeps one bot per (game, level) between calls. The seed is the
one :meth:`phase10.match.Match.bot_rng` uses, so a table's computer players play exactly as
they would in the terminal, and a restarted server continues the same game.

>>> import asyncio
>>> from phase10.match import Match, Seat
>>> from phase10 import find_variant
>>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=4)
>>> async def demo() -> str:
...     with Thinker(workers=0) as thinker:
...         action = await thinker.choose("phase10", "hard", match.view(match.to_act),
...                                       f"bot:4:{match.to_act}:0")
...     return match.game.format_action(action)
>>> asyncio.run(demo()) in {"draw", "take"}
True
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from types import TracebackType
from typing import Any, Final

from phase10.bots import make_bot
from phase10.kernel.bots import AnyBot
from phase10.memory import freeze_what_lives
from phase10.web.scheduling import FairTurns

__all__ = ["INLINE_LEVELS", "Thinker", "think"]

log = logging.getLogger("phase10.web")

_BOTS: dict[tuple[str, str], AnyBot] = {}


def think(game: str, level: str, view: Any, seed: str) -> Any:
    """Run in a worker: the bot ``level`` of ``game`` chooses for ``view``."""
    bot = _BOTS.get((game, level))
    if bot is None:
        bot = _BOTS[(game, level)] = make_bot(level, game)
    return bot.choose(view, random.Random(seed))


def _orphaned(parent: int) -> None:
    """End this worker once the server that started it is gone. A pool's workers share its
    queue's pipe, so a server killed outright (kill -9) leaves them waiting on it for ever."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _warm_up(server: int) -> None:
    # Ctrl+C in a terminal reaches the whole process group: the server stops its workers
    # (Thinker.close); a worker dying of it first would break the pool while the server
    # shuts down and log a death that is none. (SIGTERM is not ignored: a broken pool
    # terminates its other workers with it, and waits for them.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_orphaned, args=(server,), daemon=True).start()
    # Importing the engine and the bots costs a second the first time: pay it at start-up,
    # not on the first computer player's turn.
    import phase10.games

    for game in phase10.games.all_games():
        game.bots()
    # Those modules and models are never swept again (phase10.memory).
    freeze_what_lives()


#: The levels quick enough to decide on the server's event loop (see the module's docstring);
#: ``phase10 serve`` runs them inline, the expert in the workers.
INLINE_LEVELS: Final = ("easy", "medium", "hard")


#: The threads of a thread pool (``workers=0``).
_THREADS: Final = 2


def _ready() -> None:
    """A task that does nothing: submitting one per worker starts every worker at once."""


class Thinker:
    """A pool of worker processes for computer players (``workers=0``: threads, for tests
    and doctests that must not start processes).

    Every worker starts (and warms up) with the pool, not on the first computer players'
    turns. A worker that dies (killed, out of memory) breaks a process pool for good; the
    thinker then starts a new pool and asks again, so one crash never stops the computers of
    every table.
    """

    def __init__(self, workers: int = 2, *, inline: tuple[str, ...] = ()) -> None:
        self.workers = workers
        self.inline = frozenset(inline)
        self.closed = False
        self.restarts = 0
        self._pool: Executor = self._new_pool()
        #: The workers handed out fairly between tables (``phase10.web.scheduling``).
        self.turns = FairTurns(workers if workers > 0 else _THREADS)

    def _new_pool(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=_THREADS)
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=_warm_up,
            initargs=(os.getpid(),),
        )
        for _ in range(self.workers):  # the pool starts a worker per task it cannot place
            pool.submit(_ready)
        return pool

    async def choose(self, game: str, level: str, view: Any, seed: str, *, key: str = "") -> Any:
        """The action the bot would take; runs in a worker, the caller's loop stays free
        (a level of ``inline`` decides here and now). ``key`` names the table asking: the
        workers are shared fairly between tables."""
        if level in self.inline:
            return think(game, level, view, seed)
        async with self.turns.turn(key):
            return await self._in_worker(game, level, view, seed)

    async def _in_worker(self, game: str, level: str, view: Any, seed: str) -> Any:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._pool
            try:
                return await loop.run_in_executor(pool, think, game, level, view, seed)
            except BrokenExecutor:
                if self.closed or attempt:
                    raise
                if pool is self._pool:  # the first caller to notice starts a new pool
                    log.error("a computer players' worker died; starting new workers")
                    pool.shutdown(wait=False, cancel_futures=True)
                    self.restarts += 1
                    self._pool = self._new_pool()
        raise AssertionError("unreachable")

    def worker_pids(self) -> list[int]:
        """The process ids of the current pool's workers (none for a thread pool)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(int(pid) for pid in processes)

    def close(self) -> None:
        """Stop the workers and wait for them (at most the decision each is making)."""
        self.closed = True
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Thinker:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
