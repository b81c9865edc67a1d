"""The full screen's rules screen: a game's own rules (``Game.rules_text``) and the keys of
the table for that game, the moves it has only (docs/keys.md).

>>> from phase10.api import find_variant
>>> text = rules_markdown(find_variant("standard"))
>>> "| 10 | set of 5 + set of 3 |" in text, "## Keys at the table" in text
(True, True)
>>> "l lay down your phase" in text, "v reveal" in text
(True, False)
>>> text = rules_markdown(find_variant("programmes"))
>>> all(rule in text for rule in ("AMZ-R21", "AMZ-R22", "AMZ-R10", "AMZ-R31", "E-02"))
True
>>> "v reveal your program" in text, "l lay down" in text
(True, False)
"""

from __future__ import annotations

from typing import Any, Final

from phase10 import games
from phase10.kernel.i18n import N_
from phase10.tui.text import _, current

__all__ = ["keys_text", "move_kinds", "rules_markdown"]

#: The keys of the table every game has, first and last; between them each kind of move's
#: own key, for the games that have that kind (msgids).
KEYS_FIRST: Final = N_(
    "d draw, t take the discard, the arrows and Space or the number keys choose cards, "
    "Escape clears the choice, Enter plays the move highlighted in the list of your moves "
    "(Tab goes there)"
)
KEYS_OF_KIND: Final = (
    ("lay_down", N_("l lay down your phase")),
    ("reveal", N_("v reveal your program")),
    ("meld", N_("n lay a new set")),
    ("hit", N_("g hit a group with the chosen cards")),
    ("extend", N_("g extend a group with the chosen cards")),
    ("swap", N_("e swap your program")),
)
KEYS_LAST: Final = N_(
    "x discard the chosen card, i hint, o change the order of your hand, s the last results "
    "again, r these rules, q leave"
)


def move_kinds(rules: Any) -> frozenset[str]:
    """The kinds of move the game of ``rules`` has: those its presentation can say no to
    (``refusals``), read from a deal made for the purpose."""
    game = games.of(rules)
    players = game.min_players
    state = game.new_game(rules, players, 1)
    names = [str(seat) for seat in range(players)]
    return frozenset(game.present(game.view(state, 0), names, current()).refusals)


def keys_text(rules: Any) -> str:
    """The keys of the table for the game of ``rules``, in the reader's language."""
    kinds = move_kinds(rules)
    parts = [_(KEYS_FIRST), *(_(text) for kind, text in KEYS_OF_KIND if kind in kinds)]
    return ", ".join([*parts, _(KEYS_LAST)]) + "."


def rules_markdown(rules: Any) -> str:
    """The whole rules screen as Markdown for ``rules`` (of any game): the rules, then the
    keys of the table."""
    game = games.of(rules)
    text = [game.rules_text(rules, current()), _("## Keys at the table"), keys_text(rules)]
    return "\n\n".join(text)
