"""The fast bots' thinking time per decision (learned, sharp, greedy): median, 99th percentile and
slowest.

Plays whole 4-player games under the standard rules with every seat the same bot, timing each
``choose`` call (view building excluded) in CPU time of this process, so that other work on
the machine (a preempted decision) does not inflate the figures. The bound asked for is 5 ms
a decision.

Run: ``.venv/bin/python benchmarks/bench_bots.py [GAMES] [SEED]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for


def decision_times(name: str, games: int, seed: int) -> list[float]:
    """Seconds per decision of bot ``name`` over ``games`` seeded 4-player games."""
    rules = find_variant("standard")
    times: list[float] = []
    for game in range(games):
        state = new_game(rules, 4, seed + game)
        bots = [make_bot(name) for _ in range(4)]
        rngs = [random.Random(f"{seed}:{game}:{s}") for s in range(4)]
        while state.outcome is None:
            seat = state.current
            view = view_for(state, seat)
            start = time.process_time()
            action = bots[seat].choose(view, rngs[seat])
            times.append(time.process_time() - start)
            state = apply_action(state, action)
    return times


def main(argv: list[str]) -> int:
    """Measure and print the figures; returns the exit code."""
    games = int(argv[0]) if argv else 6
    seed = int(argv[1]) if len(argv) > 1 else 0
    for name in ("learned", "sharp", "greedy"):
        times = sorted(decision_times(name, games, seed))
        median = statistics.median(times) * 1e6
        p99 = times[int(len(times) * 0.99)] * 1e6
        print(
            f"{name}: {len(times)} decisions in {games} games, median {median:.0f} us, "
            f"p99 {p99:.0f} us, slowest {times[-1] * 1e3:.2f} ms"
        )
    print(f"reproduce: python benchmarks/bench_bots.py {games} {seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
