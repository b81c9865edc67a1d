"""Reinforcement learning with both games: a PettingZoo AEC environment (one agent per seat),
a Gymnasium single-agent wrapper whose other seats are the project's bots, and the fixed
action spaces and observation encodings they share (docs/rl.md). Install with
``pip install -e '.[rl]'``.

>>> from phase10.rl import env
>>> e = env(game="phase10", players=3, seed=1)
>>> e.reset(seed=1)
>>> sorted(e.possible_agents)
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

from phase10.rl.aec import RawEnv, env
from phase10.rl.spec import RLSpec, spec_for

raw_env = RawEnv

__all__ = ["RLSpec", "RawEnv", "env", "raw_env", "spec_for"]
