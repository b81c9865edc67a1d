"""What seeing the next player's hand would be worth: a calibration, not a bot to play.

``sharp`` beats ``greedy`` by keeping back what the next player seems to want, guessed from
what they took and passed on. This script measures the ceiling of that idea: ``sighted`` is
``sharp`` that also *sees* the next player's hand (a cheat no real bot gets) and, among
discards that cost its own hand the same, keeps back any card that would bring that hand
closer to its phase. Both ``sharp`` and ``sighted`` play the same 2-player deals against
``greedy``, each deal twice with the seats swapped, so the two rows differ only by the sight.

The gap between the rows is how much a bot could still gain by inferring the opponent's hand
better (see README, "Computer opponents"). Each NOISE given adds a row for a blurred sight:
every card's "would help them" answer is flipped with that probability, independently, as a
stand-in for an inference that is right most of the time but not always.

Run: ``.venv/bin/python benchmarks/ceiling_sight.py [DEALS] [SEED] [WORKERS] [NOISE ...]``
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.cards import NUMBERED, Card
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.sim.runner import wilson

RULES = find_variant("standard")


class SightedSharp(SharpBot):
    """``sharp`` that is shown the next player's hand before each decision (a cheat).

    With ``noise`` > 0 each answer of :meth:`_helps_next` is flipped with that probability,
    drawn from ``rng`` (seeded per game, so runs repeat exactly).
    """

    def __init__(self, noise: float = 0.0, rng: random.Random | None = None) -> None:
        super().__init__(name="sighted")
        self.next_hand: tuple[Card, ...] = ()
        self.noise = noise
        self.rng = rng if rng is not None else random.Random(0)

    def _feeds(self, view: PlayerView, card: Card) -> int:
        # Twice sharp's own cue, plus one if the card really helps: sharp's cue still comes
        # first, the sight breaks the ties it leaves.
        return 2 * super()._feeds(view, card) + self._helps_next(view, card)

    def _helps_next(self, view: PlayerView, card: Card) -> int:
        nxt = view.players[(view.seat + 1) % len(view.players)]
        if nxt.laid >= 0 or nxt.phase is None or card >= NUMBERED:
            return 0
        before = distance(self.next_hand, nxt.phase, view.rules)
        helps = distance((*self.next_hand, card), nxt.phase, view.rules) < before
        if self.noise and self.rng.random() < self.noise:
            helps = not helps
        return int(helps)


def play(job: tuple[str, float, int, int]) -> int:
    """1 if the first bot (``sharp`` or ``sighted``) wins the deal ``seed`` from ``seat``."""
    first, noise, seed, seat = job
    me: AnyBot = (
        SightedSharp(noise, random.Random(f"noise:{seed}:{seat}"))
        if first == "sighted"
        else SharpBot()
    )
    bots: list[AnyBot] = [GreedyBot(), GreedyBot()]
    bots[seat] = me
    rngs = [random.Random(f"{seed}:{s}") for s in range(2)]
    state: GameState = new_game(RULES, 2, seed)
    while state.outcome is None:
        current = state.current
        bot = bots[current]
        if isinstance(bot, SightedSharp):
            bot.next_hand = state.players[(current + 1) % 2].hand
        state = apply_action(state, bot.choose(view_for(state, current), rngs[current]))
    return int(state.outcome.winner == seat)


def main(argv: list[str]) -> int:
    """Play both rows and print them; returns the exit code."""
    deals = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    workers = int(argv[2]) if len(argv) > 2 else 1
    noises = [float(a) for a in argv[3:]]
    rows = [("sharp", 0.0), ("sighted", 0.0)] + [("sighted", n) for n in noises]
    with ProcessPoolExecutor(workers) as pool:
        for first, noise in rows:
            jobs = [(first, noise, seed + d, seat) for d in range(deals) for seat in (0, 1)]
            wins = sum(pool.map(play, jobs, chunksize=16))
            low, high = wilson(wins, len(jobs))
            label = f"{first}, {noise:.0%} of answers flipped" if noise else first
            print(
                f"{label} vs greedy: {wins}/{len(jobs)} = {wins / len(jobs):.1%} "
                f"(95% CI {low:.1%}-{high:.1%})"
            )
    extra = "".join(f" {a}" for a in argv[3:])
    print(f"reproduce: python benchmarks/ceiling_sight.py {deals} {seed} {workers}{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
