"""sb3-contrib's ``MaskablePPO`` trains on both Gymnasium environments with no wrapper: the
environment's ``action_masks()`` is the mask it samples from, and the block docs/rl.md shows
runs as printed (with fewer steps). P10-R13 and AMZ-R10..R13: every masked action is legal."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from phase10.rl.gym_env import SingleAgentEnv

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize(("game", "players"), [("phase10", 3), ("programmes", 2)])
def test_action_masks_is_the_observations_mask_until_the_episode_ends(
    game: str, players: int
) -> None:
    """P10-R13, AMZ-R10..R13: ``action_masks()`` allows exactly the legal indices at every
    step of an episode, and nothing once it is over."""
    e = SingleAgentEnv(game=game, players=players, opponents="random", on_illegal="raise")
    obs, _ = e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(20_000):
        mask = e.action_masks()
        assert mask.dtype == np.bool_
        assert np.array_equal(mask, obs["action_mask"].astype(bool))
        assert set(np.flatnonzero(mask)) == set(e.aec.legal)
        obs, _reward, terminated, truncated, _info = e.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            break
    else:
        pytest.fail("the episode should end")
    assert not e.action_masks().any()


def test_the_docs_maskable_ppo_block_trains_on_both_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The docs' block, run with 256 steps: ``on_illegal="raise"`` in it makes any index
    outside the mask an error, so a wrong ``action_masks()`` fails here."""
    import torch

    # Stable-Baselines3 makes a log folder for every learn(), in the system's temporary
    # folder unless told otherwise: keep the test's inside its own.
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path / "sb3"))

    torch.manual_seed(0)
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- maskable-ppo -->\n```python\n(.*?)```", text, re.DOTALL)
    assert found is not None, "docs/rl.md lost its MaskablePPO block"
    code = found.group(1)
    assert "steps = 20_000" in code
    scope: dict[str, object] = {}
    with warnings.catch_warnings():
        # The checkers' advice on a Dict observation space is not a failure.
        warnings.simplefilter("ignore", UserWarning)
        exec(compile(code.replace("steps = 20_000", "steps = 256"), str(DOC), "exec"), scope)
    model, obs = scope["model"], scope["obs"]
    assert model.num_timesteps >= 256  # type: ignore[attr-defined]
    action = int(scope["action"])  # type: ignore[call-overload]
    assert obs["action_mask"][action] == 1  # type: ignore[index]
