"""The kinds of group both games lay on the table, and the ends of a group in value order.

>>> Kind("run"), str(Kind.SET)
(<Kind.RUN: 'run'>, 'set')
"""

from __future__ import annotations

from enum import Enum


class Kind(Enum):
    """The three kinds of group (P10-R03..R05)."""

    SET = "set"
    RUN = "run"
    COLOUR = "colour"

    def __str__(self) -> str:
        return self.value


class Ends:
    """``low`` and ``high`` of a group of either game whose ``values`` are in order."""

    __slots__ = ()
    values: tuple[int, ...]

    @property
    def low(self) -> int:
        """The lowest value (a set's number; a colour group's colour index)."""
        return self.values[0]

    @property
    def high(self) -> int:
        return self.values[-1]
