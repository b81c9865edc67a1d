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
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.games.programmes.cards import (
    CARD_SYMBOL,
    IS_WILD,
    PlayingCard,
    parse_playing_cards,
    rank_name,
    rank_value,
)
from phase10.games.programmes.combos import Combination, parse_combinations
from phase10.kernel.actions import Draw, split_action
from phase10.kernel.errors import NotationError


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
        token = CARD_SYMBOL[self.card]
        if IS_WILD[self.card] and self.value >= 0:
            token += f"={rank_name(self.value)}"
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
    """Parse an action as ``str(action)`` writes it."""
    verb, rest, draw = split_action(text)
    if draw is not None:
        return draw
    if verb == "swap" and not rest:
        return SwapProgram()
    if verb == "reveal" and rest:
        return Reveal(parse_combinations(" ".join(rest)))
    if verb == "meld" and rest:
        (combo,) = parse_combinations(" ".join(rest))
        return Meld(combo)
    if verb == "discard" and len(rest) == 1:
        return DiscardCard(parse_playing_cards(rest)[0])
    if verb == "extend" and len(rest) == 3 and rest[1].lower() == "on":
        owner, dot, index = rest[2].partition(".")
        if not dot or not owner.isdigit() or not index.isdigit():
            raise NotationError("programmes.target_combo", text=text)
        name, eq, value = rest[0].partition("=")
        (card,) = parse_playing_cards([name])
        if eq and not IS_WILD[card]:
            raise NotationError("programmes.only_wild", token=rest[0])
        number = -1
        if eq:
            number = rank_value(value)
        return Extend(card, int(owner), int(index), number)
    raise NotationError("programmes.not_an_action_text", text=text)
