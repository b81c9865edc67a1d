"""How fast :func:`phase10.games.phase10.finder.find_phase` runs on freshly dealt hands.

The hands are 11 cards (10 dealt plus the draw, D-39) from the 108-card deck, dealt by a
seeded ``random.Random`` so runs are comparable. Each phase of the standard rules is timed
on the same hands for an equal share of the time budget.

>>> rates = measure_find_phase(seconds=0.05, seed=3)
>>> sorted(rates) == list(range(1, 11)) and all(r > 0 for r in rates.values())
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from phase10.games.phase10.cards import Card, full_deck
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.rules import RuleSet

HAND_CARDS = 11
HANDS = 2000


def deal_hands(count: int, seed: int, size: int = HAND_CARDS) -> list[tuple[Card, ...]]:
    """``count`` hands of ``size`` cards, each from a fresh full deck."""
    rng = random.Random(seed)
    deck = full_deck()
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def _rate(hands: Sequence[Sequence[int]], phase_index: int, rules: RuleSet, budget: float) -> float:
    phase = rules.phases[phase_index]
    calls = 0
    spent = 0.0
    while spent < budget:
        begin = time.perf_counter()
        for hand in hands:
            find_phase(hand, phase, rules)
        spent += time.perf_counter() - begin
        calls += len(hands)
    return calls / spent


def measure_find_phase(seconds: float = 2.0, seed: int = 1) -> dict[int, float]:
    """Calls per second of ``find_phase`` for each phase number of the standard rules."""
    rules = RuleSet()
    hands = deal_hands(HANDS, seed)
    budget = seconds / len(rules.phases)
    return {
        phase.number: _rate(hands, index, rules, budget) for index, phase in enumerate(rules.phases)
    }
