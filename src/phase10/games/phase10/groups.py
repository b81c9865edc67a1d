"""Groups on the table: sets, runs and colour groups, with the value each wild keeps.

A ``Group`` lists its cards and, for each, the value it stands for: a number (set, run) or a
colour index (colour group). A natural card always stands for itself; a wild keeps the value
it was given until the hand ends (P10-R06, D-02, D-05). Validation lives here once and is used
by the lay-down check, the move generator and the phase finder.

>>> g = Group.parse("run W R4 B5")
>>> str(g)
'run W=3 R4 B5'
>>> g.low, g.high
(3, 5)
>>> str(parse_groups("set R5 B5 W | colour G1 G2 W=G")[1])
'colour G1 G2 W=G'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from phase10.games.phase10.cards import (
    CARDS,
    COLOUR_OF,
    MAX_NUMBER,
    NUMBER_OF,
    SKIP_CODE,
    SYMBOL_OF,
    WILD_CODE,
    Card,
    Colour,
    parse_cards,
)
from phase10.games.phase10.messages import COLOUR_TAKES
from phase10.kernel.errors import NotationError, Problem
from phase10.kernel.kinds import Ends, Kind
from phase10.kernel.notation import one_card, parse_number

# Under Python 3.11 ``Kind.RUN`` goes through ``EnumType.__getattr__`` (about 0.2 µs, ten
# times a module global); the move generator asks ``hit_values`` for every card and group.
_SET: Final = Kind.SET
_RUN: Final = Kind.RUN
_COLOUR: Final = Kind.COLOUR

_KIND_WORDS = {
    "set": Kind.SET,
    "run": Kind.RUN,
    "colour": Kind.COLOUR,
    "color": Kind.COLOUR,
}


def value_symbol(kind: Kind, value: int) -> str:
    """How a wild's value is written: a number, or a colour letter in a colour group."""
    return "RBYG"[value] if kind is _COLOUR else str(value)


@dataclass(frozen=True, slots=True)
class Group(Ends):
    """A set, run or colour group with what every card stands for.

    Cards are kept in canonical order: a run by value, a set or colour group with its
    natural cards sorted and its wilds last.
    """

    kind: Kind
    cards: tuple[Card, ...]
    values: tuple[int, ...]

    @property
    def wilds(self) -> int:
        return sum(1 for c in self.cards if c == WILD_CODE)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def tokens(self) -> list[str]:
        """Card tokens with wild values: ``['W=3', 'R4']``."""
        return [
            f"W={value_symbol(self.kind, v)}" if c == WILD_CODE else SYMBOL_OF[c]
            for c, v in zip(self.cards, self.values, strict=True)
        ]

    def __str__(self) -> str:
        return f"{self.kind.value} {' '.join(self.tokens())}"

    def describe(self) -> str:
        """A phrase for people: ``run of 3-6``, ``set of 7s``, ``green colour group``."""
        if self.kind is _RUN:
            return f"run {self.low}-{self.high}"
        if self.kind is _SET:
            return f"set of {self.low}s"
        return f"{Colour(self.low).name.lower()} colour group"

    @classmethod
    def make(cls, kind: Kind, pairs: list[tuple[int, int]]) -> Group:
        """Build a group in canonical order from (card, value) pairs; no rule is checked."""
        if kind is _RUN:
            pairs = sorted(pairs, key=lambda p: p[1])
        else:
            pairs = sorted(pairs, key=lambda p: (p[0] == WILD_CODE, p[0]))
        return cls(
            kind,
            tuple(CARDS[c] for c, _ in pairs),
            tuple(v for _, v in pairs),
        )

    @classmethod
    def parse(cls, text: str) -> Group:
        """Parse ``set R5 B5 W=5``, ``run W=3 R4 B5``, ``colour G1 W=G``.

        A wild without ``=`` takes the set's number or the colour group's colour from its
        natural cards; in a run it takes the value of its place in the written order.
        """
        words = text.split()
        if not words or words[0].lower() not in _KIND_WORDS:
            raise NotationError("phase10.group_kind", text=text)
        kind = _KIND_WORDS[words[0].lower()]
        pairs: list[tuple[int, int | None]] = []
        for position, token in enumerate(words[1:], start=1):
            pairs.append(_parse_token(kind, token, position))
        if not pairs:
            raise NotationError("phase10.group_no_cards", text=text)
        return cls.make(kind, _fill_wild_values(kind, pairs, text))


def _parse_token(kind: Kind, token: str, position: int) -> tuple[int, int | None]:
    if "=" not in token:
        card = one_card(parse_cards, token, position)
        return card, _natural_value(kind, card)
    name, _, value = token.partition("=")
    if name.upper() != "W":
        raise NotationError("phase10.token_only_wild", position=position, token=token)
    if kind is _COLOUR:
        try:
            # int(): a Colour would compare equal but change the state's repr and digest.
            return WILD_CODE, int(Colour.from_letter(value))
        except NotationError:
            raise NotationError(
                "phase10.token_wild_colour", position=position, token=token
            ) from None
    number = parse_number(value)
    if number is None or not 1 <= number <= MAX_NUMBER:
        raise NotationError("phase10.token_wild_number", position=position, token=token)
    return WILD_CODE, number


def _natural_value(kind: Kind, code: int) -> int | None:
    if code in (WILD_CODE, SKIP_CODE):
        return None
    return COLOUR_OF[code] if kind is _COLOUR else NUMBER_OF[code]


def _fill_wild_values(
    kind: Kind, pairs: list[tuple[int, int | None]], text: str
) -> list[tuple[int, int]]:
    if all(v is not None for _, v in pairs):
        return [(c, v) for c, v in pairs if v is not None]
    if kind is _RUN:
        known = [(i, v) for i, (_, v) in enumerate(pairs) if v is not None]
        if not known:
            raise NotationError("phase10.wild_values", text=text)
        anchor_index, anchor_value = known[0]
        return [
            (c, v if v is not None else anchor_value + i - anchor_index)
            for i, (c, v) in enumerate(pairs)
        ]
    naturals = {v for c, v in pairs if v is not None and c != WILD_CODE}
    if len(naturals) != 1:
        raise NotationError("phase10.wild_values", text=text)
    (only,) = naturals
    return [(c, v if v is not None else only) for c, v in pairs]


def parse_groups(text: str) -> tuple[Group, ...]:
    """Groups separated by ``|`` or ``+``: ``set R5 B5 W | run R1 R2 R3 R4``."""
    parts = [p.strip() for p in text.replace("+", "|").split("|")]
    if any(not p for p in parts):
        raise NotationError("phase10.empty_group", text=text)
    return tuple(Group.parse(p) for p in parts)


def group_problem(group: Group, *, need_natural: bool) -> Problem | None:
    """Why ``group`` is not a valid group of its kind, or ``None`` if it is.

    Checks P10-R03..R08, D-01, D-02, D-03 and (when ``need_natural``) P10-R07 per group.

    >>> group_problem(Group(Kind.RUN, parse_cards("R11 R12 W"), (11, 12, 13)), need_natural=True)
    Problem(rule='P10-R04', key='phase10.run_range', params=mappingproxy({}))
    >>> str(group_problem(Group.parse("set W=4 W=4"), need_natural=True))
    'P10-R07: every group needs at least one natural card'
    >>> str(group_problem(Group.parse("run R5 W=9 R7 R8"), need_natural=True))
    'P10-R04: a run needs consecutive numbers, each used once (D-26), and this one has no 6'
    """
    cards, values = group.cards, group.values
    if len(cards) != len(values) or not cards:
        return Problem("P10-R20", "phase10.group_empty")
    kind = group.kind
    for c, v in zip(cards, values, strict=True):
        if c == SKIP_CODE:
            return Problem("P10-R08", "phase10.skip_in_group")
        if c != WILD_CODE and v != _natural_value(kind, c):
            return Problem("P10-R06", "phase10.natural_itself", {"card": SYMBOL_OF[c]})
    if kind is _RUN:
        if values[0] < 1 or values[-1] > MAX_NUMBER:
            return Problem("P10-R04", "phase10.run_range")
        for a, b in pairwise(values):
            if b == a:
                return Problem("P10-R04", "phase10.run_twice", {"number": a})
            if b != a + 1:
                return Problem("P10-R04", "phase10.run_gap", {"number": a + 1})
    elif kind is _SET:
        if any(v != values[0] for v in values):
            return Problem("P10-R03", "phase10.set_same_number")
        if not 1 <= values[0] <= MAX_NUMBER:
            return Problem("P10-R03", "phase10.set_number_range")
    else:
        if any(v != values[0] for v in values):
            return Problem("P10-R05", "phase10.colour_same")
        if not 0 <= values[0] <= 3:
            return Problem("P10-R05", "phase10.colour_range")
    if need_natural and all(c == WILD_CODE for c in cards):
        return Problem("P10-R07", "phase10.group_natural")
    return None


def hit_value(group: Group, card: int, end: str | None = None) -> int | Problem:
    """The value ``card`` takes when hit on ``group``, or a reason (P10-R23, D-16, D-17).

    ``end`` (``"low"`` or ``"high"``) says where a wild goes on a run; a natural card's
    place follows from its number.

    >>> hit_value(Group.parse("run R3 R4 R5 R6"), parse_cards("B2")[0])
    2
    >>> str(hit_value(Group.parse("run R3 R4 R5 R6"), parse_cards("B5")[0]))
    'P10-R23: a run takes only the number just below or above it (2 or 7), not 5'
    """
    if card == SKIP_CODE:
        return Problem("P10-R23", "phase10.skip_never_fits")
    kind = group.kind
    if kind is _SET:
        if card == WILD_CODE or NUMBER_OF[card] == group.low:
            return group.low
        return Problem("P10-R23", "phase10.set_takes", {"number": group.low})
    if kind is _COLOUR:
        if card == WILD_CODE or COLOUR_OF[card] == group.low:
            return group.low
        return Problem("P10-R23", COLOUR_TAKES[group.low])
    below, above = group.low - 1, group.high + 1
    options = [v for v in (below, above) if 1 <= v <= MAX_NUMBER]
    if not options:
        return Problem("P10-R23", "phase10.run_full")
    if card == WILD_CODE:
        if end == "low" and below >= 1:
            return below
        if end == "high" and above <= MAX_NUMBER:
            return above
        if end is None and len(options) == 1:
            return options[0]
        if end is None:
            return Problem("P10-R23", "phase10.which_end", {"below": below, "above": above})
        return Problem("P10-R23", "phase10.no_room_low" if end == "low" else "phase10.no_room_high")
    number = NUMBER_OF[card]
    if number in options:
        return number
    if len(options) == 2:
        params = {"below": below, "above": above, "number": number}
        return Problem("P10-R23", "phase10.run_takes_two", params)
    return Problem("P10-R23", "phase10.run_takes_one", {"wanted": options[0], "number": number})


def hit_values(group: Group, card: int) -> tuple[int, ...]:
    """Every value ``card`` could take when hit on ``group``; empty if it fits nowhere.

    The same answer as :func:`hit_value` without building a reason, because bots and the
    move generator ask it hundreds of thousands of times a second. A wild on a run with room
    at both ends gets both values (P10-R23, D-01).

    >>> hit_values(Group.parse("run R3 R4 R5 R6"), parse_cards("W")[0])
    (2, 7)
    >>> hit_values(Group.parse("set R5 B5 G5"), parse_cards("Y6")[0])
    ()
    """
    if card == SKIP_CODE:
        return ()
    kind = group.kind
    values = group.values
    if kind is _RUN:
        below, above = values[0] - 1, values[-1] + 1
        if card == WILD_CODE:
            return _RUN_ENDS[below][above]
        number = NUMBER_OF[card]
        # A card's number is 1..12, so it can only equal an end that exists.
        return _ONE[number] if number in (below, above) else ()
    low = values[0]
    if card == WILD_CODE or (NUMBER_OF[card] if kind is _SET else COLOUR_OF[card]) == low:
        return _ONE[low]
    return ()


_ONE: tuple[tuple[int], ...] = tuple((v,) for v in range(MAX_NUMBER + 2))
#: The values a wild may take next to a run, indexed by (low - 1, high + 1).
_RUN_ENDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(v for v in (below, above) if 1 <= v <= MAX_NUMBER) for above in range(MAX_NUMBER + 2)
    )
    for below in range(MAX_NUMBER + 2)
)


def with_hit(group: Group, card: int, value: int) -> Group:
    """The group after ``card`` standing for ``value`` joins it (validated by ``hit_value``)."""
    if group.kind is _RUN:
        if value < group.low:
            return Group(group.kind, (CARDS[card], *group.cards), (value, *group.values))
        return Group(group.kind, (*group.cards, CARDS[card]), (*group.values, value))
    return Group.make(group.kind, [*zip(group.cards, group.values, strict=True), (card, value)])
