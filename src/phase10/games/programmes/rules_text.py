"""The rules screen's text for the programmes game, in the project's own words with the rule
ids of docs/rules, in the reader's language. Each front end adds its own keys
(``Game.rules_text``).
"""

from __future__ import annotations

from typing import Final

from phase10.games.programmes.rules import ProgrammeRules
from phase10.kernel.i18n import Translator, translator

__all__ = ["rules_text"]

#: The words of the game's printed leaflet, which is French, beside the game's own where the
#: rules first speak of the thing: a family who learnt the game from it finds its "réserve"
#: (the draw pile), its "croupier" (the dealer), its "pareilles" (sets), its "frimes"
#: (wilds) and its "sortes" (suits). Keyed by the rule the paragraph gives; in the
#: leaflet's language only, as its words are not those of any other language's rules.
_LEAFLET_WORDS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "AMZ-R02": (
            "Le dépliant amüze appelle les jokers et les 2 des « frimes », et les couleurs "
            "des « sortes »."
        ),
        "AMZ-R05": "Le donneur est le « croupier » du dépliant.",
        "AMZ-R15": "Les séries sont les « pareilles » du dépliant.",
        "AMZ-R10": "La pioche est la « réserve » du dépliant.",
    },
}


def _programmes_rules(tr: Translator, to_win: int) -> list[str]:
    # One paragraph per entry, each a complete text for translators; the rule ids are those
    # of docs/rules (AMZ-Rnn: the leaflet's rules, E-nn: our decisions where it is silent).
    _ = tr.gettext
    # The number of programs to win is the table's (five in the leaflet, AMZ-R30).
    winning = tr.ngettext(
        "The first to complete {count} program, sun cards included, wins at once; there are "
        "no points (AMZ-R30, AMZ-R32).",
        "The first to complete {count} programs, sun cards included, wins at once; there are "
        "no points (AMZ-R30, AMZ-R32).",
        to_win,
    ).format(count=to_win)
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
            "round, everyone is dealt 13 cards. Everyone starts with one secret program "
            "card: the combinations they must lay (AMZ-R06, AMZ-R08); only a player who "
            "completed theirs is dealt a new one for the next round (AMZ-R29)."
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
            "the next round (AMZ-R29)."
        )
        + " "
        + winning,
        _(
            "Program swap (AMZ-R31, an option chosen when a game is set up): a player who "
            "has failed with the same program for 3 rounds may swap it for another at the "
            "start of a round (e) (E-21)."
        ),
    ]


def _with_leaflet_words(text: str, leaflet: dict[str, str]) -> str:
    """``text`` with the leaflet's words for what it introduces, each right after the
    sentence that cites its rule (the rule ids are the same in every language).

    >>> _with_leaflet_words("Draw (AMZ-R10). Discard.", {"AMZ-R10": "Say reserve."})
    'Draw (AMZ-R10). Say reserve. Discard.'
    """
    for rule, words in leaflet.items():
        cited = text.find(f"({rule}")
        end = text.find(").", cited) if cited >= 0 else -1
        if end >= 0:
            text = f"{text[: end + 2]} {words}{text[end + 2 :]}"
    return text


def _swap_paragraph(swap: int | None, tr: Translator) -> str:
    """AMZ-R31 as this game plays it: the number of rounds it was set up with, or off."""
    if not swap:
        return tr.gettext("Program swap (AMZ-R31) is off in this game: nobody may swap a program.")
    return tr.ngettext(
        "Program swap (AMZ-R31): in this game a player who has failed with the same program "
        "for {count} round may swap it for another at the start of a round (e) (E-21).",
        "Program swap (AMZ-R31): in this game a player who has failed with the same program "
        "for {count} rounds may swap it for another at the start of a round (e) (E-21).",
        swap,
    ).format(count=swap)


def rules_text(rules: ProgrammeRules | None = None, lang: str | Translator = "en") -> str:
    """The programmes game's rules in Markdown, in ``lang``; with ``rules``, whether the
    program swap is on. A front end adds its own keys.

    >>> text = rules_text()
    >>> all(rule in text for rule in ("AMZ-R21", "AMZ-R22", "AMZ-R10", "AMZ-R31", "E-02"))
    True
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    paragraphs = _programmes_rules(tr, getattr(rules, "programs_to_win", 5))
    leaflet = _LEAFLET_WORDS.get(str(tr.info().get("language", "en")), {})
    paragraphs = [_with_leaflet_words(text, leaflet) for text in paragraphs]
    swap = getattr(rules, "program_swap_after", None)
    if rules is not None:
        paragraphs[-1] = _swap_paragraph(swap, tr)
        if swap:
            line = tr.ngettext(
                "In this game the program swap is on: after {count} failed round.",
                "In this game the program swap is on: after {count} failed rounds.",
                swap,
            )
            paragraphs.insert(1, line.format(count=swap))
        else:
            paragraphs.insert(1, tr.gettext("In this game the program swap is off."))
    return "\n\n".join(paragraphs)
