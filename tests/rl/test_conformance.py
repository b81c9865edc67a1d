"""The environments against the field's own conformance checks: PettingZoo's ``api_test``
and ``seed_test``, Gymnasium's ``check_env``, for both games, 2 and 4 players, and two
profiles each; whole games of random masked actions, every one legal in the engine; and the
rule that no seat is told what it may not see, in its observation, its mask or ``info``."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from phase10.games import get
from phase10.rl import env
from phase10.rl.gym_env import SingleAgentEnv

CASES = [
    ("phase10", "standard", 2),
    ("phase10", "de_article", 4),
    ("phase10", "nl_accessible", 2),
    ("phase10", "standard", 4),
    ("programmes", "programmes", 2),
    ("programmes", "programmes+program_swap", 4),
    ("programmes", "programmes+program_swap", 2),
    ("programmes", "programmes", 4),
]


@pytest.fixture(autouse=True)
def _quiet_advice() -> Any:
    # The checkers advise (a Dict observation space "probably should be" a Box); advice is
    # not a failure, and every assertion they make still raises.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(game: str, rules: str, players: int) -> None:
    """E-25 and P10-R13 turn structure seen through PettingZoo's AEC contract."""
    api_test(env(game=game, players=players, rules=rules, seed=3), num_cycles=300)
    seed_test(lambda: env(game=game, players=players, rules=rules), num_cycles=100)


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_gymnasium_check_env_passes(game: str, rules: str, players: int) -> None:
    """The single-agent wrapper, its other seats played by the greedy bots."""
    check_env(SingleAgentEnv(game=game, players=players, rules=rules, opponents="greedy"))


@pytest.mark.parametrize(
    ("game", "rules", "players", "seed"),
    [
        ("phase10", "standard", 2, 1),
        ("phase10", "standard+n_phases=2", 3, 1),
        ("phase10", "de_article+n_phases=1", 4, 2),
        ("programmes", "programmes", 2, 3),
        ("programmes", "programmes+program_swap", 3, 4),
    ],
)
def test_random_masked_actions_play_whole_games_legally(
    game: str, rules: str, players: int, seed: int
) -> None:
    """P10-R13, E-25: every index the mask allows is an action the engine accepts, to the
    end of the game, and the rewards of a finished game sum to zero."""
    e = env(game=game, players=players, rules=rules, seed=seed)
    raw = e.unwrapped
    engine = get(game)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter(max_iter=200_000):
        observation, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert mask.any()
        index = int(rng.choice(np.flatnonzero(mask)))
        engine.check(raw.state, raw.legal_action(index))
        e.step(index)
        steps += 1
    assert engine.outcome(raw.state) is not None, f"no end after {steps} steps"
    assert abs(sum(totals.values())) < 1e-9
    assert max(totals.values()) == pytest.approx(1.0)


def test_hand_rewards_pay_for_completed_phases_and_points() -> None:
    """P10-R30 (penalty points) and P10-R17 (moving up a phase): under ``reward="hand"``
    each hand's end pays +1 for a phase completed and -0.01 per point taken."""
    e = env(game="phase10", players=2, rules="standard+n_phases=2", reward="hand", seed=5)
    raw = e.unwrapped
    engine = get("phase10")
    rng = np.random.default_rng(5)
    e.reset(seed=5)
    paid = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=200_000):
        observation, reward, terminated, truncated, _info = e.last()
        paid[agent] += reward
        e.step(
            None
            if terminated or truncated
            else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
    outcome = engine.outcome(raw.state)
    assert outcome is not None
    phases = engine.standing(raw.state)
    points = engine.penalty(raw.state)
    n = 2
    for seat, agent in enumerate(e.possible_agents):
        game_reward = 1.0 if seat == outcome.winner else -1.0 / (n - 1)
        expected = phases[seat] - 0.01 * points[seat] + game_reward
        assert paid[agent] == pytest.approx(expected)


def test_single_agent_episode_is_the_same_for_the_same_seed() -> None:
    """Determinism: same rules, seed and actions give the same game, bots included."""

    def episode(seed: int) -> list[float]:
        e = SingleAgentEnv(game="phase10", players=3, opponents=["greedy", "sharp"])
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = []
        for _ in range(200):
            index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, _info = e.step(index)
            trace.append(float(obs["observation"].sum()) + float(reward))
            if terminated or truncated:
                break
        return trace

    assert episode(9) == episode(9)
    assert episode(9) != episode(10)


def test_an_unmasked_action_loses_the_episode_and_changes_nothing() -> None:
    """Bad input changes nothing: the game is left as it was, the agent is told why."""
    e = SingleAgentEnv(game="phase10", players=2, opponents="random")
    obs, _ = e.reset(seed=2)
    before = e.aec.game.digest(e.aec.state)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert e.aec.game.digest(e.aec.state) == before
    strict = SingleAgentEnv(game="phase10", players=2, opponents="random", on_illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_bad_settings_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        env(game="phase10", players=7)
    with pytest.raises(ValueError, match="reward must be"):
        env(game="phase10", reward="score")
    with pytest.raises(ValueError, match=r"no reinforcement-learning spec|unknown game"):
        env(game="chess")


def test_gymnasium_make_builds_the_registered_environments() -> None:
    """``gymnasium.make`` knows both games once ``phase10.rl`` is imported, renders the
    agent's view as text, and passes ``check_env`` with its render mode."""
    import gymnasium

    made = gymnasium.make("phase10/Phase10-v0", players=2, opponents="random", render_mode="ansi")
    check_env(made.unwrapped)
    made.reset(seed=1)
    text = made.render()
    assert isinstance(text, str)
    assert text.startswith("Phase 10 · hand 1 · rules: Standard rules · player_0 sees")
    assert "Hand: " in text
    assert "Draw pile: " in text
    other = gymnasium.make("phase10/Programmes-v0", players=3, opponents="greedy")
    assert isinstance(other.unwrapped, SingleAgentEnv)
    assert other.unwrapped.aec.game.name == "programmes"


@pytest.mark.parametrize("env_id", ["phase10/Phase10-v0", "phase10/Programmes-v0"])
def test_rendering_as_text_draws_no_warning_from_gymnasium(env_id: str) -> None:
    """docs/rl.md: ``render_mode="ansi"`` renders the agent's view; Gymnasium's checker
    warns on the first ``render()`` of an environment whose metadata has no
    ``render_fps``, and the environment declares one."""
    import gymnasium

    made = gymnasium.make(env_id, players=2, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made.reset(seed=1)
        assert isinstance(made.render(), str)
    assert [str(w.message) for w in caught if "render fps" in str(w.message)] == []
    assert made.metadata["render_fps"] > 0


def test_a_game_that_names_no_codec_has_no_environment() -> None:
    """The environments find a game's action space and observation through the registry
    (``Game.learning``): a registered game that names none gets a clear refusal, and the
    two games that do are listed in it."""
    from phase10 import games
    from phase10.rl import learning_games, spec_for
    from toygame.game import GAME as CLIMB

    games.register(CLIMB)
    try:
        assert learning_games() == ["phase10", "programmes"]
        with pytest.raises(ValueError, match="spec for 'climb'; games: phase10, programmes"):
            env(game="climb")
    finally:
        games.unregister("climb")
    assert spec_for("programmes").layout.size == spec_for("programmes").observation


#: What the Gymnasium ``info`` may hold while an episode goes on: all of it public.
PUBLIC_INFO = {"seat", "hand"}
#: A seed no public number (a seat, a hand number, a count) can equal by chance.
BIG_SEED = 2**40 + 7


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_no_observation_or_mask_depends_on_what_the_seat_cannot_see(
    game: str, rules: str, players: int
) -> None:
    """E-28, AMZ-R06, AMZ-R10, P10-R09: at every step, every seat's observation and mask are
    the same in a game dealt differently where that seat cannot see (the other hands, the
    draw order, the secret programs: ``Game.determinize`` deals them anew from its view),
    and PettingZoo's ``info`` stays empty."""
    e = env(game=game, players=players, rules=rules, seed=3)
    raw = e.unwrapped
    spec = raw.spec
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    deal = random.Random(3)
    reshuffled = 0
    for agent in e.agent_iter(max_iter=300):
        observation, _reward, terminated, truncated, info = e.last()
        assert info == {}
        for seat, name in enumerate(e.possible_agents):
            other_deal = raw.game.determinize(raw.game.view(raw.state, seat), deal)
            reshuffled += other_deal.draw_pile != raw.state.draw_pile
            seen = raw.observe(name)
            assert np.array_equal(
                spec.encode_state(other_deal, seat, raw.memory), seen["observation"]
            ), (seat, raw.game.hand_number(raw.state))
            legal = spec.legal_state(other_deal) if name == agent and raw.legal else {}
            assert np.array_equal(spec.mask(legal), seen["action_mask"])
        e.step(
            None
            if terminated or truncated
            else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
    assert reshuffled, "the other deals should differ where the seats cannot see"


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_gymnasium_info_tells_the_seed_only_when_the_episode_is_over(
    game: str, rules: str, players: int
) -> None:
    """E-28, AMZ-R06, AMZ-R10, P10-R09: ``new_game`` with the seed deals every hidden card,
    so while the episode goes on ``info`` holds only public keys and the seed is in no value;
    the step that ends it, by the game's end or by ``max_steps``, tells the seed."""
    e = SingleAgentEnv(game=game, players=players, rules=rules, opponents="greedy", max_steps=250)
    _obs, info = e.reset(seed=BIG_SEED)
    rng = np.random.default_rng(4)
    for _ in range(10_000):
        assert set(info) <= PUBLIC_INFO, info
        assert BIG_SEED not in info.values()
        assert info["hand"] == e.aec.game.hand_number(e.aec.state) + 1
        _obs, _reward, terminated, truncated, info = e.step(
            int(rng.choice(np.flatnonzero(e.action_masks())))
        )
        if terminated or truncated:
            break
    else:
        pytest.fail("max_steps should end the episode")
    assert info["game_seed"] == BIG_SEED
