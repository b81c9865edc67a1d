"""Sampling the hidden part of a programmes game from one seat's view (for ISMCTS).

:func:`determinize` deals the cards the viewer cannot see (other hands, the reserve) and the
program cards it cannot see (others' unrevealed programs, the program deck) at random,
consistent with everything in the view: hand sizes, the size of the draw pile, the table, the
discard pile, the cards each player took from it and still holds, and every program that is
public (E-28).

>>> import random
>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=3, seed=4)
>>> guess = determinize(view_for(state, 1), random.Random(0))
>>> guess.players[1] == state.players[1], len(guess.draw_pile) == len(state.draw_pile)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter

from phase10.games.programmes.cards import PLAYING_CARDS, programme_deck
from phase10.games.programmes.state import Programmer, ProgrammeState
from phase10.games.programmes.view import ProgrammeView


def determinize(view: ProgrammeView, rng: random.Random) -> ProgrammeState:
    """A full state the view could have come from, the unseen cards dealt by ``rng``.

    The result has no events, and its future shuffles derive from a seed drawn from ``rng``.
    """
    rules = view.rules
    seen: Counter[int] = Counter(view.hand)
    seen.update(view.discard_pile)
    for combos in view.table:
        for combo in combos:
            seen.update(combo.cards)
    for seat, p in enumerate(view.players):
        if seat != view.seat:
            seen.update(p.took)
    full: Counter[int] = Counter(programme_deck())
    unseen = [PLAYING_CARDS[c] for c in (full - seen).elements()]
    rng.shuffle(unseen)
    index = {p.id: i for i, p in enumerate(rules.programs)}
    known: Counter[int] = Counter()
    for p in view.players:
        known.update(index[c.id] for c in p.done)
        if p.program is not None and not p.revealed:
            known[index[p.program.id]] += 1
    own = index[view.program.id] if view.program is not None else -1
    if own >= 0 and not view.players[view.seat].revealed:
        known[own] += 1
    hidden_programs = list((Counter(rules.program_deck) - known).elements())
    rng.shuffle(hidden_programs)
    players: list[Programmer] = []
    for seat, p in enumerate(view.players):
        done = tuple(index[c.id] for c in p.done)
        if seat == view.seat:
            hand = view.hand
            program = own
        else:
            extra = p.hand_size - len(p.took)
            hand = tuple(sorted((*p.took, *unseen[:extra])))
            del unseen[:extra]
            if p.revealed:
                program = done[-1]
            elif p.has_program:
                program = hidden_programs.pop()
            else:
                program = -1
        players.append(
            Programmer(
                hand=hand,
                program=program,
                done=done,
                revealed=p.revealed,
                failed=p.failed,
                may_swap=p.may_swap,
                took=p.took,
            )
        )
    return ProgrammeState(
        rules=rules,
        seed=rng.getrandbits(32),
        players=tuple(players),
        table=view.table,
        # As many as the view shows: once a sun card ends the game at a new round's deal, the
        # last round's cards are gathered (AMZ-R29, AMZ-R07) and lie in no pile.
        draw_pile=tuple(unseen[: view.draw_pile_size]),
        discard_pile=view.discard_pile,
        program_deck=tuple(hidden_programs),
        dealer=view.dealer,
        current=view.current,
        stage=view.stage,
        hand_number=view.hand_number,
        shuffles=10_000,
        outcome=view.outcome,
    )
