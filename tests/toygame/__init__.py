"""Climb, a toy third game (``game.py``): its own cards, actions, views and words, which no file
of the project knows. :func:`registered` adds it to the registry for one test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from phase10 import games


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """Climb in the game registry for the ``with`` block, and gone after it."""
    from toygame.game import GAME

    games.register(GAME)
    try:
        yield
    finally:
        games.unregister(GAME.name)
