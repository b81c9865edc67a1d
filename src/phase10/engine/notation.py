"""Reading card notation, for either game's cards: tokens looked up in the game's table.

>>> parse_tokens("a, b", {"A": 1, "B": 2}, "A or B")
(1, 2)
>>> parse_tokens("a x", {"A": 1}, "A")
Traceback (most recent call last):
...
phase10.engine.errors.NotationError: token 2 'x' is not a card: expected A
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from phase10.engine.errors import NotationError

T = TypeVar("T")


def parse_tokens(text: str | Iterable[str], table: Mapping[str, T], expected: str) -> tuple[T, ...]:
    """Space- or comma-separated tokens (case-insensitive) looked up in ``table``.

    A bad token raises ``NotationError`` naming the token and its position (1-based).
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    found: list[T] = []
    for position, token in enumerate(tokens, start=1):
        item = table.get(token.strip().upper())
        if item is None:
            raise NotationError(
                f"token {position} {token!r} is not a card: expected {expected}",
                position=position,
                token=token,
            )
        found.append(item)
    return tuple(found)
