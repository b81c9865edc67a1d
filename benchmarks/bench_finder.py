"""Print find_phase calls per second per phase and on average (median of three runs).

Usage: ``python benchmarks/bench_finder.py [seconds per run] [seed]``.
"""

from __future__ import annotations

import statistics
import sys

from phase10.bench.finder import measure_find_phase


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 2.0
    seed = int(argv[1]) if len(argv) > 1 else 1
    runs = [measure_find_phase(seconds, seed + k) for k in range(3)]
    print(f"find_phase on random 11-card hands, calls/second (median of {len(runs)} runs)")
    medians = {n: statistics.median(run[n] for run in runs) for n in runs[0]}
    for number, rate in medians.items():
        print(f"  phase {number:2d}: {rate:12,.0f}")
    averages = [statistics.fmean(run.values()) for run in runs]
    # The harmonic mean is the rate of a workload spread evenly over the ten phases.
    overall = [statistics.harmonic_mean(list(run.values())) for run in runs]
    print(f"  average : {statistics.median(averages):12,.0f}")
    print(f"  overall : {statistics.median(overall):12,.0f}  (harmonic mean)")


if __name__ == "__main__":
    main(sys.argv[1:])
