"""ISMCTS speed on real decisions: search iterations per CPU-second, 2 and 4 players.

``phase10 bench`` gives a quick iterations-per-second figure under a time budget; this one is
for comparing two versions of the code. It plays seeded games (``sharp`` in seat 0 against
``greedy``) and, at every decision of seat 0 that the search would search (draws and
discards), runs ``ismcts`` with a fixed number of iterations and times it in CPU time of this
process. The positions and the searches are the same on every run, so two versions differ
only in speed.

Given SECONDS, it instead gives every search that many seconds (``expert`` has 1) and reports
how many iterations a decision gets on this machine.

Run: ``.venv/bin/python benchmarks/bench_search.py [GAMES] [SEED] [ITERATIONS] [SECONDS]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from phase10.api import find_variant
from phase10.bots import ISMCTSBot
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for

#: Searched decisions timed per game and seat count: enough for a stable median.
PER_GAME = 40


def iteration_rates(
    players: int, games: int, seed: int, iterations: int, seconds: float | None = None
) -> list[float]:
    """Iterations per CPU-second of each searched decision of seat 0 in ``games`` games
    (with ``seconds``: the iterations each decision got in that many seconds)."""
    rules = find_variant("standard")
    rates: list[float] = []
    for game in range(games):
        state = new_game(rules, players, seed + game)
        bots = [SharpBot(), *(GreedyBot() for _ in range(players - 1))]
        rng = random.Random(f"{seed}:{game}")
        timed = 0
        while state.outcome is None and timed < PER_GAME:
            seat = state.current
            view = view_for(state, seat)
            if seat == 0:
                search = (
                    ISMCTSBot(iterations=iterations)
                    if seconds is None
                    else ISMCTSBot(seconds=seconds)
                )
                start = time.process_time()
                search.choose(view, random.Random(f"{seed}:{game}:{timed}"))
                spent = time.process_time() - start
                if search.last_iterations:
                    done = search.last_iterations
                    rates.append(done / spent if seconds is None else float(done))
                    timed += 1
            state = apply_action(state, bots[seat].choose(view, rng))
    return rates


def main(argv: list[str]) -> int:
    """Measure and print the figures; returns the exit code."""
    games = int(argv[0]) if argv else 3
    seed = int(argv[1]) if len(argv) > 1 else 1
    iterations = int(argv[2]) if len(argv) > 2 else 200
    seconds = float(argv[3]) if len(argv) > 3 else None
    for players in (2, 4):
        rates = iteration_rates(players, games, seed, iterations, seconds)
        low, _, high = statistics.quantiles(rates, n=4)
        if seconds is None:
            print(
                f"{players} players: {len(rates)} searches of {iterations} iterations, "
                f"median {statistics.median(rates):.0f} iterations per CPU-second "
                f"(quartiles {low:.0f}-{high:.0f})"
            )
        else:
            print(
                f"{players} players: {len(rates)} searches of {seconds:g} s, median "
                f"{statistics.median(rates):.0f} iterations a decision (quartiles "
                f"{low:.0f}-{high:.0f})"
            )
    extra = "" if seconds is None else f" {seconds:g}"
    print(f"reproduce: python benchmarks/bench_search.py {games} {seed} {iterations}{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
