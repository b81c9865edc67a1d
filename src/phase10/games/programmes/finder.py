"""The program finder: can these cards reveal a program, and every way to reveal it.

:func:`find_programme` answers with one valid reveal (each wild with what it stands for) or
``None``; :func:`reveals` lists every distinct reveal (the move generator); :func:`reveal_problem`
checks a proposed one (AMZ-R14..R17, E-08, E-10, E-12). The search works on a count vector of
the 53 card codes; wilds are interchangeable, so they are always taken in code order.

>>> from phase10.games.programmes.cards import parse_playing_cards
>>> from phase10.games.programmes.programs import DEFAULT_PROGRAMS, program_by_id
>>> prg22, prg29 = (program_by_id(DEFAULT_PROGRAMS, i) for i in ("PRG-22", "PRG-29"))
>>> found = find_programme(parse_playing_cards("8S 9S JK JS 4H"), prg22)
>>> [str(c) for c in found]
['run 8S 9S JK=10S JS']
>>> find_programme(parse_playing_cards("8S 9S JK JS"), prg29) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import accumulate, combinations
from typing import Final, NamedTuple, cast

from phase10.games.programmes.cards import ACE_HIGH, IS_WILD, JOKER_CODE, RANK_OF, SUIT_OF
from phase10.games.programmes.combos import Combination, combination_problem
from phase10.games.programmes.programs import Directive, ProgramCard
from phase10.kernel.errors import Problem
from phase10.kernel.kinds import Kind
from phase10.kernel.messages import Param

# Enum members bound once: on Python 3.11 a lookup like ``Kind.RUN`` goes through the
# enum metaclass's ``__getattr__`` hook and costs about 0.3 µs, at every step.
_KIND_RUN: Final = Kind.RUN
_KIND_SET: Final = Kind.SET


_WILD_CODES = tuple(c for c in range(JOKER_CODE + 1) if IS_WILD[c])
_SET_VALUES = (1, *range(3, 14))


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * (JOKER_CODE + 1)
    for c in cards:
        counts[c] += 1
    return counts


def _suits(program: ProgramCard) -> tuple[int, ...]:
    return program.suits if program.suits is not None else (0, 1, 2, 3)


def _set_candidates(
    d: Directive, program: ProgramCard, counts: list[int], wilds: int
) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """(wilds used, card/value pairs) for every distinct set the counts allow (E-10, E-12)."""
    values = (d.values[0],) if d.values is not None else _SET_VALUES
    spare = 0 if program.no_wild else wilds
    for value in values:
        held = [(c, counts[c]) for s in _suits(program) for c in [s * 13 + value - 1] if counts[c]]
        for k in range(min(d.length, sum(n for _, n in held)), 0, -1):
            if d.length - k > spare:
                break
            for chosen in sorted(_multisets(held, k)):
                yield d.length - k, [(c, value) for c in chosen]


def _multisets(held: Sequence[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    """Every distinct choice of ``k`` cards from ``held`` (code, copies), in ``held``'s order.

    The same tuples as ``set(combinations(pool, k))`` over the pool with each code repeated,
    but made one per multiset rather than one per choice of copies: with many copies of a
    card, the pool's combinations grow as its size to the k-th power, the
    multisets only with the number of distinct codes (at most four suits).

    >>> sorted(_multisets([(5, 2), (18, 1)], 2))
    [(5, 5), (5, 18)]
    """
    if k == 0:
        yield ()
        return
    if not held:
        return
    (code, copies), rest = held[0], held[1:]
    for take in range(min(copies, k), -1, -1):
        for tail in _multisets(rest, k - take):
            yield (code,) * take + tail


def _run_candidates(
    d: Directive, program: ProgramCard, counts: list[int], wilds: int
) -> Iterator[tuple[int, list[tuple[int, int]], int, range]]:
    """(wilds used, natural pairs, suit, window) for every run window and choice of naturals."""
    spare = 0 if program.no_wild else wilds
    if d.values is not None:
        lows: Sequence[int] = (d.values[0],)
    else:
        lows = range(1, ACE_HIGH - d.length + 2)
    for suit in _suits(program):
        # What a natural of this suit can fill, by value 1..14 (the ace twice), found once
        # for every window; E-05: the 2 slot is always a wild's.
        row = [
            (code, v) if v != 2 and counts[code] else None
            for v in range(ACE_HIGH + 1)
            for code in [suit * 13 + (v - 1) % 13]
        ]
        # How many naturals each window holds, from a running count: most windows hold too
        # few for the wilds to fill the rest, and yield nothing (skip them before
        # listing their naturals).
        filled = list(accumulate((pair is not None for pair in row), initial=0))
        last = len(row)
        for low in lows:
            end = low + d.length
            naturals = filled[min(end, last)] - filled[min(low, last)]
            if not naturals or d.length - naturals > spare:
                continue
            slots = range(low, end)
            held = [pair for pair in row[low:end] if pair is not None]
            for k in range(len(held), 0, -1):
                if d.length - k > spare:
                    break
                for chosen in combinations(held, k):
                    yield d.length - k, list(chosen), suit, slots


#: A candidate before its wilds are chosen: (wilds used, natural card/value pairs, suit, run
#: window, copies needed per code, the values of its combination); a set has suit -1 and no
#: window.
_Shape = tuple[
    int,
    tuple[tuple[int, int], ...],
    int,
    range | None,
    tuple[tuple[int, int], ...],
    tuple[int, ...],
]
#: A part's shapes by the wilds they use: entry ``u`` holds those that use ``u`` wilds.
_Buckets = tuple[tuple[_Shape, ...], ...]


def _needs(pairs: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(code, copies) for the naturals of ``pairs``: what a hand must still hold."""
    copies: dict[int, int] = {}
    for c, _ in pairs:
        copies[c] = copies.get(c, 0) + 1
    return tuple(copies.items())


@lru_cache(maxsize=1 << 13)
def _set_part(
    length: int, value: int, suits: tuple[int, ...], copies: tuple[int, ...], spare: int
) -> _Buckets:
    """The set shapes of one value, as :func:`_set_candidates` makes them, by wilds used;
    ``copies`` holds how many naturals of the value each of ``suits`` has.

    Cached: a value's naturals come back hand after hand, where the whole hand
    almost never does.
    """
    held = [(s * 13 + value - 1, n) for s, n in zip(suits, copies, strict=True) if n]
    buckets: list[list[_Shape]] = [[] for _ in range(spare + 1)]
    values = (value,) * length
    for k in range(min(length, sum(copies)), 0, -1):
        used = length - k
        if used > spare:
            break
        for chosen in sorted(_multisets(held, k)):
            pairs = tuple((c, value) for c in chosen)
            buckets[used].append((used, pairs, -1, None, _needs(pairs), values))
    return tuple(map(tuple, buckets))


@lru_cache(maxsize=1 << 15)
def _run_slots(mask: int, length: int, fixed: int | None, spare: int) -> int:
    """The bits of run-slot ``mask`` that some candidate window holds: a window of
    ``length`` values (starting at ``fixed`` only, when a card fixes it) with at least one
    natural and enough that the ``spare`` wilds fill the rest. :func:`_run_part` makes the
    same shapes from this as from ``mask``, and the same few come back far more often.

    >>> bin(_run_slots(0b0111_0000_0100_0000, 3, None, 0))  # the lone 6 can make no run
    '0b111000000000000'
    """
    span = (1 << length) - 1
    need = max(1, length - spare)
    lows = (fixed,) if fixed is not None else range(1, ACE_HIGH - length + 2)
    kept = 0
    for low in lows:
        window = mask >> low & span
        if window.bit_count() >= need:
            kept |= window << low
    return kept


@lru_cache(maxsize=1 << 14)
def _run_part(length: int, fixed: int | None, suit: int, mask: int, spare: int) -> _Buckets:
    """The run shapes of one suit, as :func:`_run_candidates` makes them, by wilds used.

    ``mask`` has bit ``v`` for each value 1..14 a natural of the suit can fill (the ace
    both 1 and 14, never 2: E-05); ``fixed`` is the lowest value a card fixes, or None.
    Cached like :func:`_set_part`: a suit's few naturals come back hand after hand.
    """
    buckets: list[list[_Shape]] = [[] for _ in range(spare + 1)]
    lows = (fixed,) if fixed is not None else range(1, ACE_HIGH - length + 2)
    for low in lows:
        window = range(low, low + length)
        held = [(suit * 13 + (v - 1) % 13, v) for v in window if mask >> v & 1]
        if not held or length - len(held) > spare:
            continue
        values = tuple(window)
        for k in range(len(held), 0, -1):
            used = length - k
            if used > spare:
                break
            for chosen in combinations(held, k):
                buckets[used].append((used, chosen, suit, window, _needs(chosen), values))
    return tuple(map(tuple, buckets))


def _shapes(
    d: Directive,
    program: ProgramCard,
    counts: list[int],
    hand: tuple[Sequence[int], Sequence[int], int],
) -> list[_Shape]:
    """Every candidate of ``d`` in ``counts``, fewest wilds first (then in generation order:
    :func:`_set_candidates` and :func:`_run_candidates` walk values or suits, windows and
    choices in a fixed order). ``hand`` is what :func:`_hand` read of the same cards.

    Made once per search, from the whole hand: the candidates of the same directive with
    fewer cards left are exactly those of this list whose naturals and wilds are still
    held, in the same order (the generators only skip what is not held), so deeper levels
    filter it instead of generating again.
    """
    by_value, masks, wilds = hand
    spare = min(0 if program.no_wild else wilds, d.length - 1)  # a combination needs a natural
    parts: list[_Buckets] = []
    if d.kind is _KIND_SET:
        suits = _suits(program)
        # A value with fewer naturals than the spare wilds leave to fill has no candidate.
        need = d.length - spare
        for value in (d.values[0],) if d.values is not None else _SET_VALUES:
            if by_value[value] < need:
                continue
            copies = tuple([counts[s * 13 + value - 1] for s in suits])
            parts.append(_set_part(d.length, value, suits, copies, spare))
    else:
        fixed = d.values[0] if d.values is not None else None
        for suit in _suits(program):
            if masks[suit]:
                slots = _run_slots(masks[suit], d.length, fixed, spare)
                if slots:
                    parts.append(_run_part(d.length, fixed, suit, slots, spare))
    # Fewest wilds first, so that the first answer found is a thrifty one.
    return [shape for used in range(spare + 1) for part in parts for shape in part[used]]


class _Search:
    """One search for the reveals of ``groups`` in ``counts``, level by level.

    It walks shapes (:func:`_shapes`), not combinations: a level checks a shape's naturals
    against the counts left and its wilds against the wilds left, and a combination is
    built only when it must be, to break a tie between two of one directive or to be
    listed. The wilds are interchangeable, so each level takes the first ones,
    in code order, of what the levels before it left: level after level they are
    consecutive slices of the hand's wilds in code order.
    """

    __slots__ = ("counts", "groups", "last", "pool", "shapes")

    def __init__(
        self,
        groups: Sequence[Directive],
        program: ProgramCard,
        counts: list[int],
        hand: tuple[Sequence[int], Sequence[int], int],
    ):
        self.groups = groups
        self.last = len(groups) - 1
        self.counts = counts
        self.pool = tuple(c for c in _WILD_CODES for _ in range(counts[c]))
        # Equal directives share their shapes; a card may list one twice (two entries of
        # ``mult`` 1), as two objects, and each level looks its own up by identity.
        made = {d: _shapes(d, program, counts, hand) for d in dict.fromkeys(groups)}
        self.shapes = {id(d): made[d] for d in groups}

    def combination(self, shape: _Shape, taken: int) -> tuple[Combination, _Key]:
        """The combination ``shape`` stands for after ``taken`` wilds, with its key."""
        return _combination(shape, self.pool[taken : taken + shape[0]])

    def run(
        self, index: int, taken: int, chosen: list[tuple[_Shape, int]]
    ) -> Iterator[list[tuple[_Shape, int]]]:
        """Every reveal that completes ``chosen``, as (shape, wilds taken before it) pairs."""
        groups, counts = self.groups, self.counts
        d = groups[index]
        leaf = index == self.last
        # Repeats of one directive are listed in one order only (E-12 allows equal ones):
        # each at least the one before it, by key. A key starts with the combination's
        # values, which a shape knows; only equal values need the combinations.
        previous = chosen[-1] if index > 0 and groups[index - 1] is d else None
        floor = previous[0][5] if previous is not None else ()
        left = len(self.pool) - taken
        for shape in self.shapes[id(d)]:
            used, needs = shape[0], shape[4]
            if used > left:
                break  # fewest wilds first: no later shape fits either
            for c, n in needs:
                if counts[c] < n:
                    break
            else:
                if previous is not None:
                    values = shape[5]
                    if values < floor:
                        continue
                    if values == floor and (
                        self.combination(shape, taken)[1] < self.combination(*previous)[1]
                    ):
                        continue
                chosen.append((shape, taken))
                if leaf:  # the last level changes no count: no deeper level reads them
                    yield chosen
                else:
                    for c, n in needs:
                        counts[c] -= n
                    yield from self.run(index + 1, taken + used, chosen)
                    for c, n in needs:
                        counts[c] += n
                chosen.pop()


#: (id of a shape, the wilds it takes) -> the shape, its combination and that one's key.
#: Kept across searches: shapes are shared through their parts' caches, so the
#: same few combinations come back hand after hand. The entry holds its shape, so that an
#: id is not reused while it lives, and ``entry[0] is shape`` rejects a stale one.
_COMBINATIONS: dict[tuple[int, tuple[int, ...]], tuple[_Shape, Combination, _Key]] = {}


def _combination(shape: _Shape, extra: tuple[int, ...]) -> tuple[Combination, _Key]:
    """The combination of ``shape`` with the wilds ``extra``, and its key."""
    entry = _COMBINATIONS.get((id(shape), extra))
    if entry is not None and entry[0] is shape:
        return entry[1], entry[2]
    _, pairs, suit, window = shape[:4]
    if window is None:
        value = pairs[0][1]
        combo = Combination.make(_KIND_SET, [*pairs, *((w, value) for w in extra)])
    else:
        held = {v for _, v in pairs}
        free = [v for v in window if v not in held]
        combo = Combination.make(_KIND_RUN, [*pairs, *zip(extra, free, strict=True)], suit)
    key = _key(combo)
    if len(_COMBINATIONS) >= 1 << 15:
        _COMBINATIONS.clear()
    _COMBINATIONS[id(shape), extra] = (shape, combo, key)
    return combo, key


_Key = tuple[tuple[int, ...], tuple[int, ...], int]


def _key(combo: Combination) -> _Key:
    return combo.values, tuple(combo.cards), combo.suit


#: Bits of one suit in :class:`_Precheck`'s run masks: values 1 to 14, bit 0 unused.
_SUIT_BITS = 16
_SUIT_MASK = (1 << _SUIT_BITS) - 1


class _Precheck(NamedTuple):
    """What the pre-check needs of one program card, made once per card: the
    card's ``groups`` and ``cards_needed`` are computed properties, and the per-card tables
    leave one lookup and one test per card of the hand."""

    program: ProgramCard  # held, so that the ``id`` key in ``_PRECHECKS`` stays this card's
    cards_needed: int
    groups: tuple[Directive, ...]
    #: The directives once each, in order (repeats ask the same question).
    distinct: tuple[Directive, ...]
    #: Per card code, the value a natural counts for in a set; 0 for a wild, or a natural of
    #: a suit the program leaves out.
    set_value: tuple[int, ...]
    #: Per card code, the run slots a natural fills (bit v for value v, the ace both 1 and
    #: 14), shifted to its suit's ``_SUIT_BITS``; 0 for a wild or a left-out suit.
    run_bits: tuple[int, ...]
    #: Each set directive the card asks for more than once, with how many times.
    repeated_sets: tuple[tuple[Directive, int], ...]
    #: Each run directive the card asks for more than once, with how many times.
    repeated_runs: tuple[tuple[Directive, int], ...]


_PRECHECKS: dict[int, _Precheck] = {}


def _precheck(program: ProgramCard) -> _Precheck:
    entry = _PRECHECKS.get(id(program))
    if entry is not None and entry.program is program:
        return entry
    suits = program.suits
    kept = [
        not IS_WILD[c] and (suits is None or SUIT_OF[c] in suits) for c in range(JOKER_CODE + 1)
    ]
    run_bits = tuple(
        (1 << RANK_OF[c] | (1 << ACE_HIGH if RANK_OF[c] == 1 else 0)) << _SUIT_BITS * SUIT_OF[c]
        if kept[c]
        else 0
        for c in range(JOKER_CODE + 1)
    )
    groups = program.groups
    entry = _Precheck(
        program,
        program.cards_needed,
        groups,
        tuple(dict.fromkeys(groups)),
        tuple(RANK_OF[c] if kept[c] else 0 for c in range(JOKER_CODE + 1)),
        run_bits,
        _repeated(groups, _KIND_SET),
        _repeated(groups, _KIND_RUN),
    )
    if len(_PRECHECKS) >= 256:  # rules with many custom cards: stay small
        _PRECHECKS.clear()
    _PRECHECKS[id(program)] = entry
    return entry


def _repeated(groups: tuple[Directive, ...], kind: Kind) -> tuple[tuple[Directive, int], ...]:
    """The directives of ``kind`` that ``groups`` holds more than once, with how many times."""
    return tuple(
        (d, times)
        for d in dict.fromkeys(groups)
        if d.kind is kind and (times := groups.count(d)) > 1
    )


@lru_cache(maxsize=1 << 14)
def _best_window(mask: int, length: int) -> int:
    """The most naturals of run-slot ``mask`` that any window of ``length`` values holds.

    Cached: a suit's mask has 14 bits, and the same few masks come back hand after hand
    (at most 13 lengths of 2 ** 15 masks; the bound keeps a long run's memory flat).

    >>> _best_window(0b0000_0000_1011_0000, 3), _best_window(0b0000_0000_1011_0000, 4)
    (2, 3)
    """
    span = (1 << length) - 1
    return max((mask >> low & span).bit_count() for low in range(1, ACE_HIGH - length + 2))


def _hand(
    program: ProgramCard, cards: Sequence[int], plan: _Precheck | None = None
) -> tuple[list[int], list[int], int]:
    """What the pre-check and the search read of a hand, in one pass: the naturals of the
    program's suits by value, each suit's run mask (bit ``v`` for each value 1..14 a natural
    fills, the ace both 1 and 14) and the number of wilds."""
    if plan is None:
        plan = _precheck(program)
    set_value, run_bits = plan.set_value, plan.run_bits
    by_value = [0] * (ACE_HIGH + 1)
    held = 0  # run_bits of every natural of the program's suits
    wilds = 0
    for c in cards:
        bits = run_bits[c]
        if bits:
            by_value[set_value[c]] += 1
            held |= bits
        elif IS_WILD[c]:
            wilds += 1
    masks = [
        held & _SUIT_MASK,
        held >> _SUIT_BITS & _SUIT_MASK,
        held >> 2 * _SUIT_BITS & _SUIT_MASK,
        held >> 3 * _SUIT_BITS,
    ]
    return by_value, masks, wilds


def _each_possible(program: ProgramCard, cards: Sequence[int]) -> bool:
    """Whether every directive, taken alone, has a candidate among ``cards``."""
    return _possible(_precheck(program), program, *_hand(program, cards))


def _possible(
    plan: _Precheck, program: ProgramCard, by_value: list[int], suits: list[int], wilds: int
) -> bool:
    """:func:`_each_possible` from what :func:`_hand` read.

    A necessary condition, checked first because most hands cannot reveal (about three in
    four of random play's): one pass over the hand, where the search would build every
    candidate of the first directive and look in vain for the next. It answers as the
    candidate generators would: they yield something exactly when some value (a set) or
    window (a run) holds at least one natural and enough naturals that the wilds fill the
    rest.
    """
    spare = 0 if program.no_wild else wilds
    # Plain loops, no generator expressions: most hands stop here.
    for d in plan.distinct:
        length = d.length
        need = length - spare if length - spare > 1 else 1
        if d.kind is _KIND_SET:
            # No natural counts for a value a set may not take (2 is wild, 14 a run's).
            best = by_value[d.values[0]] if d.values is not None else max(by_value)
            if best < need:
                return False
            continue
        if d.values is None:
            for mask in suits:
                if mask and _best_window(mask, length) >= need:
                    break
            else:
                return False
            continue
        span, low = (1 << length) - 1, d.values[0]
        for mask in suits:
            if (mask >> low & span).bit_count() >= need:
                break
        else:
            return False
    return True


def _sets_suffice(plan: _Precheck, by_value: list[int], spare: int) -> bool:
    """Whether the naturals by value and the ``spare`` wilds can make all the sets of each
    repeated set directive at once (AMZ-R15, E-08, E-12): a necessary condition the search
    would otherwise find false by building the sets (more than half of the hands
    that pass :func:`_possible` in random play reveal nothing, most of them for a program of
    two or three sets).

    ``times`` sets of ``length`` cards each need one natural at least, the wilds filling the
    rest. A value with ``c`` naturals gives its ``j``-th set ``min(c, j * length) - min(c,
    (j - 1) * length)`` naturals, for ``j`` up to ``c``: gains that never grow, so the
    ``times`` largest of all values' gains are the most naturals the sets can hold.

    >>> from phase10.games.programmes.programs import program_from_dict
    >>> plan = _precheck(program_from_dict({"id": "T", "kind": "program", "copies": 1,
    ...     "directives": [{"mult": 2, "kind": "set", "len": 3}]}))
    >>> by_value = [0] * 15
    >>> by_value[5], by_value[9] = 3, 1  # three 5s and one 9: a set of 5s, and a 9 alone
    >>> _sets_suffice(plan, by_value, 1), _sets_suffice(plan, by_value, 2)
    (False, True)
    """
    for d, times in plan.repeated_sets:
        values = (d.values[0],) if d.values is not None else _SET_VALUES
        # A set holds up to its length of naturals.
        pools = [(by_value[value], d.length) for value in values]
        if not _fillable(pools, times, d.length, spare):
            return False
    return True


def _fillable(pools: Sequence[tuple[int, int]], times: int, length: int, spare: int) -> bool:
    """Whether ``times`` groups of ``length`` cards, each with one natural at least, can be
    filled from ``pools`` of (naturals, most naturals one group of that pool holds) and
    ``spare`` wilds, as far as counts tell: ``j`` groups from a pool of ``n`` hold at most
    ``min(n, j * cap)``, gains that never grow, so the ``times`` largest gains over all pools
    bound the naturals; a pool gives at most ``n`` groups.

    >>> _fillable([(3, 3), (1, 3)], 2, 3, 1), _fillable([(3, 3), (1, 3)], 2, 3, 2)
    (False, True)
    """
    gains: list[int] = []
    for n, cap in pools:
        held = 0
        for j in range(1, min(n, times) + 1):
            nxt = min(n, j * cap)
            gains.append(nxt - held)
            held = nxt
    if len(gains) < times:
        return False
    gains.sort(reverse=True)
    return times * length - sum(gains[:times]) <= spare


def _runs_suffice(plan: _Precheck, cards: Sequence[int], masks: Sequence[int], spare: int) -> bool:
    """Whether the naturals by suit and the ``spare`` wilds may make all the runs of each
    repeated run directive at once (AMZ-R15, E-08, E-12): a necessary condition, as
    :func:`_sets_suffice` is for sets (programs of two or three runs are most of
    the hands left that pass the pre-checks and reveal nothing).

    A run holds at most as many naturals as the best window of its suit (``masks``), and the
    runs of one suit together at most the suit's naturals: ``j`` runs in a suit with ``n``
    naturals and best window ``w`` hold at most ``min(n, j * w)``, gains that never grow, so
    the ``times`` largest gains over all suits bound the naturals the runs can hold. Every
    run has one natural at least, so a suit takes at most ``n`` of them.

    >>> from phase10.games.programmes.cards import parse_playing_cards
    >>> from phase10.games.programmes.programs import DEFAULT_PROGRAMS, program_by_id
    >>> plan = _precheck(program_by_id(DEFAULT_PROGRAMS, "PRG-14"))  # two runs of four
    >>> cards = parse_playing_cards("5S 6S 7S 8S 9S 3H")
    >>> masks = _hand(plan.program, cards)[1]
    >>> _runs_suffice(plan, cards, masks, 2), _runs_suffice(plan, cards, masks, 3)
    (False, True)
    """
    run_bits = plan.run_bits
    naturals = [0, 0, 0, 0]
    for c in cards:
        if run_bits[c]:
            naturals[SUIT_OF[c]] += 1
    for d, times in plan.repeated_runs:
        length = d.length
        # A run holds up to its suit's best window of naturals.
        pools = [
            (
                naturals[suit],
                _best_window(masks[suit], length)
                if d.values is None
                else (masks[suit] >> d.values[0] & (1 << length) - 1).bit_count(),
            )
            for suit in range(4)
            if naturals[suit]
        ]
        if not _fillable(pools, times, length, spare):
            return False
    return True


def _searcher(cards: Sequence[int], program: ProgramCard) -> _Search | None:
    """A search of ``program`` in ``cards``, or None when the pre-check rules a reveal out."""
    plan = _precheck(program)
    if program.sun or plan.cards_needed > len(cards):
        return None
    hand = _hand(program, cards, plan)
    if not _possible(plan, program, *hand):
        return None
    spare = 0 if program.no_wild else hand[2]
    if plan.repeated_sets and not _sets_suffice(plan, hand[0], spare):
        return None
    if plan.repeated_runs and not _runs_suffice(plan, cards, hand[1], spare):
        return None
    return _Search(plan.groups, program, _counts(cards), hand)


def _listing(search: _Search) -> Iterator[list[tuple[_Shape, int]]]:
    """Every reveal the search finds; a program with no combination (a sun card's) one empty."""
    return search.run(0, 0, []) if search.groups else iter([[]])


def find_programme(cards: Sequence[int], program: ProgramCard) -> tuple[Combination, ...] | None:
    """One valid reveal of ``program`` from ``cards``, or ``None`` (a sun card has none)."""
    search = _searcher(cards, program)
    found = None if search is None else next(_listing(search), None)
    if search is None or found is None:
        return None
    return tuple(search.combination(shape, taken)[0] for shape, taken in found)


def reveals(cards: Sequence[int], program: ProgramCard) -> list[tuple[Combination, ...]]:
    """Every distinct reveal of ``program`` from ``cards``, each at the exact counts (E-08)."""
    search = _searcher(cards, program)
    if search is None:
        return []
    seen: set[tuple[_Key, ...]] = set()
    out: list[tuple[Combination, ...]] = []
    for found in _listing(search):
        made = [search.combination(shape, taken) for shape, taken in found]
        key = tuple(sorted(key for _, key in made))
        if key not in seen:
            seen.add(key)
            out.append(tuple(combo for combo, _ in made))
    return out


def _matches(combo: Combination, d: Directive, program: ProgramCard) -> bool:
    if combo.kind is not d.kind or len(combo.cards) != d.length:
        return False
    if d.values is not None and combo.values != d.values:
        return False
    if program.no_wild and combo.wilds:
        return False
    if program.suits is None:
        return True
    if combo.kind is _KIND_RUN:
        return combo.suit in program.suits
    return all(IS_WILD[c] or c // 13 in program.suits for c in combo.cards)


def reveal_problem(combos: Sequence[Combination], program: ProgramCard) -> Problem | None:
    """Why laying ``combos`` does not reveal ``program``, or ``None`` when it does."""
    if program.sun:
        return Problem("AMZ-R07", "programmes.sun_reveal")
    for combo in combos:
        problem = combination_problem(combo)
        if problem is not None:
            return problem
    groups = list(program.groups)
    if len(combos) != len(groups):
        params: dict[str, Param] = {"program": program.id, "needs": _data(program)}
        params["combos"] = len(combos)
        if len(groups) == 1:
            return Problem("AMZ-R14", "programmes.one_combination", params)
        return Problem("AMZ-R14", "programmes.combinations", {**params, "count": len(groups)})
    if _assign(list(combos), groups, program):
        return None
    return Problem(
        "AMZ-R14", "programmes.no_match", {"program": program.id, "needs": _data(program)}
    )


def _data(program: ProgramCard) -> Mapping[str, Param]:
    """``program`` as message data (its C.8 dictionary, which holds only JSON values)."""
    return cast("Mapping[str, Param]", program.to_dict())


def _assign(combos: list[Combination], groups: list[Directive], program: ProgramCard) -> bool:
    """Whether each combination can be matched to its own directive slot."""
    if not combos:
        return True
    first, rest = combos[0], combos[1:]
    for i, d in enumerate(groups):
        if _matches(first, d, program) and _assign(rest, groups[:i] + groups[i + 1 :], program):
            return True
    return False
