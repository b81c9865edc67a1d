"""Every way a hand can lay down its phase, at the phase's exact minimum sizes: the move
generator's lay-downs (P10-R15, P10-R18, D-14).

Extra cards are left out on purpose: P10-R18 lets them only enlarge the required groups, and
D-14 lets the player hit them onto their own groups in the same turn, so a minimal lay-down
followed by hits reaches every legal outcome (docs/decisions/0001).

>>> from phase10.games.phase10.cards import parse_cards
>>> from phase10.games.phase10.rules import RuleSet
>>> rules = RuleSet()
>>> ways = laydowns(parse_cards("R7 B7 W G3 Y3 B3"), rules.phases[0], rules)
>>> [" | ".join(map(str, way)) for way in ways]
['set B3 Y3 G3 | set R7 B7 W=7']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from phase10.games.phase10.cards import CARDS, MAX_NUMBER, NUMBERED, WILD_CODE
from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import GroupReq, Kind, NaturalCardScope, Phase, RuleSet

_WILD = CARDS[WILD_CODE]
# Bound once: Python 3.11 finds an Enum member through ``EnumType.__getattr__`` (about 0.2 µs,
# ten times a module global), and these are asked for every group tried.
_SET: Final = Kind.SET
_RUN: Final = Kind.RUN
_PER_GROUP: Final = NaturalCardScope.PER_GROUP


def per_group(rules: RuleSet) -> bool:
    """Whether every group needs a natural card of its own (``natural_card_scope``, D-04)."""
    return rules.natural_card_scope is _PER_GROUP


def group_key(group: Group) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A group's values then cards: the order that makes twin groups canonical."""
    return (group.values, group.cards)


def _splits(
    avail: Sequence[int], total: int, start: int, suffix: Sequence[int]
) -> Iterator[list[int]]:
    """Every way to take ``total`` cards from the piles ``avail[start:]`` (counts per pile)."""
    if total == 0:
        yield [0] * (len(avail) - start)
        return
    if start == len(avail) or suffix[start] < total:
        return
    here = avail[start]
    for k in range(min(here, total), -1, -1):
        for rest in _splits(avail, total - k, start + 1, suffix):
            rest.insert(0, k)
            yield rest


def _suffix_sums(avail: Sequence[int]) -> list[int]:
    out = [0] * (len(avail) + 1)
    for i in range(len(avail) - 1, -1, -1):
        out[i] = out[i + 1] + avail[i]
    return out


# (group, natural codes it uses, wilds it uses)
_Option = tuple[Group, tuple[int, ...], int]


#: Options of one key (a set's number, a colour group's colour) by what they depend on: the
#: kind, the key, the size, the fewest naturals allowed and the copies held of the key's
#: codes. The move generator asks again for every group placed before (the second set of
#: phase 1 once per first set) and for every turn, and building the ``Group`` objects is the
#: cost; they are immutable, so lay-downs may share them.
_ALIKE: dict[tuple[int, ...], list[_Option]] = {}
#: Run options of one window, by length, start, wilds usable, scope and which codes are held
#: of each number of the window (a 4-bit mask per number).
_RUNS: dict[tuple[int, ...], list[_Option]] = {}
_OPTIONS_LIMIT: Final = 4096


def _alike_options(
    kind: Kind, counts: list[int], wilds: int, size: int, need_natural: bool
) -> list[_Option]:
    """Every set (one number, any colours) or colour group (one colour, any numbers)."""
    out: list[_Option] = []
    low = max(1 if need_natural else 0, size - wilds)
    is_set = kind is _SET
    keys = range(1, MAX_NUMBER + 1) if is_set else range(4)
    for key in keys:
        codes: Sequence[int] = (
            (key - 1, key + 11, key + 23, key + 35) if is_set else range(key * 12, key * 12 + 12)
        )
        avail = [counts[c] for c in codes]
        if sum(avail) < low:
            # Too few naturals of this key even with every wild: no option. Most keys of a
            # hand stop here.
            continue
        memo_key = (is_set, key, size, low, *avail)
        options = _ALIKE.get(memo_key)
        if options is None:
            options = _key_options(kind, key, codes, avail, size, low)
            if len(_ALIKE) >= _OPTIONS_LIMIT:
                _ALIKE.clear()
            _ALIKE[memo_key] = options
        out.extend(options)
    return out


def _key_options(
    kind: Kind, key: int, codes: Sequence[int], avail: list[int], size: int, low: int
) -> list[_Option]:
    """The options of ``_alike_options`` for one key: from the most naturals down to ``low``."""
    out: list[_Option] = []
    suffix = _suffix_sums(avail)
    for k in range(min(size, suffix[0]), low - 1, -1):
        for split in _splits(avail, k, 0, suffix):
            used = tuple(c for c, x in zip(codes, split, strict=True) for _ in range(x))
            group = Group(
                kind, tuple(CARDS[c] for c in used) + (_WILD,) * (size - k), (key,) * size
            )
            out.append((group, used, size - k))
    return out


def _run_picks(choices: Sequence[Sequence[int]], i: int, wild_left: int) -> Iterator[list[int]]:
    """Every pick of one code per position from ``choices[i:]``, using at most ``wild_left``."""
    if i == len(choices):
        yield []
        return
    for c in choices[i]:
        if c == WILD_CODE:
            if not wild_left:
                continue
            for rest in _run_picks(choices, i + 1, wild_left - 1):
                rest.append(c)
                yield rest
        else:
            for rest in _run_picks(choices, i + 1, wild_left):
                rest.append(c)
                yield rest


def _run_options(counts: list[int], wilds: int, length: int, need_natural: bool) -> list[_Option]:
    out: list[_Option] = []
    if length > MAX_NUMBER:
        return out
    # Which codes of each number the hand holds, as a 4-bit mask (index: number - 1). A
    # window missing more numbers than there are wilds has no pick, and one missing all of
    # them only picks of wilds alone.
    held = [
        (counts[v - 1] > 0)
        | (counts[v + 11] > 0) << 1
        | (counts[v + 23] > 0) << 2
        | (counts[v + 35] > 0) << 3
        for v in range(1, MAX_NUMBER + 1)
    ]
    # More wilds than positions pick the same as one per position.
    usable = min(wilds, length)
    for start in range(1, MAX_NUMBER + 2 - length):
        window = held[start - 1 : start - 1 + length]
        missing = window.count(0)
        if missing > wilds or (need_natural and missing == length):
            continue
        memo_key = (length, start, usable, need_natural, *window)
        options = _RUNS.get(memo_key)
        if options is None:
            options = _window_options(counts, usable, start, length, need_natural)
            if len(_RUNS) >= _OPTIONS_LIMIT:
                _RUNS.clear()
            _RUNS[memo_key] = options
        out.extend(options)
    return out


def _window_options(
    counts: list[int], wilds: int, start: int, length: int, need_natural: bool
) -> list[_Option]:
    """The runs over ``start..start+length-1`` (depending only on which codes are held)."""
    out: list[_Option] = []
    values = tuple(range(start, start + length))
    # Built back to front by _run_picks, so the choices go in reversed.
    choices = [
        [c for c in (v - 1, v + 11, v + 23, v + 35) if counts[c]] + [WILD_CODE]
        for v in reversed(values)
    ]
    for picked in _run_picks(choices, 0, wilds):
        used = tuple(c for c in picked if c != WILD_CODE)
        if used or not need_natural:
            group = Group(_RUN, tuple(CARDS[c] for c in picked), values)
            out.append((group, used, length - len(used)))
    return out


def _options(req: GroupReq, counts: list[int], wilds: int, need_natural: bool) -> list[_Option]:
    if req.size < 1:
        return []
    if req.kind is _RUN:
        return _run_options(counts, wilds, req.size, need_natural)
    return _alike_options(req.kind, counts, wilds, req.size, need_natural)


def _laydown_key(groups: tuple[Group, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return tuple((g.values, g.cards) for g in groups)


def laydowns(cards: Sequence[int], phase: Phase, rules: RuleSet) -> list[tuple[Group, ...]]:
    """Every distinct lay-down of ``phase`` from ``cards`` at the exact minimum sizes.

    Copies of one card are interchangeable, so each lay-down appears once: groups are in
    canonical form, two requirements alike (phase 1, phase 7) hold their groups in
    ``(values, cards)`` order, and lay-downs differ in the cards of some group or in a
    wild's value (D-02: ``W R4 R5`` is both 3-5 and 4-6). The list is sorted.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> run_of_3 = Phase(0, (GroupReq(Kind.RUN, 3),))
    >>> [str(g) for (g,) in laydowns(parse_cards("W R4 R5"), run_of_3, RuleSet())]
    ['run W=3 R4 R5', 'run R4 R5 W=6']
    """
    each_needs_natural = per_group(rules)
    counts = [0] * NUMBERED
    wilds = 0
    for c in cards:
        if c < NUMBERED:
            counts[c] += 1
        elif c == WILD_CODE:
            wilds += 1
    reqs = phase.groups
    twin_of = [
        max((j for j in range(i) if reqs[j] == reqs[i]), default=-1) for i in range(len(reqs))
    ]
    found: list[tuple[Group, ...]] = []
    chosen: list[Group] = []

    def place(i: int, wild_left: int, naturals: int) -> None:
        if i == len(reqs):
            # D-04: a phase of wilds only is illegal under either scope.
            if naturals:
                found.append(tuple(chosen))
            return
        twin = twin_of[i]
        floor = group_key(chosen[twin]) if twin >= 0 else None
        for group, used, wild_count in _options(reqs[i], counts, wild_left, each_needs_natural):
            if floor is not None and group_key(group) < floor:
                continue
            for c in used:
                counts[c] -= 1
            chosen.append(group)
            place(i + 1, wild_left - wild_count, naturals + len(used))
            chosen.pop()
            for c in used:
                counts[c] += 1

    place(0, wilds, 0)
    found.sort(key=_laydown_key)
    return found
