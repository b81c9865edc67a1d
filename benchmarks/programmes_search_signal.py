"""Is there anything for a search to find in the programmes game? ``sharp``'s choices against
their alternatives, judged by paired rollouts.

Games of ``sharp`` against itself are played (2 players). At every ``EVERY``-th decision of
the game where the search bot (``pimc``, :mod:`phase10.games.programmes.pimc`) would compare
candidates (drawing or taking the discard pile's top; ``sharp``'s discard and its next best
ones), the hidden cards are dealt at random ``DEALS`` times, consistently with the view, and
on each deal every candidate is played, then the manche to its end with every seat playing
``sharp`` (same tie-breaking draws for all candidates: common random numbers), scored as the
search scores it. For each alternative the line shows its mean paired difference from
``sharp``'s move and that mean in standard errors (``z``). At the end: how many alternatives
were better or worse than ``sharp``'s move by 2 standard errors or more.

A search with 1 s a decision runs about 300 rollouts, so about 75 deals of four candidates: if
few alternatives beat ``sharp``'s move by 2 standard errors even at several hundred deals, a
second of search cannot find them either.

With ``SIGHT`` 1 the hidden cards are not guessed: every deal is the real position, the
opponent's real hand and program, with only the draw pile and the program deck shuffled
again (a cheat no bot gets). It asks whether knowing the hidden hands would give a search
something to find: if it finds no better move either, reading the opponent better cannot
make a one-move search beat ``sharp``.

Everything is seeded: the same arguments give the same figures on any machine.

Run: ``.venv/bin/python benchmarks/programmes_search_signal.py [GAMES] [DEALS] [EVERY]
[CANDIDATES] [SIGHT]`` (defaults 3 300 3 4 0).
"""

from __future__ import annotations

import math
import random
import sys
import time

from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.pimc import ProgrammesPIMCBot, _rollout
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.sharp import SharpProgrammeBot
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.games.programmes.view import view_for

#: Decisions looked at per game, at most (a game has about 100).
DECISIONS = 60


def sighted(state: ProgrammeState, rng: random.Random) -> ProgrammeState:
    """The real position with only what nobody has seen shuffled again: the draw pile and
    the program deck (and the seed of later rounds' deals)."""
    pile, programs = list(state.draw_pile), list(state.program_deck)
    rng.shuffle(pile)
    rng.shuffle(programs)
    return state.evolve(
        draw_pile=tuple(pile),
        program_deck=tuple(programs),
        seed=rng.getrandbits(32),
        shuffles=10_000,
        events=(),
    )


def main(games: int, deals: int, every: int, candidates: int, sight: int) -> None:
    sharp = SharpProgrammeBot()
    search = ProgrammesPIMCBot(candidates=candidates)
    better = worse = compared = 0
    started = time.perf_counter()
    for seed in range(1, games + 1):
        state = new_game(ProgrammeRules(), players=2, seed=seed)
        rng = random.Random(seed)
        for decision in range(DECISIONS):
            if state.outcome is not None:
                break
            view = view_for(state, state.current)
            action = sharp.choose(view, rng)
            options = search._candidates(view, action)
            if len(options) > 1 and decision % every == 0:
                diffs: list[list[float]] = [[] for _ in options]
                for _ in range(deals):
                    deal = sighted(state, rng) if sight else determinize(view, rng)
                    ties = rng.getrandbits(64)
                    rewards = [
                        _rollout(apply_action(deal, option), deal, view.seat, ties)
                        for option in options
                    ]
                    for i in range(1, len(options)):
                        diffs[i].append(rewards[i] - rewards[0])
                shown = []
                for i in range(1, len(options)):
                    mean = sum(diffs[i]) / deals
                    var = sum((x - mean) ** 2 for x in diffs[i]) / (deals - 1)
                    z = mean / math.sqrt(var / deals) if var > 0 else 0.0
                    better += z >= 2.0
                    worse += z <= -2.0
                    compared += 1
                    shown.append(f"{options[i]}: {mean:+.3f} ({z:+.1f} z)")
                print(f"game {seed}, decision {decision}: sharp {action}; " + "; ".join(shown))
            state = apply_action(state, action)
    minutes = (time.perf_counter() - started) / 60
    print(
        f"{compared} alternatives at {deals} deals each: {better} better than sharp's move by "
        f"2 standard errors or more, {worse} worse ({minutes:.1f} min)"
    )
    print(
        "reproduce: .venv/bin/python benchmarks/programmes_search_signal.py "
        f"{games} {deals} {every} {candidates} {sight}"
    )


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:6]]
    defaults = [3, 300, 3, 4, 0]
    main(*(numbers + defaults[len(numbers) :]))
