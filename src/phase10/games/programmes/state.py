"""The programmes game state: immutable named tuples of small ints, like Phase 10's.

Program cards are indices into ``rules.programs``; piles keep their top card last. Only
:mod:`phase10.games.programmes.turns` builds states, and only
:func:`phase10.games.programmes.view.view_for` splits off what a seat may see (E-28).
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any, NamedTuple

from phase10.games.programmes.cards import PlayingCard
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.rules import ProgrammeRules
from phase10.kernel.state import Outcome, Stage, evolver


class ProgrammeEventKind(StrEnum):
    """What can happen. Kinds shared with Phase 10 keep Phase 10's values."""

    FIRST_DEALER = "first_dealer"
    PROGRAMS_SHUFFLED = "programs_shuffled"
    PROGRAM_DEALT = "program_dealt"
    SUN_CARD = "sun_card"
    NO_PROGRAM = "no_program"
    PROGRAM_SWAPPED = "program_swapped"
    HAND_DEALT = "hand_dealt"
    TURNED_UP = "turned_up"
    TURN_STARTED = "turn_started"
    DREW = "drew"
    TOOK_DISCARD = "took_discard"
    RESHUFFLED = "reshuffled"
    REVEALED = "revealed"
    MELDED = "melded"
    EXTENDED = "extended"
    DISCARDED = "discarded"
    WENT_OUT = "went_out"
    ALL_REVEALED = "all_revealed"
    HAND_ENDED = "hand_ended"
    GAME_OVER = "game_over"


class ProgrammeEvent(NamedTuple):
    """One thing that happened; ``seat`` acts. ``cards`` are playing cards (hidden from other
    seats when private), ``programs`` program-card indices (hidden until revealed, E-28),
    ``combos`` laid or extended combinations, ``scores`` programs completed per seat, and
    ``number`` a manche number, combination index or count. ``HAND_ENDED`` says who moved up:
    ``moved`` holds, per seat, the program it completed that manche (-1: none)."""

    kind: ProgrammeEventKind
    seat: int = -1
    cards: tuple[PlayingCard, ...] = ()
    target: int = -1
    combos: tuple[Combination, ...] = ()
    programs: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    number: int = 0
    moved: tuple[int, ...] = ()


class Programmer(NamedTuple):
    """One seat. ``program`` is the card held (-1: none, E-22); ``done`` the completed cards,
    sun cards included (AMZ-R18); ``failed`` counts manches failed with the held card (E-31);
    ``may_swap`` is true until the seat's first draw of a manche when E-21 lets it swap;
    ``took`` the cards taken from the discard pile still in hand (public knowledge)."""

    hand: tuple[PlayingCard, ...]
    program: int = -1
    done: tuple[int, ...] = ()
    revealed: bool = False
    failed: int = 0
    may_swap: bool = False
    took: tuple[PlayingCard, ...] = ()

    def evolve(self, **changes: Any) -> Programmer:
        """A copy with ``changes`` (replaced at import by generated code)."""
        return self._replace(**changes)


class ProgrammeState(NamedTuple):
    """A whole programmes game at one moment."""

    rules: ProgrammeRules
    seed: int
    players: tuple[Programmer, ...]
    table: tuple[tuple[Combination, ...], ...]
    draw_pile: tuple[PlayingCard, ...]
    discard_pile: tuple[PlayingCard, ...]
    program_deck: tuple[int, ...]
    dealer: int
    current: int
    stage: Stage
    hand_number: int = 0
    shuffles: int = 0
    presets: tuple[tuple[PlayingCard, ...], ...] = ()
    program_presets: tuple[tuple[int, ...], ...] = ()
    outcome: Outcome | None = None
    events: tuple[ProgrammeEvent, ...] = ()

    def evolve(self, **changes: Any) -> ProgrammeState:
        """A copy with ``changes`` (replaced at import by generated code)."""
        return self._replace(**changes)

    @property
    def num_players(self) -> int:
        return len(self.players)

    def digest(self) -> str:
        """A short hash of everything that matters for play: not the last events, nor the
        preset orders (a replay passes them, a live game does not)."""
        skip = {"presets", "program_presets", "events"}
        payload = repr(tuple(v for k, v in zip(self._fields, self, strict=True) if k not in skip))
        return hashlib.sha256(payload.encode()).hexdigest()[:16]


setattr(Programmer, "evolve", evolver(Programmer))  # noqa: B010 - mypy sees the stub above
setattr(ProgrammeState, "evolve", evolver(ProgrammeState))  # noqa: B010
