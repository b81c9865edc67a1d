"""Computer players and the registry that names them.

Bots live in the application layer: they see a ``PlayerView`` (never the full state) and get
their randomness as a ``random.Random``, so a seeded game is always the same game.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("easy").name
'easy'
>>> make_bot("grandmaster")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown bot 'grandmaster'; bots: random, greedy, sharp, ismcts, pimc; levels: easy, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from phase10.bots.base import Bot
from phase10.bots.greedy import GreedyBot
from phase10.bots.greedy_programmes import GreedyProgrammeBot
from phase10.bots.ismcts import ISMCTSBot
from phase10.bots.pimc import PIMCBot
from phase10.bots.random_bot import EpsilonBot, RandomBot
from phase10.bots.sharp import SharpBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "EpsilonBot",
    "GreedyBot",
    "GreedyProgrammeBot",
    "ISMCTSBot",
    "PIMCBot",
    "RandomBot",
    "SharpBot",
    "make_bot",
]

#: Bots by their own name; each plays both games (GreedyBot hands programmes views to
#: GreedyProgrammeBot).
BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    # Greedy that keeps back what the next player has been taking from the discard pile.
    "sharp": SharpBot,
    # Information-set search with its default budget (200 iterations a decision).
    "ismcts": ISMCTSBot,
    # Greedy corrected by paired determinized rollouts (200 rollouts a decision).
    "pimc": PIMCBot,
}

#: Difficulty levels offered to people, weakest first: greedy with 30% and 10% random
#: blunders, sharp (greedy that watches the next player), and information-set search on top
#: of sharp with 1 s per decision (README, "Computer opponents", has their measured
#: strength; a lower bar for overruling sharp was tried there and lost real games). "hard"
#: is a heuristic, not a search: it answers at once and is deterministic, which the
#: full-screen game's tests and snapshots rely on. A budget in seconds keeps the expert's
#: wait the same on every machine; the price is that its play depends on the speed.
LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "easy": lambda: EpsilonBot(GreedyBot(), 0.3, name="easy"),
    "medium": lambda: EpsilonBot(GreedyBot(), 0.1, name="medium"),
    "hard": lambda: SharpBot(name="hard"),
    "expert": lambda: ISMCTSBot(seconds=1.0, name="expert"),
}


def make_bot(name: str) -> Bot:
    """A new bot by bot name (``random``, ``greedy``, ``sharp``, ``ismcts``, ``pimc``) or
    level (``easy`` ...).

    >>> make_bot("Hard").name
    'hard'
    """
    key = name.strip().lower()
    factory = BOTS.get(key) or LEVELS.get(key)
    if factory is None:
        raise ValueError(
            f"unknown bot {name!r}; bots: {', '.join(BOTS)}; levels: {', '.join(LEVELS)}"
        )
    return factory()
