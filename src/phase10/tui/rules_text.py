"""The full screen's rules screen: a game's own rules (``Game.rules_text``) and the keys of
the table screen that plays it (its ``KEYS_HELP``, a msgid).

>>> from phase10.api import find_variant
>>> text = rules_markdown(find_variant("standard"), "d draw")
>>> "| 10 | set of 5 + set of 3 |" in text, "## Keys at the table" in text
(True, True)
>>> text = rules_markdown(find_variant("programmes"))
>>> all(rule in text for rule in ("AMZ-R21", "AMZ-R22", "AMZ-R10", "AMZ-R31", "E-02"))
True
"""

from __future__ import annotations

from typing import Any

from phase10 import games
from phase10.tui.text import _, current

__all__ = ["rules_markdown"]


def rules_markdown(rules: Any, keys: str = "") -> str:
    """The whole rules screen as Markdown for ``rules`` (of any game): the rules, then
    ``keys`` (a msgid: the keys of the game's table screen), when there are any."""
    game = games.of(rules)
    text = [game.rules_text(rules, current())]
    if keys:
        text += [_("## Keys at the table"), _(keys)]
    return "\n\n".join(text)
