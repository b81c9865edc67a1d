"""What a bot adds to another, on the very same games: a tighter interval for a slow bot.

``expert`` (the search at about a second a decision) overrules its prior ``sharp`` in about
two decisions a game, so on the same deal, seat and randomness the two mostly play the same
game and win or lose it together. This script plays every duplicate game of
``phase10 simulate --bots BOT,greedy,... --games GAMES --seed SEED --duplicate`` twice, once
with BOT and once with BASE in the first entry's seat, and counts the games only one of them
won. Their difference is the gain, with a standard error computed from the pairs; adding it
to BASE's win rate over REFERENCE games (cheap when BASE is fast) estimates BOT's win rate
with a far narrower interval than BOT's own wins give, since the games both win or both lose
add nothing to the error.

The BOT and BASE rows are exactly those of ``phase10 simulate`` with the same arguments
(both use ``play_game`` from ``phase10.sim.runner``).

Run: ``.venv/bin/python benchmarks/paired_gain.py BOT BASE PLAYERS GAMES SEEDS WORKERS
REFERENCE [FIRST]`` (defaults ``ismcts:800it sharp 2 100 3 2 4000 0``). SEEDS is one seed or
several separated by commas (``3,4``): GAMES paired games and REFERENCE games of BASE are
played for each, and the figures are pooled over all of them; each seed's part is exactly
what a run with that seed alone plays. A line of running figures is printed after every deal,
so a run stopped early still says what it measured, and FIRST resumes it: only games FIRST to
GAMES - 1 of each seed are played (the same games as in the whole run). REFERENCE 0 skips
BASE's own games and the estimate built on them, for a part whose reference is already known.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.sim.runner import SimConfig, play_game, simulate, wilson

RULES = find_variant("standard")


def _config(bot: str, players: int, games: int, seed: int) -> SimConfig:
    bots = (bot, *["greedy"] * (players - 1))
    return SimConfig(rules=RULES, bots=bots, games=games, seed=seed, duplicate=True)


def _won(job: tuple[str, int, int, int, int]) -> int:
    bot, players, games, seed, index = job
    return int(play_game(_config(bot, players, games, seed), index).winner == 0)


def _interval(mean: float, error: float) -> str:
    low, high = 100 * (mean - 1.96 * error), 100 * (mean + 1.96 * error)
    return f"{100 * mean:+.1f} ± {100 * error:.1f} points (95%: {low:+.1f} to {high:+.1f})"


def _rate(name: str, wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    share = f"{100 * wins / games:.1f}%"
    return f"{name}: {wins} of {games}, {share} (95%: {100 * low:.1f}-{100 * high:.1f})"


def _paired(
    bot: str,
    base: str,
    players: int,
    games: int,
    seed: int,
    workers: int,
    start: float,
    first: int = 0,
) -> list[tuple[int, int]]:
    """Games FIRST to GAMES - 1 of one seed played by BOT and by BASE: (BOT won, BASE won)
    per game."""
    indices = range(first, games)
    jobs = [(name, players, games, seed, i) for i in indices for name in (bot, base)]
    pairs: list[tuple[int, int]] = []
    with ProcessPoolExecutor(workers) as pool:
        results = pool.map(_won, jobs)
        for i in indices:
            pairs.append((next(results), next(results)))
            if (i + 1) % players == 0:
                print(
                    f"  seed {seed}, games {first} to {i}: {bot} {sum(a for a, _ in pairs)}, "
                    f"{base} {sum(b for _, b in pairs)}, "
                    f"only {bot} {sum(a > b for a, b in pairs)}, "
                    f"only {base} {sum(b > a for a, b in pairs)}  "
                    f"({time.perf_counter() - start:.0f} s)",
                    flush=True,
                )
    return pairs


def _estimate(
    bot: str,
    base: str,
    players: int,
    seeds: list[int],
    workers: int,
    reference: int,
    gain: float,
    gain_error: float,
) -> None:
    """Play BASE's REFERENCE games of each seed; print its rate plus the gain as BOT's."""
    reference_wins = 0
    for seed in seeds:
        summary = simulate(_config(base, players, reference, seed), workers=workers)
        reference_wins += summary.bots[0].wins
        if len(seeds) > 1:
            print(_rate(f"seed {seed}: {base}", summary.bots[0].wins, reference))
    total = reference * len(seeds)
    rate = reference_wins / total
    rate_error = (rate * (1 - rate) / total) ** 0.5
    print(f"{base} over {total} games: {100 * rate:.1f}%")
    error = (rate_error**2 + gain_error**2) ** 0.5
    estimate = rate + gain
    print(
        f"{bot}'s win rate, estimated as {base}'s plus the gain: {100 * estimate:.1f}% "
        f"(95%: {max(0.0, 100 * (estimate - 1.96 * error)):.1f}"
        f"-{min(100.0, 100 * (estimate + 1.96 * error)):.1f})"
    )


def main(argv: list[str]) -> int:
    """Play the paired games, print the running and final figures; returns the exit code."""
    bot = argv[0] if argv else "ismcts:800it"
    base = argv[1] if len(argv) > 1 else "sharp"
    players = int(argv[2]) if len(argv) > 2 else 2
    games = int(argv[3]) if len(argv) > 3 else 100
    seeds_text = argv[4] if len(argv) > 4 else "3"
    seeds = [int(seed) for seed in seeds_text.split(",")]
    workers = int(argv[5]) if len(argv) > 5 else 2
    reference = int(argv[6]) if len(argv) > 6 else 4000
    first = int(argv[7]) if len(argv) > 7 else 0
    if not 0 <= first < games:
        print(f"FIRST must be from 0 to GAMES - 1 ({games - 1}), not {first}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    shown = f"{games} games" if first == 0 else f"games {first} to {games - 1}"
    print(f"{bot} and {base}, each against {players - 1} greedy, on the same {shown}")
    then = f"then {base} alone over {reference} games of each seed" if reference else "no more"
    print(f"of each seed ({seeds_text}, duplicate deals); {then}")
    pairs: list[tuple[int, int]] = []
    for seed in seeds:
        part = _paired(bot, base, players, games, seed, workers, start, first)
        if len(seeds) > 1:
            print(_rate(f"seed {seed}: {bot}", sum(a for a, _ in part), len(part)))
            print(_rate(f"seed {seed}: {base}", sum(b for _, b in part), len(part)))
        pairs.extend(part)
    played = len(pairs)
    wins = sum(a for a, _ in pairs)
    base_wins = sum(b for _, b in pairs)
    diffs = [a - b for a, b in pairs]
    gain = statistics.fmean(diffs)
    gain_error = statistics.stdev(diffs) / len(diffs) ** 0.5 if played > 1 else 0.0
    print(_rate(bot, wins, played))
    print(_rate(base, base_wins, played))
    print(f"only {bot} won {sum(d > 0 for d in diffs)}, only {base} {sum(d < 0 for d in diffs)}")
    print(f"gain of {bot} over {base} on the same games: {_interval(gain, gain_error)}")
    again = f"{bot} {base} {players} {games} {seeds_text} {workers} {reference}"
    again += f" {first}" if first else ""
    if reference:
        _estimate(bot, base, players, seeds, workers, reference, gain, gain_error)
    print(
        f"reproduce: python benchmarks/paired_gain.py {again}  "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
