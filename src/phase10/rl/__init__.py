"""Reinforcement learning with both games: a PettingZoo AEC environment (one agent per seat),
a Gymnasium single-agent wrapper whose other seats are the project's bots, and the fixed
action spaces and observation encodings they share (docs/rl.md). Install with
``pip install -e '.[rl]'``.

>>> from phase10.rl import env
>>> e = env(game="phase10", players=3, seed=1)
>>> e.reset(seed=1)
>>> sorted(e.possible_agents)
['player_0', 'player_1', 'player_2']
>>> import gymnasium
>>> single = gymnasium.make("phase10/Phase10-v0", players=2, opponents="greedy")
>>> single.action_space
Discrete(2097)
"""

from __future__ import annotations

import gymnasium

from phase10.rl.aec import RawEnv, env
from phase10.rl.spec import RLSpec, gymnasium_id, learning_games, spec_for

raw_env = RawEnv

# gymnasium.make("phase10/Phase10-v0", opponents="greedy"), and the same for every registered
# game that shows itself to learning agents. The id's game goes under its own name, not as
# ``game``: Gymnasium lets the caller's arguments replace the registered ones, so a ``game``
# given to ``make`` would otherwise build another game's environment under this id.
for _game in learning_games():
    if gymnasium_id(_game) not in gymnasium.registry:
        gymnasium.register(
            id=gymnasium_id(_game),
            entry_point="phase10.rl.gym_env:registered_env",
            kwargs={"registered_game": _game},
        )

__all__ = ["RLSpec", "RawEnv", "env", "gymnasium_id", "learning_games", "raw_env", "spec_for"]
