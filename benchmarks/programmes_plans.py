"""Whole plans for the programmes game that differ from `sharp` in many moves at once.

No search built on `sharp` finds a better move in the programmes game, one move at a time
(``benchmarks/programmes_search_signal.py``, docs/decisions/0021), so `expert` there played
`hard`'s move. What that decision left open is a player with another plan. Two are here,
each a change of `sharp` (the ``hard`` level), played against ``hard`` itself on duplicate
deals, where a better plan shows as more than 50%:

* **Holding the reveal** (:class:`HoldReveal`). A revealed program is one the opponent knows
  about, and a revealed player then needs several turns to empty the hand (AMZ-R20, R21),
  turns the opponent uses to reveal too. The plan keeps a program it could reveal in hand
  and reveals only when at most ``most`` cards would be left after laying it out with every
  new set and extension it could then lay (1: it goes out that very turn, AMZ-R28), unless
  waiting could cost the program or the game: the opponent has revealed (they may go out),
  the reveal would win the game, or an opponent's next program would (AMZ-R30).
* **Pairs for after the reveal** (``SharpProgrammeBot(pair_weight=...)``). After the reveal
  only new sets and extensions empty the hand (no new runs, AMZ-R21), yet before it `sharp`
  values a pair only if its program asks for sets. The plan also values pairs under a
  program of runs, ``pair_weight`` points a copy, to lay them as sets once revealed. At 2
  (``PAIR_WEIGHT``) it is the ``expert`` level (docs/decisions/0026).

Measured (seed 1, 2,000 games each against ``hard``; about 5 minutes in all on 2 cores):
holding until the reveal empties the hand, 36.5%; until at most 3 cards are left, 41.2%; 5,
45.8%; 7, 49.3%: holding loses. Pairs for later at 1, 2 and 4 a copy: 50.3%, 50.4% and
50.2%; at 2 (the ``expert`` level) over seeds 1 to 10 (4,000 games of each seed after the
first), 19,293 of 38,000, 50.8% (50.3-51.3%), above half on every seed (docs/bots.md,
"Another plan: pairs for after the reveal").

Each plan is an importable bot for ``phase10 simulate`` (the benchmarks folder on the path),
``PYTHONPATH=benchmarks phase10 simulate --game programmes --bots
programmes_plans:hold_1,hard --games 2000 --seed 1 --duplicate --workers 2``; the script
plays them all.

Run: ``.venv/bin/python benchmarks/programmes_plans.py [GAMES] [SEED] [WORKERS]``
(defaults ``2000 1 2``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
)
from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.greedy import GreedyProgrammeBot
from phase10.games.programmes.sharp import PAIR_WEIGHT, SharpProgrammeBot
from phase10.games.programmes.turns import apply_action
from phase10.games.programmes.view import ProgrammeView, view_for

#: The lays counted after a reveal stop here (a hand of 13 cards lays far fewer).
_MOST_LAYS = 40


def left_after(view: ProgrammeView, reveal: Reveal) -> int:
    """Cards left in hand after ``reveal`` and every new set and extension ``greedy`` would
    then lay in the same turn, before the discard (0: the hand was emptied).

    Only the seat's own cards and the table decide what it can lay, so any deal of the
    hidden cards gives the same answer; a fixed generator keeps the bot deterministic.
    """
    state = apply_action(determinize(view, random.Random(0)), reveal)
    layer = GreedyProgrammeBot()
    rng = random.Random(0)
    for _ in range(_MOST_LAYS):
        if state.current != view.seat or state.outcome is not None:
            return 0
        now = view_for(state, view.seat)
        if not any(isinstance(a, Meld | Extend) for a in now.legal):
            return len(now.hand)
        state = apply_action(state, layer.choose(now, rng))
    return len(view_for(state, view.seat).hand)


class HoldReveal(SharpProgrammeBot):
    """`sharp` that keeps a program it could reveal in hand until at most ``most`` cards would
    be left after it (module docstring)."""

    def __init__(self, most: int) -> None:
        super().__init__(f"hold-{most}")
        self.most = most

    def _play(
        self, view: ProgrammeView, legal: Sequence[ProgrammeAction], rng: random.Random
    ) -> ProgrammeAction:
        reveals = [a for a in legal if isinstance(a, Reveal)]
        if reveals and not self._urgent(view):
            best = min(reveals, key=lambda a: sum(c.wilds for c in a.combos))
            if left_after(view, best) > self.most and any(
                isinstance(a, DiscardCard) for a in legal
            ):
                return self.discard_ranking(view)[0]
        return super()._play(view, legal, rng)

    @staticmethod
    def _urgent(view: ProgrammeView) -> bool:
        win = view.rules.programs_to_win
        me = view.players[view.seat]
        others = [p for s, p in enumerate(view.players) if s != view.seat]
        return (
            len(me.done) + 1 >= win
            or any(p.revealed for p in others)
            or any(len(p.done) + 1 >= win for p in others)
        )


def hold_1() -> HoldReveal:
    """Reveals only to go out at once (or when waiting could cost it)."""
    return HoldReveal(1)


def hold_3() -> HoldReveal:
    """Reveals once at most 3 cards would be left."""
    return HoldReveal(3)


def hold_5() -> HoldReveal:
    """Reveals once at most 5 cards would be left."""
    return HoldReveal(5)


def hold_7() -> HoldReveal:
    """Reveals once at most 7 cards would be left."""
    return HoldReveal(7)


def pairs_1() -> SharpProgrammeBot:
    """One point a copy for a pair under a program of runs."""
    return SharpProgrammeBot("pairs-1", pair_weight=1)


def pairs_2() -> SharpProgrammeBot:
    """Two points a copy: the ``expert`` level's plan (``PAIR_WEIGHT``)."""
    return SharpProgrammeBot("pairs-2", pair_weight=PAIR_WEIGHT)


def pairs_4() -> SharpProgrammeBot:
    """Four points a copy."""
    return SharpProgrammeBot("pairs-4", pair_weight=4)


PLANS = ("hold_1", "hold_3", "hold_5", "hold_7", "pairs_1", "pairs_2", "pairs_4")


def main(argv: list[str]) -> int:
    """Play every plan against ``hard`` on the same duplicate deals; returns the exit code."""
    from phase10.cli.main import main as phase10

    defaults = [2000, 1, 2]
    games, seed, workers = [int(a) for a in argv] + defaults[len(argv) :]
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for plan in PLANS:
        print(f"== {plan} against hard", flush=True)
        status = phase10(
            [
                "simulate",
                "--game",
                "programmes",
                "--bots",
                f"programmes_plans:{plan},hard",
                "--games",
                str(games),
                "--seed",
                str(seed),
                "--duplicate",
                "--workers",
                str(workers),
            ]
        )
        if status:
            return status
    print(f"reproduce: python benchmarks/programmes_plans.py {games} {seed} {workers}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
