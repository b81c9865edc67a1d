"""The fast bots' thinking time per decision (learned, sharp, greedy): median, 99th percentile and
slowest.

Plays whole games (4 players unless told) under the standard rules with every seat the same
bot, timing each ``choose`` call (view building excluded) in CPU time of this process, so
that other work on the machine (a preempted decision) does not inflate the figures. The
bound asked for is 5 ms a decision.

Python's garbage collector now and then stops the process to sweep all of its memory (a full,
generation-2 collection), whichever call happens to be running; the games the benchmark has
played fill that memory, not the bot. So the slowest decision is shown twice: as measured, and
less the collector's pauses inside it (timed with ``gc.callbacks``), which is the bot's own
thinking. After each bot's games it also times a full collection (median of five) and counts
the objects the collector tracks: what a bot keeps between decisions (``learned``'s cache of
distances) lengthens every later pause of the process it runs in unless the collector can
ignore it.

A single slowest time is at the mercy of the machine (an interrupt, another process in the
cache): with ``PASSES`` above 1 the same games are played that many times, ``learned``'s
cache of distances emptied before each so that every pass does the same work, and the
slowest decision is also given as each decision's best time over the passes.

The objects alive once the bots are made (the modules, ``learned``'s network) are frozen out
of the collector's sweeps first, as ``phase10 play`` and the server's workers do
(:mod:`phase10.memory`); ``thaw`` as the fifth argument measures without.

Run: ``.venv/bin/python benchmarks/bench_bots.py [GAMES] [SEED] [PLAYERS] [PASSES] [thaw]``
(heads-up is where ``learned`` weighs what the next player wants, decision 0022).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.phase10.learned import _DISTANCES
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import view_for
from phase10.memory import freeze_what_lives


class CollectorClock:
    """CPU seconds the garbage collector has spent since this was made (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._started = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        now = time.process_time()
        if phase == "start":
            self._started = now
        else:
            self.spent += now - self._started

    def close(self) -> None:
        gc.callbacks.remove(self._tick)


def decision_times(name: str, games: int, seed: int, players: int = 4) -> list[tuple[float, float]]:
    """(seconds, of which the garbage collector's) per decision of bot ``name`` over ``games``
    seeded games of ``players`` players."""
    rules = find_variant("standard")
    times: list[tuple[float, float]] = []
    collector = CollectorClock()
    for game in range(games):
        state = new_game(rules, players, seed + game)
        bots = [make_bot(name) for _ in range(players)]
        rngs = [random.Random(f"{seed}:{game}:{s}") for s in range(players)]
        while state.outcome is None:
            seat = state.current
            view = view_for(state, seat)
            start, swept = time.process_time(), collector.spent
            action = bots[seat].choose(view, rngs[seat])
            times.append((time.process_time() - start, collector.spent - swept))
            state = apply_action(state, action)
    collector.close()
    return times


def full_collection() -> tuple[float, int]:
    """(CPU seconds of a full collection, median of five; objects the collector tracks)."""
    gc.collect()
    spent = []
    for _ in range(5):
        start = time.process_time()
        gc.collect()
        spent.append(time.process_time() - start)
    return statistics.median(spent), len(gc.get_objects())


def best_of_passes(name: str, games: int, seed: int, players: int, passes: int) -> list[float]:
    """Each decision's fastest time, less the collector's pauses, over ``passes`` plays of
    the same games, each starting from an empty cache of distances."""
    best: list[float] = []
    for _ in range(passes):
        _DISTANCES.clear()
        own = [total - swept for total, swept in decision_times(name, games, seed, players)]
        if best and len(own) != len(best):
            raise SystemExit("the passes played different games: the bots are not deterministic")
        best = list(map(min, best, own)) if best else own
    return best


def main(argv: list[str]) -> int:
    """Measure and print the figures; returns the exit code."""
    games = int(argv[0]) if argv else 6
    seed = int(argv[1]) if len(argv) > 1 else 0
    players = int(argv[2]) if len(argv) > 2 else 4
    passes = int(argv[3]) if len(argv) > 3 else 1
    thaw = len(argv) > 4 and argv[4] == "thaw"
    if not thaw:
        # As a process that plays does once its game is set up (phase10.memory): the
        # modules and the bots' models are never swept again.
        for name in ("learned", "sharp", "greedy"):
            make_bot(name)
        freeze_what_lives()
    print(f"start-up objects {'not ' if thaw else ''}frozen (phase10.memory)")
    for name in ("learned", "sharp", "greedy"):
        if passes > 1:
            best = best_of_passes(name, games, seed, players, passes)
            print(
                f"{name}: slowest decision at its best of {passes} passes, less the garbage "
                f"collector's pauses: {max(best) * 1e3:.2f} ms"
            )
        _DISTANCES.clear()
        pairs = decision_times(name, games, seed, players)
        times = sorted(total for total, _ in pairs)
        own = max(total - swept for total, swept in pairs)
        median = statistics.median(times) * 1e6
        p99 = times[int(len(times) * 0.99)] * 1e6
        print(
            f"{name}: {len(times)} decisions in {games} games of {players}, "
            f"median {median:.0f} us, p99 {p99:.0f} us, slowest {times[-1] * 1e3:.2f} ms "
            f"({own * 1e3:.2f} ms less the garbage collector's pauses)"
        )
        sweep, tracked = full_collection()
        print(f"  then a full collection: {sweep * 1e3:.2f} ms, {tracked} objects tracked")
    tail = f" {passes}" if passes > 1 or thaw else ""
    tail += " thaw" if thaw else ""
    print(f"reproduce: python benchmarks/bench_bots.py {games} {seed} {players}{tail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
