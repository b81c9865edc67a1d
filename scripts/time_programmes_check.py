"""Time ``phase10 check --game programmes`` on random hands of 14, 30, 60 and 108 cards
(issue 17 point 11): the slowest program card of the default deck per size, in seconds.

Run: PYTHONPATH=src python scripts/time_programmes_check.py
"""

from __future__ import annotations

import random
import sys
import time

from phase10.cli.main import main
from phase10.games.programmes.cards import programme_deck
from phase10.games.programmes.programs import DEFAULT_PROGRAMS

SIZES = (14, 30, 60, 108)


def worst(size: int, seed: int = 1) -> tuple[float, str]:
    """The slowest program's time for one random hand of ``size`` cards from the deck."""
    hand = random.Random(f"{seed}:{size}").sample(programme_deck(), size)
    words = [str(c) for c in hand]
    slowest = (0.0, "")
    for program in DEFAULT_PROGRAMS:
        if program.sun:
            continue
        start = time.perf_counter()
        argv = ["check", "--game", "programmes", "--program", program.id, *words]
        main(argv)
        slowest = max(slowest, (time.perf_counter() - start, program.id))
    return slowest


if __name__ == "__main__":
    out = sys.stdout
    sys.stdout = open("/dev/null", "w")  # noqa: SIM115 - the checks' own output is not wanted
    rows = [(size, *worst(size)) for size in SIZES]
    sys.stdout = out
    for size, seconds, program in rows:
        print(f"{size:>4} cards: slowest program {program}, {seconds:.3f} s")
