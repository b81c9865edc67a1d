"""Guessing the hidden cards once a sun card has ended the game at a new round's deal
(AMZ-R07, E-03, AMZ-R30). The last round's playing cards are gathered for the deal (AMZ-R08,
AMZ-R29) and lie in no pile, and a seat that completed its program holds none until it is
dealt a new one (AMZ-R18, AMZ-R19). A full state guessed from a seat's view (``determinize``,
for the search bots and the privacy checks) must show that seat exactly the same view (E-28):
no draw pile that is not there, no program deck bigger or smaller than the real one."""

from __future__ import annotations

import random
from collections import Counter

from phase10.games import get
from phase10.games.programmes.actions import parse_programme_action
from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.games.programmes.view import view_for

GAME = get("programmes")

#: Seed 4881, two seats: seat 1 goes out ending the third round (number 2) with 3 programs
#: completed, and the next deal gives it both sun cards, its fourth and fifth (AMZ-R07, E-03).
#: Seat 0 failed its program that round and keeps it (AMZ-R29). A game the server's privacy
#: check played (a person and a computer), move for move, separated by " / ".
SEED_4881_MOVES = (
    "take / discard 4D / draw / discard KS / take / reveal set 3S 3C 2H=3 | set 9S 9C 2D=9 | "
    "set KS KH JK=K / discard 10S / take / discard 2S / draw / extend KC on 1.2 / discard 8D "
    "/ draw / discard QS / draw / discard JH / draw / discard 2D / take / extend 2D=3 on 1.0 "
    "/ discard 6D / take / discard 10S / take / discard 10S / take / discard 6C / draw / "
    "discard 7S / draw / discard QD / draw / extend KD on 1.2 / extend 2H=9 on 1.1 / discard "
    "4H / draw / discard 9H / take / reveal run 10D JK=JD QD KD / discard KH / draw / discard "
    "AD / take / discard 10D / take / discard 6H / draw / extend AD=A+ on 1.0 / discard QD / "
    "draw / discard 6D / draw / discard 9H / draw / discard 3H / draw / discard QC / draw / "
    "discard 10D / take / discard 7H / take / discard 6H / draw / discard KD / take / discard "
    "KD / draw / discard 4C / take / discard 6S / take / discard 10S / take / discard AC / "
    "draw / meld set 6S 6D 2D=6 / discard 10D / draw / discard 7H / draw / discard KS / draw "
    "/ discard AH / draw / discard 9C / take / discard 4C / draw / discard 8S / take / reveal "
    "run 2H=7S 8S JK=9S 10S | set 9D 9D 9C / take / discard 2C / draw / discard QD / draw / "
    "discard JH / draw / discard QH / draw / reveal run 4S 2S=5S 6S 2H=7S 8S 9S 10S / discard "
    "8H / draw / discard 9H / draw / discard KH / draw / discard 8D / draw / discard QS / "
    "draw / discard 10H / draw / discard QS / take / discard 3S / take / extend 3S on 1.0 / "
    "discard QC / draw / discard KD / draw / extend JK=J on 1.0 / discard JD / draw / discard "
    "QD / draw / discard KH / draw / discard 6C / draw / discard 9H / draw / discard 10H / "
    "draw / discard 10S / draw / discard 6H / draw / discard AH / take / discard 3C / draw / "
    "discard 10D / draw / discard 9D / take / discard 9D / take / discard 6D / take / discard "
    "8C / draw / discard 3D / draw / discard KD / take / discard 4H / draw / discard 6D / "
    "draw / discard 6H / draw / meld set 4S 4H 4C / discard 6S / take / discard 7C / draw / "
    "discard 4D / take / discard QS / draw / discard 5C / draw / discard QH / draw / discard "
    "10D / draw / discard 2S / draw / discard 5H / draw / discard 3H / draw / discard 5H / "
    "take / discard 3C / draw / extend 2C=4 on 1.1 / discard 9D"
)


def _same_view_from_every_guess(state: ProgrammeState) -> None:
    for seat in range(state.num_players):
        truth = view_for(state, seat, events=False)
        for draw in range(5):
            guess = determinize(truth, random.Random(draw))
            assert GAME.view_to_json(view_for(guess, seat, events=False)) == GAME.view_to_json(
                truth
            ), (seat, draw)


def test_a_guess_after_a_sun_card_win_keeps_the_gathered_cards_out_of_the_draw_pile() -> None:
    """AMZ-R07, E-03, AMZ-R29, E-28: seed 4881 (two seats, the default rules) after its 191
    moves. Seat 1 wins with its second sun card before the deal; every playing card is
    gathered, so each seat sees an empty draw pile, and a guessed state must have one too
    (it used to deal all 108 unseen cards into it)."""
    state = new_game(ProgrammeRules(), players=2, seed=4881)
    for move in SEED_4881_MOVES.split(" / "):
        state = apply_action(state, parse_programme_action(move))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, outcome.reason, state.hand_number) == (1, "sun_cards", 3)
    assert not state.draw_pile
    assert not state.discard_pile
    assert all(not p.hand for p in state.players)
    _same_view_from_every_guess(state)


def test_a_seat_that_completed_its_program_holds_none_when_a_sun_card_ends_the_game() -> None:
    """AMZ-R18, AMZ-R19, AMZ-R07, E-03: two seats, 2 programs to win; both are dealt
    PRG-03 and complete it, and the next round's first program card goes to seat 1, the dealer's
    left: the sun card, its second program, so it wins before seat 0 is dealt. Seat 0's
    completed PRG-03 lies among its completed programs and it holds no program: the program
    cards are all accounted for once, and a guessed state has as many in the program deck as
    the real one (it used to have one fewer)."""
    rules = GAME.find_rules("programmes+programs_to_win=2")
    sun = next(i for i, p in enumerate(rules.programs) if p.sun)
    prg03 = next(i for i, p in enumerate(rules.programs) if p.id == "PRG-03")
    order = list(rules.program_deck)
    for card in (prg03, prg03, sun):
        order.remove(card)
    state: ProgrammeState = GAME.new_game(rules, 2, 0, programs=[[*order, sun, prg03, prg03]])
    rng = random.Random(0)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, rng.choice(GAME.view(state, GAME.to_act(state)).legal))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, outcome.reason, state.hand_number) == (1, "sun_cards", 1)
    assert state.players[1].done == (prg03, sun)
    assert state.players[0].done == (prg03,)
    assert state.players[0].program == -1
    assert not view_for(state, 1).players[0].has_program
    held = Counter(state.program_deck)
    for player in state.players:
        held.update(player.done)
        if player.program >= 0:
            held[player.program] += 1
    assert held == Counter(rules.program_deck)
    _same_view_from_every_guess(state)
