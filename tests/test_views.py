"""Hidden information: ``view_for`` shows a seat only what that seat may know.

The main check (DESIGN.md section 2): permute the cards hidden from seat ``s`` (the other
players' hands and the draw pile, keeping every size) and the view of ``s`` must not change,
not even after the next player draws one of those cards.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from phase10.api import find_variant
from phase10.games.phase10.actions import Action, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import Card
from phase10.games.phase10.state import EventKind, GameState, Stage
from phase10.games.phase10.turns import apply_action, legal_actions, new_game
from phase10.games.phase10.view import view_for

E = EventKind


def choose(rng: random.Random, state: GameState) -> Action:
    actions = legal_actions(state)
    progress = [a for a in actions if isinstance(a, (LayDown, Hit))]
    return rng.choice(progress) if progress and rng.random() < 0.7 else rng.choice(actions)


def mid_game_states(profile: str, players: int, seed: int, every: int = 23) -> list[GameState]:
    """States along a seeded game, sampled every ``every`` decisions."""
    state = new_game(find_variant(profile), players=players, seed=seed)
    rng = random.Random(seed)
    found = []
    for step in range(1, 1200):
        if state.stage is Stage.OVER:
            break
        state = apply_action(state, choose(rng, state))
        if step % every == 0:
            found.append(state)
    return found


def permute_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Swap the cards ``seat`` cannot see between other hands and the draw pile.

    Cards a player publicly took from the discard pile and still holds stay where they are.
    """
    keep: list[list[Card]] = []
    pool: list[Card] = list(state.draw_pile)
    for s, player in enumerate(state.players):
        if s == seat:
            keep.append(list(player.hand))
            continue
        known = Counter(player.took) & Counter(player.hand)
        fixed = list(known.elements())
        keep.append(fixed)
        pool.extend((Counter(player.hand) - known).elements())
    rng.shuffle(pool)
    players = []
    for s, player in enumerate(state.players):
        if s == seat:
            players.append(player)
            continue
        hidden = len(player.hand) - len(keep[s])
        hand, pool = keep[s] + pool[:hidden], pool[hidden:]
        players.append(player.evolve(hand=tuple(sorted(hand))))
    assert len(pool) == len(state.draw_pile)
    return state.evolve(players=tuple(players), draw_pile=tuple(pool))


CASES = [("standard", 4, 1), ("nl_accessible", 3, 2), ("de_article", 5, 3), ("fr_mattel", 2, 4)]


@pytest.mark.parametrize(("profile", "players", "seed"), CASES)
def test_view_does_not_change_when_hidden_cards_are_permuted(
    profile: str, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    states = mid_game_states(profile, players, seed)
    assert len(states) >= 10
    changed = 0
    for state in states:
        for seat in range(players):
            other = permute_hidden(state, seat, rng)
            changed += other != state
            assert view_for(other, seat) == view_for(state, seat)
            # The next player draws a (possibly different) hidden card: still no difference.
            if state.current != seat and state.stage is Stage.DRAW and state.draw_pile:
                draw = Draw(Source.DRAW_PILE)
                after, other_after = apply_action(state, draw), apply_action(other, draw)
                assert view_for(other_after, seat) == view_for(after, seat)
    assert changed > len(states)  # the permutations really moved cards


@pytest.mark.parametrize(("profile", "players", "seed"), CASES)
def test_view_shows_own_hand_and_public_facts(profile: str, players: int, seed: int) -> None:
    for state in mid_game_states(profile, players, seed, every=37):
        for seat in range(players):
            view = view_for(state, seat)
            assert view.hand == state.players[seat].hand
            assert view.hand_sizes == tuple(len(p.hand) for p in state.players)
            assert view.table == state.table
            assert view.discard_pile == state.discard_pile
            assert view.draw_pile_size == len(state.draw_pile)
            assert (view.current, view.stage, view.dealer) == (
                state.current,
                state.stage,
                state.dealer,
            )
            if seat == state.current and state.stage is not Stage.OVER:
                assert view.my_turn
                assert view.legal == legal_actions(state)
            else:
                assert view.legal == ()


def test_drew_event_hides_the_card_from_other_seats() -> None:
    state = new_game(find_variant("standard"), players=4, seed=9)
    seat = state.current
    card = state.draw_pile[-1]
    state = apply_action(state, Draw(Source.DRAW_PILE))
    for viewer in range(4):
        drew = [e for e in view_for(state, viewer).events if e.kind is E.DREW]
        assert len(drew) == 1
        assert drew[0].seat == seat
        assert drew[0].cards == ((card,) if viewer == seat else ())


def test_taking_the_discard_is_public() -> None:
    state = new_game(find_variant("standard"), players=3, seed=2)
    top = state.discard_pile[-1]
    # Seed 2 turns up a numbered card, so the first player may take it.
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    seat = state.current
    state = apply_action(state, Draw(Source.DISCARD_PILE))
    for viewer in range(3):
        view = view_for(state, viewer)
        took = [e for e in view.events if e.kind is E.TOOK_DISCARD]
        assert took
        assert took[0].cards == (top,)
        assert view.players[seat].took == (top,)


def test_deal_and_reshuffle_orders_are_hidden_from_everyone() -> None:
    """The dealt order would reveal every hand, and a reshuffle the draw pile's order."""
    state = new_game(find_variant("standard"), players=2, seed=5)
    rng = random.Random(5)
    seen_deal = seen_reshuffle = False
    for _ in range(5000):
        if state.stage is Stage.OVER or (seen_deal and seen_reshuffle):
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
        for event in state.events:
            if event.kind not in (E.HAND_DEALT, E.RESHUFFLED):
                continue
            seen_deal |= event.kind is E.HAND_DEALT
            seen_reshuffle |= event.kind is E.RESHUFFLED
            for viewer in range(2):
                hidden = [e for e in view_for(state, viewer).events if e.kind is event.kind]
                assert hidden
                assert all(e.cards == () for e in hidden)
                if event.kind is E.RESHUFFLED:
                    assert hidden[0].number == len(event.cards)
    assert seen_deal
    assert seen_reshuffle


def test_view_for_a_missing_seat_is_an_error() -> None:
    state = new_game(find_variant("standard"), players=2, seed=1)
    with pytest.raises(ValueError, match="seat"):
        view_for(state, 2)
