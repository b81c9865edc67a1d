"""A database gone or replaced under a running server is noticed before a move is
acknowledged (decision 0016, after 0009's "no client hears of a move a restarted server would
not replay"): the move gets the protocol's ``server`` error, ``/healthz`` fails with a reason,
and nothing acknowledged is missing from what a restarted server replays.

A real server (uvicorn in this process) on a real SQLite file, whose file is deleted or
moved away and replaced by another database mid-game (SQLite itself goes on writing to the
file it has open, so without the check every such move was acknowledged and then lost); and
on a real PostgreSQL database dropped and made again by another server, with the same name
and a new identity.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from phase10.web.db import Database, DatabaseError, TableRow, sqlite_url
from phase10.web.dbwatch import IDENTITY_EVERY

from .conftest import LOOPBACK, PG_USER, PostgresServer
from .serverkit import (
    InProcessServer,
    Player,
    assert_no_leak,
    create_table,
    in_process_server,
    join,
    play,
    settled,
    start,
)

PERSON = {"kind": "person"}


def two_people(server: InProcessServer) -> tuple[str, dict[int, str]]:
    """A started table of two people: its id and each seat's token."""
    with server.http() as http:
        made = create_table(http, [PERSON, PERSON])
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
    return made["table"], {0: made["token"], 1: bob["token"]}


def play_some(server: InProcessServer, table: str, players: dict[int, Player]) -> list[int]:
    """Six acknowledged moves; their versions."""
    acked: list[int] = []
    first = players[0]

    def note(_player: Player, _action: dict[str, Any], answer: dict[str, Any]) -> None:
        acked.append(answer["version"])

    play(players, random.Random("watch"), lambda: first.version >= 6, on_ack=note)
    return acked


def refused_move(players: dict[int, Player]) -> tuple[Player, dict[str, Any], dict[str, Any]]:
    """The mover's next move, sent: the player, the move and its answer."""
    settled(list(players.values()))
    mover = next(p for p in players.values() if p.my_turn)
    assert mover.view is not None
    action = mover.view["legal"][0]["action"]
    return mover, action, mover.act(action)


def health(server: InProcessServer) -> tuple[int, dict[str, Any]]:
    with server.http() as http:
        answer = http.get("/healthz")
    assert_no_leak(answer.text)
    return answer.status_code, answer.json()


def other_database(folder: Path) -> Path:
    """Another server's SQLite database (its own identity, one table of its own), closed."""
    folder.mkdir()
    path = folder / "other.db"
    db = Database(sqlite_url(str(path)))
    db.close()
    return path


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_sqlite_file_gone_refuses_moves_and_fails_healthz(how: str, tmp_path: Path) -> None:
    """``deleted``: the file is unlinked (a hard link, as a backup might hold, keeps it);
    ``replaced``: it is moved away and another database takes its name. The next move gets
    ``code: server`` and changes nothing, ``/healthz`` answers 503 with the reason
    ``database_gone`` and no file name; with the file put back, a restarted server has
    exactly the acknowledged moves, and the refused one is accepted then."""
    path = tmp_path / "games.db"
    kept = tmp_path / "kept.db"
    url = sqlite_url(str(path))
    with in_process_server(tmp_path, database=url) as server:
        table, seat_tokens = two_people(server)
        players = {s: Player(server.ws_url, table, t) for s, t in seat_tokens.items()}
        for player in players.values():
            player.until(lambda m: m["type"] == "update")
        acked = play_some(server, table, players)
        assert health(server) == (200, {"ok": True})
        if how == "deleted":
            os.link(path, kept)
            path.unlink()
        else:
            path.rename(kept)
            os.replace(other_database(tmp_path / "other"), path)
        version = server.hub.tables[table].match.version  # type: ignore[union-attr]
        mover, action, answer = refused_move(players)
        assert answer["type"] == "error", answer
        assert answer["code"] == "server"
        status, body = health(server)
        assert status == 503
        assert body["ok"] is False
        assert body["reason"] == "database_gone"
        assert str(tmp_path) not in body["error"]
        mover.drain(0.2)
        assert mover.version == version
        assert server.hub.tables[table].match.version == version  # type: ignore[union-attr]
        for player in players.values():
            player.close()
    os.replace(kept, path)
    with in_process_server(tmp_path, database=url) as again:
        reader = again.db()
        stored = reader.load(table)
        reader.close()
        assert stored is not None
        assert [m.number for m in stored.moves] == sorted(acked) == list(range(1, version + 1))
        assert health(again) == (200, {"ok": True})
        with Player(again.ws_url, table, seat_tokens[mover.seat or 0]) as back:
            back.until(lambda m: m["type"] == "update")
            assert back.version == version
            assert back.act(action)["type"] == "ack"


def test_a_sqlite_file_moved_back_is_used_again(tmp_path: Path) -> None:
    """The check is of the file, not a latch: the same file back under its name (what the
    server wrote is all there) passes ``/healthz`` again and takes moves."""
    path = tmp_path / "games.db"
    with in_process_server(tmp_path, database=sqlite_url(str(path))) as server:
        table, seat_tokens = two_people(server)
        players = {s: Player(server.ws_url, table, t) for s, t in seat_tokens.items()}
        for player in players.values():
            player.until(lambda m: m["type"] == "update")
        path.rename(tmp_path / "away.db")
        assert health(server)[0] == 503
        _mover, action, answer = refused_move(players)
        assert answer["code"] == "server"
        (tmp_path / "away.db").rename(path)
        assert health(server) == (200, {"ok": True})
        mover = next(p for p in players.values() if p.my_turn)
        assert mover.act(action)["type"] == "ack"
        for player in players.values():
            player.close()


def drop_and_make_again(server: PostgresServer, url: str) -> None:
    """Drop the database of ``url`` (closing the connections to it, the server's among them)
    and make an empty one with its name, which another server then fills with a new schema."""
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(
        host=LOOPBACK, port=server.port, user=PG_USER, dbname="postgres", autocommit=True
    ) as connection:
        connection.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    Database(url).close()


def test_a_postgresql_database_made_again_is_noticed(
    postgres_server: PostgresServer, fresh_postgres_url: str, tmp_path: Path
) -> None:
    """The database is dropped and made again under the same name by another server (the
    same schema, a new identity): ``/healthz`` answers 503 ``database_replaced``, the next
    move gets ``code: server``, the game in memory stays where it was and the new database
    holds no move."""
    url = fresh_postgres_url
    with in_process_server(tmp_path, database=url) as server:
        table, seat_tokens = two_people(server)
        players = {s: Player(server.ws_url, table, t) for s, t in seat_tokens.items()}
        for player in players.values():
            player.until(lambda m: m["type"] == "update")
        play_some(server, table, players)
        assert health(server) == (200, {"ok": True})
        live = server.hub.tables[table]
        assert live.match is not None
        version = live.match.version
        drop_and_make_again(postgres_server, url)
        status, body = health(server)
        assert status == 503
        assert body == {
            "ok": False,
            "reason": "database_replaced",
            "error": "the database is not the one this server opened",
        }
        mover, _action, answer = refused_move(players)
        assert answer["type"] == "error", answer
        assert answer["code"] == "server"
        mover.drain(0.2)
        assert mover.version == live.match.version == version
        reader = server.db()
        assert reader.load(table) is None
        reader.close()
        for player in players.values():
            player.close()


def test_an_identity_changed_under_a_live_connection_is_refused_within_a_second(
    tmp_path: Path,
) -> None:
    """The one replacement a connection can live through (another database's content put in
    place: a dump restored into it) is refused from ``IDENTITY_EVERY`` seconds on, and at
    once by ``/healthz``'s check; nothing is stored meanwhile once it is seen."""
    url = sqlite_url(str(tmp_path / "games.db"))
    db = Database(url)
    db.insert_table(TableRow("t1", "ABCDEF", "phase10", "standard", 7, "playing", 60, "hard"), [])
    db.append_move("t1", 1, 0, '{"type": "draw", "source": "draw_pile"}', None)
    # Straight through the driver: a store's own commit would refuse to write this.
    with contextlib.closing(sqlite3.connect(tmp_path / "games.db")) as other, other:
        other.execute("UPDATE database_identity SET id = 'another database'")
    problem = db.watch.problem()
    assert problem is not None
    assert problem.reason == "database_replaced"
    time.sleep(IDENTITY_EVERY)
    with pytest.raises(DatabaseError, match="not the one this server opened"):
        db.append_move("t1", 2, 0, '{"type": "draw", "source": "draw_pile"}', None)
    stored = db.load("t1")
    assert stored is not None
    assert [m.number for m in stored.moves] == [1]
    db.close()
