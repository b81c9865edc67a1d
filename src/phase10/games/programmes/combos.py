"""Combinations on the table: sets of one value and runs in one suit (AMZ-R15, E-04, E-15).

A ``Combination`` is a ``Kind.SET`` or ``Kind.RUN`` (the engine's kinds of group), its cards,
what each card stands for, and for a run its suit. Values are ranks 1 (ace) .. 13 (king); in a
run a high ace is 14, so an ace's role is fixed once placed (AMZ-R26) and a run never wraps.
A wild keeps its declared value for the manche (AMZ-R25, E-06): it is written ``2D=10S`` in a
run and ``JK=7`` in a set.

>>> run = Combination.parse("run 8S 9S 2D JS")
>>> str(run), run.low, run.high
('run 8S 9S 2D=10S JS', 8, 11)
>>> str(Combination.parse("set 7H 7S JK"))
'set 7S 7H JK=7'
>>> str(combination_problem(Combination.parse("set JK=7 2S=7")))
'AMZ-R17: every combination needs at least one natural card (E-07)'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from phase10.games.programmes.cards import (
    ACE_HIGH,
    CARD_SHOWN,
    IS_WILD,
    PLAYING_CARDS,
    RANK_OF,
    SUIT_OF,
    SUITS,
    PlayingCard,
    parse_playing_cards,
    rank_name,
    rank_value,
)
from phase10.games.programmes.frozen import maker
from phase10.kernel.errors import NotationError, Problem
from phase10.kernel.kinds import Ends, Kind
from phase10.kernel.notation import one_card, signs_as_letters

# Enum members bound once: on Python 3.11 a lookup like ``Kind.RUN`` goes through the
# enum metaclass's ``__getattr__`` hook and costs about 0.3 µs, at every step.
_KIND_RUN: Final = Kind.RUN
_KIND_SET: Final = Kind.SET


#: E-04: one run cannot hold an ace at both ends, so at most 13 cards.
LONGEST_RUN: Final = 13


@dataclass(frozen=True, slots=True)
class Combination(Ends):
    """A set or a run with what each card stands for; ``suit`` is -1 for a set.

    Cards are in canonical order: a run by value, a set with its naturals sorted and its
    wilds last.
    """

    kind: Kind
    cards: tuple[PlayingCard, ...]
    values: tuple[int, ...]
    suit: int = -1

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def wilds(self) -> int:
        # Summed in C (the move codec sorts every reveal by its wilds at every step).
        return sum(map(IS_WILD.__getitem__, self.cards))

    def tokens(self) -> list[str]:
        """Card tokens with the wilds' values: ``['8S', '2D=10S']`` or ``['JK=7']``."""
        suit = SUITS[self.suit] if self.kind is _KIND_RUN else ""
        return [
            f"{PLAYING_CARDS[c]}={rank_name(v)}{suit}" if IS_WILD[c] else str(PLAYING_CARDS[c])
            for c, v in zip(self.cards, self.values, strict=True)
        ]

    def __str__(self) -> str:
        return f"{self.kind.value} {' '.join(self.tokens())}"

    def describe(self) -> str:
        """A phrase for people: ``run 8-J of spades`` or ``set of 7s``."""
        if self.kind is _KIND_RUN:
            suit = ("spades", "hearts", "diamonds", "clubs")[self.suit]
            return f"run {rank_name(self.low)}-{rank_name(self.high)} of {suit}"
        return f"set of {rank_name(self.low)}s"

    def phrase(self) -> dict[str, str | int]:
        """What :meth:`describe` says, as data for a message (``programmes.messages``).

        >>> Combination.parse("set 7S 7H JK=7").phrase()
        {'kind': 'set', 'value': '7'}
        """
        if self.kind is _KIND_RUN:
            low, high = rank_name(self.low), rank_name(self.high)
            return {"kind": "run", "low": low, "high": high, "suit": self.suit}
        return {"kind": "set", "value": rank_name(self.low)}

    @classmethod
    def make(cls, kind: Kind, pairs: list[tuple[int, int]], suit: int = -1) -> Combination:
        """Build a combination in canonical order from (card, value) pairs; checks nothing."""
        if kind is _KIND_RUN:
            pairs = sorted(pairs, key=lambda p: p[1])
        else:
            pairs = sorted(pairs, key=lambda p: (IS_WILD[p[0]], p[0]))
            suit = -1
        # Field by field for this class (``frozen.maker``): the reveal search and the move
        # generator make many. A subclass is built by its own ``__init__``.
        build = _make_combination if cls is Combination else cls
        return build(
            kind, tuple([PLAYING_CARDS[c] for c, _ in pairs]), tuple([v for _, v in pairs]), suit
        )

    @classmethod
    def parse(cls, text: str) -> Combination:
        """Parse ``set 7H 7S JK=7`` or ``run 8S 9S 2D=10S JS`` (cards of a run in order).

        A wild without ``=`` takes the set's value, or the value of its place in the run.
        """
        words = signs_as_letters(text).split()  # a wild's value as shown: ``JK=9♠``
        if not words or words[0].lower() not in ("set", "run"):
            raise NotationError("programmes.combo_kind", text=text)
        kind = _KIND_SET if words[0].lower() == "set" else _KIND_RUN
        if len(words) < 2:
            raise NotationError("programmes.combo_no_cards", text=text)
        cards: list[int] = []
        declared: list[tuple[int, int] | None] = []
        for position, token in enumerate(words[1:], start=1):
            name, eq, value = token.partition("=")
            card = one_card(parse_playing_cards, name, position)
            cards.append(card)
            if not eq:
                declared.append(None)
                continue
            if not IS_WILD[card]:
                raise NotationError("programmes.token_only_wild", position=position, token=token)
            declared.append(_declared(kind, value, position, token))
        if kind is _KIND_SET:
            return _parse_set(cards, declared)
        return _parse_run(cards, declared, text)


_make_combination = maker(Combination)


def _declared(kind: Kind, value: str, position: int, token: str) -> tuple[int, int]:
    """(rank, suit or -1) of ``JK=7`` or ``2D=10S``."""
    suit = -1
    word = value.upper()
    if kind is _KIND_RUN and len(word) >= 2 and word[-1] in SUITS:
        suit, word = SUITS.index(word[-1]), word[:-1]
    try:
        return rank_value(word), suit
    except NotationError:
        raise NotationError("programmes.token_wild_rank", position=position, token=token) from None


def _parse_set(cards: list[int], declared: list[tuple[int, int] | None]) -> Combination:
    known = {RANK_OF[c] for c in cards if not IS_WILD[c]} | {d[0] for d in declared if d}
    # No value, or two: no value of the wilds makes a set of it (AMZ-R17: not one natural
    # card; AMZ-R15: two values), so the wilds take any one and the rules say why it is
    # refused, rather than asking what the wilds stand for.
    value = min(known) if known else 13
    pairs: list[tuple[int, int]] = []
    for c, d in zip(cards, declared, strict=True):
        if not IS_WILD[c]:
            pairs.append((c, RANK_OF[c]))
        elif d is not None:
            pairs.append((c, d[0]))
        else:
            pairs.append((c, value))
    return Combination.make(_KIND_SET, pairs)


def _parse_run(cards: list[int], declared: list[tuple[int, int] | None], text: str) -> Combination:
    suits = {SUIT_OF[c] for c in cards if not IS_WILD[c]}
    suits |= {d[1] for d in declared if d is not None and d[1] >= 0}
    if len(suits) != 1:
        # AMZ-R15, E-11: a run is all of one suit; a mixed run is written but never legal.
        raise NotationError("programmes.run_suit_unreadable", text=text)
    (suit,) = suits
    anchor: tuple[int, int] | None = None
    for i, (c, d) in enumerate(zip(cards, declared, strict=True)):
        if d is not None:
            # A wild declared as an ace after the first place is the high ace.
            anchor = (i, ACE_HIGH if d[0] == 1 and i > 0 else d[0])
            break
        if not IS_WILD[c] and RANK_OF[c] != 1:
            anchor = (i, RANK_OF[c])
            break
    if anchor is None:
        if IS_WILD[cards[0]]:
            raise NotationError("programmes.wild_values_run", text=text)
        anchor = (0, 1)
    index, value = anchor
    values = [value - index + i for i in range(len(cards))]
    return Combination.make(_KIND_RUN, list(zip(cards, values, strict=True)), suit)


def parse_combinations(text: str) -> tuple[Combination, ...]:
    """Combinations separated by ``|`` or ``+``: ``set 7H 7S JK | run 3H 4H 5H``."""
    parts = [p.strip() for p in text.replace("+", "|").split("|")]
    if any(not p for p in parts):
        raise NotationError("programmes.empty_combo", text=text)
    return tuple(Combination.parse(p) for p in parts)


def natural_fits(combo_kind: Kind, suit: int, card: int, value: int) -> bool:
    """Whether the natural ``card`` may stand for ``value`` (AMZ-R25, AMZ-R26, E-05)."""
    if IS_WILD[card]:
        return True
    rank = RANK_OF[card]
    if combo_kind is _KIND_SET:
        return rank == value
    return SUIT_OF[card] == suit and (rank == value or (rank == 1 and value == ACE_HIGH))


def combination_problem(combo: Combination) -> Problem | None:
    """Why ``combo`` is not a legal combination, or ``None`` (AMZ-R15, R17, R25, R26, E-04, E-05).

    >>> str(combination_problem(Combination.parse("run KS AS 2S=2S")))
    'AMZ-R26: a run runs from A-low to A-high with no wrap-around (E-04)'
    >>> mixed = Combination(Kind.RUN, parse_playing_cards("4H 5H 6H 7D"), (4, 5, 6, 7), 1)
    >>> str(combination_problem(mixed))
    'AMZ-R15: 7♦ breaks the one-suit rule of a run (E-11)'
    """
    cards, values = combo.cards, combo.values
    if not cards or len(cards) != len(values):
        return Problem("AMZ-R15", "programmes.no_cards")
    if combo.kind is _KIND_RUN:
        if not 0 <= combo.suit <= 3:
            return Problem("AMZ-R15", "programmes.run_one_suit")
        if values[0] < 1 or values[-1] > ACE_HIGH or len(values) > LONGEST_RUN:
            return Problem("AMZ-R26", "programmes.run_wrap")
        if any(b != a + 1 for a, b in pairwise(values)):
            return Problem("AMZ-R15", "programmes.run_consecutive")
    elif combo.kind is _KIND_SET:
        if any(v != values[0] for v in values):
            return Problem("AMZ-R15", "programmes.set_same_value")
        if not 1 <= values[0] <= 13 or values[0] == 2:
            return Problem("E-05", "programmes.set_value_range")
    else:
        return Problem("AMZ-R15", "programmes.set_or_run")
    for c, v in zip(cards, values, strict=True):
        if not natural_fits(combo.kind, combo.suit, c, v):
            # The card as the player sees it (7♦), as every refusal names one.
            if combo.kind is _KIND_RUN and SUIT_OF[c] != combo.suit:
                return Problem("AMZ-R15", "programmes.breaks_suit", {"card": CARD_SHOWN[c]})
            return Problem("AMZ-R25", "programmes.natural_itself", {"card": CARD_SHOWN[c]})
    if all(IS_WILD[c] for c in cards):
        return Problem("AMZ-R17", "programmes.combo_natural")
    return None


def extension_values(combo: Combination, card: int) -> tuple[int, ...]:
    """The values ``card`` may take when added to ``combo`` (E-15): empty if it fits nowhere.

    >>> run = Combination.parse("run 3H 4H 5H")
    >>> extension_values(run, PLAYING_CARDS[52]), extension_values(run, PLAYING_CARDS[18])
    ((2, 6), (6,))
    >>> extension_values(Combination.parse("run JH QH KH"), parse_playing_cards("AH")[0])
    (14,)
    """
    if combo.kind is _KIND_SET:
        fits = IS_WILD[card] or RANK_OF[card] == combo.low
        return (combo.low,) if fits else ()
    if len(combo.cards) >= LONGEST_RUN:
        return ()
    ends = [v for v in (combo.low - 1, combo.high + 1) if 1 <= v <= ACE_HIGH]
    if IS_WILD[card]:
        return tuple(ends)
    return tuple(v for v in ends if natural_fits(_KIND_RUN, combo.suit, card, v))


def extended(combo: Combination, card: int, value: int) -> Combination:
    """``combo`` with ``card`` standing for ``value`` (checked by ``extension_values``)."""
    return Combination.make(
        combo.kind, [*zip(combo.cards, combo.values, strict=True), (card, value)], combo.suit
    )
