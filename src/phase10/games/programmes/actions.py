"""The actions of a programmes turn (E-25) and their notation.

Drawing is the engine's own ``Draw`` (reserve or discard pile); the rest are:

>>> str(parse_programme_action("reveal run 8S 9S 2D JS"))
'reveal run 8S 9S 2D=10S JS'
>>> str(parse_programme_action("meld set 7H 7S JK"))
'meld set 7S 7H JK=7'
>>> str(parse_programme_action("extend JK=6 on 1.0")), str(parse_programme_action("discard QD"))
('extend JK=6 on 1.0', 'discard QD')
>>> parse_programme_action("take"), str(parse_programme_action("swap"))
(Draw(source=<Source.DISCARD_PILE: 'discard_pile'>), 'swap')

An extension writes a natural card bare when it stands for its own rank, and says ``=A+``
when it is an ace at the high end of a run (value 14, after the king); a wild says what it
stands for, ``A`` being the low ace and ``A+`` the high one. So ``parse_programme_action(
str(a)) == a`` for every legal action, and a high ace on a run 2-K (where both ends are
open) is no longer read as the low one. Texts written before (``extend AS on 1.0`` where only
the high end is open, ``JK=A``) read and apply as before.

>>> high = parse_programme_action("extend AS=A+ on 1.0")
>>> str(high), high.value, parse_programme_action("extend AS on 1.0").value
('extend AS=A+ on 1.0', 14, 1)
>>> str(parse_programme_action("extend jk=a+ on 0.2"))
'extend JK=A+ on 0.2'
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.games.programmes.cards import (
    ACE_HIGH,
    CARD_SYMBOL,
    IS_WILD,
    RANK_OF,
    PlayingCard,
    parse_playing_cards,
    rank_name,
    rank_value,
)
from phase10.games.programmes.combos import Combination, parse_combinations
from phase10.kernel.actions import Draw, split_action
from phase10.kernel.errors import NotationError
from phase10.kernel.notation import one_card, parse_number, signs_as_letters


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn the program face up and lay all its combinations at once (AMZ-R14, E-08)."""

    combos: tuple[Combination, ...]

    @property
    def cards(self) -> tuple[PlayingCard, ...]:
        return tuple(c for combo in self.combos for c in combo.cards)

    def __str__(self) -> str:
        return "reveal " + " | ".join(str(c) for c in self.combos)


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay a new set of at least 3 cards after revealing (AMZ-R20, E-14)."""

    combo: Combination

    def __str__(self) -> str:
        return f"meld {self.combo}"


@dataclass(frozen=True, slots=True)
class Extend:
    """Add one card to a combination on the table (AMZ-R20, E-15).

    ``owner`` laid the combination, ``index`` is its place among theirs, ``value`` what the
    card stands for (-1: whatever the one place it fits).
    """

    card: PlayingCard
    owner: int
    index: int
    value: int = -1

    def __str__(self) -> str:
        card, value = self.card, self.value
        token = CARD_SYMBOL[card]
        if value == ACE_HIGH:
            token += "=A+"
        elif IS_WILD[card] and value >= 0:
            token += f"={rank_name(value)}"
        return f"extend {token} on {self.owner}.{self.index}"


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """End the turn with a card on the discard pile (AMZ-R13)."""

    card: PlayingCard

    def __str__(self) -> str:
        return f"discard {CARD_SYMBOL[self.card]}"


@dataclass(frozen=True, slots=True)
class SwapProgram:
    """Swap an unfinished program for a new one (AMZ-R31, E-21; flag ``program_swap_after``)."""

    def __str__(self) -> str:
        return "swap"


ProgrammeAction = Draw | Reveal | Meld | Extend | DiscardCard | SwapProgram


def parse_programme_action(text: str) -> ProgrammeAction:
    """Parse an action as ``str(action)`` writes it, or as it is shown (``discard 8♠``).

    >>> [str(parse_programme_action(t)) for t in ("meld run 8♠ 9♠ jk=10♠", "discard 8♥")]
    ['meld run 8S 9S JK=10S', 'discard 8H']
    """
    # A wild's value takes a suit as a card does (``JK=9♠``): the whole line in letters.
    verb, rest, draw = split_action(signs_as_letters(text))
    if draw is not None:
        return draw
    if verb == "swap" and not rest:
        return SwapProgram()
    if verb == "reveal" and rest:
        return Reveal(parse_combinations(" ".join(rest)))
    if verb == "meld" and rest:
        combos = parse_combinations(" ".join(rest))
        if len(combos) != 1:
            # ``meld set AS AS AS | set KS KS KS`` is two combinations.
            raise NotationError("programmes.meld_one_combo", text=text)
        return Meld(combos[0])
    if verb == "discard" and len(rest) == 1:
        return DiscardCard(one_card(parse_playing_cards, rest[0]))
    if verb == "extend" and len(rest) == 3 and rest[1].lower() == "on":
        owner, dot, index = rest[2].partition(".")
        seat, place = parse_number(owner), parse_number(index)
        if not dot or seat is None or place is None:
            raise NotationError("programmes.target_combo", text=text)
        card, number = _extension_token(rest[0])
        return Extend(card, seat, place, number)
    raise NotationError("programmes.not_an_action_text", text=text)


def _extension_token(token: str) -> tuple[PlayingCard, int]:
    """The card of ``5H``, ``AS=A+``, ``JK=7`` or ``JK``, and the value it stands for: a
    natural its own rank (14 for ``=A+``), a bare wild -1 (the one place it fits)."""
    name, eq, value = token.partition("=")
    card = one_card(parse_playing_cards, name)
    high = (eq and value.strip() == "A+") or value.strip() == "a+"
    if IS_WILD[card]:
        if not eq:
            return card, -1
        return card, ACE_HIGH if high else rank_value(value)
    if not eq:
        return card, RANK_OF[card]
    if high and RANK_OF[card] == 1:
        return card, ACE_HIGH
    if not high and rank_value(value) == RANK_OF[card]:
        return card, RANK_OF[card]
    raise NotationError("programmes.natural_stands_for_itself", token=token)
