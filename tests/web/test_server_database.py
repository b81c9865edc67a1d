"""The database failing under a live table (authoritative and
robust): a move the database does not store is refused to its player, changes nothing in
memory and reaches nobody, the connection goes on, and once the database is back the game
goes on from where it was. On SQLite and on PostgreSQL, with a trigger that makes the
database itself fail each insert of a move (no mock: the driver raises what it would raise).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from phase10.web.db import Database

from .serverkit import Player, create_table, database_url, in_process_server, join, start

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}

BREAK = {
    # A failure while the insert runs (an OperationalError, not an IntegrityError).
    "sqlite": [
        "CREATE TRIGGER refuse BEFORE INSERT ON moves BEGIN SELECT json('{ disk on fire'); END"
    ],
    # SQLSTATE 58030 (io_error): what a full or failing disk reports.
    "postgresql": [
        "CREATE FUNCTION refuse_move() RETURNS trigger AS $$ BEGIN "
        "RAISE EXCEPTION 'disk on fire' USING ERRCODE = '58030'; END $$ LANGUAGE plpgsql",
        "CREATE TRIGGER refuse BEFORE INSERT ON moves FOR EACH ROW EXECUTE FUNCTION refuse_move()",
    ],
}
MEND = {"sqlite": ["DROP TRIGGER refuse"], "postgresql": ["DROP TRIGGER refuse ON moves"]}


def run(db: Database, statements: list[str]) -> None:
    with db.engine.begin() as conn:
        for statement in statements:
            conn.execute(text(statement))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_move_the_database_refuses_is_refused_and_changes_nothing(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A move whose insert fails gets ``code: server`` (one line), no update goes out, the
    game in memory stays at the stored version, the socket goes on; repaired, the same move
    is accepted and what is stored replays to the game in memory."""
    url = database_url(kind, tmp_path, request)
    with in_process_server(tmp_path, database=url) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON])
        other = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
        live = server.hub.tables[made["table"]]
        assert live.match is not None
        token = [made["token"], other["token"]][live.match.to_act]
        with Player(server.ws_url, made["table"], token) as player:
            player.until(lambda m: m["type"] == "update")
            assert player.act(player.view["legal"][0]["action"])["type"] == "ack"  # type: ignore[index]
            assert player.view is not None
            discard = player.view["legal"][0]["action"]
            db = server.db()
            run(db, BREAK[kind])
            answer = player.act(discard)
            assert answer["type"] == "error"
            assert answer["code"] == "server"
            assert "\n" not in answer["text"]
            player.drain(0.2)
            assert player.version == live.match.version == 1
            stored = db.load(made["table"])
            assert stored is not None
            assert len(stored.moves) == 1
            player.send({"type": "ping"})
            player.until(lambda m: m["type"] == "pong")
            run(db, MEND[kind])
            assert player.act(discard)["type"] == "ack"
            assert player.version == live.match.version == 2
        stored = db.load(made["table"])
        assert stored is not None
        assert [m.number for m in stored.moves] == [1, 2]
        replayed = server.hub.reload_match(made["table"])
        assert replayed is not None
        assert replayed.game.digest(replayed.state) == live.match.game.digest(live.match.state)
        db.close()


def test_moves_refused_again_and_again_are_one_log_line_until_stored_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Computers try their move again every second or so while the database refuses it:
    the log says so once for the table, not once a try, and says when moves are stored
    again."""
    caplog.set_level(logging.INFO, logger="phase10.web")
    with in_process_server(tmp_path, hold_seconds=0) as server, server.http() as http:
        made = create_table(http, [PERSON, EASY])
        db = server.db()
        run(db, BREAK["sqlite"])
        start(http, made["table"], made["token"])  # nobody connected: a computer plays Ann
        live = server.hub.tables[made["table"]]
        time.sleep(2.5)
        assert live.match is not None
        assert live.match.version == 0
        run(db, MEND["sqlite"])
        deadline = time.monotonic() + 10
        while live.match.version == 0:
            assert time.monotonic() < deadline, "no move stored once the database was mended"
            time.sleep(0.05)
        db.close()
    said = [
        r for r in caplog.records if r.name == "phase10.web" and made["table"] in r.getMessage()
    ]
    failed = [r.getMessage() for r in said if r.levelno == logging.ERROR]
    assert len(failed) == 1, failed
    assert "the move is undone" in failed[0]
    again = [r.getMessage() for r in said if "stored again" in r.getMessage()]
    assert again == [f"table {made['table']}: moves are stored again (move 1)"]
