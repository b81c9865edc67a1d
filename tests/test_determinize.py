"""Determinization (engine/determinize.py): a full state consistent with one seat's view."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from phase10.api import find_variant
from phase10.games.phase10.cards import full_deck, parse_cards
from phase10.games.phase10.determinize import DeterminizeError, determinize, unseen_counts
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, legal_actions, new_game
from phase10.games.phase10.view import PlayerView, view_for
from scenarios.helpers import accounted_cards

PROFILES = ["standard", "de_article", "nl_accessible", "fr_mattel", "pick_a_phase", "ten_hands"]


def _positions(rules_name: str, seed: int, players: int, steps: int) -> list[GameState]:
    """States along a game where laying down and hitting come first (tables fill up)."""
    rules = find_variant(rules_name)
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.outcome is not None:
            break
        legal = legal_actions(state)
        eager = [a for a in legal if type(a).__name__ in ("LayDown", "Hit")]
        state = apply_action(state, rng.choice(eager or legal))
        out.append(state)
    return out


def _comparable(view: PlayerView) -> PlayerView:
    # The guessed state has no history: events are the one field that cannot match.
    return dataclasses.replace(view, events=())


@pytest.mark.parametrize("profile", PROFILES)
def test_determinized_state_gives_back_the_same_view_and_all_108_cards(profile: str) -> None:
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 6)):
        for state in _positions(profile, seed, players, 400)[::7]:
            for seat in range(players):
                view = view_for(state, seat)
                guess = determinize(view, random.Random(seed * 100 + seat))
                assert accounted_cards(guess) == Counter(full_deck())
                assert _comparable(view_for(guess, seat)) == _comparable(view)
                assert guess.players[seat].hand == state.players[seat].hand
                assert all(list(p.hand) == sorted(p.hand) for p in guess.players)
                checked += 1
    assert checked > 100


def test_taken_cards_are_placed_in_their_takers_hand() -> None:
    rules = find_variant("standard")
    for seed in range(40):
        state = new_game(rules, 3, seed)
        for _ in range(60):
            if state.outcome is not None:
                break
            legal = legal_actions(state)
            takes = [a for a in legal if str(a) == "take"]
            state = apply_action(state, takes[0] if takes else random.Random(seed).choice(legal))
            for seat in range(3):
                view = view_for(state, seat)
                guess = determinize(view, random.Random(1))
                unseen = unseen_counts(view)
                for other, public in enumerate(view.players):
                    if other == seat or public.laid >= 0:
                        continue
                    # A taken card no longer in sight of the seat is guessed still held.
                    held = Counter(guess.players[other].hand)
                    for card, k in Counter(public.took).items():
                        rivals = sum(p.took.count(card) for p in view.players if p is not public)
                        if not rivals:  # else who still holds it is anyone's guess
                            assert held[card] >= min(k, unseen[card])


def test_guesses_vary_with_the_rng_and_repeat_with_the_same_rng() -> None:
    view = view_for(new_game(find_variant("standard"), 4, 9), 0)
    first = determinize(view, random.Random(5))
    assert first == determinize(view, random.Random(5))
    other = determinize(view, random.Random(6))
    assert first.players[1].hand != other.players[1].hand
    assert first.seed != other.seed  # future reshuffles differ too
    assert first.presets == ()


def test_an_impossible_view_is_reported() -> None:
    view = view_for(new_game(find_variant("standard"), 2, 1), 0)
    bad = dataclasses.replace(view, hand=parse_cards("W " * 9 + "R1"))
    with pytest.raises(DeterminizeError):
        determinize(bad, random.Random(0))
