"""``phase10 odds``: how often a freshly dealt 10-card hand already holds a phase.

A Monte Carlo estimate with a 99% Wilson score interval; a seed gives the same answer on
every machine because only a private ``random.Random`` is used.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import sys
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any, Final, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from phase10.cli import programmes_cli
from phase10.cli.common import (
    PROG,
    CommandError,
    add_game_options,
    add_rules_options,
    bounded_int,
    is_programmes_game,
    paragraph,
    phase_in_play,
    rules_from_args,
    rules_options,
)
from phase10.engine.cards import full_deck
from phase10.engine.finder import find_phase
from phase10.engine.rules import HAND_SIZE, Phase, RuleSet

DEFAULT_HANDS: Final = 20_000
T = TypeVar("T")
CONFIDENCE: Final = 0.99
#: Hands between progress-bar updates: often enough to move, rarely enough to cost nothing.
_UPDATE_EVERY: Final = 500

DESCRIPTION = (
    "Estimate the chance that a freshly dealt 10-card hand already holds a phase, "
    "by dealing many hands (Monte Carlo) and giving a 99% confidence interval."
)
EPILOG = """\
examples:
  phase10 odds --phase 1
  phase10 odds --phase 8 --hands 100000 --seed 7
  phase10 odds --phase 10 --rules en_phase10rules --json
  phase10 odds --game programmes --program PRG-08 --hands 5000
"""


def register(subparsers: Any) -> None:
    """Add the ``odds`` command."""
    parser = subparsers.add_parser(
        "odds",
        help="estimate the chance a dealt hand already holds a phase",
        description=paragraph(DESCRIPTION),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--phase", type=bounded_int(1, 10), metavar="N", help="the phase number (Phase 10)"
    )
    add_game_options(parser)
    add_rules_options(parser)
    parser.add_argument(
        "--hands",
        type=bounded_int(1),
        default=DEFAULT_HANDS,
        metavar="K",
        help=f"how many hands to deal (default: {DEFAULT_HANDS})",
    )
    parser.add_argument(
        "--seed", type=bounded_int(0), default=1, metavar="S", help="random seed (default: 1)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Deal the hands, count the hits and print the estimate."""
    if is_programmes_game(args):
        return programmes_cli.run_odds(args)
    if args.phase is None:
        raise CommandError("--phase N is required for Phase 10 (or use --game programmes)")
    rules = rules_from_args(args)
    phase = phase_in_play(rules, args.phase)
    show_progress = not args.json and sys.stderr.isatty()
    hits = count_hits(phase, rules, args.hands, args.seed, progress=show_progress)
    p = hits / args.hands
    low, high = wilson_interval(hits, args.hands, CONFIDENCE)
    command = shlex.join(
        [
            PROG,
            "odds",
            "--phase",
            str(phase.number),
            *rules_options(args),
            "--hands",
            str(args.hands),
            "--seed",
            str(args.seed),
        ]
    )
    if args.json:
        result = {
            "phase": phase.number,
            "hands": args.hands,
            "hits": hits,
            "probability": p,
            "ci99": [low, high],
            "seed": args.seed,
            "rules": rules.name,
        }
        print(json.dumps(result))
        return 0
    print(f"Phase {phase.number} ({phase.description}) in a freshly dealt {HAND_SIZE}-card hand")
    print(f"  rules: {rules.name}")
    print(
        f"  probability: {_percent(p)}  (99% CI {_percent(low)} to {_percent(high)}; "
        f"{hits} of {args.hands} hands)"
    )
    print(f"  reproduce: {command}")
    return 0


def count_hits(phase: Phase, rules: RuleSet, hands: int, seed: int, *, progress: bool) -> int:
    """How many of ``hands`` random 10-card deals hold ``phase``.

    A hand dealt from a freshly shuffled deck is a uniform random 10-card subset of it;
    ``rng.sample`` draws exactly that without shuffling all 108 cards, and keeps the hands
    independent, as the confidence interval assumes.
    """
    return count_deals(
        lambda hand: find_phase(hand, phase, rules) is not None,
        full_deck(),
        HAND_SIZE,
        hands,
        seed,
        progress=progress,
    )


def count_deals(
    holds: Callable[[list[T]], bool],
    deck: Sequence[T],
    size: int,
    hands: int,
    seed: int,
    *,
    progress: bool,
) -> int:
    """How many of ``hands`` random ``size``-card deals from ``deck`` satisfy ``holds``."""
    rng = random.Random(seed)
    hits = 0
    bar = Progress(
        TextColumn("dealing hands"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not progress,
        transient=True,
    )
    with bar:
        task = bar.add_task("odds", total=hands)
        done = 0
        while done < hands:
            batch = min(_UPDATE_EVERY, hands - done)
            for _ in range(batch):
                if holds(rng.sample(deck, size)):
                    hits += 1
            done += batch
            bar.update(task, completed=done)
    return hits


def wilson_interval(hits: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (good even when hits is 0 or n).

    >>> low, high = wilson_interval(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.0622)
    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.3753, 0.6247]
    """
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = hits / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # Rounding can push the ends a hair outside [0, 1] (or past p at 0 or n hits).
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


def _percent(x: float) -> str:
    return f"{100 * x:.3g}%" if x < 0.001 else f"{100 * x:.2f}%"
