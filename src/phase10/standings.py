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

__all__ = ["StandingRow", "final_standing", "shared_places"]


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
    """Every seat, the winner first, then by more completed, fewer points, seat order (seats
    level on both share a place); empty while the game goes on."""
    game, state = match.game, match.state
    result = game.outcome(state)
    if result is None:
        return []
    done = game.standing(state)
    points = game.penalty(state)
    order = sorted(
        range(len(match.seats)), key=lambda s: (s != result.winner, -done[s], points[s], s)
    )
    places = shared_places([(s == result.winner, -done[s], points[s]) for s in order])
    return [
        StandingRow(place, seat, match.names[seat], done[seat], points[seat], seat == result.winner)
        for place, seat in zip(places, order, strict=True)
    ]


def shared_places(keys: list[tuple[bool, int, int]]) -> list[int]:
    """The places of rows already in order, by their keys (winner, what they completed,
    points): rows level on everything share a place, and the next row's place counts them
    all, as a standing says "2, 2, 4"; the winner's place is theirs alone.

    >>> shared_places([(True, -1, 0), (False, -1, 10), (False, -1, 10), (False, 0, 40)])
    [1, 2, 2, 4]
    >>> shared_places([(True, -1, 10), (False, -1, 10)])
    [1, 2]
    """
    places: list[int] = []
    for index, key in enumerate(keys):
        level = index > 0 and not key[0] and key == keys[index - 1]
        places.append(places[-1] if level else index + 1)
    return places
