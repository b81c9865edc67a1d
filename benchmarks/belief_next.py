"""Does a sampled belief about the next player's hand beat ``sharp``'s two cues? An experiment.

``sharp`` guesses what the next player wants from two cues: the cards they took from the
discard pile, and the cards lying in it, which they passed on. A fuller guess is a belief over
their whole hand: deal it many times from the cards this seat has not seen (plus the cards they
took), weight each deal down by ``EPS`` for every kind of card they passed on that it would
have wanted, and call ``risk`` of a card the weighted share of deals it would bring closer to
their phase. ``belief`` is ``sharp`` with that risk as its last tie-break before points.

Two measurements, on 2-player standard games against ``greedy``:

1. how well each guess ranks the cards that really help the next player (area under the ROC
   curve over every kind of card, at each of ``sharp``'s discards, truth read from the state);
2. ``sharp`` and ``belief`` on the same deals, each deal twice with the seats swapped.

Run: ``.venv/bin/python benchmarks/belief_next.py [DEALS] [SEED] [WORKERS] [AUC_GAMES]``
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.actions import Discard
from phase10.games.phase10.cards import COLOUR_OF, NUMBER_OF, NUMBERED, Card
from phase10.games.phase10.determinize import unseen_counts
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.rules import Kind, Phase
from phase10.games.phase10.sharp import SharpBot, feeds_next, passed_next
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.sim.runner import wilson

RULES = find_variant("standard")
SAMPLES = 100
EPS = 0.3


def _kind_of(phase: Phase) -> Callable[[int], int]:
    """What makes two cards alike for ``phase``: their colour for a colour group, else number."""
    if any(g.kind is Kind.COLOUR for g in phase.groups):
        return lambda c: COLOUR_OF[c]
    return lambda c: NUMBER_OF[c]


def _useful(hand: list[int], phase: Phase, reps: dict[int, int]) -> set[int]:
    """The kinds of card (keys of ``reps``) that would bring ``hand`` closer to ``phase``."""
    before = distance(hand, phase, RULES)
    return {k for k, c in reps.items() if distance([*hand, c], phase, RULES) < before}


def belief_risk(view: PlayerView, rng: random.Random) -> dict[int, float]:
    """Per card code, the believed chance that it would help the next seat (empty if moot)."""
    seat = (view.seat + 1) % len(view.players)
    player = view.players[seat]
    phase = player.phase
    if player.laid >= 0 or phase is None:
        return {}
    kind = _kind_of(phase)
    reps: dict[int, int] = {}
    for c in range(NUMBERED):
        reps.setdefault(kind(c), c)
    unseen = unseen_counts(view)
    known: list[int] = []
    for c in player.took:
        if unseen[c] > 0 and len(known) < player.hand_size:
            unseen[c] -= 1
            known.append(c)
    pool = [c for c, k in enumerate(unseen) for _ in range(k)]
    passed = {kind(c) for c in view.discard_pile[1:] if c < NUMBERED}
    total = 0.0
    weight_of = dict.fromkeys(reps, 0.0)
    for _ in range(SAMPLES):
        useful = _useful(known + rng.sample(pool, player.hand_size - len(known)), phase, reps)
        weight = EPS ** len(useful & passed)
        total += weight
        for k in useful:
            weight_of[k] += weight
    return {c: weight_of[kind(c)] / total for c in range(NUMBERED)}


class BeliefSharp(SharpBot):
    """``sharp`` whose last tie-break before points is the belief's risk (lower first)."""

    def __init__(self) -> None:
        super().__init__(name="belief")
        self._rng = random.Random(0)
        self._risk: dict[int, float] = {}

    def choose(self, view: Any, rng: random.Random) -> Any:
        self._rng = rng
        self._risk = {}
        return super().choose(view, rng)

    def _passed(self, view: PlayerView, card: Card) -> int:
        if not self._risk:
            self._risk = belief_risk(view, self._rng) or {-1: 0.0}
        return 100 * passed_next(view, card) - round(10 * self._risk.get(card, 0.0))


def play(job: tuple[str, int, int]) -> int:
    """1 if the first bot (``sharp`` or ``belief``) wins the deal ``seed`` from ``seat``."""
    first, seed, seat = job
    me: AnyBot = BeliefSharp() if first == "belief" else SharpBot()
    bots: list[AnyBot] = [GreedyBot(), GreedyBot()]
    bots[seat] = me
    rngs = [random.Random(f"{seed}:{s}") for s in range(2)]
    state: GameState = new_game(RULES, 2, seed)
    while state.outcome is None:
        current = state.current
        state = apply_action(state, bots[current].choose(view_for(state, current), rngs[current]))
    return int(state.outcome.winner == seat)


def _auc(scores: list[tuple[float, bool]]) -> tuple[float, int]:
    """Pairs (helps, does not help) ranked the right way round, ties half; and the pairs."""
    yes = [s for s, y in scores if y]
    no = [s for s, y in scores if not y]
    right = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in yes for b in no)
    return right, len(yes) * len(no)


def ranking(games: int, seed: int) -> dict[str, float]:
    """AUC of ``sharp``'s cues and of the belief, over ``sharp``'s discards in ``games``."""
    sums = {"cues": [0.0, 0], "belief": [0.0, 0]}
    decisions = 0
    for g in range(games):
        state = new_game(RULES, 2, seed + g)
        bots: list[AnyBot] = [SharpBot(), GreedyBot()]
        rngs = [random.Random(f"{seed + g}:{s}") for s in range(2)]
        while state.outcome is None:
            current = state.current
            view = view_for(state, current)
            nxt = view.players[1]
            if (
                current == 0
                and nxt.phase is not None
                and nxt.laid < 0
                and all(isinstance(a, Discard) for a in view.legal)
            ):
                kind = _kind_of(nxt.phase)
                reps: dict[int, int] = {}
                for c in range(NUMBERED):
                    reps.setdefault(kind(c), c)
                truth = _useful(list(state.players[1].hand), nxt.phase, reps)
                decisions += 1
                risk = belief_risk(view, random.Random(f"auc:{seed + g}:{decisions}"))
                cues = {c: 10.0 * feeds_next(view, c) - passed_next(view, c) for c in reps.values()}
                for name, score in (("cues", cues), ("belief", risk)):
                    right, pairs = _auc([(score[c], k in truth) for k, c in reps.items()])
                    sums[name][0] += right
                    sums[name][1] += pairs
            state = apply_action(state, bots[current].choose(view, rngs[current]))
    return {name: right / pairs for name, (right, pairs) in sums.items() if pairs}


def main(argv: list[str]) -> int:
    """Print both measurements; returns the exit code."""
    deals = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    workers = int(argv[2]) if len(argv) > 2 else 1
    auc_games = int(argv[3]) if len(argv) > 3 else 15
    for name, auc in ranking(auc_games, seed).items():
        print(f"ranking of the cards that help the next player, {name}: AUC {auc:.3f}")
    with ProcessPoolExecutor(workers) as pool:
        for first in ("sharp", "belief"):
            jobs = [(first, seed + d, seat) for d in range(deals) for seat in (0, 1)]
            wins = sum(pool.map(play, jobs, chunksize=16))
            low, high = wilson(wins, len(jobs))
            print(
                f"{first} vs greedy: {wins}/{len(jobs)} = {wins / len(jobs):.1%} "
                f"(95% CI {low:.1%}-{high:.1%})"
            )
    print(f"reproduce: python benchmarks/belief_next.py {deals} {seed} {workers} {auc_games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
