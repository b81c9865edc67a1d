"""Random-playout speed: decisions per second, 4 players, standard rules, one core.

Run: ``.venv/bin/python benchmarks/bench_playout.py [SECONDS] [SEED]``
"""

from __future__ import annotations

import sys

from phase10.bench.playout import measure_playout


def main(argv: list[str]) -> int:
    """Measure and print the figure; returns the exit code."""
    seconds = float(argv[0]) if argv else 2.0
    seed = int(argv[1]) if len(argv) > 1 else 1
    result = measure_playout(seconds=seconds, seed=seed, players=4)
    print(
        f"random playout: {result['decisions_per_s']:,.0f} decisions/s "
        f"({result['decisions']:,.0f} decisions, {result['hands']:,.0f} hands, "
        f"{result['games']:,.0f} games finished in {seconds:g} s, seed {seed})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
