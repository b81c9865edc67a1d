"""Time ``phase10 check --game programmes`` on random hands of 14, 30, 60 and 108 cards:
the slowest program card of the default deck per size, in seconds; then
the finder alone (what check runs past its deck limit) on hands of many decks' cards, where
copies of a card pile up: 216 to 100,000 cards.

Run: PYTHONPATH=src python scripts/time_programmes_check.py
"""

from __future__ import annotations

import random
import sys
import time

from phase10.cli.main import main
from phase10.games.programmes.cards import programme_deck
from phase10.games.programmes.commands import why_not
from phase10.games.programmes.finder import find_programme
from phase10.games.programmes.programs import DEFAULT_PROGRAMS

SIZES = (14, 30, 60, 108)
#: Hands from several decks, beyond what check accepts.
MANY = (216, 400, 1600, 3200, 100_000)


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


def worst_finder(size: int) -> tuple[float, str]:
    """The slowest program's finder time (and why-not when it fails) on ``size`` cards
    drawn from as many decks as it takes."""
    deck = programme_deck() * (size // 108 + 1)
    hand = random.Random(size).sample(deck, size)
    slowest = (0.0, "")
    for program in DEFAULT_PROGRAMS:
        if program.sun:
            continue
        start = time.perf_counter()
        if find_programme(hand, program) is None:
            why_not(hand, program)
        slowest = max(slowest, (time.perf_counter() - start, program.id))
    return slowest


if __name__ == "__main__":
    out = sys.stdout
    sys.stdout = open("/dev/null", "w")  # noqa: SIM115 - the checks' own output is not wanted
    rows = [(size, *worst(size)) for size in SIZES]
    sys.stdout = out
    for size, seconds, program in rows:
        print(f"{size:>4} cards: slowest program {program}, {seconds:.3f} s")
    for size in MANY:
        seconds, program = worst_finder(size)
        print(f"finder alone, {size:>7,} cards: slowest program {program}, {seconds:.3f} s")
