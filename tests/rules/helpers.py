"""Scenario builder for the rule tests: fixed decks, scripted turns, synthetic states.

``deal(["R1 R1 ...", "B2 ..."], turned_up="G4", draw="Y7 Y8")`` starts a game in which seat 0
plays first (the last seat deals, ``first_dealer=youngest_starts``), every seat holds exactly
the cards given, ``G4`` lies face up on the discard pile, and the first cards drawn from the
draw pile are ``Y7`` and then ``Y8``. The rest of the 108 cards follow in the fixed order of
``full_deck()``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from phase10 import (
    Card,
    EventKind,
    GameState,
    IllegalActionError,
    RuleSet,
    apply_action,
    new_game,
    parse_action,
    parse_cards,
)
from phase10.games.phase10.cards import full_deck
from phase10.games.phase10.rules import HAND_SIZE, FirstDealer

__all__ = [
    "JUNK",
    "JUNK2",
    "JUNK3",
    "JUNK_POINTS",
    "OUT_P1",
    "OUT_P1_LAY",
    "OUT_P10",
    "OUT_P10_LAY",
    "PHASE10_LAY",
    "PHASE10_LEFTOVERS",
    "cards",
    "deal",
    "illegal",
    "kinds",
    "make_deck",
    "play",
    "scripted",
    "set_player",
]


#: Phase 1 enlarged to all ten cards: lay all ten, then discard the drawn card to go out.
OUT_P1 = "R5 R5 B5 B5 Y5 R8 R8 B8 B8 Y8"
OUT_P1_LAY = "lay set R5 R5 B5 B5 Y5 | set R8 R8 B8 B8 Y8"
#: No set of 3, no run of 4, at most 3 cards of a colour: 70 points.
JUNK = "Y1 G1 R4 B4 Y7 G7 R10 B10 Y12 G12"
JUNK_POINTS = 70
#: Another hand that makes nothing: 70 points.
JUNK2 = "R1 B1 Y4 G4 R7 B7 Y10 G10 R12 B12"
#: A third one for three-player games (2s, 3s, 5s, 9s, 11s): 60 points.
JUNK3 = "R2 B2 Y5 G5 R9 B9 Y11 G11 R3 B3"
#: Phase 10 (set of 5 + set of 3) with G5 and R1 left over.
PHASE10_LEFTOVERS = "R5 R5 B5 B5 Y5 R7 R7 B7 G5 R1"
PHASE10_LAY = "lay set R5 R5 B5 B5 Y5 | set R7 R7 B7"
#: Phase 10 enlarged to all ten cards (sets of 3s and 10s).
OUT_P10 = "Y3 Y3 G3 G3 R3 R10 R10 B10 B10 Y10"
OUT_P10_LAY = "lay set Y3 Y3 G3 G3 R3 | set R10 R10 B10 B10 Y10"


def scripted(rules: RuleSet | None = None, **flags: Any) -> RuleSet:
    """``rules`` (baseline by default) with ``flags`` changed and seat 0 playing first."""
    base = rules if rules is not None else RuleSet()
    return dataclasses.replace(base, first_dealer=FirstDealer.YOUNGEST_STARTS, **flags)


def cards(text: str) -> tuple[Card, ...]:
    """Cards in notation, sorted the way the engine keeps a hand."""
    return tuple(sorted(parse_cards(text)))


def make_deck(hands: Sequence[str], turned_up: str, draw: str = "") -> tuple[Card, ...]:
    """A full 108-card deck order: ``hands`` in dealing order, one card at a time, then the
    turned-up card, then ``draw`` (first drawn first), then every other card in a fixed order.
    """
    parsed = [parse_cards(h) for h in hands]
    for seat, hand in enumerate(parsed):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"hand {seat} has {len(hand)} cards, not {HAND_SIZE}")
    order: list[Card] = [hand[k] for k in range(HAND_SIZE) for hand in parsed]
    order.extend(parse_cards(turned_up))
    order.extend(parse_cards(draw))
    left = Counter(full_deck())
    left.subtract(order)
    if any(count < 0 for count in left.values()):
        over = sorted(str(c) for c, count in left.items() if count < 0)
        raise ValueError(f"more copies than the deck holds: {over}")
    rest: list[Card] = []
    for card in full_deck():
        if left[card] > 0:
            rest.append(card)
            left[card] -= 1
    return (*order, *rest)


def deal(
    hands: Sequence[str],
    turned_up: str,
    draw: str = "",
    rules: RuleSet | None = None,
    *,
    seed: int = 0,
    later: Sequence[Sequence[Card]] = (),
) -> GameState:
    """A new game whose first hand is exactly as given, with seat 0 to play first.

    ``later`` fixes the order of the following shuffles (next deals or reshuffles).
    """
    rules = scripted(rules)
    deck = make_deck(hands, turned_up, draw)
    return new_game(rules, players=len(hands), seed=seed, deck=deck, decks=(deck, *later))


def play(state: GameState, *actions: str) -> GameState:
    """Apply the actions, written in notation, one after another."""
    for text in actions:
        state = apply_action(state, parse_action(text))
    return state


def illegal(state: GameState, action: str, rule: str) -> IllegalActionError:
    """Assert that ``action`` is refused for breaking ``rule`` and the state stays as it was."""
    before = state.digest()
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, parse_action(action))
    assert info.value.rule == rule, str(info.value)
    assert state.digest() == before
    return info.value


def kinds(state: GameState) -> list[EventKind]:
    """The kinds of the events of the last action, in order."""
    return [e.kind for e in state.events]


def set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """A synthetic state: ``seat``'s ``PlayerState`` with ``changes``."""
    players = list(state.players)
    players[seat] = players[seat].evolve(**changes)
    return state.evolve(players=tuple(players))
