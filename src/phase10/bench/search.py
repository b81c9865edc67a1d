"""Search speed: ISMCTS iterations per second on typical mid-game decisions, one core.

>>> result = measure_ismcts(seconds=0.1, seed=2, players=2)
>>> result["iterations"] > 0 and result["decisions"] > 0
True
"""

from __future__ import annotations

import random
import time

from phase10 import games
from phase10.bench.playout import midgame_state
from phase10.bots.ismcts import ISMCTSBot

#: Seconds of search per decision while measuring.
PER_DECISION = 0.05


def measure_ismcts(
    seconds: float = 2.0, seed: int = 1, players: int = 4, game: str = "phase10"
) -> dict[str, float]:
    """ISMCTS iterations per second (determinize, select, expand, roll out, back up).

    Decisions are taken from random games (the game's default rules) from a mid-game
    position on (the same positions as ``state_size``): each gets ``PER_DECISION`` seconds
    of search, then the game moves on by a random legal action (the same positions on every
    run). Returns
    ``iterations_per_s``, ``iterations``, ``decisions`` (searched) and
    ``seconds_per_decision``.
    """
    played = games.get(game)
    bot = ISMCTSBot(seconds=PER_DECISION)
    # The game moves on with its own generator: how many iterations a search ran must not
    # change the positions that follow, or two runs would time different decisions.
    rng = random.Random(seed)
    moves = random.Random(f"moves:{seed}")
    state = midgame_state(seed, players, game)
    game_seed = seed
    iterations = decisions = 0
    searching = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if played.outcome(state) is not None:
            game_seed += 1
            state = midgame_state(game_seed, players, game)
        view = played.view(state, played.to_act(state))
        began = time.perf_counter()
        bot.choose(view, rng)
        if bot.last_iterations:
            searching += time.perf_counter() - began
            iterations += bot.last_iterations
            decisions += 1
        state = played.apply_legal(state, moves.choice(played.legal_actions(state)))
    return {
        "iterations_per_s": iterations / searching if searching else 0.0,
        "iterations": float(iterations),
        "decisions": float(decisions),
        "seconds_per_decision": searching / decisions if decisions else 0.0,
    }
