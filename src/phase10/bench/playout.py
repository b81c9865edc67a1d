"""Random-playout speed, the memory of one game state, and the size of a game record.

Everything runs in the calling process on one core. Random play picks uniformly among
``legal_actions`` with its own ``random.Random``, so a seed always gives the same games.

>>> result = measure_playout(seconds=0.05, seed=3, players=2)
>>> sorted(result)
['decisions', 'decisions_per_s', 'games', 'hands']
>>> state_size(midgame_state(seed=1)) > 1000
True
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Final

from phase10.games.phase10.cards import CARDS, Card
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.state import EventKind, GameState, Stage
from phase10.games.phase10.turns import apply_action, legal_actions, new_game
from phase10.records import GameRecord

#: GameState fields that are shared with other states or are not part of the position.
_SHARED_FIELDS: Final = frozenset({"rules", "presets", "events"})
#: CPython keeps one object for each of these ints; they cost a state nothing.
_SMALL_INTS: Final = range(-5, 257)
#: Check the clock only every this many decisions: perf_counter is not free.
_CLOCK_EVERY: Final = 64
#: A "mid-game" state is taken from this hand on, once this many seats have laid down.
MIDGAME_HAND: Final = 3
MIDGAME_LAID: Final = 2
#: A random game that has not ended after this many decisions is abandoned.
RECORD_DECISION_CAP: Final = 200_000


def measure_playout(seconds: float = 2.0, seed: int = 1, players: int = 4) -> dict[str, float]:
    """Random-playout speed: decisions per second over whole hands, standard rules.

    Every decision is ``rng.choice(legal_actions(state))`` applied with ``apply_action``; a
    new game starts when one ends. Returns ``decisions_per_s``, ``decisions``, ``hands``
    (hands finished) and ``games`` (games finished).
    """
    rules = RuleSet()
    rng = random.Random(seed)
    game_seed = seed
    state = new_game(rules, players, game_seed)
    decisions = hands = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(_CLOCK_EVERY):
            state = apply_action(state, rng.choice(legal_actions(state)))
            decisions += 1
            for event in state.events:
                if event.kind is EventKind.HAND_ENDED:
                    hands += 1
            if state.stage is Stage.OVER:
                games += 1
                game_seed += 1
                state = new_game(rules, players, game_seed)
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "decisions_per_s": decisions / elapsed,
        "decisions": float(decisions),
        "hands": float(hands),
        "games": float(games),
    }


def midgame_state(seed: int = 1, players: int = 4) -> GameState:
    """A typical mid-game state of a random standard game.

    The first state, from hand ``MIDGAME_HAND`` on, with ``MIDGAME_LAID`` seats' phases on
    the table: hands, piles and groups are then all of a usual size.
    """
    rules = RuleSet()
    rng = random.Random(seed)
    game_seed = seed
    state = new_game(rules, players, game_seed)
    while True:
        if state.stage is Stage.OVER:
            game_seed += 1
            state = new_game(rules, players, game_seed)
        laid = sum(1 for groups in state.table if groups)
        if state.hand_number >= MIDGAME_HAND and laid >= MIDGAME_LAID:
            return state
        state = apply_action(state, rng.choice(legal_actions(state)))


def state_size(state: GameState) -> int:
    """Bytes held by ``state`` alone: a deep ``sys.getsizeof`` of its own objects.

    Left out, because other states or the whole process share them: the ``RuleSet``, the
    interned cards of ``CARDS``, enum members, small ints and other CPython singletons, and
    the ``presets`` and ``events`` fields. Each object is counted once.
    """
    seen: set[int] = set()
    total = sys.getsizeof(state)
    seen.add(id(state))
    for name in state._fields:
        if name not in _SHARED_FIELDS:
            total += _deep_size(getattr(state, name), seen)
    return total


def _deep_size(obj: object, seen: set[int]) -> int:
    if id(obj) in seen or _is_shared(obj):
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, tuple | list):
        size += sum(_deep_size(item, seen) for item in obj)
    elif is_dataclass(obj) and not isinstance(obj, type):
        size += sum(_deep_size(getattr(obj, f.name), seen) for f in fields(obj))
    return size


def _is_shared(obj: object) -> bool:
    if obj is None or isinstance(obj, bool | Enum | RuleSet | str):
        return True
    if isinstance(obj, tuple) and not obj:
        return True  # CPython's empty tuple is a singleton
    if isinstance(obj, Card):
        return obj is CARDS[obj]
    return isinstance(obj, int) and obj in _SMALL_INTS


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A random game played through ``GameRecord``: the record and how far it got."""

    record: GameRecord
    finished: bool
    decisions: int
    hands: int

    @property
    def json_bytes(self) -> int:
        """Size of the record's JSON, UTF-8 encoded."""
        return len(self.record.to_json().encode())


def record_random_game(
    seed: int = 1, players: int = 2, max_decisions: int = RECORD_DECISION_CAP
) -> RecordedGame:
    """Play one standard game with random legal actions through a ``GameRecord``.

    Stops after ``max_decisions`` if the game has not ended (``finished`` is then false).
    """
    rng = random.Random(seed)
    record = GameRecord.start(RuleSet(), players=players, seed=seed)
    state = record.initial_state()
    decisions = hands = 0
    while state.stage is not Stage.OVER and decisions < max_decisions:
        state = record.play(state, rng.choice(legal_actions(state)))
        decisions += 1
        for event in state.events:
            if event.kind is EventKind.HAND_ENDED:
                hands += 1
    return RecordedGame(record, state.stage is Stage.OVER, decisions, hands)
