"""Decision-focused determinized search: perfect-information Monte Carlo (PIMC) with paired
rollouts over a prior bot's candidate moves.

Not a tree search. At a decision the bot

1. asks its *prior* (by default :class:`~phase10.games.phase10.sharp.SharpBot`, greedy that watches
   the next player) for its move, and lists a few *candidates*: drawing or taking the
   discard pile's top; the discards greedy ranks best (plus the prior's own). Lay-downs,
   hits and Skips are played as the prior plays them (they are almost never wrong, and
   searching them multiplies the cost);
2. deals the unseen cards at random consistently with the seat's view
   (:func:`phase10.games.phase10.determinize.determinize`, which keeps the cards opponents took
   from the discard pile in their hands), and plays **every** candidate on that **same**
   deal: each is followed by a rollout to the end of the hand with the fast greedy-like policy
   of :mod:`~phase10.games.phase10.rollout` (its only chance, a tie between Skip targets, is
   drawn alike for all candidates, as is the deal: common random numbers);
3. scores each rollout's end for the seat with :func:`phase10.games.phase10.rollout.leaf_rewards`
   (phases completed, points, closeness to the phase), and repeats with new deals while the
   budget lasts.

The comparison is paired: for each candidate the per-deal differences of its reward and
the prior move's on the same deals have a much smaller spread than either reward alone (who gets the
good cards mostly cancels out). The candidate with the best mean difference is played if that
mean beats the prior move's by ``confidence`` standard errors of the paired difference;
otherwise the bot plays the prior's move. So with a tiny budget it plays exactly as its prior.

Budgets: ``iterations`` counts rollouts (one deal costs one rollout per candidate), ``seconds``
bounds the time per decision; the search stops when one more rollout would probably overrun
(a deal left incomplete is not counted).

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=3, seed=4)
>>> view = view_for(state, state.current)
>>> bot = PIMCBot(iterations=30)
>>> bot.choose(view, random.Random(1)) in view.legal
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from phase10.games.phase10.actions import Action, Discard, Draw
from phase10.games.phase10.cards import SKIP_CODE, WILD_CODE
from phase10.games.phase10.determinize import determinize
from phase10.games.phase10.rollout import leaf_rewards, policy_action, ranked_discards
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import apply_action
from phase10.games.phase10.view import PlayerView
from phase10.kernel.bots import AnyBot
from phase10.kernel.paired import paired_choice

#: The default prior (stateless, so one instance serves every search).
_SHARP: Final = SharpBot()

__all__ = ["DEFAULT_ROLLOUTS", "PIMCBot"]

#: The budget when neither ``iterations`` nor ``seconds`` is given (rollouts per decision).
DEFAULT_ROLLOUTS: Final = 200
#: How many discards are compared: the prior's own and the next best by greedy's ranking.
DISCARD_CANDIDATES: Final = 4
#: Standard errors of the paired difference a candidate must beat the prior's move by.
CONFIDENCE: Final = 2.0
#: Deals needed before a candidate can overrule the prior.
MIN_DEALS: Final = 6
#: A rollout that has not ended the hand after this many decisions is evaluated as it stands.
ROLLOUT_CAP: Final = 400


class PIMCBot:
    """Greedy, corrected by paired determinized rollouts (see the module docstring).

    ``iterations`` (rollouts) and ``seconds`` bound each decision (default:
    ``DEFAULT_ROLLOUTS`` rollouts); ``confidence`` is how many standard errors of the paired
    difference a candidate must beat the move of ``prior`` by (default: a ``SharpBot``).
    With ``iterations`` alone the play is
    a function of the view and ``rng``.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        confidence: float = CONFIDENCE,
        candidates: int = DISCARD_CANDIDATES,
        name: str | None = None,
        prior: AnyBot | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be greater than 0, not {seconds!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ROLLOUTS
        self.iterations = iterations
        self.seconds = seconds
        self.confidence = confidence
        self.candidates = candidates
        self.clock = clock
        self.name = name if name is not None else "pimc"
        self.prior: AnyBot = prior if prior is not None else _SHARP
        #: Rollouts run by the last search (0 when the prior's move was played unsearched).
        self.last_iterations = 0

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Greedy's move, or a candidate that did clearly better on the same deals."""
        self.last_iterations = 0
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        start = self.clock()
        preferred: Action = self.prior.choose(view, rng)
        first = determinize(view, rng)
        options = self._candidates(view, first, preferred)
        if len(options) < 2:
            return preferred
        return self._search(view, first, options, rng, start)

    def _candidates(self, view: PlayerView, state: GameState, preferred: Action) -> list[Action]:
        """Greedy's move first, then the alternatives worth comparing with it."""
        if view.stage is Stage.DRAW:
            return [preferred, *(a for a in view.legal if isinstance(a, Draw) and a != preferred)]
        if not isinstance(preferred, Discard) or preferred.card in (SKIP_CODE, WILD_CODE):
            return [preferred]  # lay-downs, hits and Skips are the prior's
        options: list[Action] = [preferred]
        for action in ranked_discards(state):
            if len(options) >= self.candidates:
                break
            if action.card not in (SKIP_CODE, WILD_CODE) and action not in options:
                options.append(action)
        return options

    def _search(
        self,
        view: PlayerView,
        first: GameState,
        options: Sequence[Action],
        rng: random.Random,
        start: float,
    ) -> Action:
        seat = view.seat

        def deal(index: int) -> GameState:
            return first if index == 0 else determinize(view, rng)

        def rollout(state: GameState, action: Action, ties: int) -> float:
            # Every candidate's rollout breaks ties (Skip targets) alike on one deal.
            return _rollout(apply_action(state, action), state, seat, random.Random(ties))

        choice, self.last_iterations = paired_choice(
            options,
            deal,
            rollout,
            rng,
            iterations=self.iterations,
            deadline=start + self.seconds if self.seconds is not None else math.inf,
            start=start,
            clock=self.clock,
            confidence=self.confidence,
            min_deals=MIN_DEALS,
        )
        return choice


def _rollout(state: GameState, root: GameState, seat: int, rng: random.Random) -> float:
    """``seat``'s reward after playing the policy for everyone to the end of the hand."""
    hand = root.hand_number
    for _ in range(ROLLOUT_CAP):
        if state.outcome is not None or state.hand_number != hand:
            break
        state = apply_action(state, policy_action(state, rng))
    finished = state.outcome is not None or state.hand_number != hand
    return leaf_rewards(state, hand_over=finished)[seat]
