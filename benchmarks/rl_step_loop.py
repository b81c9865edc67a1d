"""A fixed number of random masked steps of ``phase10.rl.env``, for instruction counts.

The timed comparison with gin rummy is ``benchmarks/rl_speed.py``; this runs the same loop for
a fixed number of steps, so that a profiler's count does not depend on the machine's load::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/rl_step_loop.py --game phase10 --steps 801
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/rl_step_loop.py --game phase10 --steps 1

The difference of the two "Collected" counts over 800 is the instructions per step.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from phase10 import rl


def run(game: str, steps: int, seed: int) -> float:
    """Play ``steps`` random masked steps (resetting when a game ends); return the seconds."""
    rng = random.Random(seed)
    env = rl.env(game=game, players=2, seed=seed)
    env.reset(seed=seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            done += 1
            if done >= steps:
                break
        else:
            env.reset(seed=rng.randrange(2**31))
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("phase10", "programmes"), default="phase10")
    parser.add_argument("--steps", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.steps <= 10_000_000:
        parser.error("--steps: from 1 to 10,000,000")
    seconds = run(args.game, args.steps, args.seed)
    print(f"{args.game}: {args.steps} steps in {seconds:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
