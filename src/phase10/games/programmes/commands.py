"""The programmes game's answers to the command line (``phase10.kernel.commands``): its
rule options (a profile, variants, a program deck), ``--program ID`` or ``--program-json``
for ``check`` and ``odds``, whether a hand reveals the program and, when not, why.

>>> rules = COMMANDS.rules(None, None, [], None, "en")
>>> goal = COMMANDS.goal(rules, {"program": "PRG-03"}, "en")
>>> goal.title, goal.options
('PRG-03: 1x set of 4', ('--game', 'programmes', '--program', 'PRG-03'))
>>> COMMANDS.hand("JK JK JK JK JK", "en")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.UsageError: 5 JK in the hand, but the deck has 4 (AMZ-R01: 108 ...)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from phase10.games.programmes.cards import (
    SUITS,
    PlayingCard,
    parse_playing_cards,
    programme_deck,
    rank_name,
)
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.finder import find_programme
from phase10.games.programmes.programs import ProgramCard, program_by_id, program_from_dict
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.variants import find_programme_rules, with_program_deck
from phase10.kernel.commands import Goal
from phase10.kernel.errors import UsageError
from phase10.kernel.i18n import N_, translator

__all__ = ["COMMANDS", "ProgrammeCommands", "why_not"]

#: E-08: the instant odds of C.9 count 13 dealt cards plus the one drawn.
INSTANT_CARDS: Final = 14


class ProgrammeCommands:
    """The programmes game's answers to the command line."""

    solo = None

    def rules(
        self,
        profile: str | None,
        rules_file: str | None,
        variants: Sequence[str],
        deck: str | None,
        lang: str,
    ) -> ProgrammeRules:
        """``--rules programmes+...``, ``--variant`` and ``--programs`` (a program deck);
        a Phase 10 rules file says nothing of this game."""
        del rules_file, lang
        rules = find_programme_rules("+".join([profile or "programmes", *variants]))
        return with_program_deck(rules, deck) if deck else rules

    def goal(self, rules: ProgrammeRules, given: Mapping[str, Any], lang: str) -> Goal:
        """The program of ``--program ID`` or ``--program-json``; exactly one is given."""
        tr = translator(lang)
        program_id, program_json = given.get("program"), given.get("program_json")
        if (program_id is None) == (program_json is None):
            text = N_("give exactly one of --program ID and --program-json JSON")
            raise UsageError(tr.gettext(text))
        if program_id is not None:
            card = program_by_id(rules.programs, str(program_id))
            options: tuple[str, ...] = ("--program", card.id)
        else:
            try:
                data = json.loads(str(program_json))
            except json.JSONDecodeError as exc:
                text = N_("--program-json: not JSON: {reason}")
                raise UsageError(tr.gettext(text).format(reason=exc)) from None
            card = program_from_dict(data)
            options = ("--program-json", str(program_json))
        if card.sun:
            text = N_("{card} is a sun card: a free program with nothing to lay")
            raise UsageError(tr.gettext(text).format(card=card.id))
        return _goal(card, options)

    def hand(self, text: str, lang: str) -> list[PlayingCard]:
        """The cards typed, no more of a card than the 108-card deck holds (AMZ-R01: two of
        each face, four jokers), so at most 108 cards: 100,000 cards once kept the finder
        busy for good."""
        tr = translator(lang)
        cards = list(parse_playing_cards(text))
        deck = Counter(programme_deck())
        if not cards:
            raise UsageError(tr.gettext(N_("no cards to check: give the hand, e.g. 8S 9S JK JS")))
        for card, count in Counter(cards).items():
            if count > deck[card]:
                text = N_(
                    "{count} {card} in the hand, but the deck has {most} "
                    "(AMZ-R01: {total} cards, two of each face and four jokers)"
                )
                raise UsageError(
                    tr.gettext(text).format(
                        count=count, card=card, most=deck[card], total=sum(deck.values())
                    )
                )
        return cards

    def fit(
        self, cards: Sequence[PlayingCard], goal: Goal, rules: ProgrammeRules
    ) -> tuple[Combination, ...] | None:
        """One way to reveal the program from ``cards``."""
        del rules
        return find_programme(cards, goal.own)

    def why_not(self, cards: Sequence[PlayingCard], goal: Goal, rules: ProgrammeRules) -> str:
        """See :func:`why_not`."""
        del rules
        return why_not(cards, goal.own)

    def deal(self, goal: Goal, rules: ProgrammeRules) -> tuple[Sequence[PlayingCard], int, str]:
        """13 dealt cards plus one draw (E-08), from the whole deck."""
        del rules
        return (
            programme_deck(),
            INSTANT_CARDS,
            f"{goal.title}: revealable at once from 13 dealt cards plus one draw",
        )

    def timed(self, rules: ProgrammeRules) -> tuple[tuple[Goal, ...], tuple[PlayingCard, ...], int]:
        """Every program with something to lay, on 13 dealt cards plus the draw (E-08)."""
        goals = tuple(
            _goal(card, ("--program", card.id)) for card in rules.programs if not card.sun
        )
        return goals, programme_deck(), INSTANT_CARDS


def _goal(card: ProgramCard, options: tuple[str, ...]) -> Goal:
    return Goal(
        subject="program",
        number=card.id,
        title=str(card),
        requirement=card.description,
        options=("--game", "programmes", *options),
        own=card,
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


COMMANDS: Final = ProgrammeCommands()
