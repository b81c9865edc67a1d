"""What a seat remembers of the hand beyond its view: the cards each player passed (left on
the discard pile to draw blind) and discarded. Every action of both games is public, so
any seat may keep this; the environment and a trained bot feed it the same way. It needs numpy
(the ``rl`` extra): only the games' learning codecs and :mod:`phase10.rl` import it, never the
engine.

>>> from phase10.games import get
>>> game = get("phase10")
>>> state = game.new_game(game.find_rules("standard"), 2, 1)
>>> memory = TableMemory(players=2, cards=50)
>>> top = state.discard_pile[-1]
>>> seat = state.current
>>> memory.record(state, game.legal_actions(state)[0])  # it draws blind: it passes the top
>>> int(memory.passed[seat][top]), int(memory.passed[1 - seat].sum())
(1, 0)
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from phase10.kernel.actions import Draw, Source


class TableMemory:
    """Per seat (absolute seat numbers) and per card code, the passed and discarded counts of
    hand ``hand``. ``record`` is called with the state *before* each action is applied; a
    reader whose view is of another hand reads zeros (the new hand has no history yet).

    The counts live in one C float array, ``rows``: per seat its ``cards`` passed counts, then
    its ``cards`` discarded counts, the order of the observations' fields, so an encoder copies
    a seat's memory with one slice. ``by_seat``, ``passed`` and ``discarded`` are numpy views
    of it.
    """

    __slots__ = ("by_seat", "cards", "discarded", "hand", "passed", "players", "rows", "width")

    def __init__(self, players: int, cards: int) -> None:
        self.players = players
        self.cards = cards
        self.width = 2 * cards
        self.rows: array[float] = array("f", bytes(4 * players * self.width))
        #: Per seat, its row: passed then discarded counts (a numpy view of ``rows``).
        self.by_seat: npt.NDArray[np.float32] = np.frombuffer(self.rows, np.float32).reshape(
            players, self.width
        )
        both = self.by_seat.reshape(players, 2, cards)
        self.passed: npt.NDArray[np.float32] = both[:, 0]
        self.discarded: npt.NDArray[np.float32] = both[:, 1]
        self.hand = -1

    def reset(self) -> None:
        self.passed.fill(0)
        self.discarded.fill(0)
        self.hand = -1

    def row(self, seat: int) -> array[float]:
        """A copy of ``seat``'s passed counts followed by its discarded counts."""
        return self.rows[seat * self.width : (seat + 1) * self.width]

    def record(self, state: Any, action: object) -> None:
        """Note ``action`` of the seat to act in ``state`` (a state of either game)."""
        if state.hand_number != self.hand:
            self.passed.fill(0)
            self.discarded.fill(0)
            self.hand = state.hand_number
        seat = state.current
        kind = _KIND_OF.get(type(action))
        if kind is None:
            kind = _KIND_OF[type(action)] = _kind(type(action))
        if kind is _DRAW:
            pile = state.discard_pile
            if action.source is _DRAW_PILE and pile:  # type: ignore[attr-defined]
                self.rows[seat * self.width + pile[-1]] += 1.0
        elif kind is _DISCARD:
            self.rows[seat * self.width + self.cards + action.card] += 1.0  # type: ignore[attr-defined]


#: Read once: an enum member lookup costs a third of a microsecond on Python 3.11.
_DRAW_PILE = Source.DRAW_PILE
_DRAW = "draw"
_DISCARD = "discard"
_OTHER = "other"
#: What each action class is to the memory, found once per class (``record`` runs every step).
_KIND_OF: dict[type, str] = {}


def _kind(cls: type) -> str:
    if issubclass(cls, Draw):
        return _DRAW
    # Both games' discards are the only action classes named Discard* with a card.
    if cls.__name__.startswith("Discard") and "card" in getattr(cls, "__dataclass_fields__", ()):
        return _DISCARD
    return _OTHER
