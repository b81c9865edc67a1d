"""The rules screen's text for Phase 10: the phases in play, read from the ``RuleSet``, and the
main rules in the project's own words (adapted from the rulebook Part A, which is ours), in the
reader's language. Each front end adds its own keys (``Game.rules_text``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from phase10.games.phase10.choices import number_words, rules_words
from phase10.games.phase10.narration import phase_description
from phase10.games.phase10.rules import (
    FirstDealer,
    NaturalCardScope,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.variants import rule_changes
from phase10.kernel.i18n import Translator, translator

__all__ = ["markdown_text", "rules_text"]


def _main_rules(rules: RuleSet, _: Callable[[str], str]) -> list[str]:
    """The main rules as ``rules`` play them: each house rule's flag picks its own paragraph
    or sentence, so the screen never describes another game than the one in play (B.1)."""
    # One paragraph per entry, or one sentence where flags combine: each is a complete text
    # for translators.
    return [
        _("## The cards"),
        _(
            "108 cards: the numbers 1 to 12 in red (R), blue (B), yellow (Y) and green (G), "
            "two of each; 8 Wilds (W) and 4 Skips (S). Every card on screen shows its letter "
            "and number, so colour is never the only clue."
        ),
        *_first_dealer(rules, _),
        _("## A turn"),
        _turn(rules, _),
        *_taking(rules, _),
        *_going_out(rules, _),
        _("## Groups"),
        _groups(rules, _),
        _("## Skips"),
        _skips(rules, _),
        _("## The end of a hand"),
        _hand_end(rules, _),
        _("## Winning"),
        _winning(rules, _),
    ]


def _phases_intro(rules: RuleSet, _: Callable[[str], str]) -> str:
    if rules.progression is Progression.EVERY_HAND:
        return _(
            "In each hand everyone tries the same phase, the next one in the list, and everyone "
            "moves up after every hand, made or not. Making your phase still matters: you need "
            "it down to hit and to go out."
        )
    if rules.progression is Progression.PICK_ANY:
        return _(
            "In each hand you may lay down any one phase of the list that you have not made "
            "yet, and you say which when you lay it down. Each phase can be made only once."
        )
    return _("Each player works through the phases in order, one per hand at most.")


def _first_dealer(rules: RuleSet, _: Callable[[str], str]) -> list[str]:
    if rules.first_dealer is FirstDealer.YOUNGEST_STARTS:
        return [
            _(
                "The youngest player plays first, so the player on their right deals the first "
                "hand. The program takes the player in the first seat as the youngest."
            )
        ]
    if rules.first_dealer is FirstDealer.HIGH_CARD:
        return [
            _(
                "To choose the first dealer everyone draws a card, and the highest number "
                "deals; players who tie for it draw again."
            )
        ]
    return []


def _turn(rules: RuleSet, _: Callable[[str], str]) -> str:
    if not rules.hit_others_on_laydown_turn:
        return _(
            "1. Draw one card: the top of the draw pile, or the top of the discard pile unless "
            "it is a Skip (a Skip on the discard pile can never be taken).\n"
            "2. If you hold your whole phase, you may lay it down, all groups at once.\n"
            "3. Once your phase is down, you may hit: add cards to any group on the table, "
            "yours or another player's; but in the turn you lay down, only to your own groups.\n"
            "4. Discard one card to end your turn."
        )
    return _(
        "1. Draw one card: the top of the draw pile, or the top of the discard pile unless "
        "it is a Skip (a Skip on the discard pile can never be taken).\n"
        "2. If you hold your whole phase, you may lay it down, all groups at once.\n"
        "3. Once your phase is down, you may hit: add cards to any group on the table, "
        "yours or another player's.\n"
        "4. Discard one card to end your turn."
    )


def _taking(rules: RuleSet, _: Callable[[str], str]) -> list[str]:
    if rules.wild_from_discard:
        return []
    return [
        _(
            "A Wild on the discard pile cannot be taken either, not even one turned up at the "
            "start of a hand: draw from the draw pile."
        )
    ]


def _going_out(rules: RuleSet, _: Callable[[str], str]) -> list[str]:
    said = []
    if rules.go_out_requires_discard:
        said.append(
            _(
                "You go out only with a discard: laying down and hitting must leave you at "
                "least one card to discard."
            )
        )
    if not rules.skip_can_go_out:
        said.append(_("A Skip may not be the last card you go out with."))
    return said


def _groups(rules: RuleSet, _: Callable[[str], str]) -> str:
    if rules.natural_card_scope is NaturalCardScope.PER_PHASE:
        return _(
            "A **set** is cards of one number, in any colours. A **run** is cards with "
            "consecutive numbers, in any colours; numbers go from 1 to 12 and do not wrap "
            "around. A **colour group** is cards of one colour. A Wild stands for any number "
            "or colour and keeps that value until the hand ends; a phase needs at least one "
            "natural card in all, not one in each group. A Skip is never part of a group."
        )
    return _(
        "A **set** is cards of one number, in any colours. A **run** is cards with "
        "consecutive numbers, in any colours; numbers go from 1 to 12 and do not wrap "
        "around. A **colour group** is cards of one colour. A Wild stands for any number "
        "or colour and keeps that value until the hand ends; every group needs at least "
        "one natural card. A Skip is never part of a group."
    )


def _skips(rules: RuleSet, _: Callable[[str], str]) -> str:
    standard = (
        rules.skip_target is SkipTarget.CHOSEN
        and rules.skip_delivery is SkipDelivery.DISCARD
        and rules.skip_limit is SkipLimit.PER_CIRCUIT
    )
    if standard:
        return _(
            "Discarding a Skip makes another player lose their next turn. Nobody loses two "
            "turns in a row, and if nobody can be skipped the Skip has no effect."
        )
    if rules.skip_target is SkipTarget.NEXT:
        said = [_("Discarding a Skip makes the next player lose their next turn.")]
    else:
        said = [_("Discarding a Skip makes another player, of your choice, lose their next turn.")]
    if rules.skip_delivery is SkipDelivery.PLACED:
        said.append(
            _(
                "The Skip lies face up in front of that player until their lost turn; the "
                "discard pile's top card stays there for the next player."
            )
        )
    limit = {
        SkipLimit.PER_CIRCUIT: _("Nobody loses two turns in a row."),
        SkipLimit.PER_HAND: _("Each player can be the target of a Skip only once per hand."),
        SkipLimit.PENDING_ONLY: _(
            "A player cannot be picked while a Skip against them is still waiting."
        ),
        SkipLimit.NONE: _("There is no limit: a player may lose turn after turn."),
    }
    said.append(limit[rules.skip_limit])
    if rules.skip_limit is not SkipLimit.NONE:
        said.append(_("If nobody can be skipped, the Skip has no effect."))
    return " ".join(said)


def _hand_end(rules: RuleSet, _: Callable[[str], str]) -> str:
    if rules.progression is Progression.EVERY_HAND:
        return _(
            "A hand ends as soon as someone has no cards left. Everyone moves up to the next "
            "phase, made or not. Every player but the one who went out scores the cards left in "
            "their hand: 5 points for 1 to 9, 10 points for 10 to 12, 15 for a Skip and 25 for "
            "a Wild. Low scores are better."
        )
    if rules.progression is Progression.PICK_ANY:
        return _(
            "A hand ends as soon as someone has no cards left. Everyone who laid down a phase "
            "has made the phase they named; the others have made none in this hand. Every player "
            "but the one who went out scores the cards left in their hand: 5 points for 1 to 9, "
            "10 points for 10 to 12, 15 for a Skip and 25 for a Wild. Low scores are better."
        )
    return _(
        "A hand ends as soon as someone has no cards left. Everyone who laid down their "
        "phase moves up to the next phase; the others try the same phase again. The others "
        "score the cards left in their hands: 5 points for 1 to 9, 10 points for 10 to 12, "
        "15 for a Skip and 25 for a Wild. Low scores are better."
    )


def _winning(rules: RuleSet, _: Callable[[str], str]) -> str:
    if rules.progression is Progression.EVERY_HAND:
        said = _(
            "The game lasts one hand for each phase in the list; then the lowest total wins, "
            "and a tie on that is settled by a tie-break hand."
        )
    elif rules.progression is Progression.PICK_ANY:
        said = _(
            "When a hand ends, a player who has made every phase of the list wins. If "
            "several have, the lowest total wins; a tie on that is settled by a tie-break hand."
        )
    else:
        said = _(
            "The first player to complete the last phase wins at the end of that hand. If "
            "several players complete it in the same hand, the lowest total wins; a tie on "
            "that is settled by a tie-break hand."
        )
    if rules.tiebreak is Tiebreak.REPLAY_FIRST_LAYDOWN:
        return (
            said
            + " "
            + _(
                "In the tie-break hand the tied players all try to lay down a set of 5 and a set "
                "of 3; the first to lay it down wins at once."
            )
        )
    return said


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


def rules_text(rules: RuleSet, lang: str | Translator = "en") -> str:
    """The rules of Phase 10 as played under ``rules``, in Markdown, in ``lang``: the phases in
    play, the main rules in the project's own words, and how ``rules`` differ from the
    standard ones. A front end adds its own keys.

    >>> text = rules_text(RuleSet(), "en")
    >>> "| 10 | set of 5 + set of 3 |" in text, text.startswith("# Phase 10: the rules")
    (True, True)
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    _ = tr.gettext
    lines = [_("# Phase 10: the rules"), ""]
    # In words; a part the game does not list comes from a file: never read as Markdown.
    words = rules_words(rules.name, tr)
    lines += [_("Rules in play: {name}.").format(name=markdown_text(words)), ""]
    lines += [_("## The phases"), ""]
    lines += [_phases_intro(rules, _), ""]
    # "Phase", not "#": a screen reader and the line mode read each row by its column's
    # name ("Phase 4: What to lay down: run of 7").
    lines += ["| " + _("Phase") + " | " + _("What to lay down") + " |", "|---|---|"]
    lines += [f"| {p.number} | {phase_description(p, tr)} |" for p in rules.phases]
    lines.append("")
    for paragraph in _main_rules(rules, _):
        lines += [paragraph, ""]
    changed = rule_changes(rules, tr)
    if changed:
        lines += [_("## How these rules differ from the standard ones"), ""]
        # A number set by a variant is said as the new-table form asks for it ("Phases to
        # play: 2"): alone, ``phase_count = 2`` is spelt out letter by letter by a screen
        # reader.
        said_too = [(setting, number_words(setting, tr) or said) for setting, said in changed]
        lines += [
            f"- {said} (`{setting}`)" if said else f"- `{setting}`" for setting, said in said_too
        ]
    return "\n".join(lines)
