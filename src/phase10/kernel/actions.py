"""The action both games share, drawing (P10-R13, AMZ-R10), and how an action's text splits.

>>> Draw(), str(Draw(Source.DISCARD_PILE))
(Draw(source=<Source.DRAW_PILE: 'draw_pile'>), 'take')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from phase10.kernel.errors import NotationError


class Source(StrEnum):
    """Where a card is drawn from."""

    DRAW_PILE = "draw_pile"
    DISCARD_PILE = "discard_pile"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the draw pile or of the discard pile (P10-R13 step 1)."""

    source: Source = Source.DRAW_PILE

    def __str__(self) -> str:
        return "draw" if self.source is Source.DRAW_PILE else "take"


def split_action(text: str) -> tuple[str, list[str], Draw | None]:
    """The verb and the other words of an action, and the ``Draw`` it is if it is one
    (``draw``, ``take``: the same in both games).

    >>> split_action("hit R7 on 1.0")
    ('hit', ['R7', 'on', '1.0'], None)
    """
    words = text.split()
    if not words:
        raise NotationError("kernel.empty_action")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("draw", "take") and not rest:
        return verb, rest, Draw(Source.DRAW_PILE if verb == "draw" else Source.DISCARD_PILE)
    return verb, rest, None
