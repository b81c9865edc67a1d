"""The fast fit checks agree with the rule's own check, for every group shape and card.

``hit_values`` (engine) and ``fits_any``/``fit_mask`` (bots) answer P10-R23 without building
a reason, for speed; ``hit_value`` is the rule as written. They must never disagree.
"""

from __future__ import annotations

from phase10.games.phase10.cards import CARDS, WILD_CODE
from phase10.games.phase10.evaluate import fit_mask, fits_any
from phase10.games.phase10.groups import Group, hit_value, hit_values
from phase10.games.phase10.rules import Kind


def _groups() -> list[Group]:
    """A set of every number, a colour group of every colour, a run of every span."""
    groups = [Group.make(Kind.SET, [(n - 1, n), (12 + n - 1, n)]) for n in range(1, 13)]
    groups += [Group.make(Kind.COLOUR, [(12 * k, k), (12 * k + 1, k)]) for k in range(4)]
    groups += [
        Group.make(Kind.RUN, [(n - 1, n) for n in range(low, high + 1)])
        for low in range(1, 13)
        for high in range(low, 13)
    ]
    return groups


def test_hit_values_agree_with_hit_value_p10_r23() -> None:
    """P10-R23: the values a card may take on a group, natural or wild, at either run end."""
    for group in _groups():
        for card in range(len(CARDS)):
            expected: set[int] = set()
            ends = ("low", "high") if group.kind is Kind.RUN and card == WILD_CODE else (None,)
            for end in ends:
                value = hit_value(group, card, end)
                if isinstance(value, int):
                    expected.add(value)
            assert set(hit_values(group, card)) == expected, (str(group), card)


def test_fit_mask_agrees_with_every_group_p10_r23() -> None:
    """P10-R23: a card fits a table when it fits one of its groups; tables of 0-3 groups."""
    groups = _groups()
    tables = [((), ())] + [
        ((groups[i],), (groups[(i * 7) % len(groups)], groups[(i * 13) % len(groups)]))
        for i in range(len(groups))
    ]
    for table in tables:
        mask = fit_mask(table)
        for card in range(len(CARDS)):
            fits = any(hit_values(g, card) for seat in table for g in seat)
            assert bool(mask >> card & 1) is fits
            assert fits_any(card, table) is fits
