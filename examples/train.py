"""Train a masked-action policy for Phase 10 heads-up against the project's bots, and save it
for ``phase10 simulate --bots rl:policy.pt,greedy`` (docs/rl.md).

Two stages, both on one CPU core:

1. imitation (``--imitate-seconds``, 0 to skip): the policy learns to pick the teacher bot's
   action (``sharp`` by default) from the same observation, on positions reached by the
   policy itself as often as by the teacher (DAgger), so it also learns to recover from its
   own mistakes;
2. PPO (proximal policy optimisation, clipped, with a value baseline and GAE) on the
   Gymnasium environment with ``reward="hand"`` (+1 a phase completed, -0.01 a penalty
   point, +-1 for the game), against a curriculum of opponents: ``random`` until the policy
   wins most games against it, then ``greedy`` three games in four.

Every ``--eval-every`` seconds the greedy (argmax) policy plays fixed deals against
``random`` and ``greedy`` in both seats; the CSV and the plot are those win rates against
the environment steps taken. The policy saved is the one that did best against ``greedy``
there (ties: the later).

The shipped policy (examples/policies/phase10-heads-up.pt, 30 minutes on one core):

    PYTHONPATH=src .venv/bin/python examples/train.py --seconds 1800 --imitate-seconds 1250 \\
        --eval-games 20 --eval-every 150 --seed 1 --out examples/policies/phase10-heads-up.pt \\
        --curve docs/rl-learning-curve.csv --plot docs/rl-learning-curve.png

Everything random is seeded from ``--seed`` (``torch.manual_seed``, the deals, the
curriculum), but ``--seconds`` and ``--eval-every`` follow the wall clock, which moves the
stop and the evaluations (they start a new training game) with the machine's speed: a run
replays exactly with ``--steps`` as the bound and ``--eval-every`` out of reach.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from phase10.bots import make_bot
from phase10.rl.gym_env import SingleAgentEnv
from phase10.rl.network import MaskedPolicy
from phase10.rl.policy import build_policy, save_policy

Log = Callable[[str], None]
#: Games of each evaluation, per opponent (half in each seat), on deals fixed by this seed.
EVAL_SEED = 10_000
#: A game longer than this many of the agent's decisions (about 4,000 of both seats') is cut:
#: an untrained policy can wander.
MAX_STEPS = 2000


@dataclass
class Config:
    """Everything a run depends on (the command line's options)."""

    seed: int = 1
    steps: int = 2_000_000
    seconds: float = 1800.0
    hidden: tuple[int, ...] = (256, 256)
    opponent: str = "curriculum"
    teacher: str = "sharp"
    imitate_seconds: float = 0.0
    imitate_steps: int = 0
    #: Gradient steps per new batch of labelled positions, in passes of ``rollout`` samples.
    imitate_passes: int = 8
    imitate_lr: float = 1e-3
    rollout: int = 2048
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    eval_games: int = 20
    eval_every: float = 120.0
    log_every: float = 10.0


@dataclass
class Curve:
    """Evaluations: (steps, seconds, stage, win rate vs random, win rate vs greedy)."""

    rows: list[tuple[int, float, str, float, float]] = field(default_factory=list)


class Trainer:
    """A run: the policy, its optimiser, the environments and the counters."""

    def __init__(self, config: Config, log: Log = print) -> None:
        self.config = config
        self.log = log
        torch.manual_seed(config.seed)
        self.generator = torch.Generator().manual_seed(config.seed)
        self.rng = random.Random(config.seed)
        self.policy: MaskedPolicy = build_policy("phase10", config.hidden)
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=config.lr, eps=1e-5)
        self.envs = {
            (name, seat): SingleAgentEnv(
                players=2,
                seat=seat,
                opponents=name,
                reward="hand",
                max_steps=MAX_STEPS,
                on_illegal="raise",
            )
            for name in ("random", "greedy", "sharp")
            for seat in (0, 1)
        }
        self.steps = 0
        self.games = 0
        self.results: dict[str, deque[int]] = {n: deque(maxlen=50) for n in self.envs_names()}
        self.curve = Curve()
        self.best: tuple[float, dict[str, Any]] | None = None
        self.started = time.monotonic()
        self.last_log = self.started
        self.last_eval = self.started
        self.env: SingleAgentEnv | None = None
        self.obs: dict[str, npt.NDArray[Any]] = {}

    @staticmethod
    def envs_names() -> tuple[str, ...]:
        return ("random", "greedy", "sharp")

    # ------------------------------------------------------------------ bookkeeping

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def out_of_budget(self) -> bool:
        return self.steps >= self.config.steps or self.elapsed() >= self.config.seconds

    def opponent(self) -> str:
        """The next game's opponent: the curriculum moves on once ``random`` is beaten."""
        choice = self.config.opponent
        if choice != "curriculum":
            return choice
        beaten = self.results["random"]
        if len(beaten) >= 20 and sum(beaten) / len(beaten) >= 0.8:
            return "greedy" if self.rng.random() < 0.75 else "random"
        return "random"

    def new_game(self) -> None:
        name = self.opponent()
        self.env = self.envs[(name, self.rng.randrange(2))]
        self.obs, _ = self.env.reset(seed=self.rng.randrange(2**62))

    def game_over(self, reward_won: bool) -> None:
        assert self.env is not None
        self.games += 1
        self.results[self.env.bots[1 - self.env.seat].name].append(int(reward_won))

    def won(self) -> bool:
        assert self.env is not None
        outcome = self.env.aec.game.outcome(self.env.aec.state)
        return outcome is not None and outcome.winner == self.env.seat

    def maybe_log(self, stage: str) -> None:
        now = time.monotonic()
        if now - self.last_log < self.config.log_every:
            return
        self.last_log = now
        rates = ", ".join(
            f"{name} {sum(r) / len(r):.0%} of {len(r)}" for name, r in self.results.items() if r
        )
        self.log(
            f"[{self.elapsed():7.1f}s] {stage}: {self.steps} steps, {self.games} games; "
            f"last games won: {rates or '-'}"
        )

    def maybe_evaluate(self, stage: str, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_eval < self.config.eval_every:
            return
        rates = (self.evaluate("random"), self.evaluate("greedy"))
        self.curve.rows.append((self.steps, round(self.elapsed(), 1), stage, *rates))
        self.log(
            f"[{self.elapsed():7.1f}s] evaluation at {self.steps} steps: "
            f"{rates[0]:.0%} vs random, {rates[1]:.0%} vs greedy"
        )
        score = rates[1] + rates[0] / 1000  # greedy first; random breaks ties
        if self.best is None or score >= self.best[0]:
            state = {k: v.detach().clone() for k, v in self.policy.state_dict().items()}
            self.best = (score, state)
        self.last_eval = time.monotonic()

    def evaluate(self, name: str) -> float:
        """The argmax policy's win rate against ``name`` on the fixed evaluation deals."""
        self.policy.eval()
        wins = 0
        games = self.config.eval_games
        for game in range(games):
            env = self.envs[(name, game % 2)]
            obs, _ = env.reset(seed=EVAL_SEED + game // 2)
            done = False
            while not done:
                action = self.policy.act(obs["observation"], obs["action_mask"])
                obs, _, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
            outcome = env.aec.game.outcome(env.aec.state)
            wins += outcome is not None and outcome.winner == env.seat
        self.policy.train()
        self.new_game()  # the training game in progress was on a shared environment
        return wins / games

    # ------------------------------------------------------------------ imitation

    def imitate(self) -> None:
        """DAgger on the teacher: label every position with the teacher's action, play the
        teacher's or the policy's (one or the other, half the time each)."""
        config = self.config
        if config.imitate_seconds <= 0 and config.imitate_steps <= 0:
            return
        teacher = make_bot(config.teacher, "phase10")
        until = self.elapsed() + (config.imitate_seconds or config.seconds)
        limit = self.steps + (config.imitate_steps or config.steps)
        buffer: deque[tuple[npt.NDArray[np.float16], npt.NDArray[np.int8], int]] = deque(
            maxlen=40_000
        )
        loss_fn = nn.CrossEntropyLoss()
        # Labels are exact, so a supervised step size suits; PPO gets its own back after.
        self._set_lr(config.imitate_lr)
        self.new_game()
        fresh = 0
        while self.elapsed() < until and self.steps < limit and not self.out_of_budget():
            env = self.env
            assert env is not None
            view = env.aec.view
            legal = env.aec.legal
            if len(legal) > 1:
                target = env.aec.spec.index_of(view, teacher.choose(view, self.rng))
                buffer.append(
                    (self.obs["observation"].astype(np.float16), self.obs["action_mask"], target)
                )
                fresh += 1
            if len(legal) == 1:
                action = next(iter(legal))
            elif self.rng.random() < 0.5:
                action = target
            else:
                action = self.policy.act(self.obs["observation"], self.obs["action_mask"])
            self.obs, _, terminated, truncated, _ = env.step(action)
            self.steps += 1
            if terminated or truncated:
                self.game_over(self.won())
                self.new_game()
            if fresh >= config.rollout and len(buffer) >= config.minibatch:
                fresh = 0
                self.policy.train()
                for _ in range(config.rollout // config.minibatch * config.imitate_passes):
                    batch = self.rng.sample(range(len(buffer)), config.minibatch)
                    obs = torch.from_numpy(
                        np.stack([buffer[i][0] for i in batch]).astype(np.float32)
                    )
                    mask = torch.from_numpy(np.stack([buffer[i][1] for i in batch]))
                    target_t = torch.tensor([buffer[i][2] for i in batch])
                    logits, _ = self.policy(obs, mask)
                    loss = loss_fn(logits, target_t)
                    self.optimizer.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(self.policy.parameters(), 0.5)
                    self.optimizer.step()
                self.log(f"[{self.elapsed():7.1f}s] imitation loss {loss.item():.3f}")
            self.maybe_log("imitation")
            self.maybe_evaluate("imitation")
        self._set_lr(config.lr)

    def _set_lr(self, lr: float) -> None:
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    # ------------------------------------------------------------------ PPO

    def collect(self) -> dict[str, torch.Tensor]:
        """One rollout of ``config.rollout`` agent decisions, with GAE advantages."""
        config = self.config
        obs_l: list[npt.NDArray[Any]] = []
        mask_l: list[npt.NDArray[Any]] = []
        actions: list[int] = []
        logps: list[float] = []
        values: list[float] = []
        rewards: list[float] = []
        dones: list[bool] = []
        if self.env is None:
            self.new_game()
        for _ in range(config.rollout):
            env = self.env
            assert env is not None
            obs, mask = self.obs["observation"], self.obs["action_mask"]
            action, logp, value = self.policy.sample(obs, mask, self.generator)
            self.obs, reward, terminated, truncated, _ = env.step(action)
            obs_l.append(obs)
            mask_l.append(mask)
            actions.append(action)
            logps.append(logp)
            values.append(value)
            rewards.append(float(reward))
            dones.append(terminated or truncated)
            self.steps += 1
            if terminated or truncated:
                self.game_over(self.won())
                self.new_game()
            self.maybe_log("ppo")
        with torch.no_grad():
            _, last = self.policy(
                torch.from_numpy(self.obs["observation"][None]),
                torch.from_numpy(self.obs["action_mask"][None]),
            )
        advantages = np.zeros(len(rewards), np.float32)
        gae = 0.0
        next_value = float(last[0])
        for t in reversed(range(len(rewards))):
            live = 0.0 if dones[t] else 1.0
            delta = rewards[t] + config.gamma * next_value * live - values[t]
            gae = delta + config.gamma * config.lam * live * gae
            advantages[t] = gae
            next_value = values[t]
        returns = advantages + np.asarray(values, np.float32)
        return {
            "obs": torch.from_numpy(np.stack(obs_l)),
            "mask": torch.from_numpy(np.stack(mask_l)),
            "actions": torch.tensor(actions),
            "logps": torch.tensor(logps),
            "advantages": torch.from_numpy(advantages),
            "returns": torch.from_numpy(returns),
        }

    def update(self, batch: dict[str, torch.Tensor], value_only: bool = False) -> dict[str, float]:
        """PPO's clipped surrogate, value and entropy losses over ``config.epochs`` passes."""
        config = self.config
        n = len(batch["actions"])
        stats: dict[str, float] = {}
        for _ in range(config.epochs):
            order = torch.randperm(n, generator=self.generator)
            for start in range(0, n, config.minibatch):
                idx = order[start : start + config.minibatch]
                logits, values = self.policy(batch["obs"][idx], batch["mask"][idx])
                logp_all = torch.log_softmax(logits, -1)
                logp = logp_all.gather(1, batch["actions"][idx, None]).squeeze(1)
                probs = logp_all.exp()
                entropy = -(probs * logp_all).sum(-1).mean()
                adv = batch["advantages"][idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                ratio = (logp - batch["logps"][idx]).exp()
                surrogate = torch.min(
                    ratio * adv, ratio.clamp(1 - config.clip, 1 + config.clip) * adv
                ).mean()
                value_loss = ((values - batch["returns"][idx]) ** 2).mean()
                if value_only:
                    loss = value_loss
                else:
                    loss = -surrogate + 0.5 * value_loss - config.entropy * entropy
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.policy.parameters(), 0.5)
                self.optimizer.step()
                stats = {
                    "surrogate": surrogate.item(),
                    "value_loss": value_loss.item(),
                    "entropy": entropy.item(),
                }
        return stats

    def ppo(self) -> None:
        """PPO until the budget is spent; after imitation the first rollout trains only the
        value head, so that the untrained critic's advantages do not undo the imitation."""
        warm = self.config.imitate_seconds > 0 or self.config.imitate_steps > 0
        self.policy.train()
        while not self.out_of_budget():
            batch = self.collect()
            stats = self.update(batch, value_only=warm)
            warm = False
            self.log(
                f"[{self.elapsed():7.1f}s] ppo update: "
                + ", ".join(f"{k} {v:.3f}" for k, v in stats.items())
            )
            self.maybe_evaluate("ppo")

    def run(self) -> MaskedPolicy:
        """Imitation, then PPO, evaluating as it goes; the best policy evaluated."""
        self.maybe_evaluate("start", force=True)
        self.imitate()
        self.ppo()
        self.maybe_evaluate("end", force=True)
        assert self.best is not None
        self.policy.load_state_dict(self.best[1])
        self.policy.eval()
        return self.policy


def write_curve(curve: Curve, path: str) -> None:
    with open(path, "w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["steps", "seconds", "stage", "win_rate_vs_random", "win_rate_vs_greedy"])
        out.writerows(curve.rows)


def plot_curve(curve: Curve, path: str, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r[0] for r in curve.rows]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot(steps, [r[3] for r in curve.rows], marker="o", label="vs random")
    ax.plot(steps, [r[4] for r in curve.rows], marker="s", label="vs greedy")
    switch = next((r[0] for r in curve.rows if r[2] == "ppo"), None)
    if switch is not None and any(r[2] == "imitation" for r in curve.rows):
        ax.axvline(switch, color="grey", linestyle=":", label="imitation → PPO")
    ax.axhline(0.5, color="grey", linewidth=0.5)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("environment steps (the agent's decisions)")
    ax.set_ylabel(f"win rate ({games} fixed deals, argmax policy)")
    ax.set_title("Phase 10 heads-up: the trained policy's win rate")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def parse(argv: Sequence[str] | None) -> tuple[Config, argparse.Namespace]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=Config.steps, help="environment steps")
    parser.add_argument("--seconds", type=float, default=Config.seconds, help="wall-clock bound")
    parser.add_argument(
        "--opponent",
        default="curriculum",
        help="curriculum (random, then mostly greedy), random, greedy or sharp",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", default="256,256", help="hidden layer widths")
    parser.add_argument("--teacher", default="sharp", help="the bot imitated first")
    parser.add_argument(
        "--imitate-seconds", type=float, default=0.0, help="imitation's share of the time"
    )
    parser.add_argument("--imitate-steps", type=int, default=0, help="imitation's steps")
    parser.add_argument("--imitate-passes", type=int, default=Config.imitate_passes)
    parser.add_argument("--imitate-lr", type=float, default=Config.imitate_lr)
    parser.add_argument("--rollout", type=int, default=Config.rollout)
    parser.add_argument("--lr", type=float, default=Config.lr)
    parser.add_argument("--entropy", type=float, default=Config.entropy)
    parser.add_argument("--eval-games", type=int, default=Config.eval_games)
    parser.add_argument("--eval-every", type=float, default=Config.eval_every, help="seconds")
    parser.add_argument("--out", default="policy.pt")
    parser.add_argument("--curve", default=None, help="CSV of the evaluations")
    parser.add_argument("--plot", default=None, help="PNG of the learning curve")
    args = parser.parse_args(argv)
    config = Config(
        seed=args.seed,
        steps=args.steps,
        seconds=args.seconds,
        hidden=tuple(int(h) for h in args.hidden.split(",") if h),
        opponent=args.opponent,
        teacher=args.teacher,
        imitate_seconds=args.imitate_seconds,
        imitate_steps=args.imitate_steps,
        imitate_passes=args.imitate_passes,
        imitate_lr=args.imitate_lr,
        rollout=args.rollout,
        lr=args.lr,
        entropy=args.entropy,
        eval_games=args.eval_games,
        eval_every=args.eval_every,
    )
    return config, args


def main(argv: Sequence[str] | None = None) -> int:
    torch.set_num_threads(1)  # one core: the machine is shared, and batch-1 play gains nothing
    config, args = parse(argv)
    trainer = Trainer(config, log=lambda line: print(line, flush=True))
    policy = trainer.run()
    save_policy(policy, args.out)
    print(f"saved {args.out} after {trainer.steps} steps, {trainer.elapsed():.0f} s", flush=True)
    if args.curve:
        write_curve(trainer.curve, args.curve)
    if args.plot:
        plot_curve(trainer.curve, args.plot, config.eval_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
