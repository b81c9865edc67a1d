"""Gymnasium environment speed: agent steps per second of ``phase10/Phase10-v0`` and
``phase10/Programmes-v0``, the other seats played by the project's bots.

The agent picks uniformly among the mask's ones with Python's seeded ``random.Random``. A
step is one ``env.step`` call: the agent's action, then every bot turn up to the agent's next
decision, so its cost includes the bots' choices, which ``benchmarks/rl_speed.py`` (every
seat an agent) has none of. An episode that ends is reset with the next seed. Each run plays
for ``--seconds``; the script prints, per game, the median rate of ``--repeats`` runs and
their min-max.

Run: ``.venv/bin/python benchmarks/rl_gym_speed.py [--game phase10|programmes|both]
[--players 3] [--opponents greedy] [--seconds 5] [--repeats 3] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings

import gymnasium

import phase10.rl  # and registers the environments

GAMES = ("phase10", "programmes")


def run(game: str, players: int, opponents: str, seconds: float, seed: int) -> float:
    """Agent steps per second of one run of ``seconds``."""
    env = gymnasium.make(phase10.rl.gymnasium_id(game), players=players, opponents=opponents)
    rng = random.Random(seed)
    obs, _info = env.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        action = rng.choice(obs["action_mask"].view(bool).nonzero()[0].tolist())
        obs, _reward, terminated, truncated, _info = env.step(action)
        steps += 1
        if terminated or truncated:
            seed += 1
            obs, _info = env.reset(seed=seed)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Gymnasium's checker advises on the Dict observation space once per environment.
    warnings.simplefilter("ignore", UserWarning)
    for game in GAMES if args.game == "both" else (args.game,):
        rates = [
            run(game, args.players, args.opponents, args.seconds, args.seed)
            for _ in range(args.repeats)
        ]
        print(
            f"{game}: {statistics.median(rates):,.0f} agent steps/s, median of {args.repeats} "
            f"({min(rates):,.0f}-{max(rates):,.0f}), {args.players} players, "
            f"opponents {args.opponents}, {args.seconds:g} s each, seed {args.seed}"
        )


if __name__ == "__main__":
    main()
