"""The four actions of a turn (P10-R13) and their notation.

>>> parse_action("draw")
Draw(source=<Source.DRAW_PILE: 'draw_pile'>)
>>> str(parse_action("lay set R5 B5 W | set R7 G7 Y7"))
'lay set R5 B5 W=5 | set R7 Y7 G7'
>>> str(parse_action("hit W=2 on 1.0"))
'hit W=2 on 1.0'
>>> str(parse_action("discard S to 2"))
'discard S to 2'

A hit says what its card stands for whenever the card alone does not: a wild always
(``W=7``; on a colour group its colour as the number 0-3 for R, B, Y, G, and ``W=G`` is read
the same), and a natural card on a colour group, which stands for its colour (``R7=R``). A
natural card written bare stands for its own number, as on a set or a run. So
``parse_action(str(a)) == a`` for every legal action; texts written before colour hits
said their value (``hit R7 on 1.0`` on a red colour group) still read and apply as before.

>>> str(parse_action("hit R7=R on 1.0")), parse_action("hit R7=R on 1.0").value
('hit R7=R on 1.0', 0)
>>> parse_action("hit B6 on 4.1")
Hit(card=Card.from_symbol('B6'), owner=4, index=1, value=6)
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.games.phase10.cards import (
    COLOUR_OF,
    NUMBER_OF,
    NUMBERED,
    SYMBOL_OF,
    WILD_CODE,
    Card,
    Colour,
    parse_cards,
)
from phase10.games.phase10.groups import Group, parse_groups
from phase10.kernel.actions import Draw as Draw
from phase10.kernel.actions import Source as Source
from phase10.kernel.actions import split_action
from phase10.kernel.errors import NotationError
from phase10.kernel.notation import one_card, parse_number


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down the current phase as these groups (P10-R15..R20).

    ``phase`` names the phase under ``progression=pick_any`` (D-34) and is ``None`` otherwise.
    """

    groups: tuple[Group, ...]
    phase: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for g in self.groups for c in g.cards)

    def __str__(self) -> str:
        named = f"phase {self.phase}: " if self.phase is not None else ""
        return f"lay {named}{' | '.join(str(g) for g in self.groups)}"


@dataclass(frozen=True, slots=True)
class Hit:
    """Add one card to a group on the table (P10-R21..R24).

    ``owner`` is the seat that laid the group, ``index`` its place among that seat's groups,
    and ``value`` what the card stands for there.
    """

    card: Card
    owner: int
    index: int
    value: int

    def __str__(self) -> str:
        card, value = self.card, self.value
        token = SYMBOL_OF[card]
        if card == WILD_CODE:
            if value >= 0:
                token = f"W={value}"
        elif value == COLOUR_OF[card] and value != NUMBER_OF[card]:
            token = f"{token}={'RBYG'[value]}"  # a natural card on a colour group
        return f"hit {token} on {self.owner}.{self.index}"


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn with one card on the discard pile (P10-R13 step 4).

    For a Skip, ``target`` is the seat that loses its next turn (P10-R25), or ``None`` for a
    Skip with no effect (P10-R29) and under ``skip_target=next``.
    """

    card: Card
    target: int | None = None

    def __str__(self) -> str:
        suffix = f" to {self.target}" if self.target is not None else ""
        return f"discard {SYMBOL_OF[self.card]}{suffix}"


Action = Draw | LayDown | Hit | Discard


def parse_action(text: str) -> Action:
    """Parse an action written as ``str(action)`` prints it.

    Forms: ``draw``; ``take``; ``lay [phase N:] GROUP | GROUP``; ``hit CARD on SEAT.INDEX``;
    ``discard CARD [to SEAT]``. A wild hit on a run gives its value (``hit W=2 on 0.1``).
    """
    verb, rest, draw = split_action(text)
    if draw is not None:
        return draw
    if verb == "lay" and rest:
        body = " ".join(rest)
        phase = None
        if rest[0].lower() == "phase" and len(rest) > 1:
            phase = parse_number(rest[1].rstrip(":"))
            if phase is None:
                raise NotationError("phase10.phase_number", text=text)
            body = " ".join(rest[2:])
        return LayDown(parse_groups(body), phase)
    if verb == "hit" and len(rest) == 3 and rest[1].lower() == "on":
        return _parse_hit(rest[0], rest[2], text)
    if verb == "discard" and len(rest) in (1, 3):
        card = one_card(parse_cards, rest[0])
        if len(rest) == 3:
            target = parse_number(rest[2])
            if rest[1].lower() != "to" or target is None:
                raise NotationError("phase10.skip_target_notation", text=text)
            return Discard(card, target)
        return Discard(card)
    raise NotationError("phase10.not_an_action_text", text=text)


def _parse_hit(token: str, where: str, text: str) -> Hit:
    owner, dot, index = where.partition(".")
    seat, place = parse_number(owner), parse_number(index)
    if not dot or seat is None or place is None:
        raise NotationError("phase10.target_group", text=text)
    name, eq, value = token.partition("=")
    card = one_card(parse_cards, name)
    if card == WILD_CODE:
        if not eq:
            return Hit(card, seat, place, -1)
        colour = Colour.find(value)
        if colour is not None:
            return Hit(card, seat, place, int(colour))
        number = parse_number(value)
        if number is None:
            raise NotationError("phase10.wild_number_or_colour", token=token)
        return Hit(card, seat, place, number)
    if not eq or value == str(NUMBER_OF[card]):
        return Hit(card, seat, place, NUMBER_OF[card])
    if card < NUMBERED and Colour.find(value) == COLOUR_OF[card]:
        return Hit(card, seat, place, COLOUR_OF[card])
    raise NotationError("phase10.natural_stands_for_itself", token=token)
