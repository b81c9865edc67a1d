"""``phase10 odds``: how often a freshly dealt 10-card hand already holds a phase.

A Monte Carlo estimate with a 99% Wilson score interval; a seed gives the same answer on
every machine because only a private ``random.Random`` is used.
"""

from __future__ import annotations

import argparse
import json
import shlex
from typing import Any, Final

from phase10.cli import programmes_cli
from phase10.cli.common import (
    PROG,
    CommandError,
    add_game_options,
    add_rules_options,
    bounded_int,
    chosen_game,
    paragraph,
    phase_in_play,
    rules_from_args,
    rules_options,
)
from phase10.cli.report import estimate
from phase10.games.phase10.cards import full_deck
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.rules import HAND_SIZE

DEFAULT_HANDS: Final = 20_000

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
    if chosen_game(args).family == "programmes":
        return programmes_cli.run_odds(args)
    if args.phase is None:
        raise CommandError("--phase N is required for Phase 10 (or use --game programmes)")
    rules = rules_from_args(args)
    phase = phase_in_play(rules, args.phase)
    result = estimate(
        lambda hand: find_phase(hand, phase, rules) is not None, full_deck(), HAND_SIZE, args
    )
    p = result.probability
    low, high = result.interval()
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
        print(json.dumps(result.as_json("phase", phase.number, rules.name)))
        return 0
    print(f"Phase {phase.number} ({phase.description}) in a freshly dealt {HAND_SIZE}-card hand")
    print(f"  rules: {rules.name}")
    print(
        f"  probability: {_percent(p)}  (99% CI {_percent(low)} to {_percent(high)}; "
        f"{result.hits} of {args.hands} hands)"
    )
    print(f"  reproduce: {command}")
    return 0


def _percent(x: float) -> str:
    return f"{100 * x:.3g}%" if x < 0.001 else f"{100 * x:.2f}%"
