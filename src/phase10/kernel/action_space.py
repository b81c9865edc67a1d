"""What both games' fixed action spaces (their ``learning`` codecs, docs/rl.md) share: an action
index read the one way for both, so that ``describe`` refuses the same things in each game.

>>> read_index(3, 2097, "Phase 10")
3
>>> read_index("3", 2097, "Phase 10")
Traceback (most recent call last):
...
TypeError: an action index is an integer from 0 to 2096, not '3' (str)
"""

from __future__ import annotations

import operator
from typing import SupportsIndex


def read_index(index: object, size: int, game: str) -> int:
    """``index`` as an ``int`` of ``game``'s ``Discrete(size)`` space. An index is a Python
    or NumPy integer (what ``numpy.flatnonzero`` gives for a mask); a bool, a float or a
    string is refused with ``TypeError`` rather than read as a number (``2.0``, ``True``
    and ``"3"`` each name no index), and an integer outside the space with ``ValueError``.

    >>> read_index(2097, 2097, "Phase 10")
    Traceback (most recent call last):
    ...
    ValueError: no Phase 10 action has index 2097; the space is 0..2096
    """
    number: int | None = None
    if isinstance(index, SupportsIndex) and not isinstance(index, bool):
        # A NumPy array has ``__index__`` too, and refuses in it unless it holds one integer.
        try:
            number = operator.index(index)
        except TypeError:
            number = None
    if number is None:
        shown = repr(index)
        shown = shown if len(shown) <= 80 else shown[:80] + "…"
        raise TypeError(
            f"an action index is an integer from 0 to {size - 1}, "
            f"not {shown} ({type(index).__name__})"
        )
    if not 0 <= number < size:
        raise ValueError(f"no {game} action has index {number}; the space is 0..{size - 1}")
    return number
