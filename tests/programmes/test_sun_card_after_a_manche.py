"""A sun card can end the game while programs are dealt for a new manche (AMZ-R07, E-03,
AMZ-R30). The game-over state must still be one the rules allow: the last manche's cards are
gathered (AMZ-R29) and no seat shows combinations beside an unrevealed program (AMZ-R22)."""

from __future__ import annotations

import random

from phase10.games import get
from phase10.games.programmes.state import ProgrammeState

GAME = get("programmes")
RULES = GAME.find_rules("programmes+programs_to_win=2")
#: The program deck is dealt from its end: both seats get program 2, then a seat that
#: revealed gets program 0 and the next one the sun card 33.
SUN = 33


def _program_order() -> list[int]:
    deck = list(RULES.program_deck)
    for card in (2, 2, 0, SUN):
        deck.remove(card)
    assert RULES.programs[SUN].sun
    return [*deck, SUN, 0, 2, 2]


def _play_out(seed: int, moves: int) -> ProgrammeState:
    state: ProgrammeState = GAME.new_game(RULES, 2, seed, programs=[_program_order()])
    rng = random.Random(moves)
    while GAME.outcome(state) is None:
        view = GAME.view(state, GAME.to_act(state))
        state = GAME.apply(state, rng.choice(view.legal))
    return state


def test_a_sun_card_won_at_a_manches_deal_leaves_no_combination_beside_a_hidden_program() -> None:
    """AMZ-R07, E-03, AMZ-R22, AMZ-R29: seed 2, two players, programs dealt 2, 2, 0 and the
    sun card: both reveal program 2, the next manche deals 0 to one seat and the sun card to
    the other, who wins at once. No seat is left with combinations on the table and its
    program marked unrevealed; the table and hands were gathered for the deal."""
    ended = 0
    for moves in range(12):
        state = _play_out(2, moves)
        outcome = GAME.outcome(state)
        assert outcome is not None
        if outcome.reason != "sun_cards" or state.hand_number == 0:
            continue
        ended += 1
        for seat, player in enumerate(state.players):
            assert not state.table[seat] or player.revealed, (moves, seat)
            assert not player.hand, (moves, seat)
        assert len(state.players[outcome.winner].done) == RULES.programs_to_win
        assert RULES.programs[state.players[outcome.winner].done[-1]].sun
    assert ended, "some of these games should end with the sun card at the second deal"


def test_the_final_standing_counts_the_manches_played_not_the_one_a_sun_card_ended() -> None:
    """AMZ-R07, AMZ-R30: a sun card dealt with the second manche's programs wins before any
    card of that manche is dealt; the final standing says one round was played (play-tested:
    "Final standing after 2 rounds" under a game of one)."""
    checked = 0
    for moves in range(12):
        state = _play_out(2, moves)
        outcome = GAME.outcome(state)
        assert outcome is not None
        if outcome.reason != "sun_cards" or state.hand_number != 1:
            continue
        shown = GAME.present(GAME.public_view(state), ["Wim", "Ria"], "en")
        assert shown.standing_title == "Final standing after 1 round:"
        checked += 1
    assert checked
