"""``check`` and ``odds`` for the programmes game (``--game programmes``), same shapes as for
Phase 10: the same ``--json`` keys where they mean the same, the same exit codes (0, 1, 2).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from phase10.cli.common import CommandError, variant_tokens
from phase10.cli.parse_errors import translate
from phase10.cli.report import check_json, estimate, print_possible
from phase10.games.programmes.cards import (
    SUITS,
    PlayingCard,
    parse_playing_cards,
    programme_deck,
    rank_name,
)
from phase10.games.programmes.finder import find_programme
from phase10.games.programmes.programs import ProgramCard, program_by_id, program_from_dict
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.variants import find_programme_rules, with_program_deck
from phase10.kernel.i18n import N_

#: E-08: the instant odds of C.9 count 13 dealt cards plus the one drawn.
INSTANT_CARDS = 14


def programme_rules(args: argparse.Namespace) -> ProgrammeRules:
    """The programmes rules the options describe (``--rules programmes+...``, ``--variant``,
    ``--programs``)."""
    name: str | None = getattr(args, "rules", None)
    variants = variant_tokens(args) if getattr(args, "variant", None) else []
    rules = find_programme_rules("+".join([name or "programmes", *variants]))
    path: str | None = getattr(args, "programs", None)
    return with_program_deck(rules, path) if path else rules


def chosen_program(args: argparse.Namespace, rules: ProgrammeRules) -> ProgramCard:
    """The program of ``--program ID`` or ``--program-json``; exactly one must be given."""
    if (args.program is None) == (args.program_json is None):
        raise CommandError(
            translate(N_("give exactly one of --program ID and --program-json JSON"))
        )
    if args.program is not None:
        card = program_by_id(rules.programs, args.program)
    else:
        try:
            data = json.loads(args.program_json)
        except json.JSONDecodeError as exc:
            raise CommandError(
                translate(N_("--program-json: not JSON: {reason}")).format(reason=exc)
            ) from None
        card = program_from_dict(data)
    if card.sun:
        raise CommandError(
            translate(N_("{card} is a sun card: a free program with nothing to lay")).format(
                card=card.id
            )
        )
    return card


def run_check(args: argparse.Namespace) -> int:
    """Can these cards reveal the program? 0 yes, 1 no."""
    rules = programme_rules(args)
    program = chosen_program(args, rules)
    cards = parse_playing_cards(" ".join(args.cards))
    check_in_deck(cards)
    combos = find_programme(cards, program)
    rest = list(cards)
    for combo in combos or ():
        for c in combo.cards:
            rest.remove(c)
    if args.json:
        result = check_json("program", program.id, program.description, combos, rest, rules.name)
        print(json.dumps(result, ensure_ascii=False))
    elif combos is not None:
        print_possible(str(program), combos, " ".join(str(c) for c in rest))
    else:
        these = "this card" if len(cards) == 1 else f"these {len(cards)} cards"
        print(f"{program}: not possible with {these}")
        print(f"  {why_not(cards, program)}")
    return 0 if combos is not None else 1


def check_in_deck(cards: Sequence[PlayingCard]) -> None:
    """A hand to check holds no more of a card than the 108-card deck does (AMZ-R01: two of
    each face, four jokers), so at most 108 cards: 100,000 cards once kept the finder busy
    for good.

    >>> check_in_deck(parse_playing_cards("JK JK JK JK JK"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.cli.common.CommandError: 5 JK in the hand, but the deck has 4 (AMZ-R01: 108 ...)
    """
    deck = Counter(programme_deck())
    if not cards:
        raise CommandError(translate(N_("no cards to check: give the hand, e.g. 8S 9S JK JS")))
    held = Counter(cards)
    for card, count in held.items():
        if count > deck[card]:
            raise CommandError(
                translate(
                    N_(
                        "{count} {card} in the hand, but the deck has {most} "
                        "(AMZ-R01: {total} cards, two of each face and four jokers)"
                    )
                ).format(count=count, card=card, most=deck[card], total=sum(deck.values()))
            )


def why_not(cards: Sequence[PlayingCard], program: ProgramCard) -> str:
    """Why ``cards`` cannot reveal ``program`` (``check`` says why, not only "not
    possible"): too few cards, too few in the program's suits, no wilds allowed, the one
    combination no card set can make, or the combinations not all at once.

    >>> from phase10.games.programmes.programs import Directive
    >>> from phase10.kernel.kinds import Kind
    >>> two_sets = ProgramCard("X", (Directive(2, Kind.SET, 3),))
    >>> why_not(parse_playing_cards("7S 7H 7D 8S 8H"), two_sets)
    'needs 6 cards; there are 5'
    >>> why_not(parse_playing_cards("7S 7H 7D 8S 8H 9C"), two_sets)
    'no set of 3 besides the first: 2x set of 3 needs 2 of them'
    >>> run = ProgramCard("Y", (Directive(1, Kind.RUN, 4),), no_wild=True)
    >>> why_not(parse_playing_cards("3S 4S 2S 6S KH"), run)
    'no run of 4 without wilds (this program allows none), from 3S 4S 6S KH'
    """
    if len(cards) < program.cards_needed:
        there = "there is" if len(cards) == 1 else "there are"  # No "there are 1"
        return f"needs {program.cards_needed} cards; {there} {len(cards)}"
    usable = [c for c in cards if not (program.no_wild and c.is_wild)]
    if program.suits is not None:
        usable = [c for c in usable if c.is_wild or c.suit in program.suits]
        suits = " ".join(SUITS[s] for s in program.suits)
        if len(usable) < program.cards_needed:
            return (
                f"needs {program.cards_needed} cards in the suits {suits} (wilds count); "
                f"there {'is' if len(usable) == 1 else 'are'} {len(usable)}"
            )
    wilds = sum(1 for c in cards if c.is_wild)
    if program.no_wild:
        how = f" without wilds (this program allows none), from {_shown(usable)}"
    elif wilds:
        how = f", even with the {wilds} wild{'s' if wilds > 1 else ''}"
    else:
        how = ", and there are no wilds"
    for directive in program.directives:
        single = replace(directive, mult=1)
        shape = f"{directive.kind.value} of {directive.length}"
        if single.values is not None:
            shape += f" ({'-'.join(rank_name(v) for v in single.values)})"
        if find_programme(cards, replace(program, directives=(single,))) is None:
            return f"no {shape}{how}"
        if (
            directive.mult > 1
            and find_programme(cards, replace(program, directives=(directive,))) is None
        ):
            return f"no {shape} besides the first: {directive} needs {directive.mult} of them"
    return (
        "each combination is possible alone, but not all of them from the same cards "
        "(a card serves in one combination only)"
    )


def _shown(cards: Sequence[PlayingCard]) -> str:
    return " ".join(str(c) for c in cards)


def run_odds(args: argparse.Namespace) -> int:
    """The chance that 13 dealt cards plus one draw can reveal the program at once."""
    rules = programme_rules(args)
    program = chosen_program(args, rules)
    result = estimate(
        lambda hand: find_programme(hand, program) is not None,
        programme_deck(),
        INSTANT_CARDS,
        args,
    )
    if args.json:
        print(json.dumps(result.as_json("program", program.id, rules.name)))
        return 0
    p = result.probability
    low, high = result.interval()
    print(f"{program}: revealable at once from 13 dealt cards plus one draw")
    print(
        f"  probability: {100 * p:.2f}%  (99% CI {100 * low:.2f}% to {100 * high:.2f}%; "
        f"{result.hits} of {args.hands} hand{'' if args.hands == 1 else 's'})"
    )
    return 0
