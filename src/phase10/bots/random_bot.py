"""The simplest computer players, for every game: uniformly random, and a wrapper that
sometimes plays randomly."""

from __future__ import annotations

import random
from typing import Any

from phase10.kernel.bots import AnyBot


class RandomBot:
    """Plays a uniformly random legal action; a baseline and a fuzzer for the engine.

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> state = new_game(RuleSet(), players=2, seed=1)
    >>> view = view_for(state, state.current)
    >>> RandomBot().choose(view, random.Random(0)) in view.legal
    True
    """

    name = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal)


class EpsilonBot:
    """``inner`` with probability ``1 - epsilon``, else a uniformly random legal action.

    This is how the easier levels play: a strong player who blunders now and then.

    >>> from phase10.games.phase10.greedy import GreedyBot
    >>> easy = EpsilonBot(GreedyBot(), 0.3, name="easy")
    >>> easy.name, easy.epsilon
    ('easy', 0.3)
    """

    def __init__(self, inner: AnyBot, epsilon: float, *, name: str | None = None) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {epsilon!r}")
        self.inner = inner
        self.epsilon = epsilon
        self.name = name if name is not None else f"{inner.name}~{epsilon:g}"

    def choose(self, view: Any, rng: random.Random) -> Any:
        # One draw from rng per decision either way keeps the stream easy to reason about.
        if rng.random() < self.epsilon:
            return rng.choice(view.legal)
        return self.inner.choose(view, rng)
