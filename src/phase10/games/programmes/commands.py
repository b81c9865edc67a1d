"""The programmes game's answers to the command line (``phase10.kernel.commands``): its
rule options (a profile, variants, a program deck), ``--program ID`` or ``--program-json``
for ``check`` and ``odds``, whether a hand reveals the program and, when not, why.

>>> rules = COMMANDS.rules(None, None, [], None, "en")
>>> goal = COMMANDS.goal(rules, {"program": "PRG-03"}, "en")
>>> goal.title, goal.options
('Program PRG-03 (a set of 4)', ('--game', 'programmes', '--program', 'PRG-03'))
>>> COMMANDS.goal(rules, {"program": "PRG-01"}, "fr").title
'Programme PRG-01 (2 séries de 3)'
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
)
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.finder import find_programme
from phase10.games.programmes.narration import combo_text, program_text, rank_shown
from phase10.games.programmes.programs import ProgramCard, program_by_id, program_from_dict
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.variants import find_programme_rules, with_program_deck
from phase10.kernel.commands import Goal
from phase10.kernel.errors import UsageError
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.kinds import Kind

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
        return _goal(card, options, tr)

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

    def why_not(
        self, cards: Sequence[PlayingCard], goal: Goal, rules: ProgrammeRules, lang: str
    ) -> str:
        """See :func:`why_not`."""
        del rules
        return why_not(cards, goal.own, lang)

    def group_text(self, group: Combination, lang: str) -> str:
        """``suite 8S 9S JK=10S JS``: the combination as lists and hints write it."""
        return combo_text(group, lang, shown=False)

    def deal(
        self, goal: Goal, rules: ProgrammeRules, lang: str
    ) -> tuple[Sequence[PlayingCard], int, str]:
        """13 dealt cards plus one draw (E-08), from the whole deck."""
        del rules
        title = translator(lang).gettext(
            N_("{goal}: revealable at once from {dealt} dealt cards plus one draw")
        )
        return (
            programme_deck(),
            INSTANT_CARDS,
            title.format(goal=goal.title, dealt=INSTANT_CARDS - 1),
        )

    def timed(self, rules: ProgrammeRules) -> tuple[tuple[Goal, ...], tuple[PlayingCard, ...], int]:
        """Every program with something to lay, on 13 dealt cards plus the draw (E-08)."""
        english = translator("en")
        goals = tuple(
            _goal(card, ("--program", card.id), english) for card in rules.programs if not card.sun
        )
        return goals, programme_deck(), INSTANT_CARDS


def _goal(card: ProgramCard, options: tuple[str, ...], tr: Translator) -> Goal:
    return Goal(
        subject="program",
        number=card.id,
        title=tr.gettext(N_("Program {id} ({description})")).format(
            id=card.id, description=program_text(card, tr, with_id=False)
        ),
        requirement=card.description,
        options=("--game", "programmes", *options),
        own=card,
    )


#: A combination's shape, without how many the program asks for: ``set of 4``.
_SHAPES: Final = {Kind.SET: N_("set of {length}"), Kind.RUN: N_("run of {length}")}


def why_not(cards: Sequence[PlayingCard], program: ProgramCard, lang: str = "en") -> str:
    """Why ``cards`` cannot reveal ``program`` (``check`` says why, not only "not
    possible"), in ``lang``: too few cards, too few in the program's suits, no wilds
    allowed, the one combination no card set can make, or the combinations not all at once.

    >>> from phase10.games.programmes.programs import Directive
    >>> two_sets = ProgramCard("X", (Directive(2, Kind.SET, 3),))
    >>> why_not(parse_playing_cards("7S 7H 7D 8S 8H"), two_sets)
    'needs 6 cards; there are 5'
    >>> why_not(parse_playing_cards("7S 7H 7D 8S 8H 9C"), two_sets)
    'no set of 3 besides the first: the program asks for 2 sets of 3'
    >>> run = ProgramCard("Y", (Directive(1, Kind.RUN, 4),), no_wild=True)
    >>> why_not(parse_playing_cards("3S 4S 2S 6S KH"), run)
    'no run of 4 without wilds (this program allows none), from 3S 4S 6S KH'
    >>> why_not(parse_playing_cards("3S 4S 2S 6S KH"), run, "fr")
    'pas de suite de 4 sans joker (ce programme n’en autorise aucun), avec 3S 4S 6S KH'
    """
    tr = translator(lang)
    if len(cards) < program.cards_needed:
        text = tr.ngettext(
            "needs {need} cards; there is {count}",
            "needs {need} cards; there are {count}",
            len(cards),
        )
        return text.format(need=program.cards_needed, count=len(cards))
    usable = [c for c in cards if not (program.no_wild and c.is_wild)]
    if program.suits is not None:
        usable = [c for c in usable if c.is_wild or c.suit in program.suits]
        suits = " ".join(SUITS[s] for s in program.suits)
        if len(usable) < program.cards_needed:
            text = tr.ngettext(
                "needs {need} cards in the suits {suits} (wilds count); there is {count}",
                "needs {need} cards in the suits {suits} (wilds count); there are {count}",
                len(usable),
            )
            return text.format(need=program.cards_needed, suits=suits, count=len(usable))
    wilds = sum(1 for c in cards if c.is_wild)
    for directive in program.directives:
        single = replace(directive, mult=1)
        shape = tr.gettext(_SHAPES[directive.kind]).format(length=directive.length)
        if single.values is not None:
            shape += f" ({', '.join(rank_shown(v, tr) for v in single.values)})"
        if find_programme(cards, replace(program, directives=(single,))) is None:
            return _missing(shape, program, usable, wilds, tr)
        if (
            directive.mult > 1
            and find_programme(cards, replace(program, directives=(directive,))) is None
        ):
            text = tr.gettext(N_("no {shape} besides the first: the program asks for {program}"))
            one = ProgramCard(program.id, (directive,))
            return text.format(shape=shape, program=program_text(one, tr, with_id=False))
    return tr.gettext(
        N_(
            "each combination is possible alone, but not all of them from the same cards "
            "(a card serves in one combination only)"
        )
    )


def _missing(
    shape: str, program: ProgramCard, usable: Sequence[PlayingCard], wilds: int, tr: Translator
) -> str:
    """``no run of 4, even with the 2 wilds``: the combination no cards make, and the
    wilds (none allowed, how many, or none held)."""
    if program.no_wild:
        text = tr.gettext(N_("no {shape} without wilds (this program allows none), from {cards}"))
        return text.format(shape=shape, cards=_shown(usable))
    if wilds == 0:
        return tr.gettext(N_("no {shape}, and there are no wilds")).format(shape=shape)
    text = tr.ngettext(
        "no {shape}, even with the {count} wild", "no {shape}, even with the {count} wilds", wilds
    )
    return text.format(shape=shape, count=wilds)


def _shown(cards: Sequence[PlayingCard]) -> str:
    return " ".join(str(c) for c in cards)


COMMANDS: Final = ProgrammeCommands()
