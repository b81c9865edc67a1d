"""``phase10 check``: can these cards make a phase, and how?

Exit status: 0 possible, 1 not possible, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from phase10.cli import programmes_cli
from phase10.cli.common import (
    CommandError,
    add_game_options,
    add_rules_options,
    bounded_int,
    chosen_game,
    paragraph,
    phase_in_play,
    rules_from_args,
)
from phase10.cli.report import check_json, print_possible
from phase10.games.phase10.cards import SKIP_CODE, WILD_CODE, Card, format_cards, parse_cards
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import Phase, RuleSet

DESCRIPTION = "Say whether a hand of cards can make a phase, and show one way to lay it down."
EPILOG = """\
Cards: R, B, Y or G with 1-12 (R7, g12), W for a Wild, S for a Skip; spaces or commas.
Exit status: 0 possible, 1 not possible, 2 bad input.

examples:
  phase10 check --phase 1 R5 B5 W R7 G7 Y7
  phase10 check --phase 8 --json G1 G3 G4 G9 G12 W W
  phase10 check --phase 3 --rules nl_accessible R2 R2 R2 R2 W R5 R6 R7 R8
  phase10 check --game programmes --program PRG-22 8S 9S JK JS
"""


def register(subparsers: Any) -> None:
    """Add the ``check`` command."""
    parser = subparsers.add_parser(
        "check",
        help="say whether a hand can make a phase and show the groups",
        description=paragraph(DESCRIPTION),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--phase", type=bounded_int(1, 10), metavar="N", help="the phase number (Phase 10)"
    )
    add_game_options(parser)
    add_rules_options(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.add_argument("cards", nargs="+", metavar="CARDS", help="the cards, e.g. R5 B5 W")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check the hand; 0 if the phase is possible, 1 if not."""
    if chosen_game(args).family == "programmes":
        return programmes_cli.run_check(args)
    if args.phase is None:
        raise CommandError("--phase N is required for Phase 10 (or use --game programmes)")
    rules = rules_from_args(args)
    phase = phase_in_play(rules, args.phase)
    cards = parse_cards(" ".join(args.cards))
    groups = find_phase(cards, phase, rules)
    left = left_over(cards, groups or ())
    if args.json:
        print(json.dumps(as_json(phase, rules, groups, left)))
    elif groups is not None:
        print_possible(f"Phase {phase.number} ({phase.description})", groups, format_cards(left))
    else:
        count = len(cards)
        noun = "card" if count == 1 else "cards"
        print(f"Phase {phase.number} ({phase.description}): not possible with these {count} {noun}")
        reason = why_not(cards, phase, rules)
        if reason:
            print(f"  {reason}")
    return 0 if groups is not None else 1


def as_json(
    phase: Phase, rules: RuleSet, groups: tuple[Group, ...] | None, left: Sequence[Card]
) -> dict[str, object]:
    """The ``--json`` object."""
    return check_json("phase", phase.number, phase.description, groups, left, rules.name)


def left_over(cards: Sequence[Card], groups: Sequence[Group]) -> list[Card]:
    """``cards`` minus the cards the groups use, in the order given."""
    used = Counter(c for g in groups for c in g.cards)
    out: list[Card] = []
    for c in cards:
        if used[c]:
            used[c] -= 1
        else:
            out.append(c)
    return out


def why_not(cards: Sequence[Card], phase: Phase, rules: RuleSet) -> str | None:
    """A short reason a phase is impossible, when a cheap one exists.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> rules = RuleSet()
    >>> why_not(parse_cards("R1 R2 R3 S"), rules.phases[3], rules)
    'needs at least 7 cards that are not Skips; there are 3'
    >>> why_not(parse_cards("R1 R2 R5 B6 W W G12 G12 Y9"), rules.phases[3], rules)
    'no run of 7, even with the 2 wilds'
    >>> why_not(parse_cards("R2 R2 R2 R3 R4 R5 G9"), rules.phases[1], rules)
    'a set of 3 and a run of 4 are each possible, but not both from the same cards'
    """
    usable = sum(1 for c in cards if c != SKIP_CODE)
    if usable < phase.min_cards:
        skips = " that are not Skips" if usable < len(cards) else ""
        return f"needs at least {phase.min_cards} cards{skips}; there are {usable}"
    wilds = sum(1 for c in cards if c == WILD_CODE)
    with_wilds = (
        ", and there are no wilds"
        if wilds == 0
        else f", even with the {wilds} wild{'s' if wilds > 1 else ''}"
    )
    # Each requirement alone is one more cheap finder call; if one fails alone, that is why.
    for req in phase.groups:
        if find_phase(cards, Phase(phase.number, (req,)), rules) is None:
            return f"no {req}{with_wilds}"
    if len(phase.groups) > 1:
        return (
            f"{' and '.join(f'a {req}' for req in phase.groups)} are each possible, "
            "but not both from the same cards"
        )
    return None
