"""Phase 10 cards and their notation (rules 0.3, P10-R01).

A card is a small ``int`` (``Card`` subclasses ``int``), so hands are cheap tuples the
hot path can sort, hash and copy. All 50 distinct cards are interned in :data:`CARDS`;
parsing never creates new objects.

Codes: ``colour * 12 + (number - 1)`` for numbered cards (0..47), 48 for a Wild, 49 for a Skip.

>>> parse_cards("R7 B12 W S")
(Card.from_symbol('R7'), Card.from_symbol('B12'), Card.from_symbol('W'), Card.from_symbol('S'))
>>> format_cards(parse_cards("g3 y1"))
'G3 Y1'
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from phase10.kernel.errors import NotationError
from phase10.kernel.notation import NotatedCard, format_tokens, parse_tokens


class Colour(IntEnum):
    """The four colours of the numbered cards (P10-R01)."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    GREEN = 3

    @property
    def letter(self) -> str:
        """The one-letter notation: ``R``, ``B``, ``Y`` or ``G``."""
        return "RBYG"[self]

    @classmethod
    def find(cls, letter: str) -> Colour | None:
        """The colour of ``letter`` (any case), or ``None``: the one reading of a colour
        letter, for groups, hits and the line game alike.

        >>> Colour.find("g"), Colour.find("x"), Colour.find("RB")
        (<Colour.GREEN: 3>, None, None)
        """
        index = "RBYG".find(letter.upper()) if len(letter) == 1 else -1
        return cls(index) if index >= 0 else None

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """``Colour.from_letter("g")`` is ``Colour.GREEN``; raises ``NotationError`` otherwise."""
        colour = cls.find(letter)
        if colour is None:
            raise NotationError("phase10.unknown_colour", letter=letter)
        return colour


NUMBERED: Final = 48
WILD_CODE: Final = 48
SKIP_CODE: Final = 49
MAX_NUMBER: Final = 12


class Card(NotatedCard):
    """One Phase 10 card; compare, hash and sort it as its code.

    >>> Card.from_symbol("R7").number, Card.from_symbol("R7").colour.name
    (7, 'RED')
    >>> Card.from_symbol("W").is_wild, Card.from_symbol("S").is_skip
    (True, True)
    """

    __slots__ = ()

    @property
    def number(self) -> int:
        """1..12 for a numbered card, 0 for a Wild or a Skip."""
        return NUMBER_OF[self]

    @property
    def colour(self) -> Colour | None:
        """The colour of a numbered card; ``None`` for Wilds and Skips (P10-R01)."""
        return Colour(self // 12) if self < NUMBERED else None

    @property
    def is_wild(self) -> bool:
        return self == WILD_CODE

    @property
    def is_skip(self) -> bool:
        """A Skip: never in a group, discarded to make a player lose a turn (P10-R08).
        Its ``number`` is 0, as a Wild's is.

        >>> [card.is_skip for card in parse_cards("S W R7")]
        [True, False, False]
        """
        return self == SKIP_CODE

    @property
    def is_natural(self) -> bool:
        """A numbered card: neither Wild nor Skip (rules 0.2)."""
        return self < NUMBERED

    @property
    def points(self) -> int:
        """Penalty points if left in hand (P10-R34)."""
        return POINTS_OF[self]


def _symbol(code: int) -> str:
    if code == WILD_CODE:
        return "W"
    if code == SKIP_CODE:
        return "S"
    return f"{'RBYG'[code // 12]}{code % 12 + 1}"


def _points(code: int) -> int:
    if code == WILD_CODE:
        return 25
    if code == SKIP_CODE:
        return 15
    return 5 if code % 12 + 1 <= 9 else 10


CARDS: Final[tuple[Card, ...]] = tuple(Card(code) for code in range(50))
NUMBER_OF: Final[tuple[int, ...]] = tuple(c % 12 + 1 if c < NUMBERED else 0 for c in range(50))
COLOUR_OF: Final[tuple[int, ...]] = tuple(c // 12 if c < NUMBERED else -1 for c in range(50))
SYMBOL_OF: Final[tuple[str, ...]] = tuple(_symbol(c) for c in range(50))
POINTS_OF: Final[tuple[int, ...]] = tuple(_points(c) for c in range(50))
_BY_SYMBOL: Final[dict[str, Card]] = {SYMBOL_OF[c]: CARDS[c] for c in range(50)}
_EXPECTED: Final = "phase10.expected_card"  # a message key: R/B/Y/G with 1-12, W or S
Card.symbols, Card.by_symbol, Card.expected = SYMBOL_OF, _BY_SYMBOL, _EXPECTED

WILD: Final = CARDS[WILD_CODE]
SKIP: Final = CARDS[SKIP_CODE]


def card(colour: Colour, number: int) -> Card:
    """The numbered card of ``colour`` and ``number``.

    >>> card(Colour.BLUE, 12)
    Card.from_symbol('B12')
    """
    if not 1 <= number <= MAX_NUMBER:
        raise NotationError("phase10.number_range", number=number)
    return CARDS[colour * 12 + number - 1]


def full_deck() -> tuple[Card, ...]:
    """The 108-card deck in a fixed order (P10-R01): two of each numbered card, 8 Wilds, 4 Skips.

    >>> len(full_deck()), full_deck().count(WILD), full_deck().count(SKIP)
    (108, 8, 4)
    """
    numbered = [c for c in CARDS[:NUMBERED] for _ in range(2)]
    return (*numbered, *([WILD] * 8), *([SKIP] * 4))


def deck_counts() -> tuple[int, ...]:
    """How many copies of each card code the deck holds."""
    return tuple([2] * NUMBERED + [8, 4])


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse space- or comma-separated card notation.

    A bad token raises ``NotationError`` naming the token and its position (1-based).

    >>> parse_cards("R1, W")
    (Card.from_symbol('R1'), Card.from_symbol('W'))
    >>> parse_cards("R1 X9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: 'X9' (word 2) is not a card: ...
    """
    return parse_tokens(text, _BY_SYMBOL, _EXPECTED)


def format_cards(cards: Iterable[int]) -> str:
    """Cards in notation, separated by spaces."""
    return format_tokens(cards, SYMBOL_OF)
