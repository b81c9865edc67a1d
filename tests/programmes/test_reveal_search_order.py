"""The reveal search over shapes lists exactly what the plain search over
combinations listed, in the same order (AMZ-R14..R17, E-08, E-10, E-12).

The action codec numbers reveals by their place in this list ("the k-th legal way", see
docs/rl.md) and the bots take the first, so the order is part of the behaviour. The plain
search below is the one the finder used before: it builds every candidate combination at
every level and keeps a repeated directive's combinations in key order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.games.programmes.cards import parse_playing_cards
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.finder import (
    _WILD_CODES,
    _counts,
    _each_possible,
    _hand,
    _key,
    _needs,
    _precheck,
    _run_candidates,
    _runs_suffice,
    _set_candidates,
    _sets_suffice,
    _shapes,
    find_programme,
    reveal_problem,
    reveals,
)
from phase10.games.programmes.programs import (
    DEFAULT_PROGRAMS,
    Directive,
    ProgramCard,
    program_from_dict,
)
from phase10.kernel.kinds import Kind

#: Two decks of the 52 faces and four jokers: more copies than a real hand holds.
_POOL = [c for c in range(52) for _ in range(2)] + [52] * 4


#: A candidate before its wilds are chosen, as the plain search had it: (wilds used, natural
#: card/value pairs, suit, run window, copies needed per code).
_PlainShape = tuple[
    int, tuple[tuple[int, int], ...], int, range | None, tuple[tuple[int, int], ...]
]


def _plain_shapes(d: Directive, program: ProgramCard, counts: list[int]) -> list[_PlainShape]:
    """Every candidate of ``d`` from the generators, fewest wilds first (a stable sort)."""
    wilds = sum(counts[c] for c in _WILD_CODES)
    out: list[_PlainShape] = []
    if d.kind is Kind.SET:
        for used, pairs in _set_candidates(d, program, counts, wilds):
            out.append((used, tuple(pairs), -1, None, _needs(pairs)))
    else:
        for used, run_pairs, suit, window in _run_candidates(d, program, counts, wilds):
            out.append((used, tuple(run_pairs), suit, window, _needs(run_pairs)))
    out.sort(key=lambda shape: shape[0])
    return out


def _take_wilds(counts: list[int], need: int) -> list[int]:
    out: list[int] = []
    for code in _WILD_CODES:
        out += [code] * min(counts[code], need - len(out))
    return out


def _plain_candidates(shapes: list[_PlainShape], counts: list[int]) -> Iterator[Combination]:
    wilds = sum(counts[c] for c in _WILD_CODES)
    for used, pairs, suit, window, needs in shapes:
        if used > wilds or any(counts[c] < n for c, n in needs):
            continue
        extra = _take_wilds(counts, used)
        if window is None:
            value = pairs[0][1]
            yield Combination.make(Kind.SET, [*pairs, *((w, value) for w in extra)])
        else:
            free = [v for v in window if v not in {v for _, v in pairs}]
            yield Combination.make(Kind.RUN, [*pairs, *zip(extra, free, strict=True)], suit)


def _plain_search(
    groups: Sequence[Directive],
    program: ProgramCard,
    counts: list[int],
    index: int,
    chosen: list[Combination],
    shapes: dict[int, list[_PlainShape]],
) -> Iterator[tuple[Combination, ...]]:
    if index == len(groups):
        yield tuple(chosen)
        return
    d = groups[index]
    same = index > 0 and groups[index - 1] is d
    for combo in _plain_candidates(shapes[id(d)], counts):
        if same and _key(combo) < _key(chosen[-1]):
            continue
        for c in combo.cards:
            counts[c] -= 1
        if all(counts[c] >= 0 for c in combo.cards):
            chosen.append(combo)
            yield from _plain_search(groups, program, counts, index + 1, chosen, shapes)
            chosen.pop()
        for c in combo.cards:
            counts[c] += 1


def _plain_reveals(cards: list[int], program: ProgramCard) -> list[tuple[Combination, ...]]:
    if program.sun or program.cards_needed > len(cards) or not _each_possible(program, cards):
        return []
    counts = _counts(cards)
    groups = program.groups
    shapes: dict[int, list[_PlainShape]] = {
        id(d): _plain_shapes(d, program, counts) for d in dict.fromkeys(groups)
    }
    seen = set()
    out = []
    for found in _plain_search(groups, program, counts, 0, [], shapes):
        key = tuple(sorted(_key(c) for c in found))
        if key not in seen:
            seen.add(key)
            out.append(found)
    return out


@st.composite
def _hands(draw: st.DrawFn) -> list[int]:
    """Hands from a few values of one or two suits and some wilds, so that most can
    reveal something (a hand of random cards rarely can)."""
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(0, 8))
    faces = [s * 13 + r for s in suits for r in range(low, low + 5)]
    wilds = [c for c in _POOL if c == 52 or c % 13 == 1]
    return draw(st.lists(st.sampled_from(faces + wilds), min_size=3, max_size=16))


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(DEFAULT_PROGRAMS),
    st.one_of(_hands(), st.lists(st.sampled_from(_POOL), min_size=3, max_size=16)),
)
def test_the_shape_search_lists_the_plain_search_reveals_in_order(
    program: ProgramCard, cards: list[int]
) -> None:
    """AMZ-R14, E-08: the same reveals, in the same order, and the same first one."""
    hand = sorted(cards)
    expected = _plain_reveals(hand, program)
    assert reveals(hand, program) == expected
    assert find_programme(hand, program) == (expected[0] if expected else None)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(DEFAULT_PROGRAMS),
    st.one_of(_hands(), st.lists(st.sampled_from(_POOL), min_size=3, max_size=16)),
)
def test_cached_shapes_are_the_generators_candidates_in_order(
    program: ProgramCard, cards: list[int]
) -> None:
    """E-10, E-12: the shapes made from cached parts of a value or a suit are the candidate
    generators' own, in the same order, each with its combination's values."""
    hand = sorted(cards)
    counts = _counts(hand)
    read = _hand(program, hand)
    for d in dict.fromkeys(program.groups):
        shapes = _shapes(d, program, counts, read)
        assert [shape[:5] for shape in shapes] == _plain_shapes(d, program, counts)
        for _used, pairs, _, window, _, values in shapes:
            expected = (pairs[0][1],) * d.length if window is None else tuple(window)
            assert values == expected


def test_a_card_that_lists_one_directive_twice_is_searched() -> None:
    """AMZ-R14, E-12: two entries of one set of 3 (a user's deck may write it so) ask for two
    sets, as one entry with ``mult`` 2 does; the finder once failed on the second entry."""
    twice = program_from_dict(
        {
            "id": "X-1",
            "kind": "program",
            "copies": 1,
            "directives": [{"mult": 1, "kind": "set", "len": 3}] * 2,
        }
    )
    once = program_from_dict(
        {
            "id": "X-2",
            "kind": "program",
            "copies": 1,
            "directives": [{"mult": 2, "kind": "set", "len": 3}],
        }
    )
    hand = sorted(parse_playing_cards("5S 5H 5D 9S 9H 9C 2H"))
    assert {_sorted_keys(r) for r in reveals(hand, twice)} == {
        _sorted_keys(r) for r in reveals(hand, once)
    }
    assert len(reveals(hand, once)) > 1
    found = find_programme(hand, twice)
    assert found is not None
    assert reveal_problem(found, twice) is None


def _sorted_keys(combos: tuple[Combination, ...]) -> tuple[object, ...]:
    return tuple(sorted(_key(c) for c in combos))


def _only_sets(program: ProgramCard) -> bool:
    return all(d.kind is Kind.SET for d in program.directives)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([p for p in DEFAULT_PROGRAMS if p.groups and _only_sets(p)]),
    _hands(),
)
def test_the_sets_count_answers_as_the_search_for_programs_of_sets(
    program: ProgramCard, cards: list[int]
) -> None:
    """AMZ-R15, E-08, E-12: for a program of sets alone, the count of naturals and wilds
    says a reveal exists exactly when the plain search finds one (so it never hides one)."""
    hand = sorted(cards)
    if program.cards_needed > len(hand) or not _each_possible(program, hand):
        return
    by_value, _, wilds = _hand(program, hand)
    spare = 0 if program.no_wild else wilds
    expected = bool(_plain_reveals(hand, program))
    if len(program.directives) == 1:
        assert _sets_suffice(_precheck(program), by_value, spare) == expected
    elif expected:
        assert _sets_suffice(_precheck(program), by_value, spare)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([p for p in DEFAULT_PROGRAMS if _precheck(p).repeated_runs]),
    _hands(),
)
def test_the_runs_count_never_hides_a_reveal(program: ProgramCard, cards: list[int]) -> None:
    """AMZ-R15, E-08, E-12: when the count of naturals by suit says the repeated runs cannot
    all be made, the plain search finds no reveal either."""
    hand = sorted(cards)
    if program.cards_needed > len(hand) or not _each_possible(program, hand):
        return
    _, masks, wilds = _hand(program, hand)
    spare = 0 if program.no_wild else wilds
    if not _runs_suffice(_precheck(program), hand, masks, spare):
        assert _plain_reveals(hand, program) == []
