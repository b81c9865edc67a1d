"""Does a belief that reads how the next player plays guess their hand better? An experiment.

The learned bot's last tie-break is a classifier's chance that the next player wants a card
(``games/phase10/wants.py``), read from the table alone. A particle belief reads their moves
too: it holds ``PARTICLES`` guesses at the next player's hidden cards, dealt at the hand's
start from the cards this seat has not seen, and follows the hand as this seat sees it:

* when the next player draws from the draw pile, each guess draws a random card it has not
  seen; when they take the discard pile's top, that card is known to be theirs;
* when they discard a card a guess does not hold, the guess is made to hold it (a random
  hidden card becomes it); when this seat sees a card a guess holds (it draws it), the guess
  swaps that card for another unseen one;
* each guess is weighted by how ``greedy`` would have played it (the opponent here is
  ``greedy``, so the model is exact): by ``EPS_TAKE`` when ``greedy`` holding it would have
  made the other choice at the draw, or would have laid its phase down and did not, and by
  ``EPS_DISCARD`` when it would have thrown another card; the guesses are drawn again in
  proportion to their weights when fewer than half carry most of the weight.

At each of ``sharp``'s discards, heads-up against ``greedy``, while the next player has not
laid down, the chance that a card helps them (it brings their real hand closer to their
phase, which is when ``greedy`` takes it, P10-R13) is the weighted share of guesses it would
help. The script prints how often, among the cards of one decision, a card that helps is
ranked before one that does not (the area under the ROC curve within decisions, ties half),
for the particles, for the classifier, for the same number of guesses dealt at random with
no weights (``uniform``), and for the mean of the particles' and the classifier's chances.

Measured (15 deals from 5,000, each played twice with the seats swapped; 1,628 decisions,
11,051 cards; 400 guesses; a few minutes each on one core):

=============================  =========  ==========  =======  ===============
weights (take, discard)        particles  classifier  uniform  mean of the two
=============================  =========  ==========  =======  ===============
0.01, 0.05 (the defaults)      0.721      0.729       0.688    0.736
0.001, 0.01                    0.725      0.729       0.684    0.738
0.3, 0.6                       0.725      0.729       0.689    0.731
=============================  =========  ==========  =======  ===============

Reading the next player's moves lifts a blind guess to about where the classifier already is
from the table alone, and the two together rank no better than the classifier's memory of the
hand did (0.751), which won no games (docs/bots.md, "What the next player wants").

Run: ``.venv/bin/python benchmarks/belief_particles.py [DEALS] [FIRST] [PARTICLES] [EPS_TAKE]
[EPS_DISCARD] [WORKERS]`` (defaults ``15 5000 400 0.01 0.05 1``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import cast

from phase10.api import find_variant
from phase10.bots import AnyBot
from phase10.games.phase10.actions import Action, Discard, LayDown
from phase10.games.phase10.cards import NUMBERED, SKIP_CODE, Card
from phase10.games.phase10.determinize import unseen_counts
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.games.phase10.wants import chance_next_wants
from phase10.kernel.actions import Draw, Source
from phase10.kernel.state import Stage

RULES = find_variant("standard")
GREEDY = GreedyBot()

#: One card of one decision: (decision, particles' chance, classifier's, uniform's, helps).
Row = tuple[int, float, float, float, int]


class Belief:
    """Weighted guesses at the next player's hidden cards (the module docstring)."""

    def __init__(self, unseen: list[int], size: int, count: int, rng: random.Random) -> None:
        pool = _pool(unseen)
        self.guesses = [rng.sample(pool, size) for _ in range(count)]
        self.weights = [1.0] * count
        self.rng = rng

    def chances(self, known: list[int], cards: Sequence[int], view: PlayerView) -> list[float]:
        """For each of ``cards``, the weighted share of guesses it would bring closer to their
        phase."""
        phase = view.players[(view.seat + 1) % 2].phase
        assert phase is not None
        helped = [0.0] * len(cards)
        for weight, guess in zip(self.weights, self.guesses, strict=True):
            hand = [*known, *guess]
            base = distance(hand, phase, RULES)
            for i, card in enumerate(cards):
                if distance([*hand, card], phase, RULES) < base:
                    helped[i] += weight
        total = sum(self.weights)
        return [h / total for h in helped]

    def weigh(self, index: int, factor: float) -> None:
        self.weights[index] *= factor

    def draw_unseen(self, unseen: list[int], known: list[int]) -> None:
        """Each guess draws one card it has not seen from those this seat has not seen."""
        for guess in self.guesses:
            guess.append(self.rng.choice(_left(unseen, known, guess)))

    def discard(self, card: int, known: list[int]) -> None:
        """Every guess gives up ``card`` (a guess without it held it as a hidden card)."""
        for guess in self.guesses:
            if card in guess:
                guess.remove(card)
            elif card not in known:
                guess.pop(self.rng.randrange(len(guess)))

    def fit(self, unseen: list[int], known: list[int]) -> None:
        """Swap out of every guess the copies of cards this seat has now seen."""
        for guess in self.guesses:
            counts = list(unseen)
            for c in known:
                counts[c] -= 1
            over = []
            for i, c in enumerate(guess):
                counts[c] -= 1
                if counts[c] < 0:
                    over.append(i)
            if over:
                pool = _pool(counts)
                for i in over:
                    guess[i] = pool.pop(self.rng.randrange(len(pool)))

    def resample(self) -> None:
        """Draw the guesses again in proportion to their weights once few carry them."""
        total = sum(self.weights)
        if total <= 0 or total * total / sum(w * w for w in self.weights) > len(self.weights) / 2:
            return
        count = len(self.guesses)
        chosen = self.rng.choices(range(count), weights=self.weights, k=count)
        self.guesses = [list(self.guesses[i]) for i in chosen]
        self.weights = [1.0] * count


def _cards(codes: list[int]) -> tuple[Card, ...]:
    return tuple(cast(Card, code) for code in codes)


def _pool(counts: list[int]) -> list[int]:
    """Every card code as many times as ``counts`` holds it (none where the count is negative:
    a guess holding more copies than are left)."""
    return [code for code, n in enumerate(counts) for _ in range(max(0, n))]


def _left(unseen: list[int], known: list[int], guess: list[int]) -> list[int]:
    counts = list(unseen)
    for c in (*known, *guess):
        counts[c] -= 1
    return _pool(counts)


def _observe(
    belief: Belief,
    known: list[int],
    view: PlayerView,
    state: GameState,
    after: GameState,
    action: Action,
    eps: tuple[float, float],
    me: int,
) -> bool:
    """Follow the next player's ``action`` (``view`` is theirs, only its public part and a
    guessed hand are read); False once the belief stops (they laid down)."""
    phase = view.players[view.seat].phase
    if isinstance(action, Draw):
        top = state.discard_pile[-1] if state.discard_pile else None
        took = action.source is Source.DISCARD_PILE
        if top is not None and top != SKIP_CODE:
            for i, guess in enumerate(belief.guesses):
                chosen = GREEDY._draw(replace(view, hand=_cards([*known, *guess])))
                if (isinstance(chosen, Draw) and chosen.source is Source.DISCARD_PILE) != took:
                    belief.weigh(i, eps[0])
        if took and top is not None:
            known.append(top)
        else:
            belief.draw_unseen(unseen_counts(view_for(after, me, events=False)), known)
        return True
    if isinstance(action, Discard):
        card = action.card
        for i, guess in enumerate(belief.guesses):
            if card not in known and card not in guess:
                guess[belief.rng.randrange(len(guess))] = card
            hand = [*known, *guess]
            if phase is not None and distance(hand, phase, RULES) == 0:
                belief.weigh(i, eps[0])  # greedy lays its phase down as soon as it can
                continue
            held = replace(view, hand=_cards(hand))
            legal = [Discard(c) for c in sorted(set(held.hand))]
            thrown = GREEDY._discard(held, legal, belief.rng)
            if not isinstance(thrown, Discard) or thrown.card != card:
                belief.weigh(i, eps[1])
        belief.discard(card, known)
        if card in known:
            known.remove(card)
        belief.resample()
        return True
    return not isinstance(action, LayDown)


def game(job: tuple[int, int, int, float, float]) -> list[Row]:
    """The rows of deal ``seed`` with ``sharp`` in seat ``me`` against ``greedy``."""
    seed, me, count, eps_take, eps_discard = job
    opp = 1 - me
    rng = random.Random(f"belief:{seed}:{me}")
    bots: list[AnyBot] = [GreedyBot(), GreedyBot()]
    bots[me] = SharpBot()
    rngs = [random.Random(f"{seed}:{s}") for s in range(2)]
    state = new_game(RULES, 2, seed)
    rows: list[Row] = []
    decision = (2 * seed + me) * 10_000
    hand_number = -1
    belief = uniform = Belief([], 0, 0, rng)
    known: list[int] = []
    alive = False
    while state.outcome is None:
        current = state.current
        if state.hand_number != hand_number:
            hand_number = state.hand_number
            mine = view_for(state, me, events=False)
            unseen, size = unseen_counts(mine), mine.players[opp].hand_size
            belief, uniform = Belief(unseen, size, count, rng), Belief(unseen, size, count, rng)
            known, alive = [], True
        view = view_for(state, current, events=False)
        action = bots[current].choose(view, rngs[current])
        nxt = view.players[opp]
        if (
            alive
            and current == me
            and view.stage is Stage.PLAY
            and all(isinstance(a, Discard) for a in view.legal)
            and nxt.laid < 0
            and nxt.phase is not None
        ):
            real = list(state.players[opp].hand)
            before = distance(real, nxt.phase, RULES)
            decision += 1
            cards = sorted({a.card for a in view.legal if isinstance(a, Discard)})
            cards = [card for card in cards if card < NUMBERED]
            weighted = belief.chances(known, cards, view)
            unweighted = uniform.chances(known, cards, view)
            for i, card in enumerate(cards):
                helps = int(distance([*real, card], nxt.phase, RULES) < before)
                rows.append(
                    (decision, weighted[i], chance_next_wants(view, card), unweighted[i], helps)
                )
        after = apply_action(state, action)
        if alive and after.hand_number == hand_number and after.outcome is None:
            if current == opp:
                if isinstance(action, Draw) and action.source is Source.DRAW_PILE:
                    uniform.draw_unseen(unseen_counts(view_for(after, me, events=False)), known)
                elif isinstance(action, Discard):
                    uniform.discard(action.card, known)
                eps = (eps_take, eps_discard)
                alive = _observe(belief, known, view, state, after, action, eps, me)
            else:
                unseen = unseen_counts(view_for(after, me, events=False))
                belief.fit(unseen, known)
                uniform.fit(unseen, known)
        state = after
    return rows


def within_auc(rows: list[Row], column: int) -> float:
    """How often a card that helps is ranked above one that does not, within a decision."""
    by_decision: dict[int, list[tuple[float, int]]] = {}
    for row in rows:
        by_decision.setdefault(row[0], []).append((row[column], row[4]))
    good = pairs = 0.0
    for cards in by_decision.values():
        for yes in (s for s, helps in cards if helps):
            for no in (s for s, helps in cards if not helps):
                pairs += 1
                good += 1.0 if yes > no else 0.5 if yes == no else 0.0
    return good / pairs if pairs else 0.5


def main(argv: list[str]) -> int:
    """Play the deals, print the four rankings; returns the exit code."""
    deals = int(argv[0]) if argv else 15
    first = int(argv[1]) if len(argv) > 1 else 5000
    count = int(argv[2]) if len(argv) > 2 else 400
    eps_take = float(argv[3]) if len(argv) > 3 else 0.01
    eps_discard = float(argv[4]) if len(argv) > 4 else 0.05
    workers = int(argv[5]) if len(argv) > 5 else 1
    jobs = [(first + d, me, count, eps_take, eps_discard) for d in range(deals) for me in (0, 1)]
    rows: list[Row] = []
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(game, jobs):
            rows.extend(part)
    mean = [(r[0], (r[1] + r[2]) / 2, 0.0, 0.0, r[4]) for r in rows]
    print(f"{len({r[0] for r in rows})} decisions, {len(rows)} cards")
    print(f"particles:  {within_auc(rows, 1):.3f}")
    print(f"classifier: {within_auc(rows, 2):.3f}")
    print(f"uniform:    {within_auc(rows, 3):.3f}")
    print(f"mean of particles and classifier: {within_auc(mean, 1):.3f}")
    print(
        f"reproduce: python benchmarks/belief_particles.py {deals} {first} {count} "
        f"{eps_take} {eps_discard} {workers}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
