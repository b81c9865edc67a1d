"""Train the ``learned`` bot's network with search as teacher, and write its learning curve.

Each round plays games in which every seat is, at random, the learner or ``greedy`` (a share
of them with four players). The learner plays the current network (the first round:
``sharp``). At a share of its draws and discards the teacher labels every candidate: from
the real position, the draw pile is shuffled again ``--rollouts`` times, and for each shuffle
every candidate is played out to the end of the hand (``--teacher sharp``: the learner's
seat playing on as ``sharp``, the others as ``greedy``; ``--teacher policy``: the search's
fast policy for everyone), all candidates on the same shuffle, and scored with the search's
evaluation. A candidate's target is its mean less the decision's mean. A network is fitted
to all rounds' labels (mean squared error, PyTorch), written as JSON with the ``--margin``
it must beat ``sharp``'s choice by, and measured against ``greedy`` on duplicate deals,
heads-up and with four players (round 0: ``sharp`` itself, no network).

The committed model (about 25 minutes on 2 cores):

    python scripts/train_learned.py --rounds 1 --games 700 --four-share 0.2 --share 0.25 \
        --rollouts 6 --teacher sharp --margin 0.01 --seed 1 \
        --out src/phase10/games/phase10/learned_model.json --curve docs/learned-curve.tsv

``--save-labels labels.npz`` also keeps the labels, and ``--labels labels.npz [more.npz]``
fits another network to them (``--hidden``, ``--epochs``) without playing a game;
``--eval-games 0`` skips the measurement. It needs PyTorch and numpy, both in ``make test``'s
environment (the train and rl extras).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from phase10.games.phase10.actions import Action
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.learned import FEATURES, LearnedBot, Network, choice
from phase10.games.phase10.pimc import _rollout
from phase10.games.phase10.rollout import leaf_rewards
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.kernel.state import Stage
from phase10.sim.runner import game_seed, wilson

#: A bound on the decisions of one game, so that a game that never ends (a bug) stops the
#: script instead of hanging it: real games take under a thousand.
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Job:
    seed: int
    index: int
    players: int
    network: dict[str, Any] | None
    share: float = 0.0
    rollouts: int = 0
    teacher: str = "sharp"


def _network(data: dict[str, Any] | None) -> Network | None:
    return None if data is None else Network.from_json(data)


def label_game(job: Job) -> tuple[np.ndarray, np.ndarray]:
    """One game of the learner against greedy seats; a share of the learner's decisions are
    labelled by the teacher: each candidate's value to the seat, from rollouts of the real
    position to the end of the hand, centred on the decision's mean."""
    seed = game_seed(job.seed, job.index)
    chooser = random.Random(f"learned-train:{seed}")
    n = job.players
    learners = [chooser.random() < 0.5 for _ in range(n)]
    if not any(learners):
        learners[chooser.randrange(n)] = True
    network = _network(job.network)
    xs: list[list[float]] = []
    ys: list[float] = []
    bots: list[GreedyBot] = [
        LearnedBot(network=network, packaged=False, wants=False, extras=False)
        if learners[seat]
        else GreedyBot()
        for seat in range(n)
    ]
    continuation: list[GreedyBot] | None = None
    if job.teacher == "sharp":
        continuation = [SharpBot() if learners[seat] else GreedyBot() for seat in range(n)]
    rngs = [random.Random(f"learned-bot:{seed}:{seat}") for seat in range(n)]
    state = new_game(RuleSet(), players=n, seed=seed)
    for _ in range(MAX_DECISIONS):
        if state.stage is Stage.OVER:
            break
        seat = state.current
        view = view_for(state, seat, events=False)
        if learners[seat] and chooser.random() < job.share:
            found = choice(view)
            if found is not None:
                features, options = found
                actions = [action for action, _ in options]
                values = teach(state, seat, actions, job.rollouts, chooser, continuation)
                mean = sum(values) / len(values)
                for (_, vector), value in zip(options, values, strict=True):
                    xs.append(features + vector)
                    ys.append(value - mean)
        state = apply_action(state, bots[seat].choose(view, rngs[seat]))
    return np.asarray(xs, dtype=np.float32).reshape(-1, len(FEATURES)), np.asarray(
        ys, dtype=np.float32
    )


def teach(
    state: GameState,
    seat: int,
    actions: Sequence[Action],
    rollouts: int,
    rng: random.Random,
    players: Sequence[GreedyBot] | None = None,
) -> list[float]:
    """Each action's mean value to ``seat`` over ``rollouts`` futures of the real position:
    the draw pile shuffled again (the one thing the seat could not know were it told the
    hands), then every seat playing on to the end of the hand, scored by the search's
    evaluation. All actions share each future (common random numbers).

    ``players``: each seat's bot for the rest of the hand (``sharp`` for the learner, so that
    the labels are the value of each action followed by ``sharp``'s play: their best is a
    step of policy improvement over ``sharp``); without them, the search's fast policy."""
    sums = [0.0] * len(actions)
    pile = list(state.draw_pile)
    for _ in range(rollouts):
        rng.shuffle(pile)
        future = state.evolve(draw_pile=tuple(pile))
        ties = rng.getrandbits(64)
        for i, action in enumerate(actions):
            after = apply_action(future, action)
            if players is None:
                sums[i] += _rollout(after, future, seat, random.Random(ties))
            else:
                sums[i] += _play_out(after, future, seat, players, random.Random(ties))
    return [total / rollouts for total in sums]


def _play_out(
    state: GameState,
    root: GameState,
    seat: int,
    players: Sequence[GreedyBot],
    rng: random.Random,
) -> float:
    hand = root.hand_number
    for _ in range(2_000):
        if state.outcome is not None or state.hand_number != hand:
            break
        mover = state.current
        view = view_for(state, mover, events=False)
        state = apply_action(state, players[mover].choose(view, rng))
    finished = state.outcome is not None or state.hand_number != hand
    return leaf_rewards(state, hand_over=finished)[seat]


def evaluate_game(job: Job) -> int:
    """Duplicate game ``job.index``: the learner's entry 0 against greedy; 1 if it won."""
    n = job.players
    seed = game_seed(job.seed, job.index // n)
    learner_seat = job.index % n
    network = _network(job.network)
    bots: list[GreedyBot] = [
        LearnedBot(network=network, packaged=False, wants=False, extras=False)
        if seat == learner_seat
        else GreedyBot()
        for seat in range(n)
    ]
    rngs = [random.Random(f"phase10-sim-bot:{seed}:{seat}") for seat in range(n)]
    state = new_game(RuleSet(), players=n, seed=seed)
    for _ in range(MAX_DECISIONS):
        if state.stage is Stage.OVER:
            break
        seat = state.current
        state = apply_action(state, bots[seat].choose(view_for(state, seat), rngs[seat]))
    return int(state.outcome is not None and state.outcome.winner == learner_seat)


def _short(value: float) -> float:
    """Six significant digits: the model file stays small, the choices the same."""
    return float(f"{value:.6g}")


def fit(xs: np.ndarray, ys: np.ndarray, hidden: int, epochs: int, seed: int) -> dict[str, Any]:
    torch.manual_seed(seed)
    model = torch.nn.Sequential(
        torch.nn.Linear(xs.shape[1], hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, 1),
    )
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.tensor(xs, dtype=torch.float32)
    y = torch.tensor(ys, dtype=torch.float32).unsqueeze(1)
    order = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        perm = torch.randperm(len(x), generator=order)
        for start in range(0, len(x), 512):
            batch = perm[start : start + 512]
            optimiser.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x[batch]), y[batch])
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
    layers = [m for m in model if isinstance(m, torch.nn.Linear)]
    return {
        "features": list(FEATURES),
        "layers": [
            {
                "weights": [[_short(w) for w in row] for row in layer.weight.detach().tolist()],
                "biases": [_short(b) for b in layer.bias.detach().tolist()],
            }
            for layer in layers
        ],
    }


def label_round(
    pool: Any, args: argparse.Namespace, round_: int, network: dict[str, Any] | None, started: float
) -> tuple[np.ndarray, np.ndarray]:
    """One round's labels: ``args.games`` games of the learner (``network``) against greedy."""
    four = int(args.games * args.four_share)
    jobs = [
        Job(
            args.seed * 1000 + round_,
            i,
            4 if i < four else 2,
            network,
            args.share,
            args.rollouts,
            args.teacher,
        )
        for i in range(args.games)
    ]
    parts = []
    for done, part in enumerate(pool.imap(label_game, jobs, chunksize=4), 1):
        parts.append(part)
        if done % 250 == 0:
            minutes = (time.monotonic() - started) / 60
            print(f"round {round_}: {done} games labelled, {minutes:.1f} min", flush=True)
    return np.concatenate([gx for gx, _ in parts]), np.concatenate([gy for _, gy in parts])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--games", type=int, default=700, help="games a round")
    parser.add_argument("--four-share", type=float, default=0.2, help="share of 4-player games")
    parser.add_argument("--share", type=float, default=0.25, help="decisions labelled")
    parser.add_argument("--rollouts", type=int, default=6, help="futures per label")
    parser.add_argument(
        "--teacher",
        choices=("sharp", "policy"),
        default="sharp",
        help="who plays on after a labelled choice: sharp (and greedy), or the search's policy",
    )
    parser.add_argument(
        "--margin", type=float, default=0.01, help="how much better than sharp's choice"
    )
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", required=True)
    parser.add_argument("--curve", default=None)
    parser.add_argument(
        "--save-labels",
        default=None,
        help="also write every round's labels here (.npz), to fit other networks to them later",
    )
    parser.add_argument(
        "--labels",
        nargs="+",
        default=None,
        help="fit to the labels --save-labels runs wrote (one or more files) instead of "
        "labelling (one round)",
    )
    args = parser.parse_args(argv)
    if args.labels and args.rounds != 1:
        parser.error("--labels fits one network to saved labels: use it with --rounds 1")
    network: dict[str, Any] | None = None
    all_x: list[np.ndarray] = []
    all_y: list[np.ndarray] = []
    curve = ["round\tlabels\theads_up\theads_up_ci\tfour_players\tfour_players_ci\tminutes"]
    started = time.monotonic()

    def measure(pool: Any, round_: int, labels: int) -> None:
        if args.eval_games < 4:  # --eval-games 0: no curve, only the model
            return
        line = [str(round_), str(labels)]
        for players in (2, 4):
            games = args.eval_games - args.eval_games % players
            evals = [Job(args.seed, i, players, network) for i in range(games)]
            wins = sum(pool.imap(evaluate_game, evals, chunksize=4))
            low, high = wilson(wins, games)
            line += [f"{wins / games:.3f}", f"{low:.3f}-{high:.3f}"]
            print(
                f"round {round_}: {labels} labels, {players} players: "
                f"{wins}/{games} = {wins / games:.1%} ({low:.1%}-{high:.1%})",
                flush=True,
            )
        line.append(f"{(time.monotonic() - started) / 60:.1f}")
        curve.append("\t".join(line))
        if args.curve:
            with open(args.curve, "w", encoding="utf-8") as handle:
                handle.write("\n".join(curve) + "\n")

    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        measure(pool, 0, 0)  # sharp, the learner before any training
        for round_ in range(1, args.rounds + 1):
            for path in args.labels or ():
                try:
                    with np.load(path) as saved:
                        all_x.append(saved["x"])
                        all_y.append(saved["y"])
                except (OSError, KeyError, ValueError) as error:
                    parser.error(f"{path}: not a labels file --save-labels wrote ({error})")
                if all_x[-1].ndim != 2 or all_x[-1].shape[1] != len(FEATURES):
                    parser.error(f"{path}: labels of other features than this version's")
            if not args.labels:
                round_x, round_y = label_round(pool, args, round_, network, started)
                all_x.append(round_x)
                all_y.append(round_y)
            x = np.concatenate(all_x)
            y = np.concatenate(all_y)
            if args.save_labels:
                np.savez_compressed(args.save_labels, x=x, y=y)
            network = fit(x, y, args.hidden, args.epochs, args.seed + round_)
            network["margin"] = args.margin
            with open(args.out, "w", encoding="utf-8") as handle:
                json.dump(network, handle, separators=(",", ":"))
            measure(pool, round_, len(x))
    return 0


if __name__ == "__main__":
    sys.exit(main())
