"""``check`` and ``odds`` for Phase 10: whether a hand can make a phase (and why not), and the
chance that a freshly dealt hand already holds it. ``programmes_cli`` does the same for the
programmes game; both keep the same ``--json`` keys and exit codes (0, 1, 2).
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections import Counter
from collections.abc import Sequence

from phase10.cli.common import PROG, CommandError, phase_in_play, rules_from_args, rules_options
from phase10.cli.parse_errors import translate
from phase10.cli.report import check_json, estimate, print_possible
from phase10.games.phase10.cards import (
    SKIP_CODE,
    WILD_CODE,
    Card,
    format_cards,
    full_deck,
    parse_cards,
)
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import HAND_SIZE, Phase, RuleSet
from phase10.kernel.i18n import N_


def run_check(args: argparse.Namespace) -> int:
    """``phase10 check``: can the hand make the phase? 0 if it can, 1 if not."""
    if args.phase is None:
        raise CommandError(
            translate(N_("--phase N is required for Phase 10 (or use --game programmes)"))
        )
    rules = rules_from_args(args)
    phase = phase_in_play(rules, args.phase)
    cards = parse_cards(" ".join(args.cards))
    # A hand is some of the 108-card deck (P10-R01); an empty one or
    # thousands of cards is a mistake. Copies beyond the deck's stay allowed: people check
    # hypothetical hands (four R2 in the help's own example).
    if not 1 <= len(cards) <= len(full_deck()):
        raise CommandError(
            translate(
                N_("a hand to check holds 1 to {most} cards (the deck, P10-R01), not {count}")
            ).format(most=len(full_deck()), count=len(cards))
        )
    groups = find_phase(cards, phase, rules)
    left = left_over(cards, groups or ())
    if args.json:
        print(json.dumps(as_json(phase, rules, groups, left)))
    elif groups is not None:
        print_possible(f"Phase {phase.number} ({phase.description})", groups, format_cards(left))
    else:
        count = len(cards)
        these = "this card" if count == 1 else f"these {count} cards"
        print(f"Phase {phase.number} ({phase.description}): not possible with {these}")
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
        there = "there is" if usable == 1 else "there are"  # No "there are 1"
        return f"needs at least {phase.min_cards} cards{skips}; {there} {usable}"
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


def run_odds(args: argparse.Namespace) -> int:
    """``phase10 odds``: deal the hands, count the hits and print the estimate."""
    if args.phase is None:
        raise CommandError(
            translate(N_("--phase N is required for Phase 10 (or use --game programmes)"))
        )
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
        f"{result.hits} of {args.hands} hand{'' if args.hands == 1 else 's'})"
    )
    print(f"  reproduce: {command}")
    return 0


def _percent(x: float) -> str:
    return f"{100 * x:.3g}%" if x < 0.001 else f"{100 * x:.2f}%"
