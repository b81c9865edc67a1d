"""Train the classifier of what the next player wants (``games/phase10/wants.py``).

Plays heads-up games of ``sharp`` against ``greedy`` (each deal twice, seats swapped). At each
of ``sharp``'s discards while the next player has not laid down, every distinct card it could
throw is a row: the classifier's inputs (``wants_features``, the seat's view only) and the
real answer, read from the state, whether that card would bring the next player's hand closer
to their phase (``greedy`` would take it, P10-R13). A small network (PyTorch) is fitted to the
rows of the training deals and measured on other deals: the area under the ROC curve among
the cards of one decision (the only comparison a tie-break makes), its own and that of
``sharp``'s two cues. It is written as JSON with its input scaling folded into the first layer.

The committed model (about 3 minutes on 2 cores):

    python scripts/train_wants.py --deals 3000 --test-deals 600 --hidden 16 --seed 1 \\
        --out src/phase10/games/phase10/wants_model.json

It needs PyTorch and numpy, both in ``make test``'s environment (the train and rl extras).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import torch

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.actions import Discard
from phase10.games.phase10.cards import NUMBERED
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.games.phase10.wants import WANTS_FEATURES, Classifier, wants_features

RULES = find_variant("standard")
Rows = tuple[list[list[float]], list[int], list[int]]


def deal_rows(job: tuple[int, int]) -> Rows:
    """The rows of one game: ``sharp`` in seat ``job[1]`` of deal ``job[0]``; each row's
    decision is numbered so that the area under the curve compares cards of one decision."""
    seed, seat = job
    bots: list[AnyBot] = [GreedyBot(), GreedyBot()]
    bots[seat] = SharpBot()
    rngs = [random.Random(f"{seed}:{s}") for s in range(2)]
    state = new_game(RULES, 2, seed)
    inputs: list[list[float]] = []
    answers: list[int] = []
    decisions: list[int] = []
    decision = (2 * seed + seat) * 10_000
    while state.outcome is None:
        current = state.current
        view = view_for(state, current)
        if current == seat and view.legal and all(isinstance(a, Discard) for a in view.legal):
            nxt = view.players[1 - seat]
            if nxt.laid < 0 and nxt.phase is not None:
                hand = list(state.players[1 - seat].hand)
                before = distance(hand, nxt.phase, RULES)
                decision += 1
                cards = {a.card for a in view.legal if isinstance(a, Discard)}
                for card in sorted(c for c in cards if c < NUMBERED):
                    features = wants_features(view, card)
                    if features is None:
                        continue
                    inputs.append(features)
                    answers.append(int(distance([*hand, card], nxt.phase, RULES) < before))
                    decisions.append(decision)
        state = apply_action(state, bots[current].choose(view, rngs[current]))
    return inputs, answers, decisions


def collect(first: int, deals: int, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    jobs = [(first + d, seat) for d in range(deals) for seat in (0, 1)]
    xs: list[list[float]] = []
    ys: list[int] = []
    gs: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for x, y, g in pool.map(deal_rows, jobs, chunksize=8):
            xs += x
            ys += y
            gs += g
    return np.array(xs, np.float32), np.array(ys, np.float32), np.array(gs)


def within_auc(scores: np.ndarray, answers: np.ndarray, decisions: np.ndarray) -> float:
    """Among pairs of cards of one decision, one that helps and one that does not, the share
    ranked the right way round (ties count half)."""
    right = pairs = 0.0
    order = np.argsort(decisions, kind="stable")
    bounds = np.flatnonzero(np.diff(decisions[order])) + 1
    for rows in np.split(order, bounds):
        yes = scores[rows][answers[rows] == 1]
        no = scores[rows][answers[rows] == 0]
        if len(yes) and len(no):
            right += float((yes[:, None] > no[None, :]).sum())
            right += 0.5 * float((yes[:, None] == no[None, :]).sum())
            pairs += len(yes) * len(no)
    return right / pairs


def fit(xs: np.ndarray, ys: np.ndarray, hidden: int, epochs: int, seed: int) -> Classifier:
    """A network of two hidden layers of ``hidden`` units fitted by logistic loss, its input
    scaling folded into the first layer."""
    torch.manual_seed(seed)
    mean, scale = xs.mean(0), xs.std(0) + 1e-6
    x = torch.tensor((xs - mean) / scale)
    y = torch.tensor(ys)
    model = torch.nn.Sequential(
        torch.nn.Linear(xs.shape[1], hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, 1),
    )
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss = torch.nn.BCEWithLogitsLoss()
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=generator)
        for start in range(0, len(order), 4096):
            batch = order[start : start + 4096]
            optimiser.zero_grad()
            loss(model(x[batch]).squeeze(1), y[batch]).backward()
            optimiser.step()
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]
    layers = []
    for depth, linear in enumerate(linears):
        weights = linear.weight.detach().double().numpy()
        biases = linear.bias.detach().double().numpy()
        if depth == 0:  # (x - mean) / scale folded in
            biases = biases - weights @ (mean / scale)
            weights = weights / scale
        layers.append(([[float(w) for w in row] for row in weights], [float(b) for b in biases]))
    return Classifier(layers=tuple(layers))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="training deals (2 games each)")
    parser.add_argument("--test-deals", type=int, default=600, help="deals to measure on")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    started = time.monotonic()
    train_first = args.seed * 1_000_000
    xs, ys, _ = collect(train_first, args.deals, args.workers)
    xt, yt, gt = collect(train_first + 500_000, args.test_deals, args.workers)
    print(f"{len(ys)} training rows ({ys.mean():.1%} helped), {len(yt)} test rows")
    classifier = fit(xs, ys, args.hidden, args.epochs, args.seed)
    scores = np.array([classifier.chance(row) for row in xt.tolist()])
    sharp = (
        10 * xt[:, WANTS_FEATURES.index("sharp_feeds_next")]
        - xt[:, WANTS_FEATURES.index("sharp_passed_next")]
    )
    print(
        f"area under the curve within a decision: model {within_auc(scores, yt, gt):.3f}, "
        f"sharp's cues {within_auc(sharp, yt, gt):.3f}"
    )
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(classifier.to_json(), handle, separators=(",", ":"))
        handle.write("\n")
    print(f"wrote {args.out} in {time.monotonic() - started:.0f} s")
    argv_shown = " ".join(sys.argv[1:]) if argv is None else " ".join(argv)
    print(f"reproduce: python scripts/train_wants.py {argv_shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
