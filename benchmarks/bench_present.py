"""What the presentation costs the server: ``Game.present`` (and its JSON) per seat and update.

The server builds one presentation per connection after every move, in the connection's
language. This plays seeded 4-player games of both games with ``greedy`` at every seat and,
at every position, times the presentation of the seat to act (with its moves: the costliest)
and of a seat waiting, in CPU time of this process, with and without the hint, and the JSON
conversion. It prints the median and the 99th percentile of each.

Run: ``.venv/bin/python benchmarks/bench_present.py [GAMES] [SEED]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from phase10 import games
from phase10.bots import make_bot
from phase10.kernel.presentation import presentation_to_json

RULES = {"phase10": "standard", "programmes": "programmes"}
NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def _timed(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def measure(name: str, count: int, seed: int) -> dict[str, list[float]]:
    """Seconds per call, by what was timed, over ``count`` games of game ``name``."""
    game = games.get(name)
    out: dict[str, list[float]] = {"to act": [], "waiting": [], "with hint": [], "json": []}
    for index in range(count):
        state = game.new_game(game.find_rules(RULES[name]), 4, seed + index)
        bots = [make_bot("greedy", name) for _ in range(4)]
        rng = random.Random(f"{seed}:{index}")
        while game.outcome(state) is None:
            seat = game.to_act(state)
            view = game.view(state, seat)
            other = game.view(state, (seat + 1) % 4)
            out["to act"].append(_timed(partial(game.present, view, NAMES, "fr")))
            out["waiting"].append(_timed(partial(game.present, other, NAMES, "fr")))
            out["with hint"].append(_timed(partial(game.present, view, NAMES, "fr", hint=True)))
            shown = game.present(view, NAMES, "fr")
            out["json"].append(_timed(partial(presentation_to_json, shown)))
            state = game.apply(state, bots[seat].choose(view, rng))
    return out


def main(argv: list[str]) -> int:
    """Measure and print the figures; returns the exit code."""
    count = int(argv[0]) if argv else 3
    seed = int(argv[1]) if len(argv) > 1 else 0
    for name in RULES:
        for what, times in measure(name, count, seed).items():
            times.sort()
            median = statistics.median(times) * 1e6
            p99 = times[int(len(times) * 0.99)] * 1e6
            print(
                f"{name} {what}: {len(times)} positions, median {median:.0f} us, p99 {p99:.0f} us"
            )
    print(f"reproduce: python benchmarks/bench_present.py {count} {seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
