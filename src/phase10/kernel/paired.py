"""The paired comparison both games' ``pimc`` bots make: every candidate played on the same
deals of the hidden cards, and a candidate chosen over the first (the prior's move) only when
its mean per-deal difference beats ``confidence`` standard errors of that difference.

>>> import random
>>> deal = lambda _index: 0
>>> rollout = lambda _deal, option, _ties: float(option)
>>> paired_choice([0, 1, 2], deal, rollout, random.Random(1), iterations=30)
(2, 30)
>>> paired_choice([0, 1, 2], deal, rollout, random.Random(1), iterations=6)  # 2 deals: too few
(0, 6)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["paired_choice"]

S = TypeVar("S")
A = TypeVar("A")


def paired_choice(
    options: Sequence[A],
    deal: Callable[[int], S],
    rollout: Callable[[S, A, int], float],
    rng: random.Random,
    *,
    iterations: int | None = None,
    deadline: float = math.inf,
    start: float = 0.0,
    clock: Callable[[], float] | None = None,
    confidence: float = 2.0,
    min_deals: int = 6,
) -> tuple[A, int]:
    """The chosen option and the rollouts run.

    ``deal(i)`` is the ``i``-th deal (drawn from ``rng`` as the caller likes); each deal then
    draws 64 bits from ``rng`` that every option's ``rollout(deal, option, ties)`` shares
    (common random numbers). ``iterations`` bounds the rollouts; with a ``deadline`` (on
    ``clock``, counted from ``start``) the search stops when one more rollout of the average
    length would overrun, and a deal cut short is dropped.
    """
    k = len(options)
    deals_limit = max(1, iterations // k) if iterations is not None else 1 << 62
    # Sums of the paired differences (candidate minus the first option) and their squares.
    diff = [0.0] * k
    diff_sq = [0.0] * k
    deals = rollouts = 0
    timed_out = False
    while deals < deals_limit and not timed_out:
        state = deal(deals)
        ties = rng.getrandbits(64)
        rewards: list[float] = []
        for option in options:
            rewards.append(rollout(state, option, ties))
            rollouts += 1
            if deadline < math.inf and clock is not None:
                now = clock()
                if now + (now - start) / rollouts > deadline:
                    timed_out = True
                    break
        if len(rewards) < k:
            break
        base = rewards[0]
        for i in range(1, k):
            d = rewards[i] - base
            diff[i] += d
            diff_sq[i] += d * d
        deals += 1
    if deals < min_deals:
        return options[0], rollouts
    best, best_mean = 0, 0.0
    for i in range(1, k):
        mean = diff[i] / deals
        var = max((diff_sq[i] - deals * mean * mean) / (deals - 1), 1e-12)
        if mean > confidence * math.sqrt(var / deals) and mean > best_mean:
            best, best_mean = i, mean
    return options[best], rollouts
