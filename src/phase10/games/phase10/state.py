"""The game state: immutable named tuples of tuples and small ints, cheap to copy for search.

Only :mod:`phase10.games.phase10.turns` builds new states; everything else reads them. Hidden
information is split in one place, :func:`phase10.games.phase10.view.view_for`.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any, NamedTuple

from phase10.games.phase10.cards import Card
from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import RuleSet
from phase10.kernel.state import Outcome as Outcome
from phase10.kernel.state import Stage as Stage
from phase10.kernel.state import evolver


class _Shown(str):
    """Text that a ``repr`` shows as it is: the rules' part of a digest, where a tuple's
    ``repr`` once showed the ``RuleSet`` itself (the digests of saved games are kept)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


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
    (for ``TIEBREAK``: the tied seats), ``number`` a hand number, phase index or group index
    (for ``GAME_OVER``: 1 the winner went out first in a tie-break hand, 2 laid down first
    in one, 0 no tie-break decided it). ``HAND_ENDED``'s ``target`` is 1 for a tie-break
    hand, whose points do not count.
    ``HAND_ENDED`` also says who moved up, so nobody need compare states: ``moved`` holds, per
    seat, the index of the phase it completed in that hand (-1: none), and ``phases`` each
    seat's phase index after it (-1: the seat sat the hand out).
    """

    kind: EventKind
    seat: int = -1
    cards: tuple[Card, ...] = ()
    target: int = -1
    groups: tuple[Group, ...] = ()
    scores: tuple[int, ...] = ()
    number: int = 0
    moved: tuple[int, ...] = ()
    phases: tuple[int, ...] = ()


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
                _Shown(self.rules.digest_text()),
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


setattr(PlayerState, "evolve", evolver(PlayerState))  # noqa: B010 - mypy sees the stub above
setattr(GameState, "evolve", evolver(GameState))  # noqa: B010
