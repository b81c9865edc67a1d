"""Random-playout speed, the memory of one game state, and the size of a game record, for any
registered game (Phase 10 unless told), reached only through the ``Game`` interface.

Everything runs in the calling process on one core. Random play picks uniformly among
``legal_actions`` with its own ``random.Random``, so a seed always gives the same games.

>>> result = measure_playout(seconds=0.05, seed=3, players=2)
>>> sorted(result)
['decisions', 'decisions_per_s', 'games', 'hands']
>>> state_size(midgame_state(seed=1)) > 1000
True
>>> measure_playout(seconds=0.05, seed=3, players=3, game="programmes")["decisions"] > 0
True
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, Final

from phase10 import games
from phase10.kernel.game import Game
from phase10.kernel.notation import NotatedCard
from phase10.records import GameRecord

#: State fields that are shared with other states or are not part of the position.
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


def _new(game: Game, players: int, seed: int) -> Any:
    return game.new_game(game.find_rules(game.default_rules), players, seed)


def measure_playout(
    seconds: float = 2.0, seed: int = 1, players: int = 4, game: str = "phase10"
) -> dict[str, float]:
    """Random-playout speed: decisions per second over whole hands, the game's default rules.

    Every decision is ``rng.choice(legal_actions(state))`` applied with ``apply_legal``; a
    new game starts when one ends. Returns ``decisions_per_s``, ``decisions``, ``hands``
    (hands finished) and ``games`` (games finished).
    """
    played = games.get(game)
    legal_actions, apply_legal = played.legal_actions, played.apply_legal
    hand_number, outcome = played.hand_number, played.outcome
    rng = random.Random(seed)
    game_seed = seed
    state = _new(played, players, game_seed)
    decisions = hands = finished = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(_CLOCK_EVERY):
            hand = hand_number(state)
            state = apply_legal(state, rng.choice(legal_actions(state)))
            decisions += 1
            if outcome(state) is not None:
                hands += 1  # the last hand ended with the game
                finished += 1
                game_seed += 1
                state = _new(played, players, game_seed)
            elif hand_number(state) != hand:
                hands += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "decisions_per_s": decisions / elapsed,
        "decisions": float(decisions),
        "hands": float(hands),
        "games": float(finished),
    }


def midgame_state(seed: int = 1, players: int = 4, game: str = "phase10") -> Any:
    """A typical mid-game state of a random game under the game's default rules.

    The first state, from hand ``MIDGAME_HAND`` on, with ``MIDGAME_LAID`` seats' groups on
    the table (as the table's presentation shows them): hands, piles and groups are then all
    of a usual size.
    """
    played = games.get(game)
    rng = random.Random(seed)
    game_seed = seed
    state = _new(played, players, game_seed)
    names = [str(seat) for seat in range(players)]
    while True:
        if played.outcome(state) is not None:
            game_seed += 1
            state = _new(played, players, game_seed)
        if played.hand_number(state) >= MIDGAME_HAND:
            shown = played.present(played.public_view(state), names)
            if len({group.owner for group in shown.table}) >= MIDGAME_LAID:
                return state
        state = played.apply_legal(state, rng.choice(played.legal_actions(state)))


def state_size(state: Any) -> int:
    """Bytes held by ``state`` alone: a deep ``sys.getsizeof`` of its own objects.

    Left out, because other states or the whole process share them: the rule set, the
    interned cards, enum members, small ints and other CPython singletons, and the
    ``presets`` and ``events`` fields. Each object is counted once.
    """
    seen: set[int] = set()
    total = sys.getsizeof(state)
    seen.add(id(state))
    rules = getattr(state, "rules", None)
    if rules is not None:
        seen.add(id(rules))
    for name in _field_names(state):
        if name not in _SHARED_FIELDS:
            total += _deep_size(getattr(state, name), seen)
    return total


def _field_names(obj: object) -> tuple[str, ...]:
    named: tuple[str, ...] | None = getattr(obj, "_fields", None)  # a NamedTuple
    if named is not None:
        return named
    return tuple(f.name for f in fields(obj)) if is_dataclass(obj) else ()


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
    if obj is None or isinstance(obj, bool | Enum | str):
        return True
    if isinstance(obj, tuple) and not obj:
        return True  # CPython's empty tuple is a singleton
    if isinstance(obj, NotatedCard):
        # A game keeps one object per card (its notation table's): a state holds references.
        return type(obj).by_symbol.get(obj.symbol) is obj
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
    seed: int = 1, players: int = 2, max_decisions: int = RECORD_DECISION_CAP, game: str = "phase10"
) -> RecordedGame:
    """Play one game with random legal actions through a ``GameRecord`` (default rules).

    Stops after ``max_decisions`` if the game has not ended (``finished`` is then false).
    """
    played = games.get(game)
    rng = random.Random(seed)
    record = GameRecord.start(played.find_rules(played.default_rules), players=players, seed=seed)
    state = record.initial_state()
    decisions = hands = 0
    while played.outcome(state) is None and decisions < max_decisions:
        hand = played.hand_number(state)
        state = record.play(state, rng.choice(played.legal_actions(state)))
        decisions += 1
        if played.outcome(state) is not None or played.hand_number(state) != hand:
            hands += 1
    return RecordedGame(record, played.outcome(state) is not None, decisions, hands)
