"""Turn stages, the outcome of a game and the fast copy of immutable states: what every
game's state shares.

>>> Stage.DRAW.value, Outcome(winner=1, totals=(5, 0), reason="only_finisher", hands=3).winner
('draw', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar


class Stage(StrEnum):
    """Where the current turn stands (P10-R13, E-25)."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the winner, the final totals and why."""

    winner: int
    totals: tuple[int, ...]
    reason: str
    hands: int


_T = TypeVar("_T")
_MISSING: Any = object()


def evolver(cls: type[_T]) -> Callable[..., _T]:
    """Generate ``evolve(self, *, field=...)`` for an immutable state class.

    Search copies states millions of times. States are ``NamedTuple``s, so a copy is one
    ``tuple.__new__`` over straight-line generated code (the technique ``dataclasses`` uses
    for ``__init__``); ``dataclasses.replace`` on a frozen dataclass cost about ten times more.

    >>> from typing import NamedTuple
    >>> class Point(NamedTuple):
    ...     x: int
    ...     y: int
    >>> evolver(Point)(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    names: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 - NamedTuple attribute
    params = ", ".join(f"{n}=_MISSING" for n in names)
    items = ", ".join(f"self[{i}] if {n} is _MISSING else {n}" for i, n in enumerate(names))
    source = f"def evolve(self, *, {params}):\n    return _new(cls, ({items},))\n"
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_new": tuple.__new__, "cls": cls}
    exec(source, namespace)
    evolve: Callable[..., _T] = namespace["evolve"]
    return evolve
