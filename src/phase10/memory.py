"""Keeping Python's garbage collector out of the computer players' decisions.

Now and then the collector stops the whole process to sweep every object it tracks (a full,
generation-2 collection), in whatever call is running: a computer's decision, say. A process
that plays holds tens of thousands of long-lived objects from its start (the modules, the
learned bot's network, the rules, the screen's widgets). Over six 4-player games of `hard`
(``python benchmarks/bench_bots.py 6 0 4 1 thaw``, five runs), a full collection took 4.3 to
5.0 ms and the slowest decision, that collector's pause inside it, 7.8 to 10.4 ms (median
9.9) where the bot's own thinking took 2.7 to 2.8 ms. Frozen once the bots are made, those
objects are never swept again: a full collection took 1.5 to 1.8 ms and the slowest decision
3.8 to 6.6 ms (median 5.0; ``python benchmarks/bench_bots.py 6 0 4``, five runs). The
collector still pauses now and then, each pause a third as long. Reference counting still
frees almost everything at once; only cycles wait for the collector.

>>> freeze_what_lives()
>>> import gc
>>> gc.get_freeze_count() > 0
True
"""

from __future__ import annotations

import gc

__all__ = ["freeze_what_lives"]


def freeze_what_lives() -> None:
    """Collect once, then move every object alive now out of the collector's sweeps (a
    process calls it when its game is set up; ``phase10 serve`` does so at start)."""
    gc.collect()
    gc.freeze()
