"""What cheating would be worth at a table of N: a ceiling for honest bots, not a bot to play.

``sharp`` wins 56-58% of 2-player games against ``greedy`` but only 27-28% of 4-player ones
(25% is a fair share). Is that because the bots miss something a better player would read, or
because with four players the deal decides? This script gives ``sharp`` two cheats, alone and
together, and plays each on the same deals against ``greedy`` in every other seat (each deal
once per seat, as ``--duplicate`` does):

* ``sees next hand``: ``sharp`` shown the next player's hand; among discards that cost its own
  hand the same, it keeps back any card that would bring that hand closer to its phase (the
  ceiling of denial: only the next player can take a discard, P10-R13).
* ``sees next draw``: ``sharp`` shown the draw pile's top card before it draws; while its phase
  is not down, it takes the discard or draws, whichever brings its hand closer to its phase
  (the ceiling of choosing where to draw from; otherwise it draws as ``sharp``).
* ``sees both``: the two together.

If a cheat cannot reach a win rate, no honest reading of the same cue can either.

Run: ``.venv/bin/python benchmarks/ceiling_cheats.py [PLAYERS] [DEALS] [SEED] [WORKERS]``
(defaults 4 500 1 2); each row is PLAYERS * DEALS games.
"""

from __future__ import annotations

import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.actions import Action, Draw, Source
from phase10.games.phase10.cards import NUMBERED, WILD_CODE, Card
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.sim.runner import game_seed, wilson

RULES = find_variant("standard")
ROWS = ("sharp", "sees next hand", "sees next draw", "sees both")


class CheatingSharp(SharpBot):
    """``sharp`` shown what it should not see (module docstring); ``state`` is set each turn."""

    def __init__(self, *, next_hand: bool, next_draw: bool) -> None:
        super().__init__(name="cheat")
        self.next_hand = next_hand
        self.next_draw = next_draw
        self.state: GameState | None = None

    def _feeds(self, view: PlayerView, card: Card) -> int:
        # sharp's own cue first (doubled), the sight breaks the ties it leaves.
        cue = 2 * super()._feeds(view, card)
        if not self.next_hand or self.state is None:
            return cue
        seat = (view.seat + 1) % len(view.players)
        nxt = view.players[seat]
        if nxt.laid >= 0 or nxt.phase is None or card >= NUMBERED:
            return cue
        hand = self.state.players[seat].hand
        closer = distance((*hand, card), nxt.phase, RULES) < distance(hand, nxt.phase, RULES)
        return cue + int(closer)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if self.next_draw and self.state is not None and self.state.draw_pile:
            choice = self._foreseen_draw(view, self.state.draw_pile[-1])
            if choice is not None:
                return choice
        return super().choose(view, rng)

    def _foreseen_draw(self, view: PlayerView, coming: Card) -> Action | None:
        take, draw = Draw(Source.DISCARD_PILE), Draw(Source.DRAW_PILE)
        me = view.players[view.seat]
        if take not in view.legal or draw not in view.legal or me.laid >= 0 or me.phase is None:
            return None
        top, phase = view.discard_pile[-1], me.phase
        now = distance(view.hand, phase, RULES)

        def after(card: Card) -> float:
            # A wild that does not bring the phase closer is still the better card to hold.
            return distance((*view.hand, card), phase, RULES) - 0.5 * (card == WILD_CODE)

        if after(top) >= now and after(coming) >= now:
            return None  # neither helps: sharp's own choice
        return take if after(top) <= after(coming) else draw


def play(job: tuple[str, int, int, int, int]) -> int:
    """1 if the row's bot wins deal ``index`` from ``seat``, else 0."""
    row, players, seed, index, seat = job
    me: AnyBot
    if row == "sharp":
        me = SharpBot()
    else:
        me = CheatingSharp(next_hand=row != "sees next draw", next_draw=row != "sees next hand")
    bots: list[AnyBot] = [GreedyBot() for _ in range(players)]
    bots[seat] = me
    deal = game_seed(seed, index)
    rngs = [random.Random(f"phase10-sim-bot:{deal}:{s}") for s in range(players)]
    state = new_game(RULES, players, deal)
    while state.outcome is None:
        current = state.current
        if isinstance(me, CheatingSharp):
            me.state = state
        state = apply_action(state, bots[current].choose(view_for(state, current), rngs[current]))
    return int(state.outcome.winner == seat)


def main(argv: list[str]) -> int:
    """Play every row and print it; returns the exit code."""
    players = int(argv[0]) if argv else 4
    deals = int(argv[1]) if len(argv) > 1 else 500
    seed = int(argv[2]) if len(argv) > 2 else 1
    workers = int(argv[3]) if len(argv) > 3 else 2
    share = 1 / players
    print(f"{players} players, {deals} deals x {players}, seed {seed}; fair share {share:.0%}")
    with ProcessPoolExecutor(workers) as pool:
        for row in ROWS:
            start = time.perf_counter()
            jobs = [(row, players, seed, d, s) for d in range(deals) for s in range(players)]
            wins = sum(pool.map(play, jobs, chunksize=8))
            low, high = wilson(wins, len(jobs))
            print(
                f"{row:>15} vs greedy: {wins}/{len(jobs)} = {wins / len(jobs):.1%} "
                f"(95% CI {low:.1%}-{high:.1%}; {time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(f"reproduce: python benchmarks/ceiling_cheats.py {players} {deals} {seed} {workers}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
