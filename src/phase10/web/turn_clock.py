"""A table's turn timer (``CreateTable.turn_seconds``): how long the person to act has left.

The clock covers a person's whole turn: it starts when their seat becomes the one to act and
runs, through every action of the turn, until another seat is to act (a seat that acts again
at once, as after a Skip in a two-player game, goes on with the time it has left). It runs
only while a person plays the seat to act: never for a computer's seat, a seat a computer
holds, a game that waits for its start or a game that is over. A restarted server does not
know how long the turn had run: the clock of a game in play restarts from the full time.

When the time runs out the table's computer plays the rest of that turn (``cover``); the
second time in a row the seat passes to a computer until its person is back (``take_over``,
the same state as a dropped person's seat). Any move of the person's own resets the count.

The clock reads the event loop's time and fires with ``loop.call_at``; what the computer
then plays is chosen from the game's state, as every computer move is, so a game stays
replayable from its moves.

>>> import asyncio
>>> async def demo() -> list[object]:
...     fired: list[int] = []
...     clock = TurnClock(30, fired.append, scale=0.001)  # 30 s, played in 0.03 s
...     clock.follow(1, person=True)
...     shown = clock.payload()
...     await asyncio.sleep(0.1)
...     return [shown and shown["seat"], shown and shown["total"], fired, clock.expire(1)]
>>> asyncio.run(demo())
[1, 0.03, [1], 'cover']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final, Literal

__all__ = ["TAKE_OVER_AFTER", "TurnClock"]

#: Timeouts in a row after which a computer holds the seat until its person is back.
TAKE_OVER_AFTER: Final = 2


class TurnClock:
    """The turn timer of one table: ``seconds`` a turn, ``on_timeout(seat)`` called on the
    event loop when the seat's time runs out.

    ``scale`` shortens every real wait (tests run a 30 second timer in a fraction of a
    second); what clients are told stays in the table's own seconds, scaled likewise.
    """

    def __init__(
        self, seconds: int, on_timeout: Callable[[int], None], *, scale: float = 1.0
    ) -> None:
        self.seconds = seconds
        self.scale = scale
        self._on_timeout = on_timeout
        #: The seat whose time runs now, and when (the loop's clock) it runs out.
        self.seat: int | None = None
        self.deadline = 0.0
        self._handle: asyncio.TimerHandle | None = None
        #: The seat whose timed-out turn a computer is finishing, if any.
        self.covering: int | None = None
        #: Timeouts in a row, by seat.
        self.misses: dict[int, int] = {}

    # ------------------------------------------------------------------------ running

    def follow(self, to_act: int | None, *, person: bool) -> None:
        """Follow the game: ``to_act`` is the seat to act (``None``: no turn runs, as in a
        game over), ``person`` whether a person plays it now (not a computer).

        The same person as before keeps their deadline; another one starts a full turn. A
        cover ends as soon as another seat is to act.
        """
        if self.covering is not None and to_act != self.covering:
            self.covering = None
        seat = to_act if person else None
        if seat is not None and seat == self.seat and self._handle is not None:
            return
        self.stop()
        if seat is None:
            return
        loop = asyncio.get_running_loop()
        self.seat = seat
        self.deadline = loop.time() + self.seconds * self.scale
        self._handle = loop.call_at(self.deadline, self._fire, seat)

    def stop(self) -> None:
        """Nobody's time runs (a computer's turn, a game over or closed)."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.seat = None

    def _fire(self, seat: int) -> None:
        self._handle = None
        self.seat = None
        self._on_timeout(seat)

    # ------------------------------------------------------------------------ the seat

    def expire(self, seat: int) -> Literal["cover", "take_over"]:
        """Count a timeout of ``seat``: ``cover`` (a computer finishes this turn) or, at the
        :data:`TAKE_OVER_AFTER`-th in a row, ``take_over`` (a computer holds the seat)."""
        self.misses[seat] = self.misses.get(seat, 0) + 1
        if self.misses[seat] >= TAKE_OVER_AFTER:
            self.misses[seat] = 0
            return "take_over"
        self.covering = seat
        return "cover"

    def covers(self, seat: int) -> bool:
        """Whether a computer is finishing ``seat``'s timed-out turn."""
        return self.covering == seat

    def moved(self, seat: int) -> None:
        """The person of ``seat`` made a move of their own: the count starts again."""
        self.misses.pop(seat, None)

    def back(self, seat: int) -> None:
        """The person of ``seat`` is here again: a computer no longer finishes their turn."""
        if self.covering == seat:
            self.covering = None

    # ------------------------------------------------------------------------ telling

    def payload(self) -> dict[str, Any] | None:
        """What clients are sent (``turn_clock``): the seat whose time runs, the seconds it
        has left and the seconds of a whole turn; ``None`` when nobody's time runs. Seconds
        left, not a time of day, so that a client counts down without trusting its clock."""
        if self.seat is None or self._handle is None:
            return None
        left = max(0.0, self.deadline - asyncio.get_running_loop().time())
        return {
            "seat": self.seat,
            "seconds_left": round(left, 1),
            "total": self.seconds if self.scale == 1 else round(self.seconds * self.scale, 3),
        }
