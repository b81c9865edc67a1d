"""The new sets a revealed seat may lay (AMZ-R20, E-14), made from cached per-rank parts,
are the ones the plain generator made, in the same order."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.games.programmes.cards import IS_WILD, PLAYING_CARDS, RANK_OF
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.legal import NEW_SET, _new_sets
from phase10.kernel.kinds import Kind

#: Two decks of the 52 faces and four jokers: more copies than a real hand holds.
_POOL = [c for c in range(52) for _ in range(2)] + [52] * 4


def _plain_new_sets(hand: list[int]) -> list[Combination]:
    """The generator before its parts were cached: every rank, every choice of naturals."""
    wilds = sorted(c for c in hand if IS_WILD[c])
    by_rank: dict[int, list[int]] = {}
    for c in sorted(hand):
        if not IS_WILD[c]:
            by_rank.setdefault(RANK_OF[c], []).append(c)
    out: list[Combination] = []
    seen: set[tuple[int, ...]] = set()
    for rank, naturals in by_rank.items():
        for k in range(min(NEW_SET, len(naturals)), 0, -1):
            if NEW_SET - k > len(wilds):
                break
            for chosen in sorted(set(combinations(naturals, k))):
                cards = (*chosen, *wilds[: NEW_SET - k])
                if cards not in seen:
                    seen.add(cards)
                    out.append(Combination.make(Kind.SET, [(c, rank) for c in cards]))
    return out


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_POOL), min_size=1, max_size=16))
def test_new_sets_are_the_plain_generators_in_order(cards: list[int]) -> None:
    """AMZ-R20, E-14: the same sets of 3, in the same order, twice in a row (the second
    from the cache)."""
    expected = _plain_new_sets(cards)
    hand = [PLAYING_CARDS[c] for c in cards]
    assert _new_sets(hand) == expected
    assert _new_sets(hand) == expected
