"""Hand evaluation for the bots: how far a hand is from a phase, and how useful each card is.

Everything works on count vectors (cards per number 1..12, per colour, and the wilds), so the
evaluator costs a few microseconds and bots can call it for every candidate discard.

>>> from phase10.games.phase10.cards import parse_cards
>>> from phase10.games.phase10.rules import RuleSet
>>> rules = RuleSet()
>>> distance(parse_cards("R5 B5 W G7 R7 S"), rules.phases[0], rules)
1
>>> distance(parse_cards("R1 R2 R3 R4 R5 R6 S"), rules.phases[3], rules)
1
>>> distance(parse_cards("G1 G3 G4 G9 G12 W W"), rules.phases[7], rules)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Final

from phase10.games.phase10.cards import COLOUR_OF, MAX_NUMBER, NUMBER_OF, NUMBERED, WILD_CODE
from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import Kind, NaturalCardScope, Phase, RuleSet

# Shapes of phase the fast paths know; every phase of A.3 and its variants is one of them.
_SETS: Final = 0
_SET_RUN: Final = 1
_RUN: Final = 2
_COLOUR: Final = 3
_OTHER: Final = 4

_Shape = tuple[int, tuple[int, ...]]
_SHAPES: dict[Phase, _Shape] = {}
# Hashing a Phase walks its groups, and a search asks for the shape of the same few Phase
# objects hundreds of thousands of times, so they are also looked up by identity. An entry
# keeps its Phase alive (its id cannot be reused meanwhile); the cache is bounded for
# processes that build rules again and again.
_SHAPES_BY_ID: dict[int, tuple[Phase, _Shape]] = {}
_ID_CACHE_LIMIT: Final = 512


def _shape(phase: Phase) -> _Shape:
    entry = _SHAPES_BY_ID.get(id(phase))
    if entry is not None and entry[0] is phase:
        return entry[1]
    cached = _SHAPES.get(phase)
    if cached is None:
        cached = _SHAPES[phase] = _make_shape(phase)
    if len(_SHAPES_BY_ID) >= _ID_CACHE_LIMIT:
        _SHAPES_BY_ID.clear()
    _SHAPES_BY_ID[id(phase)] = (phase, cached)
    return cached


def _make_shape(phase: Phase) -> _Shape:
    kinds = tuple(g.kind for g in phase.groups)
    sizes = tuple(g.size for g in phase.groups)
    shape: _Shape
    if kinds in ((Kind.SET,), (Kind.SET, Kind.SET)):
        shape = (_SETS, tuple(sorted(sizes, reverse=True)))
    elif kinds == (Kind.SET, Kind.RUN):
        shape = (_SET_RUN, sizes)
    elif kinds == (Kind.RUN, Kind.SET):
        shape = (_SET_RUN, (sizes[1], sizes[0]))
    elif kinds == (Kind.RUN,):
        shape = (_RUN, sizes)
    elif kinds == (Kind.COLOUR,):
        shape = (_COLOUR, sizes)
    else:
        shape = (_OTHER, sizes)
    return shape


def counts_of(cards: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Cards per number (index 1..12), per colour (0..3), and the number of wilds.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> numbers, colours, wilds = counts_of(parse_cards("R5 B5 G12 W S"))
    >>> numbers[5], numbers[12], colours, wilds
    (2, 1, [1, 1, 0, 1], 1)
    """
    numbers = [0] * 13
    colours = [0, 0, 0, 0]
    wilds = 0
    for c in cards:
        if c < NUMBERED:
            numbers[NUMBER_OF[c]] += 1
            colours[COLOUR_OF[c]] += 1
        elif c == WILD_CODE:
            wilds += 1
    return numbers, colours, wilds


def _missing(short: int, natural_short: int, wilds: int) -> int:
    """Cards to draw: each group without a natural needs one drawn natural; wilds cover the rest."""
    rest = short - natural_short - wilds
    return natural_short + (rest if rest > 0 else 0)


def distance(cards: Sequence[int], phase: Phase, rules: RuleSet | None = None) -> int:
    """The fewest cards the hand still misses to hold ``phase`` (0: it can lay down now).

    Wilds fill any gap, but every group needs a natural card (P10-R07) unless ``rules`` says
    ``natural_card_scope=per_phase``; Skips never help (P10-R08). A card counts toward one
    group only (P10-R20).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.rules import RuleSet
    >>> rules = RuleSet()
    >>> distance(parse_cards("R3 B3 G3 R8 W"), rules.phases[1], rules)  # set of 3 + run of 4
    2
    >>> distance(parse_cards("W W W"), rules.phases[0], rules)  # every set needs a natural
    3
    """
    numbers, colours, wilds = counts_of(cards)
    per_group = rules is None or rules.natural_card_scope is NaturalCardScope.PER_GROUP
    return distance_counts(numbers, colours, wilds, phase, per_group=per_group)


def distance_counts(
    numbers: list[int], colours: list[int], wilds: int, phase: Phase, *, per_group: bool = True
) -> int:
    """:func:`distance` on count vectors from :func:`counts_of`."""
    kind, sizes = _shape(phase)
    if kind == _SETS:
        return _sets(numbers, wilds, sizes, per_group)
    if kind == _RUN:
        return _run(numbers, wilds, sizes[0])
    if kind == _SET_RUN:
        return _set_run(numbers, wilds, sizes[0], sizes[1], per_group)
    if kind == _COLOUR:
        best = max(colours)
        return _missing(max(0, sizes[0] - best), 1 if best == 0 else 0, wilds)
    return _other(numbers, colours, wilds, phase)


def _sets(numbers: list[int], wilds: int, sizes: tuple[int, ...], per_group: bool) -> int:
    if len(sizes) == 1:
        best = max(numbers)
        return _missing(max(0, sizes[0] - best), 1 if best == 0 else 0, wilds)
    a, b = sizes[0], sizes[1]
    # Only the two largest counts matter (index 0 holds no number and is always 0).
    *_, c2, c1 = sorted(numbers)
    # Both sets from the two most frequent numbers, in either order, or both from one number.
    result = 1 << 20
    for ca, cb in ((c1, c2), (c2, c1)):
        short = max(0, a - ca) + max(0, b - cb)
        nat = (ca == 0) + (cb == 0) if per_group else int(ca + cb == 0)
        result = min(result, _missing(short, nat, wilds))
    short = max(0, a + b - c1)
    nat = (2 if c1 == 0 else 1 if c1 == 1 else 0) if per_group else int(c1 == 0)
    return min(result, _missing(short, nat, wilds))


def _run(numbers: list[int], wilds: int, length: int) -> int:
    if length > 12:
        return 1 << 20
    present = [0] * 13
    for n in range(1, 13):
        present[n] = present[n - 1] + (numbers[n] > 0)
    best = 1 << 20
    for start in range(1, 14 - length):
        held = present[start + length - 1] - present[start - 1]
        best = min(best, _missing(length - held, 1 if held == 0 else 0, wilds))
    return best


def _set_run(numbers: list[int], wilds: int, size: int, length: int, per_group: bool) -> int:
    if length > 12:
        return 1 << 20
    # The greatest count up to each number and from each number on: the set's best number
    # outside a window of the run is the larger of the one before it and the one after.
    before = list(accumulate(numbers, max))
    after = list(accumulate(numbers[:0:-1], max))[::-1]
    after.append(0)
    best = 1 << 20
    for start in range(1, 14 - length):
        end = start + length
        window = numbers[start:end]
        held = length - window.count(0)
        # The best set number inside the window lends one copy to the run, one outside keeps
        # all; a larger set never needs more cards, so only the larger choice counts.
        in_set = max(max(window) - 1, before[start - 1], after[end - 1])
        if in_set < 0:
            in_set = 0
        short = (size - in_set if size > in_set else 0) + length - held
        nat = (in_set == 0) + (held == 0) if per_group else int(in_set + held == 0)
        # _missing(short, nat, wilds), written out: it runs for every window of every distance.
        missing = short - wilds if short - wilds > nat else nat
        if missing < best:
            best = missing
    return best


def closer_numbers(
    numbers: list[int], wilds: int, phase: Phase, *, per_group: bool = True
) -> list[bool] | None:
    """For each number 1..12 (index 0 unused), whether one more card of it would bring the
    counted hand closer to ``phase`` (lower :func:`distance_counts`): the question a bot
    asks of every number for every card it might discard. Answered at once for a set and a
    run (phases 2 and 3), where asking :func:`distance_counts` twelve times costs the most;
    None for the other shapes, whose distances are cheap to ask one by one.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.rules import RuleSet
    >>> numbers, _, wilds = counts_of(parse_cards("R3 B3 G3 R5 B6 Y7 G11"))
    >>> closer = closer_numbers(numbers, wilds, RuleSet().phases[1])  # set of 3 + run of 4
    >>> [n for n in range(1, 13) if closer[n]]
    [4, 8]
    """
    kind, sizes = _shape(phase)
    if kind != _SET_RUN or sizes[1] > 12:
        return None
    size, length = sizes
    # The windows as _set_run measures them; that function keeps its own copy of the
    # arithmetic, since collecting the windows in a list costs it a fifth of its time.
    before = list(accumulate(numbers, max))
    after = list(accumulate(numbers[:0:-1], max))[::-1]
    after.append(0)
    windows = []
    best = 1 << 20
    for start in range(1, 14 - length):
        end = start + length
        window = numbers[start:end]
        held = length - window.count(0)
        top = max(window)
        outside = max(before[start - 1], after[end - 1])
        in_set = max(top - 1, outside, 0)
        short = (size - in_set if size > in_set else 0) + length - held
        nat = (in_set == 0) + (held == 0) if per_group else int(in_set + held == 0)
        missing = short - wilds if short - wilds > nat else nat
        windows.append((start, end, held, top, outside, missing))
        if missing < best:
            best = missing
    closer = [False] * 13
    # One card lowers any window's count of missing cards by one at most, so only the
    # windows that give the distance now can give a lower one.
    for start, end, held, top, outside, missing in windows:
        if missing != best:
            continue
        for n in range(1, 13):
            if closer[n]:
                continue
            count = numbers[n]
            if start <= n < end:
                more = held + (count == 0)
                in_set = max((top if top > count else count + 1) - 1, outside, 0)
            else:
                more = held
                in_set = max(top - 1, outside, count + 1)
            short = (size - in_set if size > in_set else 0) + length - more
            nat = (in_set == 0) + (more == 0) if per_group else int(in_set + more == 0)
            if (short - wilds if short - wilds > nat else nat) < best:
                closer[n] = True
    return closer


def _other(numbers: list[int], colours: list[int], wilds: int, phase: Phase) -> int:
    # No phase in play has another shape; a per-group lower bound keeps bots working anyway.
    short = nat = 0
    present = sum(1 for n in range(1, 13) if numbers[n])
    for req in phase.groups:
        if req.kind is Kind.SET:
            held = max(numbers)
        elif req.kind is Kind.COLOUR:
            held = max(colours)
        else:
            held = min(present, req.size)
        short += max(0, req.size - held)
        nat += held == 0
    return _missing(short, nat, wilds)


def keep_value(card: int, numbers: list[int], colours: list[int], phase: Phase) -> int:
    """How much a card is worth keeping beyond :func:`distance` (higher: keep).

    Sets value copies of the same number, runs value distinct numbers with neighbours,
    colour groups value the most common colour. Wilds are always worth the most.
    """
    if card == WILD_CODE:
        return 1000
    if card >= NUMBERED:
        return -1
    number = NUMBER_OF[card]
    value = 0
    for req in phase.groups:
        if req.kind is Kind.SET:
            value = max(value, 4 * numbers[number])
        elif req.kind is Kind.RUN:
            near = sum(
                1
                for n in range(number - 2, number + 3)
                if n != number and 1 <= n <= 12 and numbers[n]
            )
            # A second copy adds nothing to a run.
            value = max(value, 0 if numbers[number] > 1 else 2 + near)
        else:
            value = max(value, colours[COLOUR_OF[card]])
    return value


def fits_any(card: int, table: Sequence[Sequence[Group]]) -> bool:
    """Whether ``card`` could be hit on some group on the table (P10-R23).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.groups import Group
    >>> table = ((Group.parse("run R3 R4 R5 R6"),), ())
    >>> fits_any(parse_cards("B7")[0], table), fits_any(parse_cards("B9")[0], table)
    (True, False)
    """
    return bool(fit_mask(table) >> card & 1)


def fit_mask(table: Sequence[Sequence[Group]]) -> int:
    """The cards that could be hit somewhere on ``table``, as bits by card code (P10-R23).

    A table is immutable and stays the same object over many turns of a rollout, so the
    mask of the last table asked about is kept: :func:`fits_any` is called for every card
    of every discard a search plays out, and was most of its cost.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> table = ((Group.parse("set R5 B5 W"),), ())
    >>> [code for code in range(50) if fit_mask(table) >> code & 1] == sorted(
    ...     parse_cards("R5 B5 Y5 G5 W"))
    True
    """
    last_table, last_mask = _last[0]
    if table is last_table:
        return last_mask
    mask = 0
    for groups in table:
        for group in groups:
            kind, low = group.kind, group.values[0]
            if kind is Kind.SET:
                mask |= _NUMBER_MASK[low] | _WILD_BIT
            elif kind is Kind.COLOUR:
                mask |= _COLOUR_MASK[low] | _WILD_BIT
            else:
                below, above = low - 1, group.values[-1] + 1
                if below >= 1:
                    mask |= _NUMBER_MASK[below] | _WILD_BIT
                if above <= MAX_NUMBER:
                    mask |= _NUMBER_MASK[above] | _WILD_BIT
    # One assignment of a pair, so a bot thinking in another thread never sees a table
    # with another table's mask.
    _last[0] = (table, mask)
    return mask


_WILD_BIT: Final = 1 << WILD_CODE
_NUMBER_MASK: Final = tuple(
    sum(1 << c for c in range(NUMBERED) if NUMBER_OF[c] == n) for n in range(MAX_NUMBER + 1)
)
_COLOUR_MASK: Final = tuple(
    sum(1 << c for c in range(NUMBERED) if COLOUR_OF[c] == k) for k in range(4)
)
_last: list[tuple[Sequence[Sequence[Group]] | None, int]] = [(None, 0)]
