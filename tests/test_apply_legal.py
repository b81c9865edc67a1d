"""``apply_legal``, the unchecked apply a learning environment uses for its agent's legal
choice, gives the state ``apply`` gives, for every legal action of every state
along random games of both games, with every profile's own rules (AMZ-R10..R31, E-15,
E-17, P10-R13)."""

from __future__ import annotations

import random

import pytest

from phase10 import games

PROFILES = {
    "phase10": ["standard"],
    "programmes": ["programmes", "programmes+program_swap"],
}


@pytest.mark.parametrize(
    ("game_name", "rules_name"),
    [(g, r) for g, names in PROFILES.items() for r in names],
)
@pytest.mark.parametrize("players", [2, 4])
def test_apply_legal_equals_apply_for_every_legal_action(
    game_name: str, rules_name: str, players: int
) -> None:
    game = games.get(game_name)
    rules = game.find_rules(rules_name)
    rng = random.Random(f"{rules_name}:{players}")
    checked: dict[str, int] = {}
    for seed in range(2):
        state = game.new_game(rules, players, seed)
        for _ in range(250):
            if game.outcome(state) is not None:
                break
            legal = game.legal_actions(state)
            for action in legal:
                expected = game.apply(state, action)
                got = game.apply_legal(state, action)
                assert game.digest(got) == game.digest(expected), game.format_action(action)
                assert got.events == expected.events
                kind = type(action).__name__
                checked[kind] = checked.get(kind, 0) + 1
            state = game.apply(state, rng.choice(legal))
    # Every kind of action a game has, an extension's worked-out value included.
    kinds = {
        "phase10": {"Draw", "LayDown", "Discard"},
        "programmes": {"Draw", "Reveal", "DiscardCard"},
    }
    assert kinds[game_name] <= set(checked), checked
