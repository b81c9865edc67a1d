"""A bot of your own for the programmes game (the amüze program-card rummy): it reveals its
program, lays new sets and adds to combinations whenever it can, draws from the draw pile,
never throws a wild, and discards the rank it holds fewest of. docs/writing-a-bot.md walks
through it.

Play it against the built-in greedy bot (from the repository's root):

    PYTHONPATH=examples .venv/bin/phase10 simulate --game programmes \\
        --bots myprogrammesbot:KeeperBot,greedy --games 200 --duplicate
"""

from __future__ import annotations

import random
from collections import Counter

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
)
from phase10.games.programmes.cards import IS_WILD, RANK_OF
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.actions import Draw, Source


class KeeperBot:
    """Reveal, lay and add at once; never take from the discard pile; keep the wilds and
    throw the loneliest rank (fewest copies in hand), highest first."""

    name = "keeper"
    games = ("programmes",)

    def choose(self, view: ProgrammeView, rng: random.Random) -> ProgrammeAction:
        legal = view.legal  # every action the rules allow now: choose one of them
        for kind in (Reveal, Meld, Extend):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if Draw(Source.DRAW_PILE) in legal:
            return Draw(Source.DRAW_PILE)
        discards = [a for a in legal if isinstance(a, DiscardCard)]
        plain = [a for a in discards if not IS_WILD[a.card]] or discards
        if not plain:  # nothing to discard is offered: a swap or the like is all there is
            return rng.choice(legal)
        copies = Counter(RANK_OF[c] for c in view.hand if not IS_WILD[c])
        return min(plain, key=lambda a: (copies[RANK_OF[a.card]], -RANK_OF[a.card]))
