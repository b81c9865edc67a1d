"""The environment reads legal indices and observations from the state, without a
view; they must be exactly those of the view, for every seat, or the state would leak what
the view hides (the other hands, the draw pile) or the two would drift apart."""

from __future__ import annotations

import random

import numpy as np
import pytest

from phase10.games import get
from phase10.games.phase10.learning import actions as codec
from phase10.games.phase10.learning import observation as obs
from phase10.games.phase10.state import GameState
from phase10.kernel.memory import TableMemory

GAME = get("phase10")
PROFILES = [
    "standard",
    "de_article",
    "nl_accessible+pick_a_phase",
    "fr_mattel+ten_hands",
    "standard+skip_placed+even_phases",
]


def _play(rules_name: str, players: int, seed: int, steps: int) -> tuple[int, bool]:
    """Random legal actions; at every step, compare both front doors for every seat.
    Returns the comparisons made and whether the game ended."""
    rng = random.Random(seed)
    memory = TableMemory(players, obs.CARDS)
    state: GameState = GAME.new_game(GAME.find_rules(rules_name), players, seed)
    checked = 0
    for _ in range(steps):
        for seat in range(players):
            view = GAME.view(state, seat, events=False)
            expected = obs.encode(view, memory)
            got = obs.encode_state(state, seat, memory)
            assert got.dtype == expected.dtype
            assert np.array_equal(got, expected), (rules_name, players, seed, seat)
            checked += 1
        legal = codec.legal_state(state)
        view = GAME.view(state, state.current, events=False)
        # The same indices, standing for the same actions, in the same order.
        assert list(legal.items()) == list(codec.legal_indices(view).items())
        if GAME.outcome(state) is not None:
            # The game is over: no index is legal, and the last observation shows the end.
            assert legal == {}
            return checked, True
        action = legal[rng.choice(list(legal))]
        memory.record(state, action)
        state = GAME.apply(state, action)
    return checked, False


@pytest.mark.parametrize("rules_name", PROFILES)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_state_codec_is_the_views(rules_name: str, players: int) -> None:
    """``encode_state`` and ``legal_state`` equal ``encode`` and ``legal_indices`` of
    the view, for every seat, over a random game (P10-R13's whole turn: draw, lay down, hit,
    discard, Skips, and the hand's end)."""
    checked, _ = _play(rules_name, players, seed=players * 7 + len(rules_name), steps=400)
    assert checked >= 2 * players  # at least the deal and one step after it


def test_state_codec_through_whole_games() -> None:
    """Whole games, so hand ends, new deals and the game's end are all compared."""
    for seed in range(3):
        _, ended = _play("standard+n_phases=3", 2, seed, steps=20_000)
        assert ended


def test_legal_state_of_a_finished_game_is_empty() -> None:
    """P10-R36: nothing is legal once the game is over; the codec says so without a view."""
    rng = random.Random(5)
    state = GAME.new_game(GAME.find_rules("standard+n_phases=1"), 2, 5)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert codec.legal_state(state) == {}
    assert np.array_equal(obs.encode_state(state, 0), obs.encode(GAME.view(state, 0)))


@pytest.mark.parametrize(
    ("game_name", "short"), [("phase10", "n_phases=1"), ("programmes", "programs_to_win=1")]
)
def test_env_observations_are_the_views_and_the_last_one_shows_the_end(
    game_name: str, short: str
) -> None:
    """The environment, reading the state, gives every agent the observation of its
    own view at every step; ``env.view`` is the acting seat's view, built when asked for; and
    when the game ends, every agent's last observation is of the final table (the agent that
    went out included), not of the table before the last move."""
    from phase10 import rl

    e = rl.env(game=game_name, players=2, seed=3, rules=None, variants=[short])
    raw = e.unwrapped
    game = raw.game
    e.reset(seed=3)
    rng = random.Random(3)
    finals = 0
    for agent in e.agent_iter():
        observation, _reward, terminated, truncated, _info = e.last()
        seat = raw.possible_agents.index(agent)
        expected = raw.spec.encode(game.view(raw.state, seat, events=False), raw.memory)
        assert np.array_equal(observation["observation"], expected)
        if terminated or truncated:
            assert game.outcome(raw.state) is not None
            assert not observation["action_mask"].any()
            finals += 1
            e.step(None)
            continue
        assert raw.view == game.view(raw.state, game.to_act(raw.state), events=False)
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    assert finals == 2
