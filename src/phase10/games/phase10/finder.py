"""The phase finder: can a hand make its phase, and every way it can lay it down.

Three entry points:

* :func:`find_phase` answers "does this hand hold the phase?" with one lay-down, or ``None``.
  It runs on every turn of every bot and of every search, so it works on count vectors
  (cards per number, per colour, a 12-bit mask of the numbers held) and builds ``Group``
  objects only for the answer. The answer uses as few wilds as possible; ties are broken
  by a fixed rule that looks only at the counts, so the input order never matters.
* :func:`~phase10.games.phase10.laydowns.laydowns` (its own module) lists *every* distinct
  lay-down at the phase's exact minimum sizes.
  Extra cards are left out on purpose: P10-R18 lets them only enlarge the required
  groups, and D-14 lets the player hit them onto their own groups in the same turn, so a
  minimal lay-down followed by hits reaches every legal outcome. The move generator thus
  needs only the minimal lay-downs; a lay-down with extra cards is still *accepted* when a
  player proposes it (:func:`laydown_problem` takes groups of any size).
* :func:`laydown_problem` validates a proposed lay-down (groups of at least the minimum
  sizes) against the phase: P10-R15, P10-R18, P10-R03..R08 and D-04.

Skips are never part of a group (P10-R08). Under ``natural_card_scope=per_group`` every
group holds a natural card; under ``per_phase`` one natural card anywhere in the phase is
enough, but a phase of wilds only is illegal either way (D-04).

>>> from phase10.games.phase10.cards import parse_cards
>>> from phase10.games.phase10.rules import RuleSet
>>> rules = RuleSet()
>>> hand = parse_cards("R7 B7 W G3 Y3 B3 R11 S")
>>> [str(g) for g in find_phase(hand, rules.phases[0], rules)]
['set B3 Y3 G3', 'set R7 B7 W=7']
>>> laydown_problem(find_phase(hand, rules.phases[0], rules), rules.phases[0], rules) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from phase10.games.phase10.cards import (
    CARDS,
    COLOUR_OF,
    MAX_NUMBER,
    NUMBER_OF,
    NUMBERED,
    WILD_CODE,
    Card,
)
from phase10.games.phase10.groups import Group, group_problem
from phase10.games.phase10.laydowns import group_key as _group_key
from phase10.games.phase10.laydowns import laydowns
from phase10.games.phase10.laydowns import per_group as _per_group
from phase10.games.phase10.rules import Kind, Phase, RuleSet
from phase10.kernel.errors import Problem
from phase10.kernel.messages import Param

# Per-code lookup tables. Index 13 of the number counts holds the wilds and index 0 the
# Skips, so one pass over the hand fills everything without a branch.
_WILD_SLOT: Final = 13
_NUM_SLOT: Final[tuple[int, ...]] = tuple(
    NUMBER_OF[c] if c < NUMBERED else (_WILD_SLOT if c == WILD_CODE else 0) for c in range(50)
)
_BIT: Final[tuple[int, ...]] = tuple(
    1 << (NUMBER_OF[c] - 1) if c < NUMBERED else 0 for c in range(50)
)
_COLOUR_SLOT: Final[tuple[int, ...]] = tuple(
    COLOUR_OF[c] if c < NUMBERED else (4 if c == WILD_CODE else 5) for c in range(50)
)
_NUMBERS_DOWN: Final[tuple[int, ...]] = tuple(range(MAX_NUMBER, 0, -1))
_WILD: Final = CARDS[WILD_CODE]
_CODES_OF_NUMBER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(colour * 12 + n - 1 for colour in range(4)) if n else () for n in range(MAX_NUMBER + 1)
)
# Bound once: Python 3.11 finds ``Kind.SET`` through ``EnumType.__getattr__`` (about 0.2 µs).
_SET: Final = Kind.SET
_RUN: Final = Kind.RUN
_COLOUR: Final = Kind.COLOUR
_NO_WINDOW: Final = -1
_NEVER: Final = 1 << 20

# Plan shapes: the phases of A.3 and their variants all fall into the first five.
_GENERIC: Final = 0
_ONE_SET: Final = 1
_TWO_SETS: Final = 2
_ONE_RUN: Final = 3
_ONE_COLOUR: Final = 4
_SET_RUN: Final = 5

# (shape, size a, size b, index of group a, index of group b)
_Plan = tuple[int, int, int, int, int]

_PLANS_BY_ID: dict[int, tuple[Phase, _Plan]] = {}
_PLANS: dict[Phase, _Plan] = {}
_ID_CACHE_LIMIT: Final = 512
_RUN_TABLES: dict[int, list[int]] = {}


def _make_plan(phase: Phase) -> _Plan:
    reqs = phase.groups
    kinds = [r.kind for r in reqs]
    if any(r.size < 1 for r in reqs):
        return (_GENERIC, 0, 0, 0, 0)
    if len(reqs) == 1:
        size = reqs[0].size
        if kinds[0] is Kind.SET:
            return (_ONE_SET, size, 0, 0, 0)
        if kinds[0] is Kind.RUN:
            return (_ONE_RUN, size, 0, 0, 0)
        return (_ONE_COLOUR, size, 0, 0, 0)
    if len(reqs) == 2:
        if kinds == [Kind.SET, Kind.SET]:
            big = 1 if reqs[1].size > reqs[0].size else 0
            return (_TWO_SETS, reqs[big].size, reqs[1 - big].size, big, 1 - big)
        if Kind.SET in kinds and Kind.RUN in kinds:
            s, r = kinds.index(Kind.SET), kinds.index(Kind.RUN)
            return (_SET_RUN, reqs[s].size, reqs[r].size, s, r)
    return (_GENERIC, 0, 0, 0, 0)


def _plan(phase: Phase) -> _Plan:
    # Hashing a Phase runs several Python-level __hash__ calls (dataclasses, Enum), which
    # costs more than the whole two-set search; the id() cache keeps the phase alive, so
    # an id is never reused while its entry stands.
    entry = _PLANS_BY_ID.get(id(phase))
    if entry is not None and entry[0] is phase:
        return entry[1]
    plan = _PLANS.get(phase)
    if plan is None:
        plan = _PLANS[phase] = _make_plan(phase)
    if len(_PLANS_BY_ID) >= _ID_CACHE_LIMIT:
        _PLANS_BY_ID.clear()
    _PLANS_BY_ID[id(phase)] = (phase, plan)
    return plan


def _run_table(length: int) -> list[int]:
    """For each 12-bit mask of numbers held: the best window of ``length`` numbers.

    The entry is ``missing * 16 + start`` for the window with the fewest missing numbers
    among those holding at least one number (the highest start on a tie, so that high
    cards leave the hand), or ``_NO_WINDOW`` when the mask is empty.
    """
    table = _RUN_TABLES.get(length)
    if table is not None:
        return table
    table = [_NO_WINDOW] * (1 << MAX_NUMBER)
    full = (1 << length) - 1
    starts = range(MAX_NUMBER + 1 - length, 0, -1)
    for mask in range(1, 1 << MAX_NUMBER):
        best = _NO_WINDOW
        best_missing = _NEVER
        for start in starts:
            held = (mask & (full << (start - 1))).bit_count()
            if held and length - held < best_missing:
                best_missing = length - held
                best = best_missing * 16 + start
        table[mask] = best
    _RUN_TABLES[length] = table
    return table


def find_phase(cards: Sequence[int], phase: Phase, rules: RuleSet) -> tuple[Group, ...] | None:
    """One lay-down of ``phase`` from ``cards`` at the minimum sizes, or ``None``.

    The groups come in the phase's requirement order, each in canonical form with every
    wild's value filled in; the lay-down uses as few wilds as possible (naturals first),
    and the result depends only on the multiset of cards. Skips are never used (P10-R08).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> rules = RuleSet()
    >>> [str(g) for g in find_phase(parse_cards("W R4 B5 Y6 G9 G9 Y9 S"), rules.phases[1], rules)]
    ['set Y9 G9 G9', 'run R4 B5 Y6 W=7']
    >>> find_phase(parse_cards("R1 R2 R3 R4 R5 R6 S"), rules.phases[3], rules) is None
    True
    """
    plan = _plan(phase)
    shape = plan[0]
    if shape == _TWO_SETS:
        return _two_sets(cards, plan, _per_group(rules))
    if shape == _SET_RUN:
        return _set_run(cards, plan, _per_group(rules))
    if shape == _ONE_RUN:
        return _one_run(cards, plan[1])
    if shape == _ONE_COLOUR:
        return _one_colour(cards, plan[1])
    if shape == _ONE_SET:
        return _one_set(cards, plan[1])
    options = laydowns(cards, phase, rules)
    if not options:
        return None
    return min(options, key=_wilds_in)


def _wilds_in(groups: tuple[Group, ...]) -> int:
    return sum(g.wilds for g in groups)


def _held(cards: Sequence[int]) -> list[int]:
    """Copies held of each code: built only for the lay-down being returned."""
    held = [0] * 50
    for c in cards:
        held[c] += 1
    return held


def _take(held: list[int], number: int, most: int) -> list[Card]:
    """Up to ``most`` cards of ``number`` from ``held``, lowest codes first, removing them."""
    out: list[Card] = []
    for code in _CODES_OF_NUMBER[number]:
        while held[code] and len(out) < most:
            held[code] -= 1
            out.append(CARDS[code])
    return out


def _set_group(number: int, naturals: list[Card], size: int) -> Group:
    return Group(_SET, (*naturals, *(_WILD,) * (size - len(naturals))), (number,) * size)


def _one_set(cards: Sequence[int], size: int) -> tuple[Group, ...] | None:
    counts = [0] * 14
    for c in cards:
        counts[_NUM_SLOT[c]] += 1
    wilds = counts[_WILD_SLOT]
    best, best_count = 0, 0
    for n in _NUMBERS_DOWN:
        if counts[n] > best_count:
            best, best_count = n, counts[n]
    # A single group must hold the phase's natural card under either scope (D-04).
    if best_count == 0 or best_count + wilds < size:
        return None
    return (_set_group(best, _take(_held(cards), best, size), size),)


def _two_sets(cards: Sequence[int], plan: _Plan, per_group: bool) -> tuple[Group, ...] | None:
    _, big, small, big_at, _ = plan
    counts = [0] * 14
    for c in cards:
        counts[_NUM_SLOT[c]] += 1
    wilds = counts[_WILD_SLOT]
    most = max(counts[1:_WILD_SLOT])
    # No choice of numbers needs fewer wilds than both sets on the commonest number would
    # if it were unlimited; most random hands stop here.
    if (big - most if big > most else 0) + (small - most if small > most else 0) > wilds:
        return None
    # The two commonest numbers, the higher number first on a tie.
    n1 = n2 = c1 = c2 = 0
    for n in _NUMBERS_DOWN:
        c = counts[n]
        if c > c2:
            if c > c1:
                n2, c2, n1, c1 = n1, c1, n, c
            else:
                n2, c2 = n, c
    # Two numbers: the bigger set on the commoner one is never worse (exchange argument).
    apart = _NEVER
    if c2 >= 1:
        apart = (big - c1 if big > c1 else 0) + (small - c2 if small > c2 else 0)
    # One number for both sets (P10-R03, D-27). Under per_phase one set may be all wilds;
    # using two numbers then never needs fewer wilds, so this covers that case too.
    together = _NEVER
    if c1 >= (2 if per_group else 1):
        together = big + small - c1 if big + small > c1 else 0
    if apart <= together:
        if apart > wilds:
            return None
        held = _held(cards)
        g_big = _set_group(n1, _take(held, n1, big), big)
        g_small = _set_group(n2, _take(held, n2, small), small)
    else:
        if together > wilds:
            return None
        held = _held(cards)
        used = min(c1, big + small)
        # Keep a natural for the smaller set when there are two or more (P10-R07).
        in_big = min(big, used - 1) if used >= 2 else used
        g_big = _set_group(n1, _take(held, n1, in_big), big)
        g_small = _set_group(n1, _take(held, n1, used - in_big), small)
    if big == small and _group_key(g_small) < _group_key(g_big):
        g_big, g_small = g_small, g_big
    return (g_big, g_small) if big_at == 0 else (g_small, g_big)


def _run_group(held: list[int], start: int, length: int) -> Group:
    """A run over ``start..start+length-1``: the lowest code still held of each number."""
    picked: list[Card] = []
    for v in range(start, start + length):
        for code in _CODES_OF_NUMBER[v]:
            if held[code]:
                held[code] -= 1
                picked.append(CARDS[code])
                break
        else:
            picked.append(_WILD)
    return Group(_RUN, tuple(picked), tuple(range(start, start + length)))


def _one_run(cards: Sequence[int], length: int) -> tuple[Group, ...] | None:
    if length > MAX_NUMBER:
        return None
    mask = 0
    for c in cards:
        mask |= _BIT[c]
    entry = _run_table(length)[mask]
    # A run alone is the whole phase, so it needs a natural card under either scope (D-04).
    if entry < 0 or entry >> 4 > cards.count(WILD_CODE):
        return None
    return (_run_group(_held(cards), entry & 15, length),)


def _one_colour(cards: Sequence[int], size: int) -> tuple[Group, ...] | None:
    counts = [0] * 6
    for c in cards:
        counts[_COLOUR_SLOT[c]] += 1
    colour = max(range(4), key=counts.__getitem__)
    held = counts[colour]
    if held == 0 or held + counts[4] < size:
        return None
    # Lay the highest numbers: they are the costliest to be caught holding (P10-R34).
    naturals = sorted(sorted((c for c in cards if COLOUR_OF[c] == colour), reverse=True)[:size])
    used = tuple(CARDS[c] for c in naturals)
    return (Group(_COLOUR, used + (_WILD,) * (size - len(used)), (colour,) * size),)


def _set_run(cards: Sequence[int], plan: _Plan, per_group: bool) -> tuple[Group, ...] | None:
    _, size, length, set_at, _ = plan
    if length > MAX_NUMBER:
        return None
    counts = [0] * 14
    mask = 0
    for c in cards:
        counts[_NUM_SLOT[c]] += 1
        mask |= _BIT[c]
    wilds = counts[_WILD_SLOT]
    table = _run_table(length)
    entry = table[mask]
    run_floor = length if entry < 0 else entry >> 4
    most = max(counts[1:_WILD_SLOT])
    floor = run_floor + (size - most if size > most else 0)
    if floor > wilds:
        return None
    # Cost of set number n with a run window: the set's missing cards plus the run's missing
    # numbers, where n counts as missing for the run unless the hand has a copy to spare.
    best_cost = wilds + 1
    best_number = best_start = best_shared = 0
    for n in _NUMBERS_DOWN:
        c = counts[n]
        if c == 0 and per_group:
            continue
        set_missing = size - c if size > c else 0
        if set_missing + run_floor >= best_cost:
            continue
        spare = c > size
        entry = table[mask if spare or c == 0 else mask & ~(1 << (n - 1))]
        shared = 0
        if entry >= 0:
            cost = set_missing + (entry >> 4)
            start = entry & 15
        elif c >= 2 or (c == 1 and not per_group):
            # Only n is held: the run gets one copy of n (P10-R07) or, per phase, none.
            cost = set_missing + length
            start = min(n, MAX_NUMBER + 1 - length)
            shared = 1 if c >= 2 else 0
        else:
            continue
        if cost < best_cost:
            best_cost, best_number, best_start, best_shared = cost, n, start, shared
            if cost == floor:
                break
    if best_cost > wilds:
        return None
    n = best_number
    held = _held(cards)
    # The set takes its copies first; the run sees only what is left of n.
    have = counts[n]
    in_set = have - 1 if best_shared else min(have, size)
    set_group = _set_group(n, _take(held, n, in_set), size)
    run_group = _run_group(held, best_start, length)
    return (set_group, run_group) if set_at == 0 else (run_group, set_group)


# ---------------------------------------------------------------------------------------
# Validation


def _needs(phase: Phase) -> list[list[str | int]]:
    """What ``phase`` asks for as data: ``[["set", 3], ["run", 4]]`` (see ``messages``)."""
    return [[req.kind.value, req.size] for req in phase.groups]


def laydown_problem(groups: Sequence[Group], phase: Phase, rules: RuleSet) -> Problem | None:
    """Why ``groups`` are not a legal lay-down of ``phase``, or ``None`` if they are.

    Groups may be larger than the minimum (P10-R18), and two alike requirements may be met
    in either order. Whether the player holds the cards is the caller's business.

    >>> from phase10.games.phase10.groups import parse_groups
    >>> rules = RuleSet()
    >>> laydown_problem(parse_groups("set R5 B5 Y5 G5 | set W=8 R8 G8"), rules.phases[0], rules)
    >>> str(laydown_problem(parse_groups("set R5 B5 W | set R8 G8 W | set Y1 W B1"),
    ...                     rules.phases[0], rules))
    'P10-R18: phase 1 needs exactly 2 groups (set of 3 + set of 3), not 3'
    >>> laydown_problem(parse_groups("set R5 B5 W"), rules.phases[0], rules).rule
    'P10-R15'
    """
    reqs = phase.groups
    if len(groups) != len(reqs):
        params: dict[str, Param] = {"phase": phase.number, "needs": _needs(phase)}
        params["groups"] = len(groups)
        # Too many groups breaks "never more groups" (P10-R18); too few, "the whole phase at
        # once" (P10-R15): half a phase may not go down.
        rule = "P10-R18" if len(groups) > len(reqs) else "P10-R15"
        if len(reqs) == 1:
            return Problem(rule, "phase10.one_group", params)
        return Problem(rule, "phase10.groups", {**params, "count": len(reqs)})
    per_group = _per_group(rules)
    for group in groups:
        problem = group_problem(group, need_natural=per_group)
        if problem is not None:
            return problem
    if not any(c != WILD_CODE for g in groups for c in g.cards):
        return Problem("P10-R07", "phase10.phase_natural")
    for order in permutations(range(len(groups))):
        if all(
            groups[k].kind is req.kind and len(groups[k].cards) >= req.size
            for k, req in zip(order, reqs, strict=True)
        ):
            return None
    laid: list[list[str | int]] = [[g.kind.value, len(g.cards)] for g in groups]
    return Problem(
        "P10-R15",
        "phase10.phase_shape",
        {"phase": phase.number, "needs": _needs(phase), "laid": laid},
    )
