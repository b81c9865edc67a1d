"""The game state: frozen, made of tuples and small ints, cheap to copy for search.

Only :mod:`phase10.engine.game` builds new states; everything else reads them. Hidden
information is split in one place, :func:`phase10.engine.view.view_for`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

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


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat. ``phase_index`` counts completed phases of the sequence (``on_completion``);
    ``completed`` is a bit mask of completed phase indices (every progression);
    ``laid`` is the index of the phase laid down this hand, or -1.
    """

    hand: tuple[Card, ...]
    phase_index: int = 0
    completed: int = 0
    laid: int = -1
    score: int = 0
    dealt_in: bool = True
    skip_pending: bool = False
    skip_lost: bool = False
    skip_targeted: bool = False
    skip_placed: bool = False
    took: tuple[Card, ...] = ()

    if TYPE_CHECKING:

        def evolve(self, **changes: Any) -> PlayerState:
            """A copy with ``changes``; much faster than ``dataclasses.replace``."""
            ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the winner, the final totals and why."""

    winner: int
    totals: tuple[int, ...]
    reason: str
    hands: int


@dataclass(frozen=True, slots=True)
class GameState:
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

    if TYPE_CHECKING:

        def evolve(self, **changes: Any) -> GameState:
            """A copy with ``changes``; much faster than ``dataclasses.replace``."""
            ...

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
    """Generate ``evolve(self, *, field=...)`` for a frozen slots dataclass.

    Search copies states millions of times; ``dataclasses.replace`` costs about 10 us a call
    because it loops over fields generically. Generated straight-line code (the technique
    ``dataclasses`` itself uses for ``__init__``) costs a fraction of that.
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    params = ", ".join(f"{n}=_MISSING" for n in names)
    body = "".join(f"    _set(new, {n!r}, self.{n} if {n} is _MISSING else {n})\n" for n in names)
    source = f"def evolve(self, *, {params}):\n    new = _new(cls)\n{body}    return new\n"
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_new": object.__new__, "cls": cls}
    namespace["_set"] = object.__setattr__
    exec(source, namespace)
    evolve: Callable[..., _T] = namespace["evolve"]
    return evolve


setattr(PlayerState, "evolve", _evolver(PlayerState))  # noqa: B010 - mypy sees the stub above
setattr(GameState, "evolve", _evolver(GameState))  # noqa: B010
