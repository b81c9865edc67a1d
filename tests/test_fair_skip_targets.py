"""The bots aim a Skip (P10-R25) at the most dangerous opponent, and when opponents tie, as
they all do at the start of a hand, each of them is as likely to lose a turn: no seat, the
human player's seat 0 least of all, is the default victim."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from phase10.games.phase10.actions import Action, Discard
from phase10.games.phase10.cards import SKIP_CODE
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.rollout import policy_action
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.variants import find_variant
from phase10.games.phase10.view import view_for

PLAYERS = 4
DEALS = 600
#: The chi-square with 2 degrees of freedom exceeded with probability 0.001 by a fair choice.
CHI2_2DF_P001 = 13.82

Policy = Callable[[GameState, random.Random], Action]


def _greedy(state: GameState, rng: random.Random) -> Action:
    return GreedyBot().choose(view_for(state, state.current), rng)


def _sharp(state: GameState, rng: random.Random) -> Action:
    return SharpBot().choose(view_for(state, state.current), rng)


def _tied(state: GameState) -> bool:
    """Whether every opponent of the seat to act looks alike to a bot: none laid down, the
    same hand size, phases and score (all public)."""
    others = [p for s, p in enumerate(state.players) if s != state.current]
    public = {(p.laid >= 0, len(p.hand), p.completed, p.score) for p in others}
    return len(public) == 1


def _first_skips(policy: Policy) -> list[tuple[int, int]]:
    """(discarder, target) of the first Skip of the first hand of many seeded deals, where
    all three opponents tied when it was thrown."""
    rules = find_variant("standard")
    found = []
    for seed in range(DEALS):
        state = new_game(rules, PLAYERS, seed)
        rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(PLAYERS)]
        while state.hand_number == 0 and state.outcome is None:
            seat = state.current
            action = policy(state, rngs[seat])
            if isinstance(action, Discard) and action.card == SKIP_CODE:
                if action.target is not None and _tied(state):
                    found.append((seat, action.target))
                break
            state = apply_action(state, action)
    return found


def _chi2(counts: Counter[int], keys: range) -> float:
    total = sum(counts[k] for k in keys)
    expected = total / len(keys)
    return sum((counts[k] - expected) ** 2 / expected for k in keys)


@pytest.mark.parametrize(
    "policy", [_greedy, _sharp, policy_action], ids=["greedy", "sharp", "rollout"]
)
def test_first_skip_of_a_hand_lands_on_each_tied_opponent_equally_often(policy: Policy) -> None:
    """P10-R25: among three tied opponents, each relative seat (+1, +2, +3) is targeted about
    a third of the time, and so is seat 0 whenever it is one of them. Picking the lowest seat
    (the old ``max`` over seat order) targets seat 0 from three discarders out of four."""
    skips = _first_skips(policy)
    assert len(skips) > 300, "the deals should give hundreds of first Skips among tied seats"
    relative = Counter((target - seat) % PLAYERS for seat, target in skips)
    assert _chi2(relative, range(1, PLAYERS)) < CHI2_2DF_P001, relative
    # Seat 0 is one of the three tied opponents of seats 1, 2 and 3: a third of their Skips.
    at_zero = [target == 0 for seat, target in skips if seat != 0]
    n, hits = len(at_zero), sum(at_zero)
    # A binomial bound: 3.3 standard deviations either side of n / 3 (two-sided p < 0.001).
    spread = 3.3 * (n * (1 / 3) * (2 / 3)) ** 0.5
    assert abs(hits - n / 3) < spread, (hits, n)
    by_target = Counter(target for _, target in skips)
    assert _chi2(by_target, range(PLAYERS)) < 16.27, by_target  # 3 df, p = 0.001


def test_a_tied_skip_target_replays_from_the_bots_seeded_generator() -> None:
    """P10-R25 with determinism: the same view and the same seeded generator give the same
    target; other seeds reach the other tied opponents."""
    rules = find_variant("standard")
    for seed in range(DEALS):
        state = new_game(rules, PLAYERS, seed)
        state = apply_action(
            state, GreedyBot().choose(view_for(state, state.current), random.Random(0))
        )
        view = view_for(state, state.current)
        if SKIP_CODE in view.hand and _tied(state):
            break
    else:
        pytest.fail("no deal gave the first player a Skip among tied opponents")
    picks = [GreedyBot().choose(view, random.Random(f"bot:{n}")) for n in range(30)]
    assert picks == [GreedyBot().choose(view, random.Random(f"bot:{n}")) for n in range(30)]
    targets = {p.target for p in picks if isinstance(p, Discard)}
    assert len(targets) == PLAYERS - 1
