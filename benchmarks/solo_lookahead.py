"""How much sooner could one player complete a phase alone than ``greedy`` does?

With four players ``sharp`` wins 27% against ``greedy`` (25% is a fair share), and cheats of
denial and of drawing lift it only to 29% (``benchmarks/ceiling_cheats.py``). What is left
is building one's own hand faster. This script measures how far ``greedy``'s hand-building
is from its best, in the solo study of ``phase10 simulate --solo`` (one player, a fresh deck,
each turn a random unseen card offered; ``games/phase10/solo.py``): the same trials are
played by ``greedy`` and by a lookahead player that chooses each draw and each discard by
one step of policy improvement over ``greedy``:

* every candidate (take the offered card or draw; each distinct card to discard) is played
  out ROLLOUTS times to the turn the hand holds its phase, ``greedy`` playing on, each time
  on a fresh shuffle of the cards still unseen, shared by all candidates (paired);
* a candidate replaces ``greedy``'s move only if it saves more turns than BAR standard
  errors of the paired difference (the largest such saving wins). With BAR 0 the lookahead
  follows any estimate that is better at all.

If one step of improvement saves nothing, no single change of ``greedy``'s draws and
discards would complete phases sooner on average: its hand-building sits at the fixed point
of policy improvement, up to the rollouts' noise.

The ``greedy`` column is ``phase10 simulate --solo --phase P --games TRIALS --seed SEED``'s
mean (the script checks it).

Run: ``.venv/bin/python benchmarks/solo_lookahead.py [PHASES] [TRIALS] [ROLLOUTS] [SEED]
[WORKERS] [BAR]`` (defaults ``1,2,3,4,5,6,7,8,9,10 300 128 1 2 2``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from phase10.api import find_variant
from phase10.games.phase10.actions import Discard, Draw, Source
from phase10.games.phase10.cards import SKIP_CODE, Card, full_deck
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.rules import HAND_SIZE, Phase
from phase10.games.phase10.solo import TURN_CAP, solo_study, solo_view
from phase10.games.phase10.state import Stage

RULES = find_variant("standard")
GREEDY = GreedyBot()
#: A rollout still without the phase after this many turns counts them (rare: 1 in 10,000).
ROLLOUT_CAP = 40


def _greedy_discard(phase: Phase, hand: list[Card], top: Card, rng: random.Random) -> Card:
    action = GREEDY.choose(solo_view(RULES, phase, hand, top, Stage.PLAY), rng)
    assert isinstance(action, Discard)
    return action.card


def _turns_left(phase: Phase, hand: list[Card], pile: list[Card], rng: random.Random) -> int:
    """Turns ``greedy`` needs from here (a turn about to start) to hold ``phase``."""
    hand = list(hand)
    pile = list(pile)
    for turn in range(1, ROLLOUT_CAP + 1):
        if len(pile) < 2:
            return ROLLOUT_CAP
        top = pile.pop()
        take = GREEDY.choose(solo_view(RULES, phase, hand, top, Stage.DRAW), rng)
        hand = sorted([*hand, top if take == Draw(Source.DISCARD_PILE) else pile.pop()])
        if find_phase(hand, phase, RULES) is not None:
            return turn
        hand.remove(_greedy_discard(phase, hand, top, rng))
    return ROLLOUT_CAP


def _best(base: int, samples: list[list[int]], bar: float) -> int:
    """The candidate saving the most turns over ``base`` beyond ``bar`` standard errors."""
    best, saving = base, 0.0
    for i, sample in enumerate(samples):
        if i == base:
            continue
        diffs = [b - s for b, s in zip(samples[base], sample, strict=True)]
        mean = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / len(diffs) ** 0.5
        if mean > bar * error and mean > saving:
            best, saving = i, mean
    return best


def trial(job: tuple[int, int, int, int, float, bool]) -> tuple[int, int]:
    """(turns to hold the phase, moves that differ from greedy's) for one trial."""
    phase_number, seed, index, rollouts, bar, lookahead = job
    phase = RULES.phase_by_number(phase_number)
    assert phase is not None
    # The same deal and offers as the solo study's trial ``index`` (solo.py).
    rng = random.Random(f"phase10-solo:{seed}:{index}")
    futures = random.Random(f"solo-lookahead:{seed}:{index}")
    deck = list(full_deck())
    rng.shuffle(deck)
    hand = sorted(deck[:HAND_SIZE])
    pile = deck[HAND_SIZE:]
    changed = 0
    for turn in range(1, TURN_CAP + 1):
        if len(pile) < 2:
            pile = list(full_deck())
            for card in hand:
                pile.remove(card)
            rng.shuffle(pile)
        top = pile.pop()
        view = solo_view(RULES, phase, hand, top, Stage.DRAW)
        take = GREEDY.choose(view, rng) == Draw(Source.DISCARD_PILE)
        if lookahead and top != SKIP_CODE:
            samples: list[list[int]] = [[], []]
            for _ in range(rollouts):
                future = list(pile)
                futures.shuffle(future)
                ties = futures.getrandbits(64)
                for option, taken in enumerate((True, False)):
                    rest = list(future)
                    after = sorted([*hand, top if taken else rest.pop()])
                    if find_phase(after, phase, RULES) is not None:
                        samples[option].append(0)
                        continue
                    tie_rng = random.Random(ties)
                    after.remove(_greedy_discard(phase, after, top, tie_rng))
                    samples[option].append(_turns_left(phase, after, rest, tie_rng))
            chosen = _best(0 if take else 1, samples, bar) == 0
            changed += chosen != take
            take = chosen
        hand = sorted([*hand, top if take else pile.pop()])
        if find_phase(hand, phase, RULES) is not None:
            return turn, changed
        card = _greedy_discard(phase, hand, top, rng)
        if lookahead:
            candidates = sorted(set(hand))
            samples = [[] for _ in candidates]
            for _ in range(rollouts):
                future = list(pile)
                futures.shuffle(future)
                ties = futures.getrandbits(64)
                for i, candidate in enumerate(candidates):
                    kept = list(hand)
                    kept.remove(candidate)
                    samples[i].append(_turns_left(phase, kept, future, random.Random(ties)))
            chosen_card = candidates[_best(candidates.index(card), samples, bar)]
            changed += chosen_card != card
            card = chosen_card
        hand.remove(card)
    return TURN_CAP, changed


def main(argv: list[str]) -> int:
    """Measure every phase asked for and print its row; returns the exit code."""
    phases = [int(p) for p in (argv[0] if argv else "1,2,3,4,5,6,7,8,9,10").split(",")]
    trials = int(argv[1]) if len(argv) > 1 else 300
    rollouts = int(argv[2]) if len(argv) > 2 else 128
    seed = int(argv[3]) if len(argv) > 3 else 1
    workers = int(argv[4]) if len(argv) > 4 else 2
    bar = float(argv[5]) if len(argv) > 5 else 2.0
    print(
        f"solo study, {trials} trials a phase, seed {seed}; lookahead: {rollouts} rollouts "
        f"a candidate, overrules greedy beyond {bar:g} standard errors"
    )
    print("phase  greedy turns  lookahead turns  saved (± 1 SE)  moves changed a trial  seconds")
    all_saved: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for number in phases:
            start = time.perf_counter()
            jobs = [
                (number, seed, i, rollouts, bar, look)
                for look in (False, True)
                for i in range(trials)
            ]
            results = list(pool.map(trial, jobs, chunksize=4))
            greedy = [turns for turns, _ in results[:trials]]
            looked = [turns for turns, _ in results[trials:]]
            changes = sum(changed for _, changed in results[trials:])
            check = solo_study(RULES, number, games=trials, seed=seed).mean_turns
            assert abs(statistics.fmean(greedy) - check) < 1e-9, "greedy row differs from solo"
            saved = [g - t for g, t in zip(greedy, looked, strict=True)]
            all_saved += saved
            print(
                f"{number:>5}  {statistics.fmean(greedy):>12.3f}  {statistics.fmean(looked):>15.3f}"
                f"  {statistics.fmean(saved):>+6.3f} ± {statistics.stdev(saved) / trials**0.5:.3f}"
                f"  {changes / trials:>21.2f}  {time.perf_counter() - start:>7.0f}",
                flush=True,
            )
    error = statistics.stdev(all_saved) / len(all_saved) ** 0.5
    print(f"all phases: {statistics.fmean(all_saved):+.3f} ± {error:.3f} turns saved a trial")
    print(
        "reproduce: python benchmarks/solo_lookahead.py "
        f"{','.join(map(str, phases))} {trials} {rollouts} {seed} {workers} {bar:g}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
