"""The game state: immutable named tuples of tuples and small ints, cheap to copy for search.

Only :mod:`phase10.engine.game` builds new states; everything else reads them. Hidden
information is split in one place, :func:`phase10.engine.view.view_for`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, TypeVar

from phase10.engine.cards import Card
from phase10.engine.groups import Group
from phase10.engine.rules import RuleSet


class Stage(StrEnum):
    """Where the current turn stands (P10-R13)."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


class EventKind(StrEnum):
    """Everything that can happen; UIs turn each into one sentence."""

    HAND_DEALT = "hand_dealt"
    TURNED_UP = "turned_up"
    TURN_STARTED = "turn_started"
    TURN_LOST = "turn_lost"
    DREW = "drew"
    TOOK_DISCARD = "took_discard"
    RESHUFFLED = "reshuffled"
    LAID_DOWN = "laid_down"
    HIT = "hit"
    DISCARDED = "discarded"
    SKIPPED_PLAYER = "skipped_player"
    DEAD_SKIP = "dead_skip"
    WENT_OUT = "went_out"
    HAND_ENDED = "hand_ended"
    TIEBREAK = "tiebreak"
    GAME_OVER = "game_over"


class Event(NamedTuple):
    """One thing that happened. ``seat`` acts; other fields depend on ``kind``.

    ``cards`` are the cards involved (hidden from other seats in views when private),
    ``target`` a second seat, ``groups`` laid or hit groups, ``scores`` per-seat points
    (for ``TIEBREAK``: the tied seats), ``number`` a hand number, phase index or group index.
    """

    kind: EventKind
    seat: int = -1
    cards: tuple[Card, ...] = ()
    target: int = -1
    groups: tuple[Group, ...] = ()
    scores: tuple[int, ...] = ()
    number: int = 0


class PlayerState(NamedTuple):
    """One seat. ``phase_index`` counts completed phases of the sequence (``on_completion``);
    ``completed`` is a bit mask of completed phase indices (every progression);
    ``laid`` is the index of the phase laid down this hand, or -1. ``skip_pending`` counts
    the Skips waiting against the seat and ``skip_placed`` those of them lying in front of it
    (``skip_delivery=placed``); they stack only under ``skip_limit=none``.
    """

    hand: tuple[Card, ...]
    phase_index: int = 0
    completed: int = 0
    laid: int = -1
    score: int = 0
    dealt_in: bool = True
    skip_pending: int = 0
    skip_lost: bool = False
    skip_targeted: bool = False
    skip_placed: int = 0
    took: tuple[Card, ...] = ()

    def evolve(self, **changes: Any) -> PlayerState:
        """A copy with ``changes`` (replaced at import by generated code that is faster)."""
        return self._replace(**changes)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the winner, the final totals and why."""

    winner: int
    totals: tuple[int, ...]
    reason: str
    hands: int


class GameState(NamedTuple):
    """A whole game at one moment. Draw and discard piles keep their top card last."""

    rules: RuleSet
    seed: int
    players: tuple[PlayerState, ...]
    table: tuple[tuple[Group, ...], ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    dealer: int
    current: int
    stage: Stage
    hand_number: int = 0
    laid_this_turn: bool = False
    tiebreak: bool = False
    shuffles: int = 0
    presets: tuple[tuple[Card, ...], ...] = ()
    outcome: Outcome | None = None
    events: tuple[Event, ...] = ()

    def evolve(self, **changes: Any) -> GameState:
        """A copy with ``changes`` (replaced at import by generated code that is faster)."""
        return self._replace(**changes)

    @property
    def num_players(self) -> int:
        return len(self.players)

    def digest(self) -> str:
        """A short hash of everything that matters for play (not the last events).

        Two states with the same digest are the same game position.
        """
        payload = repr(
            (
                self.rules,
                self.seed,
                self.players,
                self.table,
                self.draw_pile,
                self.discard_pile,
                self.dealer,
                self.current,
                self.stage,
                self.hand_number,
                self.laid_this_turn,
                self.tiebreak,
                self.shuffles,
                self.outcome,
            )
        )
        return hashlib.sha256(payload.encode()).hexdigest()[:16]


_T = TypeVar("_T")
_MISSING: Any = object()


def _evolver(cls: type[_T]) -> Callable[..., _T]:
    """Generate ``evolve(self, *, field=...)`` for an immutable state class.

    Search copies states millions of times. States are ``NamedTuple``s, so a copy is one
    ``tuple.__new__`` over straight-line generated code (the technique ``dataclasses`` uses
    for ``__init__``); ``dataclasses.replace`` on a frozen dataclass cost about ten times more.
    """
    names: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 - NamedTuple attribute
    params = ", ".join(f"{n}=_MISSING" for n in names)
    items = ", ".join(f"self[{i}] if {n} is _MISSING else {n}" for i, n in enumerate(names))
    source = f"def evolve(self, *, {params}):\n    return _new(cls, ({items},))\n"
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_new": tuple.__new__, "cls": cls}
    exec(source, namespace)
    evolve: Callable[..., _T] = namespace["evolve"]
    return evolve


setattr(PlayerState, "evolve", _evolver(PlayerState))  # noqa: B010 - mypy sees the stub above
setattr(GameState, "evolve", _evolver(GameState))  # noqa: B010
