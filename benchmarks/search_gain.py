"""What is one second of search worth? The value of ``ismcts``'s overrulings, in games won.

Measuring ``ismcts`` at 1 s a decision against ``greedy`` over 2,000 games costs about 300
CPU-seconds a game. This experiment asks the same question for a few per cent of that: it
finds the decisions where the search would play something other than its prior (``sharp``),
and measures what each such change is really worth.

1. Play games with ``sharp`` in seat 0 and ``greedy`` in the other seats. At each of seat 0's
   decisions that the search would search (draws and discards), run ``ismcts`` with
   ``ITERATIONS`` iterations from seat 0's view and read its root statistics
   (``ISMCTSBot.last_stats``). For each rule in ``RULES_TRIED``, note the action the rule
   would play instead of the prior's, if any. ``rule 3.0`` is the bot's own decision rule
   (``ismcts._decide``: an alternative visited at least as often as the prior's move, better
   by 3 standard errors); ``rule 2.0``, ``rule 1.5`` and ``rule 1.0`` lower the bar;
   ``z 3.0`` and ``z 2.0`` drop the visits condition and take the alternative with the
   largest z-score over the bar.
2. For each action some rule would play instead, measure the truth on the real game: from the
   real state (the opponents' real hands), reshuffle the draw pile and the seed of later deals
   ``CONTINUATIONS`` times; each time play the prior's move and the alternative on the same
   shuffle (paired), then the rest of the game with ``sharp`` in seat 0 and ``greedy``
   elsewhere. The gain of a change is seat 0's win rate after it minus after the prior's move.
3. Per rule: how many decisions it changes per game, the mean gain of a change, and their
   product, the projected change in seat 0's win rate if ``sharp`` made these changes (a
   first-order estimate, summing one-move deviations; the rest of the game is ``sharp``'s).
   Standard errors are by game: the changes of one game share its deal and opponent, and
   counting them as independent (as the first version of this script did) understates the
   uncertainty. The estimate is no substitute for real games: at 800 iterations it
   projected a gain that real games did not show (README, "What a second of search is
   worth").

Everything is seeded: the same arguments give the same figures on any machine.

Run: ``.venv/bin/python benchmarks/search_gain.py [GAMES] [SEED] [PLAYERS] [ITERATIONS]
[CONTINUATIONS] [WORKERS]`` (defaults 20 1 2 1000 100 2).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from phase10.api import find_variant
from phase10.bots import ISMCTSBot
from phase10.bots.ismcts import CONFIDENCE, MIN_VISITS, RootStat
from phase10.games.phase10.actions import Action
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.kernel.bots import AnyBot
from phase10.sim.runner import wilson

RULES = find_variant("standard")
#: (name, bar, visits condition) of each decision rule compared; the first is the bot's own.
RULES_TRIED: tuple[tuple[str, float, bool], ...] = (
    (f"rule {CONFIDENCE}", CONFIDENCE, True),
    ("rule 2.0", 2.0, True),
    ("rule 1.5", 1.5, True),
    ("rule 1.0", 1.0, True),
    ("z 3.0", 3.0, False),
    ("z 2.0", 2.0, False),
)
#: Below this best z-score no rule changes anything, so no truth is measured.
LOWEST_BAR = min(bar for _, bar, _ in RULES_TRIED)

SHARP = SharpBot()
GREEDY = GreedyBot()


@dataclass(frozen=True)
class Change:
    """One decision some rule would change: which rules, the stage, and the measured gain."""

    rules: tuple[str, ...]
    stage: str
    gain: float


@dataclass(frozen=True)
class GameReport:
    searched: int
    seconds: list[float]
    changes: list[Change]
    won: bool


def _z(stat: RootStat, base: RootStat) -> float:
    spread = math.sqrt(stat.variance / stat.visits + base.variance / base.visits)
    return (stat.mean - base.mean) / spread if spread > 0 else 0.0


def rule_choice(stats: tuple[RootStat, ...], bar: float, by_visits: bool) -> Any:
    """The action a decision rule plays given a search's root statistics.

    With ``by_visits`` this is ``ISMCTSBot._decide`` with ``bar`` for its confidence: among
    alternatives with ``MIN_VISITS`` visits that beat the prior's move by ``bar`` standard
    errors, the most visited, and only one visited at least as often as the prior's move.
    Without it: the alternative with the largest z-score, if that is over ``bar``.
    """
    base = next(s for s in stats if s.preferred)
    if base.visits < 2:
        return base.action
    winner, key = base.action, (base.visits, base.mean)
    best_z = bar
    for stat in stats:
        if stat is base or stat.visits < MIN_VISITS:
            continue
        z = _z(stat, base)
        if by_visits:
            if z > bar and (stat.visits, stat.mean) > key:
                winner, key = stat.action, (stat.visits, stat.mean)
        elif z > best_z:
            winner, best_z = stat.action, z
    return winner


def _finish(state: GameState, bots: list[AnyBot]) -> bool:
    """Play ``state`` to the end of the game; whether seat 0 wins."""
    rng = random.Random(0)  # sharp and greedy draw no random numbers
    while state.outcome is None:
        state = apply_action(state, bots[state.current].choose(view_for(state, state.current), rng))
    return state.outcome.winner == 0


def _truth(
    state: GameState, prior: Action, others: list[Action], bots: list[AnyBot], key: str, n: int
) -> list[float]:
    """Per alternative, seat 0's win rate after it minus after ``prior``, over ``n`` paired
    reshuffles of the draw pile and of later deals."""
    gains = [0.0] * len(others)
    for m in range(n):
        rng = random.Random(f"{key}:{m}")
        pile = list(state.draw_pile)
        rng.shuffle(pile)
        shuffled = state._replace(draw_pile=tuple(pile), seed=rng.getrandbits(62))
        base = _finish(apply_action(shuffled, prior), bots)
        for i, other in enumerate(others):
            gains[i] += _finish(apply_action(shuffled, other), bots) - base
    return [g / n for g in gains]


def play(task: tuple[int, int, int, int, int]) -> GameReport:
    """One game of ``sharp`` (seat 0) against ``greedy``, every searched decision examined."""
    seed, game, players, iterations, continuations = task
    bots: list[AnyBot] = [SHARP] + [GREEDY] * (players - 1)
    search = ISMCTSBot(iterations=iterations)
    state = new_game(RULES, players, seed * 100_000 + game)
    searched, seconds, changes = 0, [], []
    decision = 0
    while state.outcome is None:
        view = view_for(state, state.current)
        if state.current != 0:
            state = apply_action(state, GREEDY.choose(view, random.Random(0)))
            continue
        key = f"{seed}:{game}:{decision}"
        decision += 1
        start = time.process_time()
        chosen = search.choose(view, random.Random(key))
        prior = SHARP.choose(view, random.Random(0))
        if search.last_iterations:
            searched += 1
            seconds.append(time.process_time() - start)
            stats = search.last_stats
            own = rule_choice(stats, CONFIDENCE, True)
            assert own == chosen, "rule_choice must replay ISMCTSBot._decide"
            picks: dict[Action, list[str]] = {}
            for name, bar, by_visits in RULES_TRIED:
                pick = rule_choice(stats, bar, by_visits)
                if pick != prior:
                    picks.setdefault(pick, []).append(name)
            if picks:
                others = list(picks)
                gains = _truth(state, prior, others, bots, key, continuations)
                stage = "draw" if view.stage is Stage.DRAW else "discard"
                changes += [
                    Change(tuple(picks[o]), stage, g) for o, g in zip(others, gains, strict=True)
                ]
        state = apply_action(state, prior)
    assert state.outcome is not None
    return GameReport(searched, seconds, changes, state.outcome.winner == 0)


def _ratio_se(sums: list[float], counts: list[int]) -> float:
    """Standard error of sum(sums) / sum(counts) with games as clusters (delta method)."""
    games, total = len(sums), sum(counts)
    if games < 2 or total == 0:
        return math.nan
    ratio = sum(sums) / total
    mean_count = total / games
    residuals = [s - ratio * c for s, c in zip(sums, counts, strict=True)]
    return math.sqrt(sum(r * r for r in residuals) / (games * (games - 1))) / mean_count


def main(argv: list[str]) -> None:
    defaults = [20, 1, 2, 1000, 100, 2]
    values = [int(a) for a in argv] + defaults[len(argv) :]
    games, seed, players, iterations, continuations, workers = values
    tasks = [(seed, g, players, iterations, continuations) for g in range(games)]
    start = time.perf_counter()
    reports: list[GameReport] = []
    with ProcessPoolExecutor(workers) as pool:
        for report in pool.map(play, tasks):
            reports.append(report)
            elapsed = time.perf_counter() - start
            print(f"game {len(reports)}/{games} done, {elapsed:.0f} s", file=sys.stderr)
    wall = time.perf_counter() - start
    searched = sum(r.searched for r in reports)
    seconds = [s for r in reports for s in r.seconds]
    wins = sum(r.won for r in reports)
    low, high = wilson(wins, games)
    print(
        f"{games} games, {players} players, seed {seed}: sharp (seat 0) won {wins} "
        f"({100 * wins / games:.1f}%, CI {100 * low:.1f}-{100 * high:.1f}%)"
    )
    print(
        f"{searched} searched decisions ({searched / games:.0f} a game), {iterations} "
        f"iterations each: median {statistics.median(seconds):.2f} CPU-s, "
        f"p90 {statistics.quantiles(seconds, n=10)[-1]:.2f} CPU-s"
    )
    print(f"truth: {continuations} paired continuations per changed decision")
    print()
    print("| Rule | Changes a game | draws/discards | Mean gain of a change | Projected change |")
    print("|---|---|---|---|---|")
    for name, _, _ in RULES_TRIED:
        gains = [c.gain for r in reports for c in r.changes if name in c.rules]
        draws = sum(1 for r in reports for c in r.changes if name in c.rules and c.stage == "draw")
        n = len(gains)
        if n == 0:
            print(f"| {name} | 0 | 0/0 | - | - |")
            continue
        mean = statistics.fmean(gains)
        # Changes in one game share its deal and its opponent, so they are not independent:
        # the standard errors are by game (each game's sum of gains is one observation).
        sums = [sum(c.gain for c in r.changes if name in c.rules) for r in reports]
        counts = [sum(1 for c in r.changes if name in c.rules) for r in reports]
        projected = statistics.fmean(sums)
        se_projected = statistics.stdev(sums) / math.sqrt(games) if games > 1 else math.nan
        se = _ratio_se(sums, counts)
        per_game = n / games
        print(
            f"| {name} | {per_game:.2f} ({n}) | {draws}/{n - draws} | "
            f"{100 * mean:+.2f} ± {100 * se:.2f} points | "
            f"{100 * projected:+.2f} ± {100 * se_projected:.2f} points |"
        )
    print()
    print(f"wall {wall:.0f} s on {workers} workers")
    print(f"reproduce: python benchmarks/search_gain.py {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
