"""Does `expert`'s search gain from deals that agree with what the opponent did not do?

The search deals the unseen cards at random (``games/phase10/determinize.py``), keeping only
the cards an opponent took from the discard pile. A real opponent who holds their whole
phase lays it down (``greedy`` always does; laying down is optional, D-42, but rarely held
back), so an opponent who has not laid down holds no phase. A random deal gives them one
anyway in a share of the search's deals: in those, the opponent lays down at once and the
search plays against a hand nobody holds.

This script measures that share at ``expert``'s decisions (heads-up, ``learned`` against
``greedy``), and offers the search that deals again, up to ``TRIES`` times, until no opponent
who has not laid down holds their phase (``consistent_expert``), as a bot for
``benchmarks/paired_gain.py`` (the benchmarks folder on the path):

    PYTHONPATH=benchmarks .venv/bin/python benchmarks/paired_gain.py \\
        search_inference:consistent_expert expert:800it 2 36 7,8 2 0

Measured, seed 7 (``share``: 10 games, 1,224 decisions where the opponent had not laid
down, 20 deals each): 5.8% of the search's deals gave the opponent a phase they would have
laid down. How much that changes the play (``agree``: ``expert:800it`` and
``consistent_expert`` on the same view with the same generator at each of ``expert``'s
decisions, ``expert`` playing on, heads-up against ``greedy``): 10 different moves in
1,078 decisions over five games and a part (0.9%, about two a game; 3 of them taking the
discard pile's top where ``expert`` drew, 7 another discard, 3 of those a Skip thrown or
kept), as often as the search overrules its prior at all.
Whether those changes win games is not measured: the paired run above plays 72 games twice
at about 150 CPU-seconds a game, some 6 CPU-hours.

Run: ``.venv/bin/python benchmarks/search_inference.py share [GAMES] [SEED] [DEALS]``
(defaults ``10 7 20``, a few minutes) and ``... agree [GAMES] [SEED]`` (defaults ``5 7``,
about 40 minutes of one core).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.bots.ismcts import ISMCTSBot
from phase10.games.phase10.determinize import determinize
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.learned import LearnedBot
from phase10.games.phase10.search import Phase10Search
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.sim.runner import game_seed

RULES = find_variant("standard")
#: How many deals the consistent search tries before it keeps an inconsistent one.
TRIES = 20


def holds_a_phase_unlaid(guess: GameState, view: PlayerView) -> bool:
    """Whether the deal gives an opponent who has not laid down their whole phase."""
    for seat, public in enumerate(view.players):
        if seat == view.seat or public.laid >= 0 or public.phase is None:
            continue
        if find_phase(guess.players[seat].hand, public.phase, view.rules) is not None:
            return True
    return False


@dataclass(frozen=True, slots=True)
class ConsistentSearch(Phase10Search):
    """The Phase 10 search hooks, dealing again while an unlaid opponent holds a phase."""

    tries: int = TRIES

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        guess = determinize(view, rng)
        for _ in range(self.tries - 1):
            if not holds_a_phase_unlaid(guess, view):
                break
            guess = determinize(view, rng)
        return guess


def consistent_expert() -> ISMCTSBot:
    """``expert:800it`` with :class:`ConsistentSearch`'s deals (everything else the same)."""
    bot = make_bot("expert:800it")
    assert isinstance(bot, ISMCTSBot)
    bot.game = ConsistentSearch()
    bot.name = "consistent-expert"
    return bot


def share(games: int, seed: int, deals: int) -> tuple[int, int, int]:
    """Decisions seen, deals made and deals inconsistent, over ``games`` heads-up games."""
    decisions = made = bad = 0
    for index in range(games):
        state = new_game(RULES, 2, game_seed(seed, index))
        me, opponent = LearnedBot(), GreedyBot()
        rng = random.Random(index)
        while state.outcome is None:
            view = view_for(state, state.current)
            if state.current == 1:
                state = apply_action(state, opponent.choose(view, random.Random(0)))
                continue
            if view.players[1].laid < 0:
                decisions += 1
                for _ in range(deals):
                    made += 1
                    bad += holds_a_phase_unlaid(determinize(view, rng), view)
            state = apply_action(state, me.choose(view, random.Random(0)))
    return decisions, made, bad


def agree(games: int, seed: int) -> tuple[int, int]:
    """Decisions of ``expert`` and how many of them the consistent search plays otherwise."""
    plain, consistent, opponent = make_bot("expert:800it"), consistent_expert(), GreedyBot()
    decisions = changed = 0
    for index in range(games):
        state = new_game(RULES, 2, game_seed(seed, index))
        while state.outcome is None:
            view = view_for(state, state.current)
            if state.current == 1:
                state = apply_action(state, opponent.choose(view, random.Random(0)))
                continue
            move = plain.choose(view, random.Random(decisions))
            other = consistent.choose(view, random.Random(decisions))
            decisions += 1
            if other != move:
                changed += 1
                print(f"game {index}, decision {decisions}: {move} -> {other}", flush=True)
            state = apply_action(state, move)
        print(f"after game {index}: {changed} of {decisions} decisions differ", flush=True)
    return decisions, changed


def main(argv: list[str]) -> None:
    mode, *rest = argv or ["share"]
    if mode == "agree":
        games, seed = (int(a) for a in [*rest, *["5", "7"][len(rest) :]][:2])
        decisions, changed = agree(games, seed)
        print(f"{games} games of seed {seed}: {changed} of {decisions} decisions differ")
        print(f"reproduce: .venv/bin/python benchmarks/search_inference.py agree {games} {seed}")
        return
    defaults = ["10", "7", "20"]
    games, seed, deals = (int(a) for a in [*rest, *defaults[len(rest) :]][:3])
    decisions, made, bad = share(games, seed, deals)
    print(
        f"{games} games of seed {seed}: {decisions} decisions where the opponent had not laid "
        f"down, {made} deals, {bad} giving them their phase ({100 * bad / made:.1f}%)"
    )
    print(
        f"reproduce: .venv/bin/python benchmarks/search_inference.py share {games} {seed} {deals}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
