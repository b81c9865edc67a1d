"""A bot of your own, in one file: it lays down and hits whenever it can, draws from the draw
pile, and discards the card it can least use. docs/writing-a-bot.md walks through it.

Play it against the built-in greedy bot (from the repository's root):

    PYTHONPATH=examples .venv/bin/phase10 simulate --bots mybot:HoarderBot,greedy --games 200
"""

from __future__ import annotations

import random
from collections import Counter

from phase10.games.phase10.actions import Action, Discard, Hit, LayDown
from phase10.games.phase10.cards import Card
from phase10.games.phase10.view import PlayerView
from phase10.kernel.actions import Draw, Source


class HoarderBot:
    """Lay down at once, hit at once, never take from the discard pile; discard a Skip if it
    holds one, else the loneliest number (fewest copies in hand), highest first."""

    name = "hoarder"
    #: The games this bot knows (the programmes game has other actions and views).
    games = ("phase10",)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal  # every action the rules allow now: choose one of them
        for kind in (LayDown, Hit):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if Draw(Source.DRAW_PILE) in legal:
            return Draw(Source.DRAW_PILE)
        discards = [a for a in legal if isinstance(a, Discard)]
        skips = [a for a in discards if Card(a.card).is_skip]
        if skips:
            return rng.choice(skips)  # a Skip: any target will do
        copies = Counter(Card(c).number for c in view.hand)
        plain = [a for a in discards if not Card(a.card).is_wild] or discards
        return min(plain, key=lambda a: (copies[Card(a.card).number], -Card(a.card).number))
