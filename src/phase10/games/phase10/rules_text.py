"""The rules screen's text for Phase 10: the phases in play, read from the ``RuleSet``, and the
main rules in the project's own words (adapted from the rulebook Part A, which is ours), in the
reader's language. Each front end adds its own keys (``Game.rules_text``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from phase10.games.phase10.choices import rules_words
from phase10.games.phase10.narration import phase_description
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.variants import rule_changes
from phase10.kernel.i18n import Translator, translator

__all__ = ["markdown_text", "rules_text"]


def _main_rules(_: Callable[[str], str]) -> list[str]:
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
    lines += [_("Each player works through the phases in order, one per hand at most."), ""]
    lines += ["| # | " + _("What to lay down") + " |", "|---|---|"]
    lines += [f"| {p.number} | {phase_description(p, tr)} |" for p in rules.phases]
    lines.append("")
    for paragraph in _main_rules(_):
        lines += [paragraph, ""]
    changed = rule_changes(rules, tr)
    if changed:
        lines += [_("## How these rules differ from the standard ones"), ""]
        lines += [
            f"- `{setting}`: {said}" if said else f"- `{setting}`" for setting, said in changed
        ]
    return "\n".join(lines)
