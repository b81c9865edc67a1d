"""A series of rematches and the tables a browser holds seats at: the lobby's ``series``
counts the games each player won across a table and its rematches, and keeps them through a
restart; ``POST /api/tables/mine`` tells a seat's holder about its tables and a foreign token
nothing (docs/protocol.md, "A rematch" and "My tables").
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text

from phase10.web.db import Database, sqlite_url

from .serverkit import Player, bearer, create_table, in_process_server, start
from .test_protocol_schemas import _valid

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


def _wait_until_over(http: httpx.Client, table: str) -> dict[str, Any]:
    for _ in range(1000):
        lobby = http.get(f"/api/tables/{table}").json()
        if lobby["status"] == "over":
            return dict(lobby)
        time.sleep(0.02)
    raise AssertionError("the computers did not finish the game")


def _play_out(server: Any, http: httpx.Client, table: str, token: str) -> int:
    """Start the table, let a computer play the owner's seat to the end (the owner connects
    once and leaves: the hold is 0 s); the winner's seat."""
    start(http, table, token)
    with Player(server.ws_url, table, token) as player:
        player.until(lambda m: m["type"] == "update")
    _wait_until_over(http, table)
    with Player(server.ws_url, table, None) as watcher:
        watcher.until(lambda m: m["type"] == "update" and m["result"] is not None)
        assert watcher.result is not None
        return next(int(r["seat"]) for r in watcher.result["standing"] if r["winner"])


def test_a_rematch_chain_counts_each_players_wins_and_keeps_them_through_a_restart(
    tmp_path: Path,
) -> None:
    """Two finished games, the second the rematch of the first: the second table's lobby
    has the series (game 2, each seat's wins, the winners' seats); the first game alone is
    no series; a restarted server over the same database says the same."""
    url = sqlite_url(str(tmp_path / "series.db"))
    with (
        in_process_server(tmp_path, database=url, hold_seconds=0) as server,
        server.http() as http,
    ):
        made = create_table(http, [PERSON, EASY], variants=["n_phases=1"])
        first, owner = made["table"], made["token"]
        winners = [_play_out(server, http, first, owner)]
        assert http.get(f"/api/tables/{first}").json()["series"] is None
        answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(owner))
        assert answer.status_code == 201, answer.text
        second, token = answer.json()["table"], answer.json()["token"]
        waiting = http.get(f"/api/tables/{second}").json()["series"]
        assert waiting["games"] == 2
        assert [w["won"] for w in waiting["wins"]] == [winners.count(s) for s in (0, 1)]
        winners.append(_play_out(server, http, second, token))
        lobby = http.get(f"/api/tables/{second}").json()
    expected = {
        "games": 2,
        "wins": [
            {"name": lobby["seats"][seat]["name"], "seat": seat, "won": winners.count(seat)}
            for seat in (0, 1)
        ],
    }
    assert lobby["series"] == expected
    _valid("lobby", lobby)
    with in_process_server(tmp_path, database=url) as again, again.http() as http:
        assert http.get(f"/api/tables/{second}").json()["series"] == expected
        assert http.get(f"/api/tables/{first}").json()["series"] is None


def test_a_computer_that_took_a_persons_seat_keeps_its_name_and_wins_in_the_series(
    tmp_path: Path,
) -> None:
    """Bob joins and never comes; the owner gives his seat to a computer, which plays as
    Bob (docs/protocol.md, "A rematch": every player keeps their seat). In the rematch the
    computer keeps the name Bob, and every computer its name, so a game won in that seat
    counts for it: the wins add up to the games played."""
    with (
        in_process_server(tmp_path, hold_seconds=0) as server,
        server.http() as http,
    ):
        made = create_table(http, [PERSON, PERSON, EASY], variants=["n_phases=1"])
        first, owner = made["table"], made["token"]
        http.post(f"/api/tables/{first}/join", json={"name": "Bob"})
        given = http.post(
            f"/api/tables/{first}/seats/1/computer", json={"level": "easy"}, headers=bearer(owner)
        )
        assert given.status_code == 200, given.text
        winners = [_play_out(server, http, first, owner)]
        answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(owner))
        assert answer.status_code == 201, answer.text
        second, token = answer.json()["table"], answer.json()["token"]
        seats = http.get(f"/api/tables/{second}").json()["seats"]
        assert (seats[1]["kind"], seats[1]["name"]) == ("bot", "Bob")
        computer = seats[2]["name"]
        winners.append(_play_out(server, http, second, token))
        lobby = http.get(f"/api/tables/{second}").json()
    assert [seat["name"] for seat in lobby["seats"]][1:] == ["Bob", computer]
    wins = [row["won"] for row in lobby["series"]["wins"]]
    assert wins == [winners.count(seat) for seat in (0, 1, 2)]
    assert sum(wins) == 2


def test_a_database_made_before_series_gains_their_table_and_still_loads(tmp_path: Path) -> None:
    """A database file of a server without series (no ``series`` table) opens, gains the
    table, and its tables load as before, in no series."""
    url = sqlite_url(str(tmp_path / "old.db"))
    with in_process_server(tmp_path, database=url) as server, server.http() as http:
        made = create_table(http, [PERSON, EASY])
    old = Database(url)
    with old.engine.begin() as conn:
        conn.execute(text("DROP TABLE series"))
    old.close()
    with in_process_server(tmp_path, database=url) as server, server.http() as http:
        lobby = http.get(f"/api/tables/{made['table']}").json()
        assert lobby["seats"][0]["name"] == "Ann"
        assert lobby["series"] is None
    assert Database(url).series_games(made["table"]) == []


def test_my_tables_tell_a_seats_holder_everything_and_a_foreign_token_nothing(
    tmp_path: Path,
) -> None:
    """``POST /api/tables/mine``: each table whose token proves a seat is described (game,
    state, players, seat, winner once over); a token of another table, a made-up token and
    a table that does not exist get the same answer, ``known: false``; no token is ever in
    the answer; a body that does not fit is refused naming the field."""
    with in_process_server(tmp_path, hold_seconds=0) as server, server.http() as http:
        ann = create_table(http, [PERSON, EASY], variants=["n_phases=1"])
        bob = create_table(http, [PERSON, PERSON], name="Bob")
        winner = _play_out(server, http, ann["table"], ann["token"])
        claims = [
            {"table": ann["table"], "token": ann["token"]},
            {"table": bob["table"], "token": bob["token"]},
            {"table": ann["table"], "token": bob["token"]},  # a foreign token
            {"table": bob["table"], "token": "made-up"},
            {"table": "nosuchtable", "token": ann["token"]},
        ]
        _valid("body-my-tables", {"seats": claims})
        answer = http.post("/api/tables/mine", json={"seats": claims})
        assert answer.status_code == 200, answer.text
        _valid("http-my-tables", answer.json())
        for token in (ann["token"], bob["token"]):
            assert token not in answer.text
        mine, bobs, *refused = answer.json()["tables"]
        assert refused == [
            {"table": ann["table"], "known": False},
            {"table": bob["table"], "known": False},
            {"table": "nosuchtable", "known": False},
        ]
        assert mine["known"] is True
        assert (mine["seat"], mine["code"], mine["game"], mine["status"]) == (
            0,
            ann["code"],
            "phase10",
            "over",
        )
        assert mine["winner"]["seat"] == winner
        assert mine["players"][0]["name"] == "Ann"
        assert mine["created"] > 0
        assert mine["finished"] >= mine["created"]
        assert (bobs["status"], bobs["winner"], bobs["seat"]) == ("waiting", None, 0)
        assert bobs["created"] >= mine["created"]
        assert [p["name"] for p in bobs["players"]] == ["Bob", None]
        too_many = http.post("/api/tables/mine", json={"seats": claims[:1] * 101})
        assert too_many.status_code == 422
        assert too_many.json()["error"].startswith("seats:")
        assert http.post("/api/tables/mine", json={"tables": []}).status_code == 422
