"""Playing cards of the programmes game and their notation (rules 0.3, AMZ-R01, AMZ-R02).

A card is a small ``int``: ``suit * 13 + rank - 1`` for the 52 faces (suits S H D C, ranks
A=1 .. K=13) and 52 for a joker. Every 2 and every joker is wild (AMZ-R02, E-05).

>>> parse_playing_cards("AS 10H QD JK")
(PlayingCard.from_symbol('AS'), PlayingCard.from_symbol('10H'), PlayingCard.from_symbol('QD'), \
PlayingCard.from_symbol('JK'))
>>> [c.is_wild for c in parse_playing_cards("2S JK 3S")]
[True, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from phase10.kernel.errors import NotationError
from phase10.kernel.notation import NotatedCard, format_tokens, parse_tokens, signs_as_letters

SUITS: Final = "SHDC"
#: Each suit's sign, in the order of ``SUITS``: how a card is shown to people (``9♥``). The
#: letters are English; the signs read the same in every language.
SUIT_SIGNS: Final = "♠♥♦♣"
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE: Final = 52
ACE_HIGH: Final = 14


def rank_name(value: int) -> str:
    """A rank or a run value as written: 1 and 14 are both ``A``.

    >>> rank_name(14), rank_name(10), rank_name(12)
    ('A', '10', 'Q')
    """
    return RANKS[(value - 1) % 13]


def rank_value(text: str) -> int:
    """``A`` is 1, ``10`` is 10, ``K`` is 13; raises ``NotationError`` otherwise."""
    word = text.strip().upper()
    if word not in RANKS:
        raise NotationError("programmes.not_a_rank", text=text)
    return RANKS.index(word) + 1


def _symbol(code: int, suits: str = SUITS) -> str:
    return "JK" if code == JOKER_CODE else f"{RANKS[code % 13]}{suits[code // 13]}"


class PlayingCard(NotatedCard):
    """One card of the two 54-card packs; compare, hash and sort it as its code.

    >>> c = PlayingCard.from_symbol("qd")
    >>> c.rank, c.suit, c.is_wild, str(c)
    (12, 2, False, 'QD')
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (ace) .. 13 (king); 0 for a joker."""
        return RANK_OF[self]

    @property
    def suit(self) -> int:
        """0..3 for S H D C; -1 for a joker (E-02: a joker is not a spade)."""
        return SUIT_OF[self]

    @property
    def is_wild(self) -> bool:
        """Every 2 and every joker (AMZ-R02, E-05)."""
        return IS_WILD[self]


PLAYING_CARDS: Final[tuple[PlayingCard, ...]] = tuple(PlayingCard(c) for c in range(53))
RANK_OF: Final[tuple[int, ...]] = tuple(c % 13 + 1 if c < JOKER_CODE else 0 for c in range(53))
SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 if c < JOKER_CODE else -1 for c in range(53))
IS_WILD: Final[tuple[bool, ...]] = tuple(c == JOKER_CODE or c % 13 == 1 for c in range(53))
CARD_SYMBOL: Final[tuple[str, ...]] = tuple(_symbol(c) for c in range(53))
#: Each card as people are shown it: its rank and its suit's sign (``9♥``, ``JK``).
CARD_SHOWN: Final[tuple[str, ...]] = tuple(_symbol(c, SUIT_SIGNS) for c in range(53))
# A card reads back from its shown form too: a player types or pastes what they see.
_BY_SYMBOL: Final[dict[str, PlayingCard]] = {
    **{CARD_SYMBOL[c]: PLAYING_CARDS[c] for c in range(53)},
    **{CARD_SHOWN[c]: PLAYING_CARDS[c] for c in range(53)},
}
_EXPECTED: Final = "programmes.expected_card"  # a message key: a rank and a suit, or JK
PlayingCard.symbols, PlayingCard.by_symbol, PlayingCard.expected = (
    CARD_SYMBOL,
    _BY_SYMBOL,
    _EXPECTED,
)
JOKER: Final = PLAYING_CARDS[JOKER_CODE]


def playing_card(rank: int, suit: int) -> PlayingCard:
    """The card of ``rank`` (1..13, or 14 for a high ace) in ``suit`` (0..3).

    >>> playing_card(14, 0)
    PlayingCard.from_symbol('AS')
    """
    return PLAYING_CARDS[suit * 13 + (rank - 1) % 13]


def programme_deck() -> tuple[PlayingCard, ...]:
    """The 108 cards in a fixed order (AMZ-R01): two of each face, then four jokers.

    >>> deck = programme_deck()
    >>> len(deck), deck.count(JOKER), sum(c.is_wild for c in deck)
    (108, 4, 12)
    """
    return (*(c for c in PLAYING_CARDS[:JOKER_CODE] for _ in range(2)), *([JOKER] * 4))


def parse_playing_cards(text: str | Iterable[str]) -> tuple[PlayingCard, ...]:
    """Parse space- or comma-separated cards; a bad token is named with its position.

    >>> parse_playing_cards("AS XX")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: 'XX' (word 2) is not a card: ...
    """
    typed = signs_as_letters(text) if isinstance(text, str) else map(signs_as_letters, text)
    return parse_tokens(typed, _BY_SYMBOL, "programmes.expected_example")


def format_playing_cards(cards: Iterable[int]) -> str:
    """Cards in notation, separated by spaces."""
    return format_tokens(cards, CARD_SYMBOL)


#: A card's letter notation inside any text of it (a card, a combination, a move): a rank
#: and a suit letter standing alone, or before or after a wild's ``=``.
_LETTER_CARD: Final = re.compile(r"(?<![^\s=|])(10|[2-9AJQK])([SHDC])(?![^\s=|])")


def shown_notation(text: str) -> str:
    """``text`` in card notation (``str`` of a card, a combination or a move) as people are
    shown it: each suit letter as its sign. The one place every front end gets a card's
    shown form from; what is saved, sent back or typed stays in the letters.

    >>> shown_notation("extend 2D=10S on 1.0"), shown_notation("set 7S 7H JK=7")
    ('extend 2♦=10♠ on 1.0', 'set 7♠ 7♥ JK=7')
    >>> shown_notation("extend AS=A+ on 0.0"), shown_notation("reveal run 8S 9S | set QC QD JK")
    ('extend A♠=A+ on 0.0', 'reveal run 8♠ 9♠ | set Q♣ Q♦ JK')
    """
    return _LETTER_CARD.sub(lambda m: m[1] + SUIT_SIGNS[SUITS.index(m[2])], text)
