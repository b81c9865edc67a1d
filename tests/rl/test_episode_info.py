"""The Gymnasium environment's ``info`` tells the agent nothing its seat may not know. The
game's seed would: ``new_game`` with it deals the same hands, draw pile and programs, so it
comes only once the episode is over (E-28, AMZ-R06, AMZ-R10, P10-R09)."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from phase10.rl.gym_env import SingleAgentEnv

#: What an agent may read in ``info`` while its episode goes on: all public.
PUBLIC = {"seat", "hand"}


@pytest.mark.parametrize(("game", "players"), [("phase10", 2), ("programmes", 3)])
def test_info_holds_no_seed_until_the_episode_is_over(game: str, players: int) -> None:
    """E-28, AMZ-R06, AMZ-R10, P10-R09: during the episode ``info`` has only public keys; the
    last step's ``info`` has the seed the game was dealt from."""
    e = SingleAgentEnv(game=game, players=players, opponents="greedy")
    obs, info = e.reset(seed=11)
    assert set(info) == PUBLIC
    rng = np.random.default_rng(3)
    last: dict[str, Any] = info
    for _ in range(20_000):
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _reward, terminated, truncated, last = e.step(index)
        if terminated or truncated:
            break
        assert set(last) == PUBLIC, last
    else:
        pytest.fail("the episode should end")
    assert set(last) == {*PUBLIC, "game_seed"}
    assert last["game_seed"] == 11


def test_a_forfeit_ends_the_episode_for_good() -> None:
    """An unmasked action loses the episode and tells the seed; the game cannot then go on
    with that knowledge: ``step`` refuses until ``reset``, which deals a new game."""
    e = SingleAgentEnv(game="phase10", players=2, opponents="random")
    obs, info = e.reset(seed=2)
    assert "game_seed" not in info
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, _reward, terminated, _truncated, info = e.step(illegal)
    assert terminated
    assert info["game_seed"] == 2
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    with pytest.raises(RuntimeError, match="episode is over"):
        e.step(legal)
    _obs, info = e.reset(seed=3)
    assert "game_seed" not in info
    e.step(legal)  # legal again: the draw at a turn's start


def test_render_shows_the_agents_view_when_max_steps_ends_the_episode() -> None:
    """E-28, P10-R09: the text rendered at the end of an episode cut short by ``max_steps``
    is the agent's own view. The limit counts the agent's steps (docs/rl.md), so the
    episode ends at the agent's next decision, after the bot's whole turn."""
    e = SingleAgentEnv(
        game="phase10", players=2, opponents="greedy", max_steps=2, render_mode="ansi"
    )
    obs, _info = e.reset(seed=2)
    obs, *_ = e.step(0)  # draw
    discard = int(np.flatnonzero(obs["action_mask"][2:51])[0]) + 2  # not a Skip
    _obs, _reward, terminated, truncated, _info = e.step(discard)
    assert truncated
    assert not terminated
    assert e.aec.game.to_act(e.aec.state) == 0, "the bot's turn should be played in full"
    text = e.render()
    assert text is not None
    assert text.splitlines()[0].endswith("· player_0 sees")
    mine = e.aec.game.view(e.aec.state, 0)
    shown = e.aec.game.present(mine, ["player_0", "player_1"], "en").hand
    assert f"Hand: {' '.join(card.code for card in shown)}" in text.splitlines()


@pytest.mark.parametrize(("game", "players"), [("phase10", 2), ("programmes", 3)])
def test_info_names_the_hand_that_render_shows(game: str, players: int) -> None:
    """docs/rl.md: ``info["hand"]`` counts hands (manches) from 1, as ``render()`` and every
    front end do, at every step and at the step that ends the episode."""
    e = SingleAgentEnv(game=game, players=players, opponents="greedy", render_mode="ansi")
    obs, info = e.reset(seed=11)
    assert info["hand"] == 1
    rng = np.random.default_rng(5)
    hands = {1}
    for _ in range(20_000):
        text = e.render()
        assert text is not None
        shown = re.search(r" · (?:hand|round) (\d+) · ", text.splitlines()[0])
        assert shown is not None, text
        assert info["hand"] == int(shown.group(1)), text.splitlines()[0]
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _reward, terminated, truncated, info = e.step(index)
        hands.add(info["hand"])
        if terminated or truncated:
            break
    else:
        pytest.fail("the episode should end")
    final = e.render()
    assert final is not None
    assert f" {info['hand']} · " in final.splitlines()[0]
    assert len(hands) > 1, "the episode should have seen more than one hand"
