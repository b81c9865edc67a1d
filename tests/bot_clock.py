"""How long a bot's decision took, in wall time and in its own CPU time, for the tests that
check a search keeps its time budget.

The CPU time leaves out two things that are not the bot's: the time the process waited for a
core on a loaded machine (wall time counts it, CPU time does not), and the garbage
collector's full sweeps. A sweep stops the whole process to walk every object it holds, and
in a test worker that has run a thousand tests before this one a sweep once took a quarter of
a second inside a 0.05 s decision. The bot cannot see it coming, so it is no sign of a budget
overrun; ``benchmarks/bench_bots.py`` leaves it out of a decision's time for the same reason.

>>> clock = BotClock()
>>> with clock.timing():
...     _ = sum(range(1000))
>>> len(clock.wall), len(clock.own)
(1, 1)
>>> clock.close()
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager


class BotClock:
    """Wall seconds and own CPU seconds (less the garbage collector's) of timed blocks."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.own: list[float] = []
        self._swept = 0.0
        self._sweep_started = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        now = time.process_time()
        if phase == "start":
            self._sweep_started = now
        else:
            self._swept += now - self._sweep_started

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Time the block: appends one figure to ``wall`` and one to ``own``."""
        wall, cpu, swept = time.perf_counter(), time.process_time(), self._swept
        yield
        self.wall.append(time.perf_counter() - wall)
        self.own.append(time.process_time() - cpu - (self._swept - swept))

    def drop_last(self) -> None:
        """Forget the last timed block (a decision the bot made without searching)."""
        self.wall.pop()
        self.own.pop()

    def close(self) -> None:
        gc.callbacks.remove(self._tick)
