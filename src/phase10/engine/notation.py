"""Card notation for either game's cards: tokens looked up in the game's table, and back.

>>> parse_tokens("a, b", {"A": 1, "B": 2}, "A or B")
(1, 2)
>>> parse_tokens("a x", {"A": 1}, "A")
Traceback (most recent call last):
...
phase10.engine.errors.NotationError: token 2 'x' is not a card: expected A
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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


def parse_token(symbol: str, table: Mapping[str, T], expected: str) -> T:
    """One token (case-insensitive) looked up in ``table``; ``NotationError`` names it.

    >>> parse_token(" b ", {"B": 2}, "B"), format_tokens((2, 2), {2: "B"})
    (2, 'B B')
    """
    item = table.get(symbol.strip().upper())
    if item is None:
        raise NotationError(f"{symbol!r} is not a card: expected {expected}")
    return item


def format_tokens(cards: Iterable[int], symbols: Sequence[str] | Mapping[int, str]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(symbols[c] for c in cards)
