"""A series: a table, its rematch, that one's rematch..., and the games each player won.

Each table of the chain keeps its number in the series and, once its game is over, its winner
(``series`` in the database: a small row stored when the game ends, so that nobody replays a
finished game to count its winner). Players are the seats: a rematch keeps every player in
their seat (``Hub.rematch``); a win counts for the seat's player when the name it was won
under is theirs, so someone new in a seat left open does not inherit a win.

>>> from phase10.web.db import SeriesGame
>>> games = [SeriesGame(1, 0, "Ann"), SeriesGame(2, 1, "Bob"), SeriesGame(3, None, None)]
>>> series_payload(games, ["Ann", "Bob"])
{'games': 3, 'wins': [{'name': 'Ann', 'seat': 0, 'won': 1}, {'name': 'Bob', 'seat': 1, 'won': 1}]}
>>> series_payload(games[:1], ["Ann", "Bob"]) is None  # one game is no series yet
True
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from phase10.match import Match
from phase10.web.db import Database, DatabaseError, SeriesGame

__all__ = ["match_winner", "record_winner", "series_payload", "stored_series"]

log = logging.getLogger("phase10.web")


def series_payload(
    games: Sequence[SeriesGame], names: Sequence[str | None]
) -> dict[str, Any] | None:
    """The lobby's ``series``: ``games``, this table's number in the series (the last of
    ``games``), and per seat the games won by its player (``names``: this table's seats);
    ``None`` for a table that is not part of a series of two games or more."""
    if not games or games[-1].game_number < 2:
        return None
    wins = []
    for seat, name in enumerate(names):
        won = sum(
            1
            for game in games
            if game.winner == seat
            and (name is None or game.winner_name is None or _same(game.winner_name, name))
        )
        wins.append({"name": name, "seat": seat, "won": won})
    return {"games": games[-1].game_number, "wins": wins}


def _same(one: str, other: str) -> bool:
    return one.casefold() == other.casefold()


def match_winner(match: Match | None) -> tuple[int, str] | None:
    """The seat and name of the winner of a finished ``match``; ``None`` while it goes on."""
    if match is None:
        return None
    outcome = match.game.outcome(match.state)
    if outcome is None:
        return None
    return outcome.winner, match.names[outcome.winner]


def record_winner(db: Database, table_id: str, match: Match | None) -> list[SeriesGame]:
    """Store the winner of the table's finished game; the table's series as now stored."""
    winner = match_winner(match)
    if winner is not None:
        db.set_winner(table_id, *winner)
    return db.series_games(table_id)


def stored_series(db: Database, table_id: str, match: Match | None) -> list[SeriesGame]:
    """The table's series as stored, after storing its winner if its game is over and the
    winner is missing (the server stopped, or the database failed, as the game ended)."""
    games = db.series_games(table_id)
    over = match is not None and match.is_over
    if over and (not games or games[-1].winner is None):
        try:
            return record_winner(db, table_id, match)
        except DatabaseError as exc:
            log.error("table %s: %s", table_id, exc)
    return games
