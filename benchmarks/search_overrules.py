"""Where `expert`'s search overrules the learned bot, what does it throw? A diagnostic.

`expert` plays its prior's move (the learned bot's, ``hard``) unless the search finds another
better by three standard errors. Its prior breaks its last tie between discards by the
classifier's chance that the next player wants the card (``games/phase10/wants.py``,
decision 0022), which the search does not read: its deals of the unseen cards are uniform but
for the cards the next player took. This script plays heads-up games of ``expert:800it``
against ``greedy`` and, at every searched decision where the move played is not the prior's,
records, for a discard overruling a discard, the classifier's chance for both cards and
whether each would have helped the next player's real hand (brought it closer to their phase,
which is when ``greedy`` takes it, P10-R13; counted while they have not laid down).

Measured (20 games, seeds 400 to 419, expert in seat 0; 25 minutes on 2 cores):

* 30 overrules in 3,215 searched decisions (0.9%): 8 at the draw, 22 at a discard;
* the classifier's mean chance for the card thrown: the prior's 0.08, the search's 0.18; of
  the 14 overrules where the two chances differ, the search threw the card rated more
  likely to be wanted in 13;
* of the 11 where the next player had not laid down and both cards were numbers, the real
  hand would have been helped by the prior's card once and by the search's twice.

So the search, blind to what the classifier reads, mostly overrules towards cards the next
player is likelier to want, undoing the prior's denial. Too few games to say what that costs;
it is a candidate reason why the search adds less on top of this prior than on top of the
one before (docs/bots.md, "Levels").

Run: ``.venv/bin/python benchmarks/search_overrules.py [GAMES] [FIRST] [WORKERS]`` (defaults
``20 400 2``).
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.bots.ismcts import ISMCTSBot
from phase10.games.phase10.actions import Discard
from phase10.games.phase10.cards import NUMBERED
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.games.phase10.wants import chance_next_wants

RULES = find_variant("standard")
#: One overrule of a discard: the classifier's chance for the prior's card and the search's,
#: and whether each would help the next player's real hand (None where that is moot).
Row = tuple[float, float, int | None, int | None]


def _helps(state: GameState, view: PlayerView, card: int) -> int | None:
    nxt = view.players[1 - view.seat]
    if card >= NUMBERED or nxt.phase is None or nxt.laid >= 0:
        return None
    real = list(state.players[1 - view.seat].hand)
    return int(distance([*real, card], nxt.phase, RULES) < distance(real, nxt.phase, RULES))


def game(seed: int) -> tuple[list[Row], int, int, int]:
    """One game: (discard overrules, draw overrules, other overrules, searched decisions)."""
    expert = make_bot("expert:800it")
    assert isinstance(expert, ISMCTSBot)
    greedy = GreedyBot()
    rngs = [random.Random(f"{seed}:{s}") for s in range(2)]
    state = new_game(RULES, 2, seed)
    rows: list[Row] = []
    draws = others = searched = 0
    while state.outcome is None:
        view = view_for(state, state.current, events=False)
        if state.current == 0:
            action = expert.choose(view, rngs[0])
            preferred = next((s.action for s in expert.last_stats if s.preferred), action)
            searched += bool(expert.last_stats)
            if action != preferred:
                if isinstance(action, Discard) and isinstance(preferred, Discard):
                    rows.append(
                        (
                            chance_next_wants(view, preferred.card),
                            chance_next_wants(view, action.card),
                            _helps(state, view, preferred.card),
                            _helps(state, view, action.card),
                        )
                    )
                elif isinstance(action, Discard) or isinstance(preferred, Discard):
                    others += 1
                else:
                    draws += 1
        else:
            action = greedy.choose(view, rngs[1])
        state = apply_action(state, action)
    return rows, draws, others, searched


def main(argv: list[str]) -> int:
    """Play the games, print the running counts and the figures; returns the exit code."""
    games = int(argv[0]) if argv else 20
    first = int(argv[1]) if len(argv) > 1 else 400
    workers = int(argv[2]) if len(argv) > 2 else 2
    rows: list[Row] = []
    draws = others = searched = 0
    with ProcessPoolExecutor(workers) as pool:
        for seed, (part, d, o, s) in zip(
            range(first, first + games), pool.map(game, range(first, first + games)), strict=True
        ):
            rows.extend(part)
            draws, others, searched = draws + d, others + o, searched + s
            print(f"  seed {seed}: {len(rows) + draws + others} overrules so far", flush=True)
    total = len(rows) + draws + others
    print(
        f"{total} overrules in {searched} searched decisions: {draws} at the draw, "
        f"{len(rows)} of a discard by a discard, {others} other"
    )
    if rows:
        prior = sum(r[0] for r in rows) / len(rows)
        search = sum(r[1] for r in rows) / len(rows)
        print(
            f"classifier's mean chance of the card thrown: prior {prior:.2f}, search {search:.2f}"
        )
        higher = sum(r[1] > r[0] for r in rows)
        lower = sum(r[1] < r[0] for r in rows)
        print(f"the search's card rated more likely wanted in {higher}, less likely in {lower}")
        moot = [(a, b) for _, _, a, b in rows if a is not None and b is not None]
        print(
            f"the next player's real hand helped, of {len(moot)} overrules: "
            f"by the prior's card {sum(a for a, _ in moot)}, "
            f"by the search's {sum(b for _, b in moot)}"
        )
    print(f"reproduce: python benchmarks/search_overrules.py {games} {first} {workers}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
