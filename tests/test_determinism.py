"""Determinism: the same seed and actions always give the same state digest.

The engine derives every shuffle from the game seed (DESIGN.md section 2), so calls to the
global ``random`` module between steps, another process, or another hash seed change nothing.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from phase10.api import find_variant
from phase10.games.phase10.actions import Action, Hit, LayDown
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import apply_action, legal_actions, new_game
from phase10.games.phase10.variants import PROFILES

STEPS = 1500


def choose(rng: random.Random, state: GameState) -> Action:
    actions = legal_actions(state)
    progress = [a for a in actions if isinstance(a, (LayDown, Hit))]
    return rng.choice(progress) if progress else rng.choice(actions)


def playthrough(
    rules: RuleSet, players: int, seed: int, *, disturb: bool = False
) -> tuple[list[str], list[Action]]:
    """Digests after each of up to ``STEPS`` actions chosen by a private RNG."""
    state = new_game(rules, players=players, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    digests, actions = [state.digest()], []
    for step in range(STEPS):
        if state.stage is Stage.OVER:
            break
        if disturb:
            random.seed(step * 31 + 5)
            random.random()
            random.shuffle(list(range(20)))
        action = choose(rng, state)
        actions.append(action)
        state = apply_action(state, action)
        digests.append(state.digest())
    return digests, actions


def replayed(rules: RuleSet, players: int, seed: int, actions: list[Action]) -> list[str]:
    state = new_game(rules, players=players, seed=seed)
    digests = [state.digest()]
    for step, action in enumerate(actions):
        random.seed(10_000 + step)
        random.random()
        state = apply_action(state, action)
        digests.append(state.digest())
    return digests


@pytest.mark.parametrize("profile", list(PROFILES))
def test_same_seed_and_actions_give_the_same_digests(profile: str) -> None:
    rules = find_variant(profile)
    digests, actions = playthrough(rules, 4, seed=21)
    assert len(set(digests)) > len(digests) // 2  # the game moved on
    again, _ = playthrough(rules, 4, seed=21, disturb=True)
    assert again == digests
    assert replayed(rules, 4, 21, actions) == digests


def test_global_random_state_is_untouched_by_the_engine() -> None:
    random.seed(99)
    expected = [random.random() for _ in range(3)]
    random.seed(99)
    playthrough(find_variant("standard"), 3, seed=4)
    assert [random.random() for _ in range(3)] == expected


def test_new_game_is_a_pure_function_of_its_arguments() -> None:
    rules = find_variant("nl_accessible")
    first = new_game(rules, players=5, seed=123)
    random.seed(1)
    second = new_game(rules, players=5, seed=123)
    assert first == second
    assert first.digest() == second.digest()
    action = legal_actions(first)[0]
    assert apply_action(first, action) == apply_action(second, action)


def test_different_seeds_give_different_games() -> None:
    rules = find_variant("standard")
    digests = {new_game(rules, players=3, seed=seed).digest() for seed in range(30)}
    assert len(digests) == 30
    hands = {new_game(rules, players=3, seed=seed).players[0].hand for seed in range(30)}
    assert len(hands) == 30


def test_different_rules_or_player_counts_give_different_digests() -> None:
    standard = new_game(find_variant("standard"), players=3, seed=8).digest()
    assert new_game(find_variant("fr_mattel"), players=3, seed=8).digest() != standard
    assert new_game(find_variant("standard"), players=4, seed=8).digest() != standard


_CHILD = """
import json, random, sys
from phase10.games.phase10.turns import apply_action, legal_actions, new_game
from phase10.api import find_variant
state = new_game(find_variant("de_article"), players=3, seed=17)
rng = random.Random(3)
for _ in range(400):
    if state.outcome is not None:
        break
    state = apply_action(state, rng.choice(legal_actions(state)))
print(json.dumps(state.digest()))
"""


def test_digest_is_the_same_in_other_processes_and_hash_seeds() -> None:
    results = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _CHILD],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=Path(__file__).resolve().parent,
        )
        results.add(json.loads(out.stdout))
    state = new_game(find_variant("de_article"), players=3, seed=17)
    rng = random.Random(3)
    for _ in range(400):
        if state.outcome is not None:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert results == {state.digest()}
