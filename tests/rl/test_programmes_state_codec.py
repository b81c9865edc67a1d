"""The programmes game's codec read from the state, with no view built.

``encode_state(state, seat, memory)`` must be ``encode(view_for(state, seat), memory)`` byte
for byte for every seat, and ``legal_state(state)`` must be ``legal_indices`` of the seat to
act's view, same indices, same actions, same order, over random games of 2 to 6 players and
several rule profiles, with the memory fed as the environment feeds it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from phase10.games import get
from phase10.games.programmes.actions import Extend, Meld, ProgrammeAction, Reveal
from phase10.games.programmes.learning import actions
from phase10.games.programmes.learning import observation as obs
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import view_for
from phase10.kernel.memory import TableMemory

GAME = get("programmes")


def _profiles() -> list[ProgrammeRules]:
    """The default rules, program swapping (E-21), a short game of small hands (AMZ-R30:
    2 programs to win) whose deck is four designs, and one whose deck holds three cards in
    all, so that seats go without a program (E-22) and may swap after one failed manche."""
    short = GAME.find_rules("programmes+hand_size=8+programs_to_win=2+program_swap_after=1")
    return [
        GAME.find_rules("programmes"),
        GAME.find_rules("programmes+program_swap"),
        replace(short, programs=short.programs[:4]),
        replace(short, programs=tuple(replace(c, copies=1) for c in short.programs[:3])),
    ]


def _check_step(state: ProgrammeState, memory: TableMemory) -> dict[int, ProgrammeAction]:
    """Every seat's observation, and the legal dict, compared at one state."""
    for seat in range(state.num_players):
        view = view_for(state, seat, events=False)
        expected = obs.encode(view, memory)
        got = obs.encode_state(state, seat, memory)
        assert got.dtype == np.float32
        assert got.tobytes() == expected.tobytes(), f"seat {seat} differs"
    legal = actions.legal_state(state)
    view = view_for(state, state.current, events=False)
    assert list(legal.items()) == list(actions.legal_indices(view).items())
    return legal


def _play(players: int, rules: ProgrammeRules, seed: int, steps: int) -> int:
    """Random play biased towards laying (so tables fill and programs complete), checked at
    every step; returns the steps checked."""
    rng = random.Random(seed)
    state = GAME.new_game(rules, players, seed)
    memory = TableMemory(players, obs.CARDS)
    checked = 0
    for _ in range(steps):
        legal = _check_step(state, memory)
        checked += 1
        if state.outcome is not None:
            break
        laying = [a for a in legal.values() if isinstance(a, Reveal | Meld | Extend)]
        move = rng.choice(laying if laying and rng.random() < 0.7 else list(legal.values()))
        memory.record(state, move)  # as the environment does: the state before the action
        state = GAME.apply(state, move)
    return checked


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_state_codec_equals_the_view_codec_for_every_seat(players: int) -> None:
    """Over seeded random games of each rule profile, the state
    codec gives the view codec's bytes for every seat at every step, memory included, and
    the same legal indices and actions in the same order."""
    checked = 0
    for k, rules in enumerate(_profiles()):
        checked += _play(players, rules, seed=100 * players + k, steps=400 // players + 100)
    assert checked > 400


def test_state_codec_reaches_game_over() -> None:
    """A short game (2 programs to win, a 4-design deck) is played to its
    end, so the last observations (no seat to act, AMZ-R30) are compared as well."""
    rules = _profiles()[2]
    assert _play(3, rules, seed=7, steps=3000) < 3000, "the game should end"


def test_encode_state_reads_only_what_the_seat_may_see_e28() -> None:
    """E-28: a state dealt anew from a seat's view (other hands, the
    reserve and unrevealed programs changed) encodes the same for that seat."""
    rng = random.Random(4)
    state = GAME.new_game(GAME.find_rules("programmes"), 4, 9)
    for _ in range(60):
        for seat in range(4):
            other = GAME.determinize(GAME.view(state, seat), rng)
            seen = obs.encode_state(state, seat).tobytes()
            assert obs.encode_state(other, seat).tobytes() == seen
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_encode_state_refuses_a_seat_not_in_the_game(seat: int) -> None:
    """A seat outside the game is a clear error, as ``view_for`` gives, rather than
    another seat's hand read by a negative index."""
    state = GAME.new_game(GAME.find_rules("programmes"), 3, 1)
    with pytest.raises(ValueError, match=f"there is no seat {seat} in a game of 3"):
        obs.encode_state(state, seat)
