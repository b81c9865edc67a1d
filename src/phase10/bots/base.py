"""What a computer player is: it sees only a view and gets its randomness injected."""

from __future__ import annotations

import random
from typing import Protocol

from phase10.engine.actions import Action
from phase10.engine.view import PlayerView


class Bot(Protocol):
    """A computer player. ``choose`` must return one of ``view.legal``."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Pick the action for the seat whose view this is."""
        ...
