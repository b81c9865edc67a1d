"""The two orders of a programmes hand (AMZ-R02: the 2s and the joker are wild): by rank,
the natural cards from ace to king, each rank's suits together, then the wild 2s, then the
joker; by suit, each suit's natural cards from ace to king, then the wild 2s, then the joker.
A wild 2 sorted among the kings in the browser ("Q♦ 2♠ K♣")."""

from __future__ import annotations

from phase10.games.programmes.cards import IS_WILD, JOKER_CODE, RANK_OF, SUIT_OF
from phase10.games.programmes.present import card_face
from phase10.kernel.i18n import translator

EVERY_CARD = range(JOKER_CODE + 1)


def test_by_rank_the_naturals_then_the_wild_twos_then_the_joker() -> None:
    faces = {c: card_face(c, translator("en")) for c in EVERY_CARD}
    order = sorted(EVERY_CARD, key=lambda c: faces[c].by_rank)
    assert len({faces[c].by_rank for c in EVERY_CARD}) == len(faces)  # no two cards tie
    naturals = [c for c in order if not IS_WILD[c]]
    assert order[: len(naturals)] == naturals
    assert [RANK_OF[c] for c in naturals] == sorted(RANK_OF[c] for c in naturals)
    wild_twos = order[len(naturals) : -1]
    assert all(IS_WILD[c] and RANK_OF[c] == 2 for c in wild_twos)
    assert len(wild_twos) == 4
    assert order[-1] == JOKER_CODE


def test_by_suit_each_suit_from_ace_to_king_then_the_wild_twos_then_the_joker() -> None:
    faces = {c: card_face(c, translator("fr")) for c in EVERY_CARD}
    order = sorted(EVERY_CARD, key=lambda c: faces[c].by_suit)
    assert len({faces[c].by_suit for c in EVERY_CARD}) == len(faces)
    naturals = [c for c in order if not IS_WILD[c]]
    assert order[: len(naturals)] == naturals
    assert naturals == sorted(naturals, key=lambda c: (SUIT_OF[c], RANK_OF[c]))
    assert all(IS_WILD[c] and RANK_OF[c] == 2 for c in order[len(naturals) : -1])
    assert order[-1] == JOKER_CODE
