"""How fast a game checks whether a hand makes one of its goals (``GameCommands.fit``):
Phase 10's phases, the programmes game's programs.

The hands are as many cards as a hand holds during a turn (Phase 10: the 10 dealt plus the
draw, D-39), each from a fresh full deck, dealt by a seeded ``random.Random`` so runs are
comparable. Each goal is timed on the same hands for an equal share of the time budget.

>>> from phase10.games.phase10.commands import COMMANDS
>>> rules = COMMANDS.rules(None, None, [], None, "en")
>>> rates = measure_goal_checks(COMMANDS, rules, seconds=0.05, seed=3)
>>> list(rates) == list(range(1, 11)) and all(r > 0 for r in rates.values())
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from phase10.kernel.commands import GameCommands, Goal

__all__ = ["HANDS", "deal_hands", "measure_goal_checks"]

HANDS = 2000


def deal_hands(deck: Sequence[Any], count: int, seed: int, size: int) -> list[tuple[Any, ...]]:
    """``count`` hands of ``size`` cards, each from a fresh ``deck``.

    >>> deal_hands(range(10), 2, seed=1, size=3)
    [(2, 1, 4), (1, 7, 8)]
    """
    rng = random.Random(seed)
    return [tuple(rng.sample(list(deck), size)) for _ in range(count)]


def _rate(
    commands: GameCommands, hands: Sequence[Sequence[Any]], goal: Goal, rules: Any, budget: float
) -> float:
    fit = commands.fit
    calls = 0
    spent = 0.0
    while spent < budget:
        begin = time.perf_counter()
        for hand in hands:
            fit(hand, goal, rules)
        spent += time.perf_counter() - begin
        calls += len(hands)
    return calls / spent


def measure_goal_checks(
    commands: GameCommands, rules: Any, seconds: float = 2.0, seed: int = 1
) -> dict[object, float]:
    """Checks per second for each goal ``commands.timed(rules)`` names, by goal number."""
    goals, deck, size = commands.timed(rules)
    hands = deal_hands(deck, HANDS, seed, size)
    budget = seconds / len(goals)
    return {goal.number: _rate(commands, hands, goal, rules, budget) for goal in goals}
