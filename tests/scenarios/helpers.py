"""A small scenario builder for scripted tests with fixed decks (DESIGN.md section 5).

A scenario names each seat's ten cards, the turned-up card and the top of the draw pile; the
builder fills the rest of the 108-card deck and orders it the way the engine deals (one card at
a time, starting at the dealer's left; then the turned-up card; then the draw pile, whose top is
the card right after the turned-up one).

>>> deck = deal_order(
...     ["R1 R1 R2 R2 R3 R3 R4 R4 R5 R5", "B1 B1 B2 B2 B3 B3 B4 B4 B5 B5"],
...     turned_up="G7",
...     draw="W S",
...     dealer=1,
... )
>>> format_cards(deck[:4]), format_cards(deck[20:23])
('R1 B1 R1 B1', 'G7 W S')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from phase10.games.phase10.actions import Action, parse_action
from phase10.games.phase10.cards import Card, format_cards, full_deck, parse_cards
from phase10.games.phase10.rules import HAND_SIZE, FirstDealer, RuleSet
from phase10.games.phase10.state import EventKind, GameState, PlayerState
from phase10.games.phase10.turns import apply_action, new_game

__all__ = [
    "Deal",
    "accounted_cards",
    "deal_order",
    "event_kinds",
    "format_cards",
    "play",
    "rules",
    "scenario",
]

Cards = str | Sequence[Card]


def _cards(cards: Cards) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def rules(**flags: Any) -> RuleSet:
    """A ``RuleSet`` with ``flags``; seat 0 plays first (``first_dealer=youngest_starts``)."""
    flags.setdefault("first_dealer", FirstDealer.YOUNGEST_STARTS)
    return RuleSet(**flags)


def deal_order(
    hands: Sequence[Cards | None],
    *,
    turned_up: str,
    draw: Cards = (),
    dealer: int,
) -> tuple[Card, ...]:
    """The full 108-card deck that deals ``hands`` (``None``: a seat not dealt in).

    ``draw`` lists the draw pile from the top down; the other cards follow in a fixed order.
    """
    n = len(hands)
    parsed = [None if h is None else _cards(h) for h in hands]
    for seat, hand in enumerate(parsed):
        if hand is not None and len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} needs {HAND_SIZE} cards, not {len(hand)}")
    seats = [(dealer + step) % n for step in range(1, n + 1)]
    seats = [s for s in seats if parsed[s] is not None]
    order: list[Card] = []
    for i in range(HAND_SIZE):
        for s in seats:
            hand = parsed[s]
            assert hand is not None
            order.append(hand[i])
    order.extend(_cards(turned_up))
    order.extend(_cards(draw))
    rest = Counter(full_deck())
    rest.subtract(order)
    over = sorted(c for c, k in rest.items() if k < 0)
    if over:
        raise ValueError(f"the scenario uses too many copies of {format_cards(over)}")
    for c in full_deck():
        if rest[c] > 0:
            rest[c] -= 1
            order.append(c)
    assert Counter(order) == Counter(full_deck())
    return tuple(order)


@dataclass(frozen=True)
class Deal:
    """One hand of a scenario: every seat's ten cards, the turned-up card, the draw pile top."""

    hands: Sequence[Cards | None]
    turned_up: str
    draw: Cards = ()


def scenario(
    ruleset: RuleSet,
    *deals: Deal,
    phase_index: Sequence[int] = (),
    seed: int = 0,
) -> GameState:
    """A new game whose first hands are dealt from ``deals`` (the dealer moves left each hand).

    ``phase_index`` puts seats on a later phase of the sequence (a synthetic start: the
    earlier phases count as completed).
    """
    if not deals:
        raise ValueError("a scenario needs at least one deal")
    n = len(deals[0].hands)
    probe = new_game(ruleset, players=n, seed=seed)
    dealer = probe.dealer
    decks = []
    for number, deal in enumerate(deals):
        decks.append(
            deal_order(
                deal.hands,
                turned_up=deal.turned_up,
                draw=deal.draw,
                dealer=(dealer + number) % n,
            )
        )
    state = new_game(ruleset, players=n, seed=seed, decks=decks)
    if phase_index:
        players = tuple(
            p.evolve(phase_index=i, completed=(1 << i) - 1)
            for p, i in zip(state.players, phase_index, strict=True)
        )
        state = state.evolve(players=players)
    return state


def play(state: GameState, *actions: str | Action) -> GameState:
    """Apply actions written in notation (``"draw"``, ``"discard S to 2"``) one after another."""
    for action in actions:
        parsed = parse_action(action) if isinstance(action, str) else action
        state = apply_action(state, parsed)
    return state


def event_kinds(state: GameState) -> list[EventKind]:
    """The kinds of the last action's events, in order."""
    return [e.kind for e in state.events]


def _player_cards(player: PlayerState) -> Iterable[Card]:
    yield from player.hand
    # Skips lying in front of the seat (skip_delivery=placed): a flag or a count.
    yield from parse_cards("S") * int(player.skip_placed)


def accounted_cards(state: GameState) -> Counter[Card]:
    """Every card of the game: hands, piles, table groups and Skips placed in front of seats."""
    counts: Counter[Card] = Counter(state.draw_pile)
    counts.update(state.discard_pile)
    for player in state.players:
        counts.update(_player_cards(player))
    for groups in state.table:
        for group in groups:
            counts.update(group.cards)
    return counts
