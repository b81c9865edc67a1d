"""The rules screen's text: the phases in play, read from the ``RuleSet``, and the main rules
in the project's own words (adapted from the rulebook Part A, which is ours).

>>> text = rules_markdown(RuleSet())
>>> "| 10 | set of 5 + set of 3 |" in text
True
"""

from __future__ import annotations

import re
from typing import Any, Final

from phase10.games.phase10.narration import phase_description
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.variants import describe_rules
from phase10.tui.text import _, current, ngettext


def _main_rules() -> list[str]:
    # One paragraph per entry: each is a complete text for translators.
    return [
        _("## The cards"),
        _(
            "108 cards: the numbers 1 to 12 in red (R), blue (B), yellow (Y) and green (G), "
            "two of each; 8 Wilds (W) and 4 Skips (S). Every card on screen shows its letter "
            "and number, so colour is never the only clue."
        ),
        _("## A turn"),
        _(
            "1. Draw one card: the top of the draw pile, or the top of the discard pile unless "
            "it is a Skip (a Skip on the discard pile can never be taken).\n"
            "2. If you hold your whole phase, you may lay it down, all groups at once.\n"
            "3. Once your phase is down, you may hit: add cards to any group on the table, "
            "yours or another player's.\n"
            "4. Discard one card to end your turn."
        ),
        _("## Groups"),
        _(
            "A **set** is cards of one number, in any colours. A **run** is cards with "
            "consecutive numbers, in any colours; numbers go from 1 to 12 and do not wrap "
            "around. A **colour group** is cards of one colour. A Wild stands for any number "
            "or colour and keeps that value until the hand ends; every group needs at least "
            "one natural card. A Skip is never part of a group."
        ),
        _("## Skips"),
        _(
            "Discarding a Skip makes another player lose their next turn. Nobody loses two "
            "turns in a row, and if nobody can be skipped the Skip has no effect."
        ),
        _("## The end of a hand"),
        _(
            "A hand ends as soon as someone has no cards left. Everyone who laid down their "
            "phase moves up to the next phase; the others try the same phase again. The others "
            "score the cards left in their hands: 5 points for 1 to 9, 10 points for 10 to 12, "
            "15 for a Skip and 25 for a Wild. Low scores are better."
        ),
        _("## Winning"),
        _(
            "The first player to complete the last phase wins at the end of that hand. If "
            "several players complete it in the same hand, the lowest total wins; a tie on "
            "that is settled by a tie-break hand."
        ),
        _("## Keys at the table"),
        _(
            "d draw, t take the discard, arrows and space or the number keys choose cards "
            "(the mouse works too), l lay down the chosen cards, a list every possible "
            "lay-down, h hint, g hit the chosen card on a group, x discard the chosen card, "
            "s change the order of your hand, r these rules, q save and quit."
        ),
    ]


#: The signs Markdown gives a meaning to (CommonMark lets any ASCII punctuation be escaped;
#: letters, digits, spaces and ``/ : , ; = ' "`` never need it here).
_MARKDOWN_SIGN: Final = re.compile(r"[\\`*_{}\[\]()#+\-.!|<>~&]")


def markdown_text(text: str) -> str:
    """``text`` as Markdown that shows it as written: each ASCII punctuation sign, which
    Markdown could read as a link, emphasis or code, escaped with a backslash.

    >>> markdown_text("[a](http://x) *b* `c`")
    '\\\\[a\\\\]\\\\(http://x\\\\) \\\\*b\\\\* \\\\`c\\\\`'
    """
    return _MARKDOWN_SIGN.sub(r"\\\g<0>", text)


def rules_markdown(rules: RuleSet) -> str:
    """The whole rules screen as Markdown for ``rules``."""
    lines = [_("# Phase 10: the rules"), ""]
    # The name comes from a file: shown as written, never as Markdown.
    lines += [_("Rules in play: {name}.").format(name=markdown_text(rules.name)), ""]
    lines += [_("## The phases"), ""]
    lines += [_("Each player works through the phases in order, one per hand at most."), ""]
    lines += ["| # | " + _("What to lay down") + " |", "|---|---|"]
    lines += [f"| {p.number} | {phase_description(p, current())} |" for p in rules.phases]
    lines.append("")
    for paragraph in _main_rules():
        lines += [paragraph, ""]
    details = describe_rules(rules)
    changed = [line.strip() for line in details if line.startswith("  ") and "=" in line]
    if changed:
        lines += [_("## How these rules differ from the standard ones"), ""]
        lines += [f"- `{line}`" for line in changed]
    return "\n".join(lines)


def _programmes_rules() -> list[str]:
    # One paragraph per entry, each a complete text for translators; the rule ids are those
    # of docs/rules (AMZ-Rnn: the leaflet's rules, E-nn: our decisions where it is silent).
    return [
        _("# Programmes: the rules"),
        _("## The cards"),
        _(
            "Two packs of playing cards with their jokers, 108 cards (AMZ-R01). Every 2 and "
            "every joker is wild: a 2 is never an ordinary 2 (AMZ-R02, E-05). Aces are high or "
            "low: an ace starts a run below the 2 (A-2-3-4) or ends it above the king "
            "(J-Q-K-A), stays where it was put, and no run goes round the corner (AMZ-R26, "
            "E-04). In a set an ace is just an ace."
        ),
        _("## Getting ready"),
        _(
            "To find the first dealer, the cards are dealt face up one by one: whoever gets "
            "the first spade deals first, the 2 of spades included (AMZ-R05, E-02). Each "
            "round, everyone is dealt 13 cards and one secret program card: the "
            "combinations they must lay (AMZ-R06, AMZ-R08)."
        ),
        _(
            "A sun card is a program completed for free: it is laid with your completed "
            "programs and you are dealt another program card at once (AMZ-R03, AMZ-R07)."
        ),
        _("## Programs"),
        _(
            "A program asks for runs (cards that follow each other, all of one suit) and sets "
            "(cards of one value, any suits), each with exactly the number of cards shown "
            "(AMZ-R15, E-08). A program card may also ask for fixed values, allow only some "
            "suits, need its combination twice or three times (2x, 3x), or forbid wilds "
            "(AMZ-R16, E-10)."
        ),
        _(
            "Every combination needs at least one natural card, not only a wild (AMZ-R17, "
            "E-07). A wild stands for the card you say when you lay it, and keeps that value "
            "until the round is over: nobody takes it back or moves it (AMZ-R25, E-06)."
        ),
        _("## A turn"),
        _(
            "1. Draw from the draw pile or take the top of the discard pile; with exactly one "
            "card in your hand you must draw from the draw pile (AMZ-R10, E-16).\n"
            "2. If you hold your whole program you may reveal it: lay all its combinations "
            "at once (v, or a for the list), at most once a round (AMZ-R11, AMZ-R14, E-09).\n"
            "3. End by discarding a card (x), unless you have just laid your last card "
            "(AMZ-R13, E-18)."
        ),
        _(
            "Before revealing you may not add cards to anyone's combinations, and you have no "
            "other way to put cards on the table (AMZ-R22). Once revealed, for the rest of the "
            "round, you may lay new sets of 3 or more cards (n) and add cards to any "
            "combination on the table (g), but you may never start a new run (AMZ-R20, "
            "AMZ-R21, E-14). Combinations grow but are never split (AMZ-R23)."
        ),
        _("## The end of a round and of the game"),
        _(
            "The round ends when someone has no card left, or once everyone has revealed "
            "(AMZ-R28, E-19). A revealed program counts as completed (AMZ-R18). Only those "
            "who completed their program get a new one; an unrevealed program is kept for "
            "the next round (AMZ-R29). The first to complete five programs, sun cards "
            "included, wins at once; there are no points (AMZ-R30, AMZ-R32)."
        ),
        _(
            "Program swap (AMZ-R31, an option chosen on the new-game screen): a player who "
            "has failed with the same program for 3 rounds may swap it for another at the "
            "start of a round (w) (E-21)."
        ),
        _("## Keys at the table"),
        _(
            "d draw, t take the discard, arrows and space or the number keys choose cards (c "
            "a card by its number), v reveal, a list every reveal, n a new set, g add the "
            "chosen card to a combination, x discard, w swap your program, h hint, s change "
            "the order of your hand, r these rules, q save and quit."
        ),
    ]


def programmes_rules_markdown(rules: Any = None) -> str:
    """The programmes game's rules screen as Markdown; with ``rules``, whether the program
    swap is on.

    >>> text = programmes_rules_markdown()
    >>> all(rule in text for rule in ("AMZ-R21", "AMZ-R22", "AMZ-R10", "AMZ-R31", "E-02"))
    True
    """
    paragraphs = _programmes_rules()
    swap = getattr(rules, "program_swap_after", None)
    if rules is not None:
        if swap:
            line = ngettext(
                "In this game the program swap is on: after {count} failed round.",
                "In this game the program swap is on: after {count} failed rounds.",
                swap,
            )
            paragraphs.insert(1, line.format(count=swap))
        else:
            paragraphs.insert(1, _("In this game the program swap is off."))
    return "\n\n".join(paragraphs)
