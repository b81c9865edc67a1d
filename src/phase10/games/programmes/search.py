"""The hooks information-set search (``phase10.bots.ismcts``) needs of the programmes game.

>>> import random
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=2, seed=3)
>>> guess = PROGRAMMES.determinize(view_for(state, 0), random.Random(1))
>>> PROGRAMMES.to_act(guess) == state.current, PROGRAMMES.forced(guess)
(True, None)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from phase10.games.programmes import turns as programmes_game
from phase10.games.programmes.actions import Extend, Meld, ProgrammeAction, Reveal
from phase10.games.programmes.determinize import determinize as programmes_determinize
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView


@dataclass(frozen=True, slots=True)
class ProgrammesSearch:
    """The programmes game's hooks: its own determinize and turn cycle; rollouts to the end of
    the manche with a random policy that reveals, melds and extends whenever it can (the
    game has no fast greedy policy on states yet); a finished game rewards its winner, else
    each seat is rewarded by its lead in program cards completed, as in Phase 10.
    """

    def determinize(self, view: ProgrammeView, rng: random.Random) -> ProgrammeState:
        return programmes_determinize(view, rng)

    def legal(self, state: ProgrammeState) -> Sequence[ProgrammeAction]:
        return programmes_game.legal_actions(state)

    def apply(self, state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
        return programmes_game.apply_action(state, action)

    def to_act(self, state: ProgrammeState) -> int:
        return state.current

    def forced(self, state: ProgrammeState) -> ProgrammeAction | None:
        return None

    def policy(self, state: ProgrammeState, rng: random.Random) -> ProgrammeAction:
        legal = programmes_game.legal_actions(state)
        melds = [a for a in legal if isinstance(a, Reveal | Meld | Extend)]
        return rng.choice(melds or legal)

    def stop(self, state: ProgrammeState, root: ProgrammeState) -> bool:
        return state.outcome is not None or state.hand_number != root.hand_number

    def rewards(self, state: ProgrammeState, root: ProgrammeState, finished: bool) -> list[float]:
        n = len(state.players)
        if state.outcome is not None:
            return [1.0 if s == state.outcome.winner else 0.0 for s in range(n)]
        done = [len(p.done) for p in state.players]
        return [
            1.0 / (1.0 + math.exp(-2.0 * (done[s] - max(done[t] for t in range(n) if t != s))))
            for s in range(n)
        ]


PROGRAMMES: Final = ProgrammesSearch()
