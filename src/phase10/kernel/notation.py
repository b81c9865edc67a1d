"""Card notation for either game's cards: tokens looked up in the game's table, and back.

>>> parse_tokens("a, b", {"A": 1, "B": 2}, "A or B")
(1, 2)
>>> parse_tokens("a x", {"A": 1}, "A")
Traceback (most recent call last):
...
phase10.kernel.errors.NotationError: 'x' (word 2) is not a card: expected A
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Self, TypeVar

from phase10.kernel.errors import NotationError

T = TypeVar("T")

#: The most digits a typed number may have. No position, group, seat, phase or seed a player
#: types comes near it, and it keeps ``int()`` far from Python's 4,300-digit limit.
MAX_DIGITS: Final = 18


def parse_number(text: str) -> int | None:
    """``text`` as a whole number written with the ASCII digits 0 to 9, else ``None``.

    The one place typed numbers are read: ``str.isdigit`` also accepts
    ``²`` (which ``int`` refuses) and ``int`` also reads ``١`` or ``𝟕``, which nobody means as a
    position; a sign, a blank or more than :data:`MAX_DIGITS` digits is not a number either.

    >>> parse_number("12"), parse_number("007")
    (12, 7)
    >>> [parse_number(t) for t in ("²", "١", "𝟕", "-1", "+1", " 1", "", "1_0", "9" * 5000)]
    [None, None, None, None, None, None, None, None, None]
    """
    if 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None


#: A suit's sign as a player may type or paste it, and the letter the notation writes for it:
#: the black signs a game shows, the white ones a keyboard or a web page may give instead.
_SIGN_LETTERS: Final = str.maketrans(
    {
        "♠": "S",
        "♤": "S",
        "♥": "H",
        "♡": "H",
        "♦": "D",
        "♢": "D",
        "♣": "C",
        "♧": "C",
        "\ufe0e": None,
        "\ufe0f": None,
    }
)


def signs_as_letters(text: str) -> str:
    """``text`` with each suit sign written as the notation's letter (``8♠`` is ``8S``): a
    card shown with its sign reads back as the card, typed or pasted. A pasted sign may
    carry a presentation selector (``♥️``, as an emoji), which says nothing of the card.

    >>> signs_as_letters("discard 8♠"), signs_as_letters("JK=9♡ 10♦\ufe0f"), signs_as_letters("R7")
    ('discard 8S', 'JK=9H 10D', 'R7')
    """
    return text.translate(_SIGN_LETTERS)


def parse_tokens(text: str | Iterable[str], table: Mapping[str, T], expected: str) -> tuple[T, ...]:
    """Space- or comma-separated tokens (case-insensitive) looked up in ``table``.

    A bad token raises ``NotationError`` naming the token and its position (1-based);
    ``expected`` is the key of a message saying what a card looks like (an unknown key is
    shown as it is).
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    found: list[T] = []
    for position, token in enumerate(tokens, start=1):
        item = table.get(token.strip().upper())
        if item is None:
            raise NotationError(
                "kernel.token_not_a_card", position=position, token=token, expected=expected
            )
        found.append(item)
    return tuple(found)


def one_card(
    parse: Callable[[list[str]], tuple[T, ...]], token: str, position: int | None = None
) -> T:
    """The card of one ``token`` read by a game's ``parse`` (its card list reader), its
    refusal saying where the token stands in what was typed: nowhere in particular
    (``position=None``: the card of a discard or a hit), or as card ``position`` of a group.
    The list reader alone would call any such token "word 1".

    >>> one_card(lambda words: parse_tokens(words, {"A": 1}, "A"), "x")
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: 'x' is not a card: expected A
    >>> one_card(lambda words: parse_tokens(words, {"A": 1}, "A"), "x", 3)
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: 'x' (card 3 of the group) is not a card: expected A
    """
    try:
        (card,) = parse([token])
    except NotationError as exc:
        if exc.key != "kernel.token_not_a_card":
            raise
        expected = exc.params["expected"]
        if position is None:
            raise NotationError("kernel.not_a_card", token=token, expected=expected) from None
        raise NotationError(
            "kernel.group_token_not_a_card", position=position, token=token, expected=expected
        ) from None
    return card


def parse_token(symbol: str, table: Mapping[str, T], expected: str) -> T:
    """One token (case-insensitive) looked up in ``table``; ``NotationError`` names it.

    >>> parse_token(" b ", {"B": 2}, "B"), format_tokens((2, 2), {2: "B"})
    (2, 'B B')
    """
    item = table.get(symbol.strip().upper())
    if item is None:
        raise NotationError("kernel.not_a_card", token=symbol, expected=expected)
    return item


def format_tokens(cards: Iterable[int], symbols: Sequence[str] | Mapping[int, str]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(symbols[c] for c in cards)


class NotatedCard(int):
    """A card that is a small ``int`` and reads and writes its own notation.

    Each game's card class sets ``symbols`` (code -> token), ``by_symbol`` (token -> card)
    and ``expected`` (what a token should look like) once its tables exist.
    """

    __slots__ = ()
    symbols: ClassVar[Sequence[str]]
    by_symbol: ClassVar[Mapping[str, Any]]
    expected: ClassVar[str]

    @property
    def symbol(self) -> str:
        return self.symbols[self]

    @classmethod
    def from_symbol(cls, symbol: str) -> Self:
        """Parse one token; raises ``NotationError`` naming it."""
        card: Self = parse_token(symbol, cls.by_symbol, cls.expected)
        return card

    def __str__(self) -> str:
        return self.symbols[self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_symbol({self.symbols[self]!r})"


#: Bidirectional overrides and isolates: they reorder what follows them on a terminal.
_BIDI: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(char: str) -> bool:
    """Whether ``char`` must never reach a terminal as it is: C0 and C1 controls (ESC and
    CSI among them), DEL, and the bidirectional overrides.

    >>> [is_control(c) for c in ("a", "\\x1b", "\\x9b", "\\u202e", "é", " ")]
    [False, True, True, True, False, False]
    """
    code = ord(char)
    return code < 0x20 or 0x7F <= code < 0xA0 or char in _BIDI


def has_control(text: str) -> bool:
    """Whether ``text`` holds a character that :func:`is_control` keeps off the terminal: the
    one check for every name shown on screen, a player's, a rule set's or a program card's,
    each refused where it is given.

    >>> has_control("Ann"), has_control("[red]x[/red]"), has_control("house\x1b[2J")
    (False, False, True)
    """
    return any(is_control(c) for c in text)


def printable(text: str) -> str:
    """``text`` with each control character written as its escape (``\\x1b``): safe to
    print on any terminal, and still telling what was there.

    >>> printable("Ann"), printable("\\x1b[31mR"), printable("a\\u202eb")
    ('Ann', '\\\\x1b[31mR', 'a\\\\u202eb')
    """
    if not has_control(text):
        return text
    return "".join(repr(c)[1:-1] if is_control(c) else c for c in text)
