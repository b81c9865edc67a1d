"""The reveal finder's counting pre-check (AMZ-R14..R17, E-08, E-10, E-12) agrees with the
candidate generators it stands in for, so it never hides a legal reveal."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.games.programmes.finder import (
    _WILD_CODES,
    _counts,
    _each_possible,
    _run_candidates,
    _set_candidates,
    find_programme,
    reveal_problem,
    reveals,
)
from phase10.games.programmes.programs import DEFAULT_PROGRAMS, ProgramCard
from phase10.kernel.kinds import Kind

#: Two decks of the 52 faces and four jokers: more copies than a real hand holds.
_POOL = [c for c in range(52) for _ in range(2)] + [52] * 4


def _each_has_a_candidate(program: ProgramCard, cards: list[int]) -> bool:
    """The slow answer: ask each directive's candidate generator for one item."""
    counts = _counts(cards)
    wilds = sum(counts[c] for c in _WILD_CODES)
    for d in program.groups:
        make = _set_candidates if d.kind is Kind.SET else _run_candidates
        if next(iter(make(d, program, counts, wilds)), None) is None:
            return False
    return True


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(DEFAULT_PROGRAMS),
    st.lists(st.sampled_from(_POOL), min_size=1, max_size=18),
)
def test_precheck_answers_as_the_candidate_generators(
    program: ProgramCard, cards: list[int]
) -> None:
    """AMZ-R14: the pre-check says "possible" exactly when every directive has a candidate;
    whenever a reveal exists it says "possible"."""
    hand = sorted(cards)
    possible = _each_possible(program, hand)
    assert possible == _each_has_a_candidate(program, hand)
    if reveals(hand, program):
        assert possible
        assert find_programme(hand, program) is not None
    if not possible:
        assert find_programme(hand, program) is None


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(DEFAULT_PROGRAMS),
    st.lists(st.sampled_from(_POOL), min_size=3, max_size=16),
)
def test_every_listed_reveal_is_valid_held_and_distinct(
    program: ProgramCard, cards: list[int]
) -> None:
    """AMZ-R14..R17, E-08: each reveal the move generator lists passes the reveal checker,
    uses only cards of the hand, and no two are the same; one exists exactly when
    ``find_programme`` finds one."""
    hand = sorted(cards)
    listed = reveals(hand, program)
    keys = set()
    for combos in listed:
        assert reveal_problem(combos, program) is None
        used = Counter(c for combo in combos for c in combo.cards)
        assert all(used[c] <= hand.count(c) for c in used)
        keys.add(tuple(sorted((combo.values, tuple(combo.cards), combo.suit) for combo in combos)))
    assert len(keys) == len(listed)
    assert (find_programme(hand, program) is not None) == bool(listed)
