"""Computer players and the registry that names them.

Bots live in the application layer: they see a ``PlayerView`` (never the full state) and get
their randomness as a ``random.Random``, so a seeded game is always the same game.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("easy").name
'easy'
>>> make_bot("grandmaster")
Traceback (most recent call last):
...
ValueError: unknown bot 'grandmaster'; bots: random, greedy; levels: easy, medium, hard, expert
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from phase10.bots.base import Bot
from phase10.bots.greedy import GreedyBot
from phase10.bots.greedy_programmes import GreedyProgrammeBot
from phase10.bots.random_bot import EpsilonBot, RandomBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "EpsilonBot",
    "GreedyBot",
    "GreedyProgrammeBot",
    "RandomBot",
    "make_bot",
]

#: Bots by their own name; each plays both games (GreedyBot hands programmes views to
#: GreedyProgrammeBot).
BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

#: Difficulty levels offered to people, weakest first.
LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "easy": lambda: EpsilonBot(GreedyBot(), 0.3, name="easy"),
    "medium": lambda: EpsilonBot(GreedyBot(), 0.1, name="medium"),
    "hard": GreedyBot,
    # "expert" will move to the information-set MCTS bot once it exists; greedy until then.
    "expert": GreedyBot,
}


def make_bot(name: str) -> Bot:
    """A new bot by bot name (``random``, ``greedy``) or level (``easy`` ... ``expert``).

    >>> make_bot("Hard").name
    'greedy'
    """
    key = name.strip().lower()
    factory = BOTS.get(key) or LEVELS.get(key)
    if factory is None:
        raise ValueError(
            f"unknown bot {name!r}; bots: {', '.join(BOTS)}; levels: {', '.join(LEVELS)}"
        )
    return factory()
