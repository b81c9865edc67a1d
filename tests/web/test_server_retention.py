"""A server told to forget tables nothing happens at (``phase10 serve --forget-after DAYS``,
docs/decisions/0030-forgetting-idle-tables.md): a table made, finished and last moved at
longer ago than that is deleted with its seats, moves, options and listing, whatever its
status; one with a recent move, one in memory and, with several processes, one another
process holds are kept; the series rows stay. On a real SQLite file and a real PostgreSQL
server; and end to end, a server started with the option forgets an old table at start-up."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from phase10.web.cluster import FencedDatabase
from phase10.web.db import Database, SeatRow, TableRow, moves, seats, sqlite_url
from phase10.web.retention import Retention

from .conftest import StartLiveServer
from .serverkit import database_url

DAY = 86400.0


def _table(db: Database, table_id: str, *, age_days: float, status: str = "over") -> None:
    """A table made ``age_days`` ago (finished then, if over), two seats, one move then."""
    made = time.time() - age_days * DAY
    row = TableRow(
        table_id,
        table_id.upper()[:6].ljust(6, "X"),
        "phase10",
        "standard",
        7,
        status,
        60,
        "hard",
        created=made,
        finished=made if status == "over" else None,
    )
    db.insert_table(
        row, [SeatRow(0, "person", None, "Ann", "h0"), SeatRow(1, "bot", "easy", None, None)]
    )
    db.append_move(table_id, 1, 0, '{"type": "draw", "source": "draw_pile"}', None)
    with db.engine.begin() as conn:
        conn.execute(moves.update().where(moves.c.table_id == table_id).values(at=made))


def _rows(db: Database, table_id: str) -> tuple[int, int]:
    with db.engine.connect() as conn:
        counted = [
            conn.execute(select(func.count()).where(t.c.table_id == table_id)).scalar_one()
            for t in (seats, moves)
        ]
    return counted[0], counted[1]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_idle_tables_are_forgotten_and_the_others_kept(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = Database(database_url(kind, tmp_path, request))
    try:
        _table(db, "oldover", age_days=40)
        db.set_winner("oldover", 0, "Ann")  # game 1 of its own series
        _table(db, "oldwait", age_days=40, status="waiting")  # never started
        _table(db, "oldplay", age_days=40, status="playing")  # abandoned in play
        _table(db, "moved", age_days=40, status="playing")
        db.append_move("moved", 2, 1, '{"type": "draw", "source": "draw_pile"}', None)  # now
        _table(db, "inmemory", age_days=40, status="playing")
        _table(db, "recent", age_days=2)
        retention = Retention(forget_after=30 * DAY)
        assert retention.sweep(db, live={"inmemory"}) == 3
        for gone in ("oldover", "oldwait", "oldplay"):
            assert db.load(gone) is None
            assert _rows(db, gone) == (0, 0)
        for kept in ("moved", "inmemory", "recent"):
            stored = db.load(kept)
            assert stored is not None
            assert len(stored.seats) == 2
        # A later game of the series still counts the forgotten one's winner.
        assert [(g.game_number, g.winner_name) for g in db.series_games("oldover")] == [(1, "Ann")]
        assert retention.sweep(db, live=()) == 1  # the one in memory, once it is not
        assert retention.forgotten == 4
    finally:
        db.close()


def test_a_table_another_process_holds_is_not_forgotten(fresh_postgres_url: str) -> None:
    """With several processes on one PostgreSQL database, a table whose lease another
    process holds (it is in that one's memory) is kept; a forgotten table's lease goes."""
    db = FencedDatabase(fresh_postgres_url)
    try:
        _table(db, "held", age_days=40, status="waiting")
        _table(db, "free", age_days=40, status="waiting")
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO table_leases (table_id, owner, expires) VALUES "
                    "('held', 'other', EXTRACT(EPOCH FROM clock_timestamp()) + 60), "
                    "('free', NULL, 0)"
                )
            )
        assert db.idle_tables(time.time() - 30 * DAY) == ["free"]
        assert Retention(forget_after=30 * DAY).sweep(db, live=()) == 1
        assert db.load("held") is not None
        with db.engine.connect() as conn:
            leases = conn.execute(text("SELECT table_id FROM table_leases")).scalars().all()
        assert leases == ["held"]
    finally:
        db.close()


def test_a_server_started_with_forget_after_forgets_an_old_table(
    live_server: StartLiveServer, tmp_path: Path
) -> None:
    """``phase10 serve --forget-after 30``: the banner says it, an old table of the file is
    gone at once (its API answers 404, the log says how many went), a new one is served."""
    url = sqlite_url(str(tmp_path / "club.db"))
    db = Database(url)
    _table(db, "oldgame", age_days=45)
    db.close()
    server = live_server(url, extra_args=("--forget-after", "30"))
    deadline = time.monotonic() + 10
    while "forgot 1 table" not in server.log():
        assert time.monotonic() < deadline, server.log()
        time.sleep(0.1)
    assert "a table nothing has happened at for 30 days is deleted" in server.log()
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{server.url}/api/tables/oldgame", timeout=10)
    assert missing.value.code == 404
    request = urllib.request.Request(
        f"{server.url}/api/tables",
        data=json.dumps(
            {"game": "phase10", "name": "Ann", "seats": [{"kind": "person"}, {"kind": "person"}]}
        ).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as made:
        table = json.loads(made.read())["table"]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table}", timeout=10) as found:
        assert found.status == 200


@pytest.mark.parametrize("days", ["0", "-1", "soon", "inf", "1e306", "36501", "３０", "1_0"])
def test_forget_after_takes_only_a_number_of_days_above_zero(
    days: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Days in the digits 0-9, above 0 and at most a hundred years: a huge number read as
    infinity, or digits of another script, are refused rather than read some other way."""
    from phase10.cli.main import main

    assert main(["serve", "--forget-after", days]) == 2
    said = capsys.readouterr().err
    assert f"{days} is not a number of days above 0 and at most 36500" in said
