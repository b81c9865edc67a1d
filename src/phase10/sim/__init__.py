"""Simulations and tournaments between bots (application layer: no interface imports).

>>> from phase10.sim import SimConfig, simulate, wilson
"""

from __future__ import annotations

from phase10.sim.runner import (
    BACKENDS,
    GAMES,
    BotSummary,
    GameResult,
    SimConfig,
    SimError,
    Summary,
    Tally,
    game_seed,
    play_game,
    simulate,
    wilson,
)
from phase10.sim.specs import parse_bots

__all__ = [
    "BACKENDS",
    "GAMES",
    "BotSummary",
    "GameResult",
    "SimConfig",
    "SimError",
    "Summary",
    "Tally",
    "game_seed",
    "parse_bots",
    "play_game",
    "simulate",
    "wilson",
]
