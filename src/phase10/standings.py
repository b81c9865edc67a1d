"""The final standing of a finished game, for every front end: one ordering, from the
``Game`` interface (who won, what each seat completed, its points), so the line game, the full
screen and a server never sort players their own way.

>>> from phase10 import find_variant
>>> from phase10.bots import make_bot
>>> from phase10.match import Match, Seat
>>> rules = find_variant("standard+n_phases=1")
>>> seats = [Seat("Ann", make_bot("greedy")), Seat("Bob", make_bot("greedy"))]
>>> match = Match.start(rules, seats, 2)
>>> _ = match.run_bots_until_human()
>>> rows = final_standing(match)
>>> [row.place for row in rows], sum(row.winner for row in rows)
([1, 2], 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.match import Match

__all__ = ["StandingRow", "final_standing"]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One seat's place: ``done`` counts what it completed (phases, programs), ``points``
    its total (lower is better; 0 in a game without points)."""

    place: int
    seat: int
    name: str
    done: int
    points: int
    winner: bool


def final_standing(match: Match) -> list[StandingRow]:
    """Every seat, the winner first, then by more completed, fewer points, seat order; empty
    while the game goes on."""
    game, state = match.game, match.state
    result = game.outcome(state)
    if result is None:
        return []
    done = game.standing(state)
    points = game.penalty(state)
    order = sorted(
        range(len(match.seats)), key=lambda s: (s != result.winner, -done[s], points[s], s)
    )
    return [
        StandingRow(place, seat, match.names[seat], done[seat], points[seat], seat == result.winner)
        for place, seat in enumerate(order, start=1)
    ]
