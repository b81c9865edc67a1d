"""The engine keeps some results between calls to save work at every step (the
options of each set key and run window in ``laydowns``, the public record of each seat in
views). What it keeps must never show: every answer equals the one computed from scratch.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from phase10.games.phase10 import laydowns as laydowns_module
from phase10.games.phase10 import view as view_module
from phase10.games.phase10.cards import WILD, full_deck
from phase10.games.phase10.finder import laydown_problem
from phase10.games.phase10.laydowns import laydowns
from phase10.games.phase10.rules import (
    BASE_PHASES,
    PHASE3_SET5,
    PHASE10_SET4,
    NaturalCardScope,
    RuleSet,
)
from phase10.games.phase10.turns import apply_action, current_phase, legal_actions, new_game
from phase10.games.phase10.variants import find_variant
from phase10.games.phase10.view import PlayerView, PublicPlayer, public_view, view_for
from phase10.kernel.piles import owns


def _clear_laydown_memos() -> None:
    laydowns_module._ALIKE.clear()
    laydowns_module._RUNS.clear()


@pytest.mark.parametrize("scope", list(NaturalCardScope))
def test_laydowns_same_with_cold_and_warm_memos(scope: NaturalCardScope) -> None:
    """Lay-downs (P10-R15, D-14, D-04) are the same, in the same order, whether
    the options they are built from were kept from other hands or computed afresh."""
    rules = RuleSet(natural_card_scope=scope)
    rng = random.Random(15)
    deck = list(full_deck())
    hands = [tuple(sorted(rng.sample(deck, rng.choice((10, 11, 12))))) for _ in range(40)]
    # Wild-heavy hands reach the long runs and the sets of wilds under per_phase.
    hands += [tuple(sorted((*rng.sample(deck, 8), WILD, WILD, WILD))) for _ in range(20)]
    found_any = 0
    for phase in (*BASE_PHASES, PHASE3_SET5, PHASE10_SET4):
        cold = []
        for hand in hands:
            _clear_laydown_memos()
            cold.append(laydowns(hand, phase, rules))
        warm = [laydowns(hand, phase, rules) for hand in hands]
        again = [laydowns(hand, phase, rules) for hand in reversed(hands)][::-1]
        assert warm == cold
        assert again == cold
        for hand, ways in zip(hands, cold, strict=True):
            for groups in ways:
                found_any += 1
                assert owns(hand, [c for g in groups for c in g.cards])
                assert laydown_problem(groups, phase, rules) is None
    assert found_any > 100  # the hands do reach lay-downs, so the comparison means something


@pytest.mark.parametrize(
    "name",
    ["standard", "standard+pick_a_phase", "standard+ten_hands", "standard+tiebreak_first_laydown"],
)
def test_views_same_with_cold_and_warm_public_records(name: str) -> None:
    """A view built from kept public records equals one built from scratch, and
    each record holds the seat's current phase itself (P10-R17, B.4 progressions)."""
    rules = find_variant(name)
    rng = random.Random(name)
    state = new_game(rules, players=3, seed=4)
    for _ in range(600):
        if state.outcome is not None:
            state = new_game(rules, players=3, seed=rng.randrange(1000))
        seat = state.current
        warm = view_for(state, seat, events=False)
        view_module._PUBLIC.clear()
        view_module._BY_CONTENT.clear()
        cold = view_for(state, seat, events=False)
        assert warm == cold
        assert public_view(state).players == cold.players
        # Views are assembled by a generated constructor: the same as the class's own.
        rebuilt = PlayerView(**{f.name: getattr(cold, f.name) for f in fields(cold)})
        assert cold == rebuilt
        assert repr(cold) == repr(rebuilt)
        # Seats alike still get records of their own (a reader may tell seats apart by them).
        assert len({id(record) for record in cold.players}) == len(cold.players)
        for s, record in enumerate(cold.players):
            assert record.phase is current_phase(state, s)
            assert record.hand_size == len(state.players[s].hand)
            assert record == PublicPlayer(*(getattr(record, f.name) for f in fields(record)))
        legal = legal_actions(state)
        state = apply_action(state, legal[rng.randrange(len(legal))])
