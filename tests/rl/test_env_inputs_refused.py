"""Bad arguments to the environments are refused with an error that names them, and change
nothing; and an episode's end is told the same way everywhere (docs/rl.md, "Quick start":
``max_steps``, the Gymnasium id, the action indices, ``action_masks()``)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest

from phase10.kernel.errors import IllegalActionError
from phase10.rl import env, spec_for
from phase10.rl.gym_env import SingleAgentEnv

#: Not whole step counts from 1 up: a bool is not a number, and 1.5 or 2.0 would be rounded.
BAD_MAX_STEPS = [0, -1, 1.5, 2.0, "x", True]
#: Not a game's seed: each was once taken when the environment was made and refused only at
#: its first reset.
BAD_SEEDS = ["1", -5, 1.5, True, 2**63]
#: Not action indices: each was once parsed, rounded or cast to a legal index and played.
BAD_ACTIONS = ["0", 0.9, True, np.float64(1.0), [0], np.array([0]), np.array(0.0)]


@pytest.fixture(autouse=True)
def _quiet_advice() -> Iterator[None]:
    # Gymnasium's passive checker advises on the Dict observation space; advice is not a
    # failure here.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def first_legal(mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


def single(e: gymnasium.Env[Any, Any]) -> SingleAgentEnv:
    """The environment ``gymnasium.make`` built, under Gymnasium's checking wrappers."""
    raw = e.unwrapped
    assert isinstance(raw, SingleAgentEnv)
    return raw


# ------------------------------------------------------------------------------ max_steps


@pytest.mark.parametrize("max_steps", BAD_MAX_STEPS)
def test_max_steps_that_is_not_a_whole_number_from_one_up_is_refused_by_name(
    max_steps: object,
) -> None:
    """docs/rl.md: ``max_steps`` is a number of steps or ``None``; anything else is refused
    when the environment is made, by both front doors, naming the argument and the value."""
    message = f"max_steps must be None or a whole number of steps from 1 up, not {max_steps!r}"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        gymnasium.make("phase10/Phase10-v0", max_steps=max_steps)
    with pytest.raises(ValueError, match="max_steps"):
        env(game="programmes", players=2, max_steps=max_steps)


def test_reset_never_returns_an_episode_already_over_under_max_steps() -> None:
    """docs/rl.md: ``max_steps`` counts the agent's own steps, so the bots' opening moves
    (seat 1 starts under seed 1) cannot end the episode before the agent has acted."""
    e = gymnasium.make("phase10/Phase10-v0", max_steps=2)
    obs, info = e.reset(seed=1)
    assert "game_seed" not in info, "reset dealt an episode that is already over"
    assert np.array_equal(single(e).action_masks(), obs["action_mask"].astype(bool))
    _obs, _reward, terminated, truncated, _info = e.step(0)  # draw
    assert not terminated
    assert not truncated


def test_max_steps_counts_the_agents_own_steps() -> None:
    """docs/rl.md: the episode is truncated by the agent's ``max_steps``-th step, not before,
    however many moves the bots made in between."""
    e = gymnasium.make("phase10/Phase10-v0", players=3, opponents="greedy", max_steps=3)
    obs, _info = e.reset(seed=1)
    for step in (1, 2, 3):
        obs, _reward, terminated, truncated, info = e.step(first_legal(obs["action_mask"]))
        assert not terminated
        assert truncated == (step == 3), f"step {step}"
    assert info["game_seed"] == 1


def test_the_last_observations_mask_is_action_masks_when_max_steps_ends_the_episode() -> None:
    """docs/rl.md: ``action_masks()`` is the observation's mask, all ``False`` once the
    episode is over; ``step`` then refuses every index, so the observation offers none."""
    e = SingleAgentEnv(game="phase10", players=2, opponents="greedy", max_steps=3)
    obs, _info = e.reset(seed=1)
    truncated = False
    while not truncated:
        obs, _reward, _terminated, truncated, _info = e.step(first_legal(obs["action_mask"]))
    assert not obs["action_mask"].any()
    assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))


def test_the_last_observations_mask_is_empty_after_a_forfeit() -> None:
    """docs/rl.md: an index the mask does not allow ends the episode as a loss and ``step``
    refuses until ``reset``: the final observation's mask is ``action_masks()``, empty."""
    e = gymnasium.make("phase10/Phase10-v0", players=4)
    e.reset(seed=2)
    obs, reward, terminated, _truncated, info = e.step(7)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, 7)
    assert not obs["action_mask"].any()
    assert not single(e).action_masks().any()


def test_a_game_cut_short_by_max_steps_offers_no_move_to_any_agent() -> None:
    """docs/rl.md, "Agents, seats and turns": only the agent to act has a non-empty mask, and
    once ``max_steps`` has truncated the game no agent is to act any more."""
    e = env(game="phase10", players=2, max_steps=3)
    e.reset(seed=7)
    for _ in range(3):
        observation, *_ = e.last()
        e.step(first_legal(observation["action_mask"]))
    _observation, _reward, _terminated, truncated, _info = e.last()
    assert truncated
    for agent in e.possible_agents:
        assert not e.observe(agent)["action_mask"].any(), agent


# ---------------------------------------------------------------------------------- seed


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_seed_that_no_game_takes_is_refused_when_the_environment_is_made(seed: object) -> None:
    """docs/rl.md: a game's seed is a whole number from 0 to 2**63 - 1; anything else is
    refused by both front doors when the environment is made, as ``max_steps`` is, not at
    a ``reset`` that may come much later."""
    message = f"seed must be None or a whole number from 0 to {2**63 - 1}, not {seed!r}"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        env(game="phase10", seed=seed)
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        gymnasium.make("phase10/Programmes-v0", seed=seed)


# ------------------------------------------------------------------------------- variants


@pytest.mark.parametrize(
    ("game", "env_id"), [("phase10", "phase10/Phase10-v0"), ("programmes", "phase10/Programmes-v0")]
)
def test_variants_given_as_one_string_are_refused_when_the_environment_is_made(
    game: str, env_id: str
) -> None:
    """docs/rl.md: ``variants`` is a list of names. A plain string would be read one letter
    at a time, as the unknown variant ``p``; both front doors refuse it by name and say
    what to write instead."""
    message = (
        "variants must be a list of variant names, e.g. ['pick_a_phase'], "
        "not the string 'pick_a_phase'"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        env(game=game, variants="pick_a_phase")
    # Gymnasium's make adds the id and arguments after any TypeError of the environment's.
    with pytest.raises(TypeError, match=f"^{re.escape(message)} was raised .* for {env_id} "):
        gymnasium.make(env_id, variants="pick_a_phase")


@pytest.mark.parametrize("variants", [5, None, ["pick_a_phase", 3]], ids=repr)
def test_variants_that_are_not_names_are_refused_by_name(variants: object) -> None:
    """docs/rl.md: ``variants`` is a list of names; anything else is refused with the
    argument's name, not with what ``tuple()`` or ``str.join`` could not do."""
    with pytest.raises(TypeError, match=r"^variants must be a list of variant names, not "):
        env(game="phase10", variants=variants)


# ------------------------------------------------------------------------ the Gymnasium id


@pytest.mark.parametrize(
    ("env_id", "game", "other_id"),
    [
        ("phase10/Phase10-v0", "programmes", "phase10/Programmes-v0"),
        ("phase10/Programmes-v0", "phase10", "phase10/Phase10-v0"),
    ],
)
def test_a_game_argument_that_contradicts_the_id_is_refused(
    env_id: str, game: str, other_id: str
) -> None:
    """docs/rl.md: each id is one game's environment; ``game`` may repeat it, never change
    it, and the error points to the id of the game asked for."""
    with pytest.raises(ValueError, match=f"^{env_id} is .* not game='{game}': make {other_id}"):
        gymnasium.make(env_id, game=game)
    same = env_id.split("/")[1].removesuffix("-v0").lower()
    assert single(gymnasium.make(env_id, game=same)).aec.game.name == same


# --------------------------------------------------------------------------------- actions


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_an_action_that_is_not_an_index_is_refused_and_changes_nothing(action: object) -> None:
    """docs/rl.md: an action is an index of the ``Discrete`` space, a Python or NumPy integer
    (or the 0-d array a policy's ``predict`` gives); anything else is refused, not played,
    and the episode goes on as if it had not been tried."""
    e = gymnasium.make("phase10/Phase10-v0", players=2)
    e.reset(seed=4)
    raw = single(e)
    before = raw.aec.game.digest(raw.aec.state)
    with pytest.raises(TypeError, match=r"an action index, an integer from 0 to 2096, not "):
        e.step(action)
    assert raw.aec.game.digest(raw.aec.state) == before
    assert raw.action_masks().any()
    for index in (np.array(1), np.int64(1)):  # what MaskablePPO and predict() hand over
        e.reset(seed=4)
        _obs, _reward, terminated, _truncated, info = e.step(index)
        assert not terminated
        assert "illegal_action" not in info


def test_none_is_refused_as_an_action_of_the_gymnasium_environment() -> None:
    """docs/rl.md: ``None`` is no index; the error says what is expected, not what ``int()``
    could not do, and the episode goes on."""
    e = gymnasium.make("phase10/Programmes-v0", players=2)
    e.reset(seed=4)
    with pytest.raises(TypeError, match=r"an integer from 0 to 5284, not None \(NoneType\)"):
        e.step(None)
    e.step(0)  # the draw, still legal


@pytest.mark.parametrize("index", [-1, 2097, 10**20])
def test_an_integer_outside_the_action_space_is_refused_not_forfeited(index: int) -> None:
    """docs/rl.md: a forfeit is for an index of the space that the mask does not allow; an
    integer outside ``Discrete(2097)`` names no action at all and is refused."""
    e = SingleAgentEnv(game="phase10", players=2)
    e.reset(seed=4)
    with pytest.raises(ValueError, match=rf"action {index} is outside the action space"):
        e.step(index)
    assert e.action_masks().any(), "the episode should go on"


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_the_pettingzoo_environment_refuses_an_action_that_is_not_an_index(
    action: object,
) -> None:
    """docs/rl.md, "Every seat an agent": the AEC environment takes the same indices, and
    refuses anything else without applying it."""
    e = env(game="phase10", players=2, seed=4)
    e.reset(seed=4)
    raw = e.unwrapped
    before = raw.game.digest(raw.state)
    with pytest.raises(TypeError, match=r"an action index, an integer from 0 to 2096, not "):
        e.step(action)
    assert raw.game.digest(raw.state) == before
    e.step(np.array(0))  # the draw, still legal


# ------------------------------------------------------------------------------- describe


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("index", ["3", 2.0, True, None, np.float64(3.0)], ids=repr)
def test_describe_refuses_what_is_not_an_index_the_same_way_in_both_games(
    game: str, index: object
) -> None:
    """docs/rl.md: an index is an integer of the ``Discrete`` space; ``describe`` refuses
    anything else with one ``TypeError`` in both games, rather than comparing a string with
    a number, reading 2.0 as 2, or ``True`` as 1."""
    spec = spec_for(game)
    shown = re.escape(f"not {index!r} ({type(index).__name__})")
    with pytest.raises(
        TypeError, match=rf"^an action index is an integer from 0 to {spec.actions - 1}, {shown}$"
    ):
        spec.describe(index)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- illegal indices


def test_the_pettingzoo_refusal_of_an_illegal_index_gives_the_engines_reason() -> None:
    """D-19 (a turn starts with a draw, and draws once), P10-R21 (a seat hits only after
    laying its phase): the error names the index's move and the rule it breaks, and the
    game is left as it was."""
    e = env(game="phase10", players=2, seed=3)
    e.reset(seed=3)
    raw = e.unwrapped
    before = raw.game.digest(raw.state)
    message = (
        "action 7 (discard R6) is not legal for player_0 now: D-19: draw a card first; "
        "a turn starts with a draw (legal: [0, 1]); use the action mask"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        e.step(7)
    assert raw.game.digest(raw.state) == before
    e.step(0)  # the draw, still legal
    drawn = raw.game.digest(raw.state)
    with pytest.raises(ValueError, match=r"^action 0 \(draw\) .* now: D-19: you have already"):
        e.step(0)
    hit = r"^action 1500 \(hit R1 on seat \+1 group 1\) .* now: P10-R21: lay down your own"
    with pytest.raises(ValueError, match=hit):
        e.step(1500)
    assert raw.game.digest(raw.state) == drawn


@pytest.mark.parametrize(
    ("env_id", "index", "reason"),
    [
        ("phase10/Phase10-v0", 5, "D-19: draw a card first; a turn starts with a draw"),
        ("phase10/Programmes-v0", 5, "AMZ-R10: a turn starts by taking one card"),
        ("phase10/Programmes-v0", 2, "AMZ-R31: swapping a program is off under these rules"),
    ],
)
def test_a_forfeit_tells_the_engines_reason_and_leaves_the_game_as_it_was(
    env_id: str, index: int, reason: str
) -> None:
    """D-19, AMZ-R10 (a turn starts by drawing), AMZ-R31 (the swap is a rule option):
    ``info["illegal_reason"]`` is the engine's refusal of the index's move, with its rule
    id, and the game is not changed by the check."""
    e = gymnasium.make(env_id, players=2)
    e.reset(seed=2)
    raw = single(e)
    before = raw.aec.game.digest(raw.aec.state)
    _obs, reward, terminated, _truncated, info = e.step(index)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, index)
    assert info["illegal_reason"] == reason
    assert raw.aec.game.digest(raw.aec.state) == before


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_every_index_outside_the_mask_gets_a_reason_and_changes_nothing(game: str) -> None:
    """P10-R13, AMZ-R10: at decisions of a random game, every index the mask does not allow
    is explained, by the engine's refusal where the index names a move it can check (the
    engine accepts none of them), and asking changes nothing."""
    e = env(game=game, players=3, seed=6)
    e.reset(seed=6)
    raw = e.unwrapped
    rng = np.random.default_rng(6)
    ruled = 0
    for step in range(120):
        observation, *_ = e.last()
        mask = observation["action_mask"]
        if step % 20 == 0:
            before = raw.game.digest(raw.state)
            for index in map(int, np.flatnonzero(mask == 0)):
                reason = raw.why_illegal(index)
                move = raw.spec.decode_state(raw.state, index)
                if move is None:
                    assert reason.startswith("no "), (index, reason)
                    continue
                with pytest.raises(IllegalActionError) as refused:
                    raw.game.check(raw.state, move)
                assert reason == str(refused.value)
                ruled += 1
            assert raw.game.digest(raw.state) == before
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert ruled > 100, "most refusals should carry the engine's rule"
