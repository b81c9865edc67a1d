"""The programmes game's decision-focused search: perfect-information Monte Carlo (PIMC) with
paired rollouts over ``sharp``'s candidate moves, as Phase 10's ``pimc`` does.

Not a tree search. At a draw or a discard the bot

1. asks its *prior* (``sharp``, :mod:`phase10.games.programmes.sharp`) for its move, and lists
   the *candidates*: drawing from the reserve and taking the discard pile's top (AMZ-R10);
   the prior's discard and the next best by its ranking, never a wild. Swaps (E-21), reveals,
   new sets and extensions are the prior's: they are (almost) never wrong in a race, and
   searching them multiplies the cost;
2. deals what the seat cannot see at random, consistently with its view (the game's
   determinizer: other hands, the reserve, the programs not yet shown, E-28), and plays
   **every** candidate on that **same** deal, each followed by a rollout to the end of the
   manche in which every seat plays as ``sharp`` does, with the same tie-breaking draws
   (common random numbers);
3. scores each rollout's end for the seat as the tree search does (the game won; else the
   lead in program cards completed, so a manche where the seat completes its program and
   the others do not is worth most), and repeats with new deals while the budget lasts.

For each candidate the per-deal differences from the prior's move cancel most of the luck
of the deal; a candidate is played instead of the prior's move only when its mean difference
beats ``confidence`` standard errors of that difference over at least ``MIN_DEALS`` deals.
So with a tiny budget it plays exactly as ``sharp``.

Budgets: ``iterations`` counts rollouts (one deal costs one rollout per candidate),
``seconds`` bounds the time of a decision: the search stops when one more rollout would
probably overrun it, and a deal left incomplete is not counted.

>>> import random
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=2, seed=4)
>>> view = view_for(state, state.current)
>>> bot = ProgrammesPIMCBot(iterations=40)
>>> bot.choose(view, random.Random(1)) in view.legal, bot.last_iterations
(True, 40)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from phase10.games.programmes.actions import DiscardCard, ProgrammeAction, SwapProgram
from phase10.games.programmes.cards import IS_WILD
from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.search import PROGRAMMES
from phase10.games.programmes.sharp import SharpProgrammeBot
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action
from phase10.games.programmes.view import ProgrammeView, view_for
from phase10.kernel.actions import Draw
from phase10.kernel.paired import paired_choice
from phase10.kernel.state import Stage

__all__ = ["DEFAULT_ROLLOUTS", "ProgrammesPIMCBot"]

#: The budget when neither ``iterations`` nor ``seconds`` is given (rollouts per decision).
DEFAULT_ROLLOUTS: Final = 200
#: How many discards are compared: the prior's own and the next best by its ranking.
DISCARD_CANDIDATES: Final = 4
#: Standard errors of the paired difference a candidate must beat the prior's move by.
CONFIDENCE: Final = 2.0
#: Deals needed before a candidate can overrule the prior.
MIN_DEALS: Final = 6
#: A rollout that has not ended the manche after this many decisions is scored as it stands.
ROLLOUT_CAP: Final = 400
#: The prior and every seat's policy in the rollouts (stateless: one serves every search).
_SHARP: Final = SharpProgrammeBot()


class ProgrammesPIMCBot:
    """``sharp``, corrected by paired determinized rollouts (see the module docstring).

    ``iterations`` (rollouts) and ``seconds`` bound each decision (default:
    ``DEFAULT_ROLLOUTS`` rollouts); ``confidence`` is how many standard errors of the paired
    difference a candidate must beat the prior's move by; ``candidates`` how many discards
    are compared. With ``iterations`` alone the play is a function of the view and ``rng``.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        confidence: float = CONFIDENCE,
        candidates: int = DISCARD_CANDIDATES,
        name: str | None = None,
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
        #: Rollouts run by the last decision (0 when the prior's move was played unsearched).
        self.last_iterations = 0

    def choose(self, view: ProgrammeView, rng: random.Random) -> ProgrammeAction:
        """``sharp``'s move, or a candidate that did clearly better on the same deals."""
        self.last_iterations = 0
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        start = self.clock()
        preferred = _SHARP.choose(view, rng)
        options = self._candidates(view, preferred)
        if len(options) < 2:
            return preferred
        return self._search(view, options, rng, start)

    def _candidates(self, view: ProgrammeView, preferred: ProgrammeAction) -> list[ProgrammeAction]:
        """The prior's move first, then the alternatives worth comparing with it."""
        if view.stage is Stage.DRAW:
            if SwapProgram() in view.legal:
                return [preferred]  # the swap is the prior's (E-21)
            return [preferred, *(a for a in view.legal if isinstance(a, Draw) and a != preferred)]
        if not isinstance(preferred, DiscardCard):
            return [preferred]  # reveals, new sets and extensions are the prior's
        options: list[ProgrammeAction] = [preferred]
        for action in _SHARP.discard_ranking(view):
            if len(options) >= self.candidates:
                break
            if not IS_WILD[action.card] and action not in options:
                options.append(action)
        return options

    def _search(
        self,
        view: ProgrammeView,
        options: Sequence[ProgrammeAction],
        rng: random.Random,
        start: float,
    ) -> ProgrammeAction:
        seat = view.seat

        def deal(_index: int) -> ProgrammeState:
            return determinize(view, rng)

        def rollout(state: ProgrammeState, action: ProgrammeAction, ties: int) -> float:
            return _rollout(apply_action(state, action), state, seat, ties)

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


def _rollout(state: ProgrammeState, root: ProgrammeState, seat: int, ties: int) -> float:
    """``seat``'s reward after every seat plays as ``sharp`` to the end of the manche."""
    rng = random.Random(ties)
    for _ in range(ROLLOUT_CAP):
        if PROGRAMMES.stop(state, root):
            break
        state = apply_action(state, _SHARP.choose(view_for(state, state.current), rng))
    return PROGRAMMES.rewards(state, root, PROGRAMMES.stop(state, root))[seat]
