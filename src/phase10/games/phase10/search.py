"""The hooks information-set search (``phase10.bots.ismcts``) needs of Phase 10: the
determinizer, the turn cycle, the fast rollout policy of :mod:`phase10.games.phase10.rollout`
and rollouts to the end of the current hand.

>>> import random
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=2, seed=3)
>>> guess = PHASE10.determinize(view_for(state, 0), random.Random(1))
>>> PHASE10.to_act(guess) == state.current, PHASE10.stop(guess, guess)
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from phase10.games.phase10.actions import Action
from phase10.games.phase10.determinize import determinize
from phase10.games.phase10.rollout import committed_action, leaf_rewards, policy_action
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, legal_actions
from phase10.games.phase10.view import PlayerView


@dataclass(frozen=True, slots=True)
class Phase10Search:
    """The Phase 10 hooks: the engine's determinize and turn cycle, the rollout policy of
    :mod:`phase10.games.phase10.rollout`, rollouts to the end of the current hand.

    ``shortcut``: decisions offering a lay-down or a hit follow the policy (see the module
    documentation).
    """

    shortcut: bool = True

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        return determinize(view, rng)

    def legal(self, state: GameState) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply_action(state, action)

    def to_act(self, state: GameState) -> int:
        return state.current

    def forced(self, state: GameState) -> Action | None:
        if not self.shortcut:
            return None
        return committed_action(state)

    def policy(self, state: GameState, rng: random.Random) -> Action:
        return policy_action(state, rng)

    def stop(self, state: GameState, root: GameState) -> bool:
        return state.outcome is not None or state.hand_number != root.hand_number

    def rewards(self, state: GameState, root: GameState, finished: bool) -> Sequence[float]:
        return leaf_rewards(state, hand_over=finished)


PHASE10: Final = Phase10Search()
