"""The tables a client holds seats at (``POST /api/tables/mine``, the "My games" page).

A browser keeps each seat's token (``phase10:token:<table>``) and forgets nothing else; it
sends the tokens, and hears of each table whose token proves a seat there: its game, rules,
state, players, when it was made and finished, who won. A token that proves no seat there
(another table's, a made-up one, a seat since given to a computer) is answered exactly like a
table the server does not know, ``{"table": ..., "known": false}``: it reveals nothing, not
even that the table exists. Nothing secret is ever in the answer: no token, no card.

A finished table's winner comes from its row in the series (stored as its game ended); the
game is replayed only where that row is missing (a game that ended before the server stored
winners), and its winner is stored then, once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from phase10.web import tokens
from phase10.web.db import DatabaseError, SeatRow, TableRow
from phase10.web.protocol import SeatClaim
from phase10.web.series import match_winner, record_winner

if TYPE_CHECKING:  # the hub imports the app's modules; only its type is needed here
    from phase10.web.hub import Hub

__all__ = ["my_tables"]

log = logging.getLogger("phase10.web")


def my_tables(hub: Hub, claims: Sequence[SeatClaim]) -> list[dict[str, Any]]:
    """One entry per claim, in their order: the table as its seat may know it, or
    ``{"table": id, "known": False}``."""
    ids = [c.table for c in claims]
    stored = hub.db.heads(ids)
    winners = hub.db.winners(ids)
    out: list[dict[str, Any]] = []
    for claim in claims:
        winner: tuple[int, str | None] | None
        live = hub.tables.get(claim.table)
        if live is not None:
            row, seat_rows = live.row, tuple(s.row for s in live.seats)
            if claim.table in stored:  # a new table's row in memory lacks the stored time
                row = replace(row, created=stored[claim.table][0].created)
            winner = match_winner(live.match)
        elif claim.table in stored:
            row, seat_rows = stored[claim.table]
            winner = winners.get(claim.table)
            if winner is None and row.status == "over":
                winner = _replayed_winner(hub, row.id)
        else:
            out.append({"table": claim.table, "known": False})
            continue
        seat = next((s.seat for s in seat_rows if tokens.matches(claim.token, s.token_hash)), None)
        if seat is None:
            out.append({"table": claim.table, "known": False})
            continue
        out.append(_entry(row, seat_rows, seat, winner))
    return out


def _entry(
    row: TableRow, seat_rows: Sequence[SeatRow], seat: int, winner: tuple[int, str | None] | None
) -> dict[str, Any]:
    return {
        "table": row.id,
        "known": True,
        "seat": seat,
        "code": row.code,
        "game": row.game,
        "rules": row.rules,
        "status": row.status,
        "created": row.created,
        "finished": row.finished,
        "rematch": row.rematch,
        "players": [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name} for s in seat_rows
        ],
        "winner": None if winner is None else {"seat": winner[0], "name": winner[1]},
    }


def _replayed_winner(hub: Hub, table_id: str) -> tuple[int, str | None] | None:
    """The winner of a finished game with no stored winner, stored now for next time."""
    try:
        match = hub.reload_match(table_id)
        winner = match_winner(match)
        if winner is not None:
            record_winner(hub.db, table_id, match)
        return winner
    except DatabaseError as exc:
        log.error("table %s: %s", table_id, exc)
        return None
    except Exception:  # a game that no longer replays (rules gone): shown without winner
        log.exception("table %s: its winner cannot be found", table_id)
        return None
