"""The full screen's rules screen: each game's rules (``Game.rules_text``) and the keys of the
full screen's table for that game.

>>> from phase10.games.phase10.rules import RuleSet
>>> text = rules_markdown(RuleSet())
>>> "| 10 | set of 5 + set of 3 |" in text, "## Keys at the table" in text
(True, True)
"""

from __future__ import annotations

from typing import Any

from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.rules_text import rules_text as phase10_rules_text
from phase10.games.programmes.rules_text import rules_text as programmes_rules_text
from phase10.tui.text import _, current

__all__ = ["programmes_rules_markdown", "rules_markdown"]


def _phase10_keys() -> list[str]:
    return [
        _("## Keys at the table"),
        _(
            "d draw, t take the discard, arrows and space or the number keys choose cards "
            "(the mouse works too), l lay down the chosen cards, a list every possible "
            "lay-down, i hint, g hit the chosen card on a group, x discard the chosen card, "
            "o change the order of your hand, r these rules, q save and quit."
        ),
    ]


def _programmes_keys() -> list[str]:
    return [
        _("## Keys at the table"),
        _(
            "d draw, t take the discard, arrows and space or the number keys choose cards (c "
            "a card by its number), v reveal, a list every reveal, n a new set, g add the "
            "chosen card to a combination, x discard, e swap your program, i hint, o change "
            "the order of your hand, r these rules, q save and quit."
        ),
    ]


def rules_markdown(rules: RuleSet) -> str:
    """The whole rules screen as Markdown for ``rules``: the rules, then the table's keys."""
    return "\n\n".join([phase10_rules_text(rules, current()), *_phase10_keys()])


def programmes_rules_markdown(rules: Any = None) -> str:
    """The programmes game's rules screen as Markdown; with ``rules``, whether the program
    swap is on.

    >>> text = programmes_rules_markdown()
    >>> all(rule in text for rule in ("AMZ-R21", "AMZ-R22", "AMZ-R10", "AMZ-R31", "E-02"))
    True
    """
    return "\n\n".join([programmes_rules_text(rules, current()), *_programmes_keys()])
