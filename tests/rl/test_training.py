"""The training loop of examples/train.py learns, and a saved policy plays as a bot
(``rl:path.pt``) with the same observation as in training (docs/rl.md).

The smoke runs are tiny (a 32-unit layer, a few hundred steps): they check that each stage
moves the policy the way it is meant to, measured against itself, never a fixed number.
"""

from __future__ import annotations

import importlib.util
import pickle
import random
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="pip install -e '.[train]'")

from phase10 import find_variant  # noqa: E402 - after the skip: torch is optional
from phase10.bots import make_bot, watch_all  # noqa: E402
from phase10.match import Match, Seat  # noqa: E402
from phase10.rl.aec import RawEnv  # noqa: E402
from phase10.rl.policy import PolicyError, build_policy, load_policy, save_policy  # noqa: E402
from phase10.rl.policy_bot import PolicyBot  # noqa: E402
from phase10.sim import SimConfig, play_game, simulate  # noqa: E402
from phase10.sim import runner as sim_runner  # noqa: E402

TRAIN = Path(__file__).resolve().parents[2] / "examples" / "train.py"


def _train_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("phase10_example_train", TRAIN)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _tiny_trainer(**options: Any) -> Any:
    train = _train_module()
    torch.set_num_threads(1)
    config = train.Config(
        seed=3, hidden=(32,), rollout=256, minibatch=64, seconds=60.0, eval_games=2, **options
    )
    return train.Trainer(config, log=lambda line: None)


def _teacher_positions(count: int) -> tuple[Any, Any, Any]:
    """Positions of greedy against random, each with sharp's action's index (P10-R13: a turn
    is a draw, then lay-downs, hits and one discard, so every kind of decision appears)."""
    env = RawEnv(players=2, seed=11)
    env.reset(seed=11)
    teacher, rng = make_bot("sharp"), random.Random(0)
    obs: list[Any] = []
    masks: list[Any] = []
    targets: list[int] = []
    while len(targets) < count:
        if len(env.legal) > 1:
            seen = env.observe(env.agent_selection)
            obs.append(seen["observation"])
            masks.append(seen["action_mask"])
            targets.append(env.spec.index_of(env.view, teacher.choose(env.view, rng)))
        env.play(teacher.choose(env.view, rng))
        if env.terminations[env.agent_selection]:
            env.reset()
    return (
        torch.from_numpy(np.stack(obs)),
        torch.from_numpy(np.stack(masks)),
        torch.tensor(targets),
    )


def _mean_logp(policy: Any, obs: Any, mask: Any, actions: Any) -> float:
    with torch.no_grad():
        logits, _ = policy(obs, mask)
        return float(torch.log_softmax(logits, -1).gather(1, actions[:, None]).mean())


def test_imitation_raises_the_teachers_actions_probability() -> None:
    trainer = _tiny_trainer(imitate_steps=800, steps=800, teacher="sharp")
    obs, mask, targets = _teacher_positions(150)
    before = _mean_logp(trainer.policy, obs, mask, targets)
    trainer.imitate()
    after = _mean_logp(trainer.policy, obs, mask, targets)
    assert trainer.steps == 800
    assert after > before


def test_a_ppo_update_raises_the_advantage_weighted_log_probability() -> None:
    trainer = _tiny_trainer(opponent="random", entropy=0.0)
    batch = trainer.collect()
    adv = batch["advantages"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)

    def objective() -> float:
        with torch.no_grad():
            logits, _ = trainer.policy(batch["obs"], batch["mask"])
            logp = torch.log_softmax(logits, -1).gather(1, batch["actions"][:, None])
            return float((logp.squeeze(1) * adv).mean())

    before = objective()
    stats = trainer.update(batch)
    assert trainer.steps == 256
    assert np.isfinite(list(stats.values())).all()
    assert objective() > before


@pytest.fixture(scope="module")
def tiny_policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("policy") / "Tiny Policy.pt"  # a path's case is kept
    save_policy(build_policy("phase10", hidden=(16,)), path)
    return path


def test_a_saved_policy_plays_whole_games_in_simulate(tiny_policy: Path) -> None:
    rules = find_variant("standard+n_phases=1")
    config = SimConfig(
        rules=rules, bots=(f"rl:{tiny_policy}", "greedy"), games=2, seed=1, duplicate=True
    )
    summary = simulate(config)
    assert summary.games == 2
    assert summary.unfinished == 0
    assert sum(b.wins for b in summary.bots) == 2
    assert load_policy(tiny_policy).hidden == (16,)


def test_simulate_command_takes_an_rl_bot(tiny_policy: Path, capsys: Any) -> None:
    from phase10.cli.main import main

    code = main(
        ["simulate", "--bots", f"rl:{tiny_policy},greedy", "--games", "2",
         "--variant", "n_phases=1", "--duplicate"]
    )  # fmt: skip
    assert code in (0, None)
    assert f"rl:{tiny_policy}" in capsys.readouterr().out


def test_bad_policy_files_are_refused_clearly(tmp_path: Path, tiny_policy: Path) -> None:
    garbage = tmp_path / "garbage.pt"
    garbage.write_bytes(b"not a torch file")
    other = tmp_path / "other.pt"
    torch.save({"weights": torch.zeros(2)}, other)
    with pytest.raises(ValueError, match="is not a policy file"):
        make_bot(f"rl:{garbage}")
    with pytest.raises(ValueError, match="is not a policy file"):
        make_bot(f"rl:{other}")
    with pytest.raises(ValueError, match="no policy file"):
        make_bot(f"rl:{tmp_path / 'missing.pt'}")
    with pytest.raises(PolicyError, match="for the phase10 game, not programmes"):
        load_policy(tiny_policy, "programmes")


def test_a_plain_pickle_is_refused_without_pytorchs_warning(tmp_path: Path) -> None:
    """docs/rl.md, "Training a policy": a file that is not a policy is refused by the
    project's own error; PyTorch's warning about the pickle protocol, printed with its own
    source line before that error, is not shown."""
    plain = tmp_path / "plain.pt"
    plain.write_bytes(pickle.dumps({"weights": [0.0, 1.0]}, protocol=4))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(
            PolicyError, match=r"plain.pt' is not a policy file \(UnpicklingError\)$"
        ):
            load_policy(plain)
    assert [str(w.message) for w in caught] == []


def test_simulate_command_reports_a_bad_policy_without_a_traceback(
    tmp_path: Path, capsys: Any
) -> None:
    from phase10.cli.main import main

    garbage = tmp_path / "garbage.pt"
    garbage.write_bytes(b"not a torch file")
    assert main(["simulate", "--bots", f"rl:{garbage},greedy", "--games", "2"]) != 0
    err = capsys.readouterr().err
    assert "is not a policy file" in err
    assert "Traceback" not in err


class _Watcher:
    """Greedy, counting what it is shown."""

    name = "watcher"

    def __init__(self) -> None:
        self.inner = make_bot("greedy")
        self.seen: list[tuple[int, Any]] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        return self.inner.choose(view, rng)

    def watch(self, public_view: Any, seat: int, action: Any) -> None:
        assert public_view.current == seat  # the position before the action
        self.seen.append((seat, action))


def test_the_simulator_shows_every_action_to_watching_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[_Watcher] = []

    def fake(spec: str, game: Any) -> Any:
        made.append(_Watcher())
        return made[-1]

    monkeypatch.setattr(sim_runner, "make_bot", fake)
    config = SimConfig(rules=find_variant("standard+n_phases=1"), bots=("a", "b"), games=1)
    result = play_game(config, 0)
    assert [len(bot.seen) for bot in made] == [result.decisions] * 2
    assert {seat for seat, _ in made[0].seen} == {0, 1}


def test_a_match_shows_every_action_to_watching_bots() -> None:
    watcher = _Watcher()
    match = Match.start(
        find_variant("standard+n_phases=1"), [Seat("W", watcher), Seat("G", make_bot("greedy"))], 2
    )
    match.run_bots_until_human()
    assert match.is_over
    assert len(watcher.seen) == match.version


def test_the_bot_sees_what_the_environment_showed_in_training(tiny_policy: Path) -> None:
    """With the hook, the bot's memory of passed and discarded cards, and so its whole
    observation, is the environment's at every one of its turns."""
    env = RawEnv(players=2, seed=5)
    env.reset(seed=5)
    bot = PolicyBot(tiny_policy)
    greedy, rng = make_bot("greedy"), random.Random(1)
    compared = 0
    for _ in range(400):
        seat = env.game.to_act(env.state)
        if seat == 0:
            seen = env.observe("player_0")["observation"]
            mine = bot.spec.encode(env.view, bot._memory(env.view))
            np.testing.assert_array_equal(mine, seen)
            compared += 1
        action = greedy.choose(env.view, rng)
        watch_all([bot], env.game, env.state, seat, action)
        env.play(action)
        if env.terminations["player_0"]:
            break
    assert compared > 50
    assert bot.memory is not None
    assert bot.memory.discarded.sum() > 0


def test_the_shipped_policy_fits_the_spec_and_beats_random() -> None:
    """examples/policies/phase10-heads-up.pt still fits the observation and action sizes (a
    change to either makes it stale: retrain it with examples/train.py)."""
    shipped = TRAIN.parent / "policies" / "phase10-heads-up.pt"
    config = SimConfig(
        rules=find_variant("standard"), bots=(f"rl:{shipped}", "random"), games=2, seed=1,
        duplicate=True,
    )  # fmt: skip
    summary = simulate(config)
    assert summary.unfinished == 0
    assert summary.bots[0].wins > summary.bots[1].wins
