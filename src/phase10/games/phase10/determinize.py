"""Determinization: a full game state consistent with what one seat has seen.

Information-set search (``phase10.bots.ismcts``) cannot look at the hidden cards, so each of
its iterations plays on a *guess*: a complete ``GameState`` that agrees with the seat's
``PlayerView`` in everything the seat knows, the unknown cards being dealt at random.

What is kept exactly: the seat's own hand; the table; the discard pile; every seat's hand
size, phase, score and Skip state; whose turn it is and the stage; the cards each opponent
took from the discard pile this hand (``took``), which are placed in that opponent's hand as
long as they can still be there (see below). What is guessed: the rest of the opponents'
hands and the order of the draw pile, both from the cards nobody has seen. The guessed state
gets a fresh ``seed`` from ``rng`` and no preset shuffles, so a reshuffle later in a search is
random too, different in each determinization.

A card an opponent took may have left their hand since (laid down, hit or discarded). The view
does not record that history, so the rule is: a taken card counts as still held unless the
opponent's own groups on the table hold that card (it was most likely laid there), or no copy
of it is left among the unseen cards (it was played somewhere in sight). The taken cards that
pass are placed first; the rest of each hand is filled with unseen cards at random.

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=3, seed=5)
>>> guess = determinize(view_for(state, 1), random.Random(0))
>>> guess.players[1].hand == state.players[1].hand, [len(p.hand) for p in guess.players]
(True, [10, 10, 10])
>>> view_for(guess, 1).legal == view_for(state, 1).legal
True
"""

from __future__ import annotations

import random

from phase10.games.phase10.cards import CARDS, SKIP, Card, deck_counts
from phase10.games.phase10.state import EventKind, GameState, PlayerState, Stage
from phase10.games.phase10.turns import legal_actions
from phase10.games.phase10.view import PlayerView
from phase10.kernel.errors import Phase10Error

__all__ = ["DeterminizeError", "determinize", "unseen_counts"]

#: Seeds drawn for determinized states stay below this (any int works; small ones print well).
_SEED_BITS = 62


class DeterminizeError(Phase10Error):
    """The view cannot come from a real game (e.g. more cards are seen than the deck holds)."""


def unseen_counts(view: PlayerView) -> list[int]:
    """How many copies of each card code the seat has not seen anywhere (indexed by code).

    Seen: the seat's own hand, the discard pile, the table and Skips placed in front of seats.

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> sum(unseen_counts(view_for(new_game(RuleSet(), players=2, seed=1), 0)))
    97
    """
    counts = list(deck_counts())
    for c in view.hand:
        counts[c] -= 1
    for c in view.discard_pile:
        counts[c] -= 1
    for groups in view.table:
        for group in groups:
            for c in group.cards:
                counts[c] -= 1
    counts[SKIP] -= sum(p.skip_placed for p in view.players)
    if min(counts) < 0:
        raise DeterminizeError("the view shows more copies of a card than the deck holds")
    return counts


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full ``GameState`` consistent with ``view``, hidden cards dealt at random from ``rng``.

    ``view_for(determinize(view, rng), view.seat)`` equals ``view`` except for ``events``
    (the guessed state has none). Pure: the same ``rng`` state gives the same guess.
    """
    unseen = unseen_counts(view)
    hidden = sum(unseen)
    needed = view.draw_pile_size + sum(
        p.hand_size for s, p in enumerate(view.players) if s != view.seat
    )
    if hidden != needed:
        raise DeterminizeError(
            f"{hidden} cards are unseen but the hidden hands and the draw pile hold {needed}"
        )
    hands: list[list[Card]] = [[] for _ in view.players]
    hands[view.seat] = list(view.hand)
    for seat, public in enumerate(view.players):
        if seat == view.seat or not public.took:
            continue
        laid_by_them: dict[int, int] = {}
        for group in view.table[seat]:
            for c in group.cards:
                laid_by_them[c] = laid_by_them.get(c, 0) + 1
        for c in public.took:
            if laid_by_them.get(c, 0) > 0:
                laid_by_them[c] -= 1
                continue
            if unseen[c] > 0 and len(hands[seat]) < public.hand_size:
                unseen[c] -= 1
                hands[seat].append(CARDS[c])
    pool = [CARDS[c] for c, k in enumerate(unseen) for _ in range(k)]
    rng.shuffle(pool)
    position = 0
    for seat, public in enumerate(view.players):
        if seat == view.seat:
            continue
        missing = public.hand_size - len(hands[seat])
        hands[seat].extend(pool[position : position + missing])
        position += missing
    draw_pile = tuple(pool[position:])
    players = tuple(
        PlayerState(
            hand=tuple(sorted(hands[seat])),
            phase_index=p.phase_index,
            completed=p.completed,
            laid=p.laid,
            score=p.score,
            dealt_in=p.dealt_in,
            skip_pending=p.skip_pending,
            skip_lost=p.skip_lost,
            skip_targeted=p.skip_targeted,
            skip_placed=p.skip_placed,
            took=p.took,
        )
        for seat, p in enumerate(view.players)
    )
    state = GameState(
        rules=view.rules,
        seed=rng.getrandbits(_SEED_BITS),
        players=players,
        table=view.table,
        draw_pile=draw_pile,
        discard_pile=view.discard_pile,
        dealer=view.dealer,
        current=view.current,
        stage=view.stage,
        hand_number=view.hand_number,
        laid_this_turn=False,
        tiebreak=view.tiebreak,
        outcome=view.outcome,
    )
    return _with_laid_this_turn(state, view)


def _with_laid_this_turn(state: GameState, view: PlayerView) -> GameState:
    """Recover ``laid_this_turn``, which the view does not show but legality may depend on.

    It matters only under ``hit_others_on_laydown_turn=false`` (D-18), in the play stage of a
    seat that has laid down. For the seat's own turn the legal actions in the view settle it;
    for another seat's turn a ``LAID_DOWN`` event of that seat among the last events does.
    """
    if (
        view.rules.hit_others_on_laydown_turn
        or view.stage is not Stage.PLAY
        or view.players[view.current].laid < 0
    ):
        return state
    if view.current == view.seat:
        if legal_actions(state) == view.legal:
            return state
        return state.evolve(laid_this_turn=True)
    laid_now = any(e.kind is EventKind.LAID_DOWN and e.seat == view.current for e in view.events)
    return state.evolve(laid_this_turn=laid_now)
