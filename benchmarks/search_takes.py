"""Does `expert`'s search keep its prior's takes of the cards that go down with the phase?

The learned bot's prior takes the discard pile's top when that card, though it brings the
phase no closer, would go down with it (P10-R18, decision 0024). `expert`'s search starts
from the learned bot without its guess at what the next player wants (decision 0023), and a
search can undo what its prior does well: from the prior with that guess, its overrules
mostly undid the guess's denial (``benchmarks/search_overrules.py``). This script plays
heads-up games of that prior with the takes (:func:`take_prior`) against ``greedy`` and, at
every draw where it takes a card the prior without them (:func:`plain_prior`) would leave,
runs the expert's search from each prior on the same view and seed: does the search from
the take prior keep the take, and does the search from the plain prior find it on its own?
It also prints the mean of the search's rollout score for the take and for the draw.

Measured (60 games, seed 44, the prior in seat 0; about 8 minutes of one core): 126 draws
where the priors differ; the search from the take prior kept 114 of the takes (90%), the
search from the plain prior took 16 (13%); the rollouts rated the take higher in 61 of the
126, by +0.006 on average: they cannot tell the two apart, so the prior's choice stands
(docs/decisions/0025-expert-keeps-the-takes.md).

The two priors are importable bots for ``phase10 simulate`` (the benchmarks folder on the
path): ``PYTHONPATH=benchmarks phase10 simulate --bots search_takes:take_prior,greedy
--games 4000 --seed 3 --duplicate --workers 2`` plays the first, ``search_takes:plain_prior``
the second.

Run: ``.venv/bin/python benchmarks/search_takes.py [GAMES] [SEED] [ITERATIONS] [WORKERS]``
(defaults ``60 44 800 2``).
"""

from __future__ import annotations

import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.bots.ismcts import ISMCTSBot
from phase10.games.phase10.actions import Action
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.learned import LearnedBot
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.sim.runner import game_seed

RULES = find_variant("standard")
#: One draw where the priors differ: the game, the decision's number, whether the search from
#: the take prior kept the take, whether the one from the plain prior chose it, and the take
#: prior's search's mean rollout score for the take minus that for the draw.
Row = tuple[int, int, bool, bool, float]


def take_prior() -> LearnedBot:
    """`expert`'s prior since decision 0025: the learned bot without its guess at what the
    next player wants, with its takes of the cards that go down with the phase."""
    return LearnedBot(name="take-prior", wants=False, extras=True)


def plain_prior() -> LearnedBot:
    """`expert`'s prior from decision 0023 to 0025: without that guess and without the takes."""
    return LearnedBot(name="plain-prior", wants=False, extras=False)


def _game(task: tuple[int, int, int]) -> tuple[list[Row], bool]:
    seed, index, iterations = task
    takes, plain, greedy = take_prior(), plain_prior(), GreedyBot()
    state = new_game(RULES, 2, game_seed(seed, index))
    rows: list[Row] = []
    decision = 0
    while state.outcome is None:
        view = view_for(state, state.current)
        if state.current == 1:
            state = apply_action(state, greedy.choose(view, random.Random(0)))
            continue
        move: Action = takes.choose(view, random.Random(0))
        if move != plain.choose(view, random.Random(0)):
            key = f"{seed}:{index}:{decision}"
            found = []
            means: dict[str, float] = {}
            for prior in (takes, plain):
                search = ISMCTSBot(iterations=iterations, prior=prior, max_players=2)
                found.append(search.choose(view, random.Random(key)) == move)
                if prior is takes:
                    means = {str(stat.action): stat.mean for stat in search.last_stats}
            gap = means.get("take", 0.0) - means.get("draw", 0.0)
            rows.append((index, decision, found[0], found[1], gap))
        decision += 1
        state = apply_action(state, move)
    assert state.outcome is not None
    return rows, state.outcome.winner == 0


def main(argv: list[str]) -> int:
    """Play the games and print every differing draw, then the totals."""
    defaults = [60, 44, 800, 2]
    games, seed, iterations, workers = [int(a) for a in argv] + defaults[len(argv) :]
    rows: list[Row] = []
    wins = 0
    tasks = [(seed, index, iterations) for index in range(games)]
    with ProcessPoolExecutor(workers) as pool:
        for found, won in pool.map(_game, tasks):
            wins += won
            for row in found:
                print(
                    f"game {row[0]}, decision {row[1]}: kept {row[2]}, found {row[3]}, "
                    f"take minus draw {row[4]:+.3f}",
                    flush=True,
                )
            rows += found
    kept = sum(row[2] for row in rows)
    chosen = sum(row[3] for row in rows)
    print(f"{games} games, seed {seed}, {iterations} iterations: the take prior won {wins}")
    if rows:
        higher = sum(row[4] > 0 for row in rows)
        print(
            f"{len(rows)} draws where the take prior takes and the plain prior draws: the search "
            f"from the take prior kept {kept} ({100 * kept / len(rows):.0f}%), the search from "
            f"the plain prior took {chosen} ({100 * chosen / len(rows):.0f}%); the rollouts "
            f"rated the take higher in {higher}, a mean gap of "
            f"{statistics.fmean(row[4] for row in rows):+.4f}"
        )
    print(f"reproduce: python benchmarks/search_takes.py {games} {seed} {iterations} {workers}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
