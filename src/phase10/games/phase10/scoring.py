"""Penalty points for cards left in hand (P10-R34, D-31).

>>> from phase10.games.phase10.cards import parse_cards
>>> score_cards(parse_cards("R1 B9 G10 Y12 S W"))
70
"""

from __future__ import annotations

from collections.abc import Iterable

from phase10.games.phase10.cards import POINTS_OF
from phase10.games.phase10.rules import RuleSet


def score_cards(cards: Iterable[int], rules: RuleSet | None = None) -> int:
    """The points ``cards`` cost their holder: 1-9 five, 10-12 ten, Skip 15, Wild 25.

    ``rules`` keeps the signature of the other helpers (``find_phase``); no flag of B.1
    changes scoring, so it is not read.
    """
    return sum(POINTS_OF[c] for c in cards)
