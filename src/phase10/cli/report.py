"""What ``check`` and ``odds`` print for either game: the same ``--json`` keys, the same
"possible" lines, the same Monte Carlo estimate with its 99% Wilson score interval.

>>> result = Estimate(hits=50, hands=100, seed=1)
>>> result.as_json("phase", 1, "standard")["probability"], result.interval()[0] < 0.5
(0.5, True)
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Final, TypeVar

from phase10.cli.progress import progress_reporter
from phase10.kernel.commands import Laid
from phase10.kernel.i18n import N_, translator

T = TypeVar("T")
CONFIDENCE: Final = 0.99
#: Hands between progress-bar updates: often enough to move, rarely enough to cost nothing.
_UPDATE_EVERY: Final = 500


# ---------------------------------------------------------------------------- check


def check_json(
    subject: str,
    number: object,
    requirement: str,
    groups: Sequence[Laid] | None,
    left: Sequence[object],
    rules: str,
) -> dict[str, object]:
    """The ``check --json`` object: ``subject`` is ``"phase"`` or ``"program"``."""
    return {
        subject: number,
        "requirement": requirement,
        "possible": groups is not None,
        "groups": [g.tokens() for g in groups or ()],
        "left_over": [str(c) for c in left],
        "rules": rules,
    }


def print_possible(title: str, groups: Sequence[str], left: str, lang: str) -> None:
    """The lines of a possible ``check`` in ``lang``: the title, each group as the game
    writes it, the cards left over."""
    tr = translator(lang)
    print(tr.gettext(N_("{goal}: possible")).format(goal=title))
    for group in groups:
        print(f"  {group}")
    left = left or tr.gettext(N_("(nothing)"))
    print("  " + tr.gettext(N_("left over: {cards}")).format(cards=left))


# ---------------------------------------------------------------------------- odds


@dataclass(frozen=True)
class Estimate:
    """``hits`` of ``hands`` random deals (from ``seed``) held what was asked."""

    hits: int
    hands: int
    seed: int

    @property
    def probability(self) -> float:
        return self.hits / self.hands

    def interval(self) -> tuple[float, float]:
        """The 99% Wilson score interval of the probability."""
        return wilson_interval(self.hits, self.hands, CONFIDENCE)

    def as_json(self, subject: str, number: object, rules: str) -> dict[str, object]:
        """The ``odds --json`` object: ``subject`` is ``"phase"`` or ``"program"``."""
        low, high = self.interval()
        return {
            subject: number,
            "hands": self.hands,
            "hits": self.hits,
            "probability": self.probability,
            "ci99": [low, high],
            "seed": self.seed,
            "rules": rules,
        }


def estimate(
    holds: Callable[[list[T]], bool], deck: Sequence[T], size: int, args: argparse.Namespace
) -> Estimate:
    """Deal ``--hands`` random ``size``-card hands from ``deck`` with ``--seed`` and count
    those that satisfy ``holds``; progress on stderr (a bar on a terminal, else a sentence
    every few seconds) unless ``--json`` or ``--quiet``."""
    quiet = bool(args.json or getattr(args, "quiet", False))
    with progress_reporter(args.hands, N_("hands"), quiet=quiet) as step:
        hits = count_deals(holds, deck, size, args.hands, args.seed, step=step)
    return Estimate(hits=hits, hands=args.hands, seed=args.seed)


def count_deals(
    holds: Callable[[list[T]], bool],
    deck: Sequence[T],
    size: int,
    hands: int,
    seed: int,
    *,
    step: Callable[[int, int], None] | None = None,
) -> int:
    """How many of ``hands`` random ``size``-card deals from ``deck`` satisfy ``holds``;
    ``step(done, hands)`` is told how far it is.

    A hand dealt from a freshly shuffled deck is a uniform random subset of it;
    ``rng.sample`` draws exactly that without shuffling the whole deck, and keeps the hands
    independent, as the confidence interval assumes.
    """
    rng = random.Random(seed)
    hits = 0
    done = 0
    while done < hands:
        batch = min(_UPDATE_EVERY, hands - done)
        for _ in range(batch):
            if holds(rng.sample(deck, size)):
                hits += 1
        done += batch
        if step is not None:
            step(done, hands)
    return hits


def wilson_interval(hits: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (good even when hits is 0 or n).

    >>> low, high = wilson_interval(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.0622)
    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.3753, 0.6247]
    """
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = hits / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # Rounding can push the ends a hair outside [0, 1] (or past p at 0 or n hits).
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))
