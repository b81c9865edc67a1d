"""What the order of the cards is worth: ``sharp`` shown the whole future, not a bot to play.

``benchmarks/ceiling_cheats.py`` bounds what a partial sight buys (the next player's hand, the
next card drawn): with four players even both together take ``sharp`` only from 27% to 29% of
games against ``greedy``. Does that mean the deal decides the game, whoever plays it? This
script asks the opposite question. Its clairvoyant seat knows everything: every hand, the
draw pile's order, and how every other seat will play (``greedy`` with its own seeded
generator, which the clairvoyant copies). At each of its draws and discards (lay-downs and
hits stay ``sharp``'s) it plays every legal alternative to the end of the hand on the real
future, itself playing on as ``sharp``, and keeps ``sharp``'s move unless another ends the
hand better: the game won (or lost), else its phases completed in the hand less the other
seats' mean, less the points it scored over theirs divided by 200 (the search's own yardstick,
``ismcts``). One step of policy improvement with perfect foresight: no honest bot can play it,
since what it reads is the draw pile's order, which nothing in the rules shows (P10-R09).

Measured (seed 1, deals 0 to 99 at four players and 0 to 199 heads-up, each deal played once
per seat as ``--duplicate`` does; about 6 minutes each with two worker processes):

=======  ===============================  ===============================  ==============
players  ``sharp`` (95% CI)               clairvoyant ``sharp`` (95% CI)   moves changed
=======  ===============================  ===============================  ==============
4        113 of 400, 28.2% (24.1-32.9%)   398 of 400, 99.5% (98.2-99.9%)   20 of 150
2        233 of 400, 58.2% (53.4-63.0%)   399 of 400, 99.8% (98.6-100%)    11 of 208
=======  ===============================  ===============================  ==============

So the deal does not decide the game: whoever sees where the cards will go wins nearly every
game, at two players as at four, by changing a few of its moves a game (the last column, of
all its moves). A draw taken from the other pile or a different discard moves every later
card of the hand to another seat; what separates honest players is only what they can infer
about that, which is little (the cheats' rows). Strength at a table of four is a matter of
information, not of play the deal leaves no room for.

Run: ``.venv/bin/python benchmarks/ceiling_foresight.py [PLAYERS] [DEALS] [SEED] [WORKERS]``
(defaults 4 100 1 2); each row is PLAYERS * DEALS games.
"""

from __future__ import annotations

import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.actions import Action, Discard, Draw
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.sim.runner import game_seed, wilson

RULES = find_variant("standard")
#: The score of a future in which the hand ends the game (a won game outweighs any hand).
GAME: float = 100.0


def copied(rng: random.Random) -> random.Random:
    """A generator that will give exactly what ``rng`` gives next."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def rest_of_hand(state: GameState, bots: list[AnyBot], rngs: list[random.Random]) -> GameState:
    """Play ``state`` on to the end of its hand (or of the game) with these bots."""
    hand = state.hand_number
    while state.outcome is None and state.hand_number == hand:
        seat = state.current
        state = apply_action(state, bots[seat].choose(view_for(state, seat), rngs[seat]))
    return state


def worth(before: GameState, after: GameState, seat: int) -> float:
    """How good the end of the hand ``after`` is for ``seat``, from ``before``."""
    others = [s for s in range(len(after.players)) if s != seat]
    if after.outcome is not None:
        return GAME if after.outcome.winner == seat else -GAME / len(others)

    def gained(s: int) -> tuple[int, int]:
        was, now = before.players[s], after.players[s]
        return now.completed - was.completed, now.score - was.score

    phases, points = gained(seat)
    their = [gained(s) for s in others]
    lead = phases - sum(p for p, _ in their) / len(others)
    return lead - (points - sum(q for _, q in their) / len(others)) / 200


def foreseen(state: GameState, seat: int, bots: list[AnyBot], rngs: list[random.Random]) -> Action:
    """``sharp``'s move at ``state``, or the draw or discard with the best real future."""
    view = view_for(state, seat)
    move: Action = bots[seat].choose(view, copied(rngs[seat]))
    kind = Draw if isinstance(move, Draw) else Discard if isinstance(move, Discard) else None
    if kind is None:
        return move
    scores: dict[Action, float] = {}
    for action in (a for a in view.legal if isinstance(a, kind)):
        twins = [copied(rng) for rng in rngs]
        bots[seat].choose(view, twins[seat])  # its generator moves on as in the real game
        scores[action] = worth(state, rest_of_hand(apply_action(state, action), bots, twins), seat)
    return max(scores, key=lambda a: (scores[a], a == move))


def play(job: tuple[bool, int, int, int, int]) -> tuple[int, int, int]:
    """(1 if the seat wins, moves changed, decisions) for deal ``index`` from ``seat``."""
    clairvoyant, players, seed, index, seat = job
    bots: list[AnyBot] = [GreedyBot() for _ in range(players)]
    bots[seat] = SharpBot()
    deal = game_seed(seed, index)
    rngs = [random.Random(f"phase10-sim-bot:{deal}:{s}") for s in range(players)]
    state = new_game(RULES, players, deal)
    changed = decisions = 0
    while state.outcome is None:
        current = state.current
        own = foreseen(state, seat, bots, rngs) if clairvoyant and current == seat else None
        action = bots[current].choose(view_for(state, current), rngs[current])
        if own is not None:
            decisions += 1
            changed += own != action
            action = own
        state = apply_action(state, action)
    return int(state.outcome.winner == seat), changed, decisions


def main(argv: list[str]) -> int:
    """Play both rows and print them; returns the exit code."""
    players = int(argv[0]) if argv else 4
    deals = int(argv[1]) if len(argv) > 1 else 100
    seed = int(argv[2]) if len(argv) > 2 else 1
    workers = int(argv[3]) if len(argv) > 3 else 2
    print(
        f"{players} players, {deals} deals x {players}, seed {seed}; fair share {1 / players:.0%}"
    )
    with ProcessPoolExecutor(workers) as pool:
        for clairvoyant in (False, True):
            start = time.perf_counter()
            jobs = [
                (clairvoyant, players, seed, d, s) for d in range(deals) for s in range(players)
            ]
            results = list(pool.map(play, jobs, chunksize=1))
            wins = sum(won for won, _, _ in results)
            low, high = wilson(wins, len(jobs))
            changed = sum(c for _, c, _ in results) / len(jobs)
            decided = sum(d for _, _, d in results) / len(jobs)
            name = "clairvoyant sharp" if clairvoyant else "sharp"
            tail = (
                f"; {changed:.1f} of {decided:.0f} decisions changed a game" if clairvoyant else ""
            )
            print(
                f"{name:>17} vs greedy: {wins}/{len(jobs)} = {wins / len(jobs):.1%} "
                f"(95% CI {low:.1%}-{high:.1%}{tail}; {time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(f"reproduce: python benchmarks/ceiling_foresight.py {players} {deals} {seed} {workers}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
