"""Scripted programmes games: fixed dealer, fixed hands, fixed draws, fixed programs.

``deal(["AS 2S ...", ...], turned_up="KD", draw="5H 6H", programs=["PRG-08", "PRG-01"])``
starts a game where seat 0 plays first (the last seat deals), every seat holds exactly the
cards given (13 by default, fewer with ``hand_size``), the discard pile shows ``turned_up``,
the reserve gives ``draw`` first, and seat ``i`` holds program ``programs[i]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from phase10.games.programmes.actions import parse_programme_action
from phase10.games.programmes.cards import PlayingCard, parse_playing_cards, programme_deck
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.kernel.errors import IllegalActionError


def cards(text: str) -> tuple[PlayingCard, ...]:
    return parse_playing_cards(text)


def dealer_order(players: int, dealer: int) -> tuple[PlayingCard, ...]:
    """A face-up deal in which the first spade reaches ``dealer`` (E-02)."""
    deck = list(programme_deck())
    hearts = [c for c in deck if c.suit == 1][:dealer]
    spade = next(c for c in deck if c.suit == 0)
    for c in (*hearts, spade):
        deck.remove(c)
    return (*hearts, spade, *deck)


def deal_order(hands: Sequence[str], turned_up: str, draw: str) -> tuple[PlayingCard, ...]:
    parsed = [list(cards(h)) for h in hands]
    size = len(parsed[0])
    order: list[PlayingCard] = []
    for i in range(size):
        for hand in parsed:
            order.append(hand[i])
    order += cards(turned_up)
    order += cards(draw)
    rest = Counter(programme_deck()) - Counter(order)
    assert sum(Counter(order).values()) == len(order)
    assert not Counter(order) - Counter(programme_deck()), "more copies than the deck holds"
    return (*order, *sorted(rest.elements()))


def program_order(rules: ProgrammeRules, ids: Sequence[str]) -> tuple[int, ...]:
    """A program-deck order dealing ``ids`` to seats 0, 1, ... (top of the deck is last)."""
    index = {p.id: i for i, p in enumerate(rules.programs)}
    wanted = [index[i] for i in ids]
    rest = Counter(rules.program_deck) - Counter(wanted)
    return (*sorted(rest.elements()), *reversed(wanted))


def deal(
    hands: Sequence[str],
    *,
    turned_up: str = "KD",
    draw: str = "",
    programs: Sequence[str] = (),
    rules: ProgrammeRules | None = None,
    program_deck: Sequence[str] | None = None,
) -> ProgrammeState:
    rules = rules or ProgrammeRules(hand_size=len(cards(hands[0])))
    n = len(hands)
    ids = list(programs) or ["PRG-08"] * n
    order = program_order(rules, program_deck if program_deck is not None else ids)
    return new_game(
        rules,
        n,
        seed=1,
        decks=[dealer_order(n, n - 1), deal_order(hands, turned_up, draw)],
        programs=[order],
    )


def play(state: ProgrammeState, *actions: str) -> ProgrammeState:
    for text in actions:
        state = apply_action(state, parse_programme_action(text))
    return state


def illegal(state: ProgrammeState, action: str, rule: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, parse_programme_action(action))
    assert info.value.rule == rule, str(info.value)
