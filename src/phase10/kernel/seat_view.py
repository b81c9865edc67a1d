"""What every game's view of one seat holds: the part of a view both games share.

Each game's view (``PlayerView``, ``ProgrammeView``) is this plus its own public state of the
players and the table; only each game's ``view_for`` builds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from phase10.kernel.state import Outcome, Stage

C = TypeVar("C", bound=int)
A = TypeVar("A")
E = TypeVar("E")


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView(Generic[C, A, E]):
    """The seat, its own hand, the piles, whose turn, the legal actions and the events seen.

    ``players`` is filled by each game with its own public records (each has ``hand_size``).
    """

    seat: int
    hand: tuple[C, ...]
    players: tuple[Any, ...]
    discard_pile: tuple[C, ...]
    draw_pile_size: int
    dealer: int
    current: int
    stage: Stage
    hand_number: int
    legal: tuple[A, ...]
    events: tuple[E, ...]
    outcome: Outcome | None

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(p.hand_size for p in self.players)

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.stage is not Stage.OVER

    @property
    def discard_top(self) -> C | None:
        return self.discard_pile[-1] if self.discard_pile else None


def check_seat(seat: int, players: int) -> None:
    """A view is for one of the ``players`` seats (0-based), named by a whole number.

    >>> check_seat("0", 2)
    Traceback (most recent call last):
    ...
    ValueError: a seat is a whole number from 0 to 1, not '0'
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"a seat is a whole number from 0 to {players - 1}, not {seat!r}"[:200])
    if not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat} in a game of {players}")
