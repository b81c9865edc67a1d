"""Print a game's goal checks per second, per goal and on average (median of three runs):
Phase 10's phases by default, or the programmes game's programs.

Usage: ``python benchmarks/bench_goals.py [seconds per run] [seed] [game]``.
"""

from __future__ import annotations

import importlib
import statistics
import sys
from typing import cast

from phase10 import games
from phase10.bench.goals import measure_goal_checks
from phase10.kernel.commands import GameCommands


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 2.0
    seed = int(argv[1]) if len(argv) > 1 else 1
    game = games.get(argv[2] if len(argv) > 2 else "phase10")
    module = importlib.import_module(str(getattr(game, "commands", None)))
    commands = cast(GameCommands, module.COMMANDS)
    rules = commands.rules(None, None, [], None, "en")
    goals, _, size = commands.timed(rules)
    runs = [measure_goal_checks(commands, rules, seconds, seed + k) for k in range(3)]
    subject = goals[0].subject
    print(
        f"{game.name}: {subject} checks on random {size}-card hands, calls/second "
        f"(median of {len(runs)} runs)"
    )
    medians = {n: statistics.median(run[n] for run in runs) for n in runs[0]}
    for number, rate in medians.items():
        print(f"  {subject} {number!s:>2}: {rate:12,.0f}")
    averages = [statistics.fmean(run.values()) for run in runs]
    # The harmonic mean is the rate of a workload spread evenly over the goals.
    overall = [statistics.harmonic_mean(list(run.values())) for run in runs]
    print(f"  average : {statistics.median(averages):12,.0f}")
    print(f"  overall : {statistics.median(overall):12,.0f}  (harmonic mean)")


if __name__ == "__main__":
    main(sys.argv[1:])
