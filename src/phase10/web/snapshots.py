"""A finished game's positions for its replay, kept every ``SNAPSHOT_EVERY`` actions, so that
showing step N applies at most ``SNAPSHOT_EVERY - 1`` actions, not N (decision 0016).

The game's states are immutable values (decision 0004), so a position kept is simply the
state object. The positions are filled as far as the steps asked for, and belong to the match
they replay: when the table leaves memory, they go with it.

>>> from phase10.match import Match, Seat
>>> from phase10.bots import make_bot
>>> from phase10 import find_variant
>>> rules = find_variant("standard+n_phases=1")
>>> match = Match.start(rules, [Seat("A", make_bot("greedy")), Seat("B", make_bot("greedy"))], 2)
>>> _ = match.run_bots_until_human()
>>> positions = positions_of(match)
>>> end = positions.at(match.version)
>>> match.game.view(end, 0) == match.view(0), positions.applied == match.version
(True, True)
>>> before = positions.applied
>>> _ = positions.at(match.version - 1)
>>> positions.applied - before < SNAPSHOT_EVERY
True
"""

from __future__ import annotations

import weakref
from typing import Any, Final

from phase10.match import Match

__all__ = ["SNAPSHOT_EVERY", "Positions", "positions_of"]

#: Actions between two kept positions: a step costs at most this many actions applied.
SNAPSHOT_EVERY: Final = 32

_KEPT: weakref.WeakKeyDictionary[Match, Positions] = weakref.WeakKeyDictionary()


class Positions:
    """The positions of one game's record every ``every`` actions, filled on demand."""

    def __init__(self, record: Any, every: int = SNAPSHOT_EVERY) -> None:
        self.record = record
        self.every = every
        self.steps = len(record.actions)
        #: ``states[i]``: the game after its first ``i * every`` actions.
        self.states: list[Any] = [record.new_state()]
        #: Actions applied so far, all steps together (what a step costs, for tests).
        self.applied = 0

    def at(self, step: int) -> Any:
        """The game after its first ``step`` actions (clamped to the game)."""
        step = max(0, min(step, self.steps))
        index = step // self.every
        while len(self.states) <= index:
            start = (len(self.states) - 1) * self.every
            self.states.append(self._apply(self.states[-1], start, start + self.every))
        return self._apply(self.states[index], index * self.every, step)

    def _apply(self, state: Any, start: int, end: int) -> Any:
        game = self.record.game
        for action in self.record.actions[start:end]:
            state = game.apply(state, action)
        self.applied += max(0, end - start)
        return state


def positions_of(match: Match) -> Positions:
    """The kept positions of ``match`` (made on first use; made anew if it moved on)."""
    positions = _KEPT.get(match)
    if positions is None or positions.steps != len(match.record.actions):
        positions = _KEPT[match] = Positions(match.record)
    return positions
