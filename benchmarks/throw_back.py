"""What the hard level's refusal to take a card only to throw it back costs or wins.

The learned bot (the hard level) draws instead of taking the discard pile's top when, after
the take, it would lay nothing, hit nothing and throw that card back, or one of the same
number where its phase wants no colour; and it never throws back the card it has just taken
(D-44 allows it). Drawing is never worse in principle (the drawn card could be thrown and
leave the same hand), and without it a player who throws back whatever it takes held hands
up for ever against the hard level.

This script plays duplicate games of the hard level against ``greedy`` (each deal once with
the hard level in each seat, the same deals and seeds as ``phase10 simulate --duplicate``
with seed 77), once as it plays and once as it played before (:class:`Before`: the same
network, the view's events hidden so that it cannot tell what it just took, and no check
before a take), and counts the wins of each and how many of the hard level's decisions
differ.

Measured (1,000 heads-up games and 400 of four players, about 35 minutes of one core):
heads-up the hard level won 615 games as it plays now and 612 as before (only now 19, only
before 16; a gain of 0.3 points, 95%: -0.9 to 1.5); at four players 123 and 125 (only now
0, only before 2). 446 of its 206,342 heads-up decisions differ (0.2%), 20 of 62,999 at four
players.

Run: ``.venv/bin/python benchmarks/throw_back.py [PLAYERS] [GAMES]`` (defaults ``2 1000``);
it prints a line every 100 games.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import Any

from phase10 import find_variant, games
from phase10.bots import make_bot
from phase10.games.phase10.learned import LearnedBot
from phase10.games.phase10.view import PlayerView
from phase10.sim.runner import game_seed

SEED = 77


class Before(LearnedBot):
    """The hard level as it played before: no check before a take, no sight of its take."""

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        return self._decide(dataclasses.replace(view, events=()), rng)


def play(index: int, before: bool, players: int, counts: list[int]) -> bool:
    """Game ``index`` of the duplicate run; whether the hard level won it. For the hard level
    as it plays now, ``counts`` gets its decisions and those where it differs from before."""
    game = games.get("phase10")
    seed = game_seed(SEED, index // players)
    hard = index % players
    bots: list[Any] = [make_bot("greedy", game) for _ in range(players)]
    bots[hard] = Before() if before else make_bot("hard", game)
    reference = Before()
    rngs = [random.Random(f"phase10-sim-bot:{seed}:{seat}") for seat in range(players)]
    state = game.new_game(find_variant("standard"), players, seed)
    for _ in range(20_000):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)
        view = game.view(state, seat)
        if seat == hard and not before:
            now = bots[seat].choose(view, random.Random(0))
            counts[0] += 1
            counts[1] += now != reference.choose(view, random.Random(0))
        state = game.apply(state, bots[seat].choose(view, rngs[seat]))
    outcome = game.outcome(state)
    return outcome is not None and outcome.winner == hard


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 2
    total = int(argv[1]) if len(argv) > 1 else 1000
    now = before = only_now = only_before = 0
    counts = [0, 0]
    for index in range(total):
        won_now, won_before = (
            play(index, False, players, counts),
            play(index, True, players, counts),
        )
        now += won_now
        before += won_before
        only_now += won_now and not won_before
        only_before += won_before and not won_now
        if (index + 1) % 100 == 0 or index + 1 == total:
            print(
                f"{players} players, {index + 1} games: now {now}, before {before} (only now "
                f"{only_now}, only before {only_before}); decisions {counts[0]}, differing "
                f"{counts[1]}",
                flush=True,
            )
    print(f"reproduce: python benchmarks/throw_back.py {players} {total}")


if __name__ == "__main__":
    main(sys.argv[1:])
